"""What the checker reports: one finding per broken or noted rule, and the rules it cites.

Kept apart from the checks themselves so that every checker module
(:mod:`engine.validate.check`, :mod:`engine.validate.quality`) and every caller can
name a finding without importing the code that finds it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = [
    "Severity",
    "Violation",
    "RULE_PARTICIPANTS",
    "RULE_WITHDRAWN",
    "RULE_ABSENT",
    "RULE_UNKNOWN",
    "RULE_ROUND",
    "RULE_REMATCH",
    "RULE_FORBIDDEN",
    "RULE_PAB",
    "RULE_COLOUR_DIFFERENCE",
    "RULE_COLOUR_REPEAT",
    "RULE_SAME_ABSOLUTE",
    "RULE_REFERENCE",
    "RULE_BOARD_ORDER",
]


class Severity(enum.Enum):
    ABSOLUTE = "absolute"  # a FIDE rule that may never be broken
    QUALITY = "quality"  # a Dutch criterion a better pairing would satisfy
    NOTE = "note"  # informational


@dataclass(frozen=True)
class Violation:
    """One finding: the rule, one plain sentence, the players (pairing numbers) and the board."""

    severity: Severity
    rule: str
    text: str
    players: tuple[int, ...] = ()
    board: int | None = None

    def __str__(self) -> str:
        return f"{self.severity.value}: {self.text} ({self.rule})"


RULE_PARTICIPANTS = "C.04.1 art. 3"  # everybody to be paired is paired once; one PAB iff the count is odd
RULE_WITHDRAWN = "C.04.2 art. 3.2"
RULE_ABSENT = "C.04.2 art. 3.3"
RULE_UNKNOWN = "C.04.2 art. 2.3"  # not a pairing number of the tournament
RULE_ROUND = "C.04.1 art. 1"  # the pairing must be for the next round
RULE_REMATCH = "C.04.1 art. 2"  # = C.04.3 [C1]
RULE_FORBIDDEN = "forbidden pair (TRF 260)"  # tournament regulations
RULE_PAB = "C.04.1 art. 4"  # = C.04.3 [C2]
RULE_COLOUR_DIFFERENCE = "C.04.1 art. 6"
RULE_COLOUR_REPEAT = "C.04.1 art. 7"
RULE_SAME_ABSOLUTE = "C.04.3 [C3]"
RULE_REFERENCE = "reference"  # NOTE-level differences from the reference pairing
RULE_BOARD_ORDER = "C.04.2 art. 3.6"
