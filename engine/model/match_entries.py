"""A round of matches of several games kept in the Tournament's entries, and read back as matches.

Why entries: everything that reads a Tournament (standings, tie-breaks, the TRF, the
validator's generic checks) reads one :class:`RoundEntry` a player a round. A
Double-Swiss round (C.04.5) is a match of two games; its entry keeps each game's code
(``RoundEntry.games``, scored game by game: the preface assigns points for each game)
and a code for the match as a whole, which is what "played", "forfeited" and
"unfinished" mean for everything else:

- a player who forfeited every game ended the match by forfeit (C.04.5 preface): that
  player's code is a forfeit loss, the opponent's a forfeit win (or a forfeit loss too
  when both forfeited everything); the pair may meet again, the match has no colour;
- any other finished match was regularly played, a single forfeited game included
  (the preface: "treated as played" for standings and tie-breaks, not for rating):
  a win, draw or loss by the two players' game points;
- a match with a game not finished yet: paired, blank code, as an unfinished board.

``colour`` is the first game's colour (C.04.5 art. 1.6 as restated: the match's colour).
:func:`round_as_matches` turns the entries back into the model's matches, which the
Double-Swiss pairer and its validator read (their rules are rules of matches).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.model.matches import Game, GameResult, Match
from engine.model.tournament import Colour, ResultCode, RoundEntry, Tournament
from engine.model.units import Unit

_GAME_POINTS = {  # a game's share of the match, to tell who won it; the event's values score it
    ResultCode.WIN: 2, ResultCode.WIN_UNRATED: 2, ResultCode.FORFEIT_WIN: 2,
    ResultCode.DRAW: 1, ResultCode.DRAW_UNRATED: 1,
}


def match_code(mine: Sequence[ResultCode], theirs: Sequence[ResultCode]) -> ResultCode:
    """The match's code for the player whose games' codes are ``mine`` (the module's text says how)."""
    if not mine or any(c is ResultCode.ABSENT for c in (*mine, *theirs)):
        return ResultCode.ABSENT
    if all(c is ResultCode.FORFEIT_LOSS for c in mine):
        return ResultCode.FORFEIT_LOSS
    if all(c is ResultCode.FORFEIT_LOSS for c in theirs):
        return ResultCode.FORFEIT_WIN
    got = sum(_GAME_POINTS.get(c, 0) for c in mine)
    gave = sum(_GAME_POINTS.get(c, 0) for c in theirs)
    return ResultCode.WIN if got > gave else ResultCode.DRAW if got == gave else ResultCode.LOSS


def match_entries(white: int, black: int, games: Sequence[GameResult | None]) -> tuple[RoundEntry, RoundEntry]:
    """The two entries of a match: ``white`` has White in game 1, colours alternate game by game;
    ``games`` holds each game's (White's code, Black's code), ``None`` while it is on."""
    first: list[ResultCode] = []
    second: list[ResultCode] = []
    for number, result in enumerate(games):
        w, b = result if result is not None else (ResultCode.ABSENT, ResultCode.ABSENT)
        mine, theirs = (w, b) if number % 2 == 0 else (b, w)
        first.append(mine)
        second.append(theirs)
    code_w, code_b = match_code(first, second), match_code(second, first)
    return (
        RoundEntry(black, Colour.WHITE, code_w, tuple(first)),
        RoundEntry(white, Colour.BLACK, code_b, tuple(second)),
    )


def round_as_matches(t: Tournament, round_number: int) -> tuple[Match, ...]:
    """Round ``round_number`` of ``t`` as matches (the first game's White first), the bye last.

    A one-game entry (no ``games``) is a one-game match, so an event that changed its
    system keeps its earlier rounds' meetings.
    """
    found: list[Match] = []
    bye: Match | None = None
    for p in t.players:
        e = p.entry(round_number)
        if e.is_pab:
            bye = Match(0, Unit.player(p.id, p.name), None)
            continue
        if e.opponent is None or e.colour is Colour.BLACK:
            continue
        other = t.by_id.get(e.opponent)
        if other is None:
            continue
        back = other.entry(round_number)
        if e.colour is Colour.NONE and (back.colour is Colour.WHITE or p.id > other.id):
            continue  # a forfeit written without colours: listed once, from the side with White or the smaller id
        mine = e.games or (e.code,)
        theirs = back.games or (back.code,)
        games = []
        for number, (a, b) in enumerate(zip(mine, theirs)):
            white, black, codes = (p.id, other.id, (a, b)) if number % 2 == 0 else (other.id, p.id, (b, a))
            unfinished = ResultCode.ABSENT in codes
            games.append(Game(white, black, None if unfinished else codes))
        found.append(Match(len(found) + 1, Unit.player(p.id, p.name), Unit.player(other.id, other.name), tuple(games)))
    if bye is not None:
        found.append(Match(len(found) + 1, bye.home, None))
    return tuple(found)


def matches_before(t: Tournament, round_number: int) -> list[tuple[Match, ...]]:
    """The matches of rounds ``1..round_number - 1``, oldest first."""
    return [round_as_matches(t, r) for r in range(1, round_number)]
