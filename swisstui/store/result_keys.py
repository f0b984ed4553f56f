"""The result keys an arbiter types and what each stores on a board.

Two presets: the default one and the one French arbiters know from Papi.
The stored texts are the event file's board results (:data:`swisstui.store.event.RESULTS`).
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
# Results an arbiter gives less often: games of less than one move (played for pairing, not rated)
# and games the arbiter scored as lost for one or both players.
WHITE_WINS_UNRATED = ResultKind("1-0u", "1-0u", "white wins, under one move (not rated)")
BLACK_WINS_UNRATED = ResultKind("0-1u", "0-1u", "black wins, under one move (not rated)")
DRAW_UNRATED = ResultKind("1/2-1/2u", "½-½u", "draw, under one move (not rated)")
BOTH_LOSE = ResultKind("0-0", "0-0", "both scored as lost")
WHITE_HALF_BLACK_LOST = ResultKind("1/2-0", "½-0", "white scores a draw, black a loss")
BLACK_HALF_WHITE_LOST = ResultKind("0-1/2", "0-½", "black scores a draw, white a loss")

# The second key after o ("other result") on the results screen.
OTHER_RESULTS: dict[str, ResultKind] = {
    "1": WHITE_WINS_UNRATED, "0": BLACK_WINS_UNRATED, "=": DRAW_UNRATED,
    "z": BOTH_LOSE, "w": WHITE_HALF_BLACK_LOST, "b": BLACK_HALF_WHITE_LOST,
}

RESULT_KINDS = (WHITE_WINS, BLACK_WINS, DRAW, WHITE_FORFEIT_WIN, BLACK_FORFEIT_WIN, DOUBLE_FORFEIT,
                WHITE_WINS_UNRATED, BLACK_WINS_UNRATED, DRAW_UNRATED, BOTH_LOSE, WHITE_HALF_BLACK_LOST,
                BLACK_HALF_WHITE_LOST)

# Key presets: the default one and the one French arbiters know from Papi.
KEY_PRESETS: dict[str, dict[str, ResultKind | None]] = {
    "default": {
        "1": WHITE_WINS,
        "0": BLACK_WINS,
        "=": DRAW,
        "+": WHITE_FORFEIT_WIN,
        "-": BLACK_FORFEIT_WIN,
        "f": DOUBLE_FORFEIT,  # not x: x is the cross-table everywhere (one meaning per key)
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
