"""Cross-table cells; the order of the standings comes from the engine (engine.awards.standings)."""

from __future__ import annotations

from engine.awards.standings import standings
from engine.model.tournament import Colour, Player, ResultCode, RoundEntry, Tournament
from engine.tiebreaks import TieBreakError
from swisstui.language import N_, NC_, pgettext

CROSS_SYMBOL = {
    ResultCode.WIN: "1", ResultCode.DRAW: "½", ResultCode.LOSS: "0",
    ResultCode.WIN_UNRATED: "1", ResultCode.DRAW_UNRATED: "½", ResultCode.LOSS_UNRATED: "0",
    ResultCode.FORFEIT_WIN: "+", ResultCode.FORFEIT_LOSS: "-",
}


def ranking(t: Tournament) -> list[tuple[int, int]]:
    """(place, player id), best first, in the order of the event's standings.

    Places are positions in the list (a screen row each); an event whose
    tie-break list the engine cannot read is ordered by points and pairing number.
    """
    try:
        rows = standings(t).rows
    except TieBreakError:
        rows = standings(t, tiebreaks=()).rows
    return [(i, r.player) for i, r in enumerate(rows, start=1)]


NOT_ENTERED = "-"
"""The cell of a round before a late entry joined: arbiters write a dash there, not a result."""

NOT_ENTERED_NOTE = N_("-: not in the event yet (a late entry's rounds before it joined, 0 points)")


def first_round_entered(player: Player, rounds: int) -> int:
    """The first round the player was in the event: 1 unless the player entered late.

    The event records a late entry's earlier rounds as zero-point byes (C.04.2 art. 2.4,
    :func:`swisstui.session.entries.add_player`): the run of zero-point byes
    from round 1 up to the first round with anything else is the time before the
    player joined. A zero-point bye after a round played is an absence, shown as ``0bye``.
    """
    for r in range(1, rounds + 1):
        if player.entry(r).code is not ResultCode.ZERO_BYE:
            return r
    return rounds + 1


def colour_letter(colour: Colour | None, plain: bool = False) -> str:
    """A colour in a cell, one letter (``w``, ``b``; ``-`` none), as the language in force abbreviates it
    (French ``b``/``n``, German ``w``/``s``); ``plain``: the English letter, for the CSV."""
    if colour is Colour.WHITE:
        return "w" if plain else pgettext("colour in a cell", "w")
    if colour is Colour.BLACK:
        return "b" if plain else pgettext("colour in a cell", "b")
    return "-"


BYE_CELLS = {ResultCode.PAB: NC_("cross-table cell", "bye"), ResultCode.HALF_BYE: NC_("cross-table cell", "½bye"),
             ResultCode.FULL_BYE: NC_("cross-table cell", "1bye"), ResultCode.ZERO_BYE: NC_("cross-table cell", "0bye")}
"""A round without an opponent in a cross-table cell: the pairing-allocated bye, a requested bye by its points."""


def cross_cell(entry: RoundEntry, number_of: dict[int, int], *, entered: bool = True, plain: bool = False) -> str:
    """One cross-table cell: opponent's line number, colour, result (``12w1``, ``3b½``, ``bye``).

    ``number_of`` gives each player's line in the table, one number a line: a
    shared place (a tie the tie-breaks leave) would name several players. A round
    before the player entered (``entered`` false, :func:`first_round_entered`) is
    :data:`NOT_ENTERED`, not a zero-point bye the player never asked for. The colour and the byes are
    written in the language in force; ``plain``: in English, for the CSV that other programs read.
    """
    if not entered:
        return NOT_ENTERED
    if entry.opponent is not None:
        colour = colour_letter(entry.colour, plain)
        symbol = CROSS_SYMBOL.get(entry.code, "·")  # · = game not finished
        return f"{number_of.get(entry.opponent, entry.opponent)}{colour}{symbol}"
    word = BYE_CELLS.get(entry.code, "")
    return word if plain or not word else pgettext("cross-table cell", word)
