"""What a board's result may be, as an arbiter types it and the event file keeps it, and the result codes
of the two players it gives (the TRF codes the engine reads)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.model.tournament import ResultCode
from swisstui.language import _

RESULTS: Mapping[str, tuple[ResultCode, ResultCode]] = {
    "1-0": (ResultCode.WIN, ResultCode.LOSS),
    "0-1": (ResultCode.LOSS, ResultCode.WIN),
    "1/2-1/2": (ResultCode.DRAW, ResultCode.DRAW),
    # Games of less than one move: played for pairing purposes, not rated (TRF W/D/L).
    "1-0u": (ResultCode.WIN_UNRATED, ResultCode.LOSS_UNRATED),
    "0-1u": (ResultCode.LOSS_UNRATED, ResultCode.WIN_UNRATED),
    "1/2-1/2u": (ResultCode.DRAW_UNRATED, ResultCode.DRAW_UNRATED),
    # Forfeits: the game was not played (C.04.2 art. 3.4-3.5: no colour, may meet again).
    "+/-": (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    "-/+": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
    "-/-": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS),
    # Played games the arbiter scored as lost for one or both players (a penalty under
    # the Laws of Chess): the opponent keeps a loss or is given a draw.
    "0-0": (ResultCode.LOSS, ResultCode.LOSS),
    "1/2-0": (ResultCode.DRAW, ResultCode.LOSS),
    "0-1/2": (ResultCode.LOSS, ResultCode.DRAW),
}
"""Every result a board may carry, with the result codes of white and black.

``""`` (no result yet) is not in the table: see :data:`NO_RESULT`.
"""

NO_RESULT = ""

RESULT_ALIASES: Mapping[str, str] = {
    "½-½": "1/2-1/2",
    "½-½u": "1/2-1/2u",
    "½-0": "1/2-0",
    "0-½": "0-1/2",
    "=": "1/2-1/2",
}
"""Spellings a person may type by hand; they are read as the canonical result and written back canonically."""

_RESULT_BY_CODES = {codes: text for text, codes in RESULTS.items()}


def canonical_result(text: str) -> str:
    """The canonical spelling of a board result; ``ValueError`` for anything unknown."""
    stripped = text.strip()
    if stripped == NO_RESULT or stripped in RESULTS:
        return stripped
    if stripped in RESULT_ALIASES:
        return RESULT_ALIASES[stripped]
    raise ValueError(_("unknown result {text}").format(text=repr(text)))


def result_codes(text: str) -> tuple[ResultCode, ResultCode] | None:
    """White's and black's result codes for a board result; ``None`` while the game has no result."""
    canonical = canonical_result(text)
    if canonical == NO_RESULT:
        return None
    return RESULTS[canonical]


def result_from_codes(white: ResultCode, black: ResultCode) -> str:
    """The board result for two players' codes; ``ValueError`` when they cannot come from one game."""
    if white is ResultCode.ABSENT and black is ResultCode.ABSENT:
        return NO_RESULT
    try:
        return _RESULT_BY_CODES[(white, black)]
    except KeyError:
        raise ValueError(_("results {white} (white) and {black} (black) do not fit one game").format(
                white=repr(white.value), black=repr(black.value))) from None
