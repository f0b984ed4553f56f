"""What the Double-Swiss pairer knows of each player, read from the model's matches.

The pairer reads history from the rounds of :class:`engine.model.matches.Match`, not
from the individual Tournament's per-game entries, because the text's rules are
rules of matches: a match with one game forfeited is a match played (C.04.5 preface:
a match ends by forfeit only if a player forfeits both games; otherwise any single
forfeited game is treated as played for standings), so the pair may not meet again
and the player's score counts the match; a per-game reading would call such a pair
"not met" and let them meet twice. The bye applies to the match (preface), so it is
one entry here, never two games.

Colours: a player's colour in a round is the colour of the first game of the match
(C.04.5 art. 4 allocates the first game; the second is reversed), and only when at
least one game of the match was played over the board (art. 1.6 as restated), as
C.04.2 art. 3.4 counts only games played for colours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.model.matches import Game, Match, MatchScoring, match_score
from engine.model.tournament import ZERO, Colour, Points, ResultCode
from engine.model.units import Unit

GAMES_PER_MATCH = 2
"""C.04.5 preface: a match consists of two games."""


@dataclass(frozen=True, slots=True)
class History:
    """One player's state before the round to pair.

    ``colours`` holds one entry per earlier round (``Colour.NONE`` where no match
    was played), so two players' histories line up round by round (art. 4's look
    back to the last round where their colours differed).
    """

    tpn: int
    score: Points
    opponents: frozenset[int]
    colours: tuple[Colour, ...]
    had_pab: bool
    forfeit_win: bool
    matches_played: int
    floated_last_round: bool

    @property
    def played_colours(self) -> tuple[Colour, ...]:
        """First-game colours of the matches played, oldest first."""
        return tuple(c for c in self.colours if c is not Colour.NONE)

    @property
    def whites(self) -> int:
        return sum(1 for c in self.colours if c is Colour.WHITE)

    @property
    def pab_eligible(self) -> bool:
        """C.04.1 art. 4: no player receives the PAB twice, nor after a win without playing."""
        return not self.had_pab and not self.forfeit_win


def _ended_by_forfeit(match: Match) -> bool:
    """C.04.5 preface: a match ends by forfeit only if at least one player forfeits both games.

    Any other match is regularly played, even one where each player forfeited one game
    (no game over the board): the text makes the player's double forfeit the test, not
    the board.
    """
    if match.away is None or not match.games:
        return False
    for side in (match.home, match.away):
        if all(_lost_by_forfeit(game, side.id) for game in match.games):
            return True
    return False


def _lost_by_forfeit(game: Game, player: int) -> bool:
    if game.result is None:
        return False
    white_code, black_code = game.result
    code = white_code if game.white == player else black_code
    return code is ResultCode.FORFEIT_LOSS


def histories(
    units: Sequence[Unit], before: Sequence[Sequence[Match]], scoring: MatchScoring
) -> dict[int, History]:
    """Each unit's :class:`History` from ``before`` (the earlier rounds' matches, oldest first)."""
    ids = [u.id for u in units]
    # Every player's score, those who withdrew since included: a float is told by the
    # opponent's score before the round, whoever the opponent was.
    everyone = set(ids) | {u for rnd in before for m in rnd for u in m.units}
    score: dict[int, Points] = {i: ZERO for i in everyone}
    opponents: dict[int, set[int]] = {i: set() for i in ids}
    colours: dict[int, list[Colour]] = {i: [] for i in ids}
    had_pab = dict.fromkeys(ids, False)
    forfeit_win = dict.fromkeys(ids, False)
    played = dict.fromkeys(ids, 0)
    floated = dict.fromkeys(ids, False)
    for rounds_done, rnd in enumerate(before, start=1):
        start = dict(score)
        floated = dict.fromkeys(ids, False)
        for match in rnd:
            result = match_score(match, scoring, GAMES_PER_MATCH)
            home = match.home.id
            score[home] += result.home
            if match.away is None:
                if home in had_pab:
                    had_pab[home] = True
                    floated[home] = True
                continue
            away = match.away.id
            score[away] += result.away
            if not result.complete:
                continue  # a match still on: neither met nor scored in full (cannot happen before pairing)
            if _ended_by_forfeit(match):
                # A player forfeited both games: the match ended by forfeit and the pair may
                # meet again (C.04.5 preface); a side that scored more won without playing.
                if home in forfeit_win and result.home > result.away:
                    forfeit_win[home] = True
                if away in forfeit_win and result.away > result.home:
                    forfeit_win[away] = True
                continue
            first = match.games[0]
            # C.04.5 art. 1.6 (restated: docs/systems.md): a player has a colour for the match only
            # when at least one of its games was played, the first game's; a match where each
            # player forfeited one game is a meeting without a colour.
            coloured = any(g.played for g in match.games)
            for me, other in ((home, away), (away, home)):
                if me not in opponents:
                    continue
                opponents[me].add(other)
                played[me] += 1
                if coloured:
                    colours[me].append(first.colour_of(me))
                floated[me] = start[other] != start[me]
        for i in ids:
            if len(colours[i]) < rounds_done:
                colours[i].append(Colour.NONE)
    return {
        i: History(
            tpn=i,
            score=score[i],
            opponents=frozenset(opponents[i]),
            colours=tuple(colours[i]),
            had_pab=had_pab[i],
            forfeit_win=forfeit_win[i],
            matches_played=played[i],
            floated_last_round=floated[i],
        )
        for i in ids
    }
