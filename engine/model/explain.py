"""The explanation of a pairing: plain data an arbiter steps through.

Events come in the order a person pairing by hand does the work: a bracket is
opened, a pairing is proposed, exchanges and transpositions change it (each with
the criterion that forced the change), floaters leave, the bye is given, colours
are allocated. The application renders these events and nothing else: a
bracket's opening event carries the facts the system paired its players on
(:class:`PlayerFacts`), so no screen recomputes them.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from types import MappingProxyType
from typing import Any

from engine.model.terms import Float, Strength
from engine.model.tournament import Colour
from engine.model.wording import N_, _, ngettext


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


_NO_EXTRA: Mapping[str, Decimal | int | str] = MappingProxyType({})


def _no_extra() -> Mapping[str, Decimal | int | str]:
    return _NO_EXTRA  # shared: most players carry no extra values, and it is read-only


@dataclass(frozen=True, slots=True)
class PlayerFacts:
    """One player of a bracket as the pairing system used them, whatever the system.

    ``score`` is the pairing score the bracket was built on (acceleration
    included); ``colours`` the colours of the games played, oldest first;
    ``due`` and ``strength`` the colour preference the system saw
    (``Colour.NONE`` and ``Strength.NONE`` when there is none); ``floats`` the
    floats the criteria looked at, as (round, direction), oldest first.
    ``extra`` holds, by name, what one system adds to these (a Dubov ARO, a
    Burstein index); it is read-only. ``virtual`` is the part of ``score`` that
    is virtual points of acceleration (C.04.7), shown apart and never standings.
    """

    id: int
    score: Decimal
    colours: tuple[Colour, ...]
    due: Colour
    strength: Strength
    floats: tuple[tuple[int, Float], ...] = ()
    extra: Mapping[str, Decimal | int | str] = field(default_factory=_no_extra, hash=False)
    virtual: Decimal = Decimal(0)

    def __post_init__(self) -> None:
        if self.extra is not _NO_EXTRA:
            # a read-only copy: the caller's dict may change, the trace must not
            object.__setattr__(self, "extra", MappingProxyType(dict(self.extra)))

    def __reduce__(self) -> tuple[Any, ...]:
        # the app pairs in a child process and pickles the result; a mapping proxy cannot be pickled
        return PlayerFacts, (self.id, self.score, self.colours, self.due, self.strength, self.floats,
                             dict(self.extra), self.virtual)


@dataclass(frozen=True)
class TraceEvent:
    """One step of the story. ``rule`` cites the article, e.g. ``"C.04.3 [C6]"``.

    ``facts``: on a BRACKET event, every player of the bracket (moved-down
    players first, then residents, as in ``players``) as the system saw them.
    """

    step: Step
    text: str
    rule: str = ""
    bracket: int | None = None
    players: tuple[int, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)
    facts: tuple[PlayerFacts, ...] = ()

    def __str__(self) -> str:
        rule = f" ({self.rule})" if self.rule else ""
        return f"{self.step.value}: {self.text}{rule}"


def points_text(value: Any, *, plain: bool = False) -> str:
    """A score as an arbiter writes it: ``2½``, ``½``, ``3``; other values unchanged.

    ``plain`` writes ``2.5`` instead, for files another program reads (CSV, JSON, text lists).
    """
    try:
        d = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return str(value)
    if plain:
        return format(d.normalize(), "f")
    whole = int(d)
    frac = d - whole
    if frac == 0:
        return str(whole)
    if frac == Decimal("0.5"):
        return ("" if whole == 0 else str(whole)) + "½"
    return format(d.normalize(), "f")


_LABEL = {
    Step.PROPOSAL: N_("proposed"),
    Step.REJECTED: "",
    Step.EXCHANGE: N_("exchange"),
    Step.TRANSPOSITION: N_("transposed"),
    Step.PAIRED: N_("paired"),
    Step.FLOATER: N_("floater"),
    Step.NOTE: N_("note"),
    Step.BYE: N_("bye"),
    Step.COLOUR: N_("colour"),
}
"""Each step's label in :func:`render`, looked up where it is written."""


def _heading(event: TraceEvent) -> str:
    residents = event.data.get("residents")
    mdps = event.data.get("mdps") or []
    if residents is None:
        return event.text
    parts = [_("Bracket {bracket}").format(bracket=event.bracket) if event.bracket is not None else _("Bracket")]
    if "score" in event.data:
        parts.append(_("score {score}").format(score=points_text(event.data["score"])))
    parts.append(ngettext("{count} resident", "{count} residents", len(residents)).format(count=len(residents)))
    head = " · ".join(parts)
    if mdps:
        head += " + " + _("{count} moved down").format(count=len(mdps))
    ups = event.data.get("upfloaters") or []
    if ups:
        head += " + " + ngettext("{count} upfloater", "{count} upfloaters", len(ups)).format(count=len(ups))
    return head


def _line(event: TraceEvent, indent: str) -> str:
    rule = f" ({event.rule})" if event.rule else ""
    if event.step is Step.NOTE and event.data.get("final"):
        label = _("kept")
    else:
        label = _(_LABEL[event.step]) if _LABEL.get(event.step) else _LABEL.get(event.step, event.step.value)
    return f"{indent}{label:<10} {event.text}{rule}"


def render(trace: list[TraceEvent] | tuple[TraceEvent, ...]) -> str:
    """The trace as readable text for ``swisstui pair --explain``.

    One heading per bracket with its score and size, the bracket's steps
    indented under it; the bye and the colours follow under their own
    headings, as an arbiter reads a pairing from the top board down.
    """
    lines: list[str] = []
    section = None
    for event in trace:
        if event.step is Step.BRACKET:
            if lines:
                lines.append("")
            lines.append(_heading(event))
            if event.data.get("mdps"):
                lines.append(f"  {_('moved down'):<10} " + " ".join(map(str, event.data["mdps"])))
            if "residents" in event.data:
                lines.append(f"  {_('residents'):<10} " + " ".join(map(str, event.data["residents"])))
            if event.data.get("upfloaters"):
                lines.append(f"  {_('upfloaters'):<10} " + " ".join(map(str, event.data["upfloaters"])))
            section = "bracket"
            continue
        if event.bracket is not None and section == "bracket":
            lines.append(_line(event, "  "))
            continue
        kind = {Step.BYE: _("Bye"), Step.COLOUR: _("Colours")}.get(event.step)
        if kind is None:
            if section not in (None, "notes"):
                lines.append("")
            section = section if section in (None, "notes") else "notes"
            lines.append(_line(event, ""))
            continue
        if section != kind:
            if lines:
                lines.append("")
            lines.append(kind)
            section = kind
        lines.append(_line(event, "  "))
    return "\n".join(lines)
