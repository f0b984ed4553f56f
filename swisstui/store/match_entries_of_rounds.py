"""A round's matches of several games as the Tournament's entries, and back (TRF import).

The engine keeps a round of matches as one entry a player with each game's code
(:mod:`engine.model.match_entries`); the event file keeps each game as a row
(:mod:`swisstui.store.match_records`). These two functions translate, so that
``Event.to_tournament`` scores a Double-Swiss round game by game (C.04.5 preface) and
an imported TRF file's two round columns a match become the match's ``games`` rows.
"""

from __future__ import annotations

from engine.model.match_entries import match_entries
from engine.model.tournament import Colour, RoundEntry, Tournament
from engine.systems.board_order import publishing_order
from swisstui.language import _
from swisstui.store.board_results import result_codes, result_from_codes
from swisstui.store.match_records import GameRecord, MatchRecord


def entries_of_match(match: MatchRecord) -> dict[int, RoundEntry]:
    """The two players' entries for ``match``: each game's codes, the match's code, the first game's colour."""
    home, away = match.players
    white, black = match_entries(home, away, [result_codes(g.result) for g in match.games])
    return {home: white, away: black}


def matches_of_round(t: Tournament, number: int) -> list[MatchRecord]:
    """Round ``number``'s matches from entries that keep games, in publishing order (C.04.2 art. 3.6);
    ``ValueError`` when a game's two codes cannot come from one game."""
    found: dict[tuple[int, int], list[GameRecord]] = {}
    for p in t.players:
        e = p.entry(number)
        if not e.games or e.opponent is None or e.colour is not Colour.WHITE:
            continue
        other = t.player(e.opponent).entry(number)
        games = []
        for g, (mine, theirs) in enumerate(zip(e.games, other.games or ())):
            white, black, codes = (p.id, e.opponent, (mine, theirs)) if g % 2 == 0 else (e.opponent, p.id, (theirs, mine))
            try:
                result = result_from_codes(*codes)
            except ValueError as exc:
                raise ValueError(_("round {number}, players {id} and {opponent}, game {game}: {reason}").format(
                        number=number, id=p.id, opponent=e.opponent, game=g + 1, reason=exc)) from None
            games.append(GameRecord(white, black, result))
        found[(p.id, e.opponent)] = games
    ordered = publishing_order(t, number, list(found))
    return [MatchRecord(i, found[pair]) for i, pair in enumerate(ordered, start=1)]
