"""The explanation of a pairing: plain data an arbiter steps through.

Events come in the order a person pairing by hand does the work: a bracket is
opened, a pairing is proposed, exchanges and transpositions change it (each with
the criterion that forced the change), floaters leave, the bye is given, colours
are allocated. The application renders these events and nothing else.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class Step(enum.Enum):
    BRACKET = "bracket"  # a bracket is opened: residents and moved-down players
    PROPOSAL = "proposal"  # the first candidate of the bracket (S1 against S2)
    EXCHANGE = "exchange"  # an exchange between S1 and S2
    TRANSPOSITION = "transposition"  # a transposition of S2
    REJECTED = "rejected"  # a proposed pair that could not stand, and why
    PAIRED = "paired"  # the pairs the bracket finally keeps
    FLOATER = "floater"  # a player moves down to the next bracket
    BYE = "bye"  # the pairing-allocated bye
    COLOUR = "colour"  # a colour allocation and the rule used
    NOTE = "note"  # anything else worth telling the arbiter


@dataclass(frozen=True)
class TraceEvent:
    """One step of the story. ``rule`` cites the article, e.g. ``"C.04.3 [C6]"``."""

    step: Step
    text: str
    rule: str = ""
    bracket: int | None = None
    players: tuple[int, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        rule = f" ({self.rule})" if self.rule else ""
        return f"{self.step.value}: {self.text}{rule}"


def render(trace: list[TraceEvent] | tuple[TraceEvent, ...]) -> str:
    """The trace as readable text, one event a line, brackets separated by a blank line."""
    lines: list[str] = []
    for event in trace:
        if event.step is Step.BRACKET and lines:
            lines.append("")
        lines.append(str(event))
    return "\n".join(lines)
