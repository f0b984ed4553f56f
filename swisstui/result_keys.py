"""The result keys an arbiter types and what each stores on a board.

Two presets: the default one and the one French arbiters know from Papi.
The stored texts are the event file's board results (:data:`swisstui.event.RESULTS`).
"""

from __future__ import annotations

from dataclasses import dataclass

@dataclass(frozen=True)
class ResultKind:
    """One result an arbiter can type for a board, as stored and as shown."""

    stored: str  # the board's ``result`` text in the event file
    label: str  # what the results screen shows
    description: str


WHITE_WINS = ResultKind("1-0", "1-0", "white wins")
BLACK_WINS = ResultKind("0-1", "0-1", "black wins")
DRAW = ResultKind("1/2-1/2", "½-½", "draw")
WHITE_FORFEIT_WIN = ResultKind("+/-", "+/-", "white wins by forfeit")
BLACK_FORFEIT_WIN = ResultKind("-/+", "-/+", "black wins by forfeit")
DOUBLE_FORFEIT = ResultKind("-/-", "-/-", "double forfeit")
CLEAR = None

RESULT_KINDS = (WHITE_WINS, BLACK_WINS, DRAW, WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN, DOUBLE_FORFEIT)

# Key presets: the default one and the one French arbiters know from Papi.
KEY_PRESETS: dict[str, dict[str, ResultKind | None]] = {
    "default": {
        "1": WHITE_WINS,
        "0": BLACK_WINS,
        "=": DRAW,
        "+": WHITE_FORFEIT_WIN,
        "-": BLACK_FORFEIT_WIN,
        "x": DOUBLE_FORFEIT,
        "backspace": CLEAR,
    },
    "papi": {
        "1": WHITE_WINS,
        "2": BLACK_WINS,
        "3": DRAW,
        "4": WHITE_FORFEIT_WIN,
        "5": BLACK_FORFEIT_WIN,
        "7": DOUBLE_FORFEIT,
        "0": CLEAR,
    },
}


def result_label(stored: str) -> str:
    """How a stored board result is shown; an empty result is ``_``."""
    for kind in RESULT_KINDS:
        if stored == kind.stored:
            return kind.label
    return stored.replace("1/2", "½") or "_"
