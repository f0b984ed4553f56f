"""The order of the standings, from the engine's derived scores.

Until the event's tie-breaks are computed, players on equal points are
ordered by pairing number, which is what the arbiter sees on a wall chart.
"""

from __future__ import annotations

from engine.model import Colour, ResultCode, RoundEntry, Tournament

CROSS_SYMBOL = {
    ResultCode.WIN: "1", ResultCode.DRAW: "½", ResultCode.LOSS: "0",
    ResultCode.WIN_UNRATED: "1", ResultCode.DRAW_UNRATED: "½", ResultCode.LOSS_UNRATED: "0",
    ResultCode.FORFEIT_WIN: "+", ResultCode.FORFEIT_LOSS: "-",
}


def ranking(t: Tournament) -> list[tuple[int, int]]:
    """(rank, player id), best first; equal scores share no rank until tie-breaks exist."""
    order = sorted(t.players, key=lambda p: (-t.score(p.id), p.id))
    return [(i, p.id) for i, p in enumerate(order, start=1)]


def cross_cell(entry: RoundEntry, rank_of: dict[int, int]) -> str:
    """One cross-table cell: opponent's rank, colour, result (``12w1``, ``3b½``, ``bye``)."""
    if entry.opponent is not None:
        colour = "w" if entry.colour is Colour.WHITE else "b" if entry.colour is Colour.BLACK else "-"
        symbol = CROSS_SYMBOL.get(entry.code, "·")  # · = game not finished
        return f"{rank_of.get(entry.opponent, entry.opponent)}{colour}{symbol}"
    return {
        ResultCode.PAB: "bye", ResultCode.HALF_BYE: "½bye", ResultCode.FULL_BYE: "1bye",
        ResultCode.ZERO_BYE: "0bye",
    }.get(entry.code, "")
