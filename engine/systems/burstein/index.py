"""The opposition Index of the Burstein system (C.04.4.2 art. 1.7-1.8).

After the seeding rounds the players of a bracket are ranked by how strong
their opposition was, measured on the standings alone: Buchholz, then
Sonneborn-Berger, then TPN. Ratings never enter, and neither do the virtual
points of an acceleration (art. 1.7.2): only real scores are read here.

Unplayed rounds (byes, forfeits, absences, rounds before a late entry) count
as a game against oneself that produced the points actually registered
(art. 1.7.2), so a player's own bye neither helps nor hurts the Index more
than playing an equal opponent would. The one exception protects the real
opponents of a player who stopped playing: a series of zero-point byes that
reaches the current round counts as draws in that player's score as the
opponents' Index reads it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.model.tournament import ZERO, Points, ResultCode, Tournament

_ZERO_POINT_BYES = (ResultCode.ZERO_BYE, ResultCode.ABSENT)


@dataclass(frozen=True, slots=True)
class Index:
    """One player's Index: what art. 1.8 ranks on, highest first, TPN last."""

    buchholz: Points
    sonneborn_berger: Points

    def key(self, rank: int) -> tuple[Points, Points, int]:
        """Sort key of art. 1.8: Buchholz and Sonneborn-Berger descending, then TPN ascending."""
        return (-self.buchholz, -self.sonneborn_berger, rank)


def away_this_round(t: Tournament) -> set[int]:
    """Players not paired in the round being paired: withdrawn, or known absent with a zero-point bye."""
    return {
        p.id
        for p in t.players
        if p.withdrawn or (p.id in t.pending and t.pending[p.id].code in _ZERO_POINT_BYES)
    }


def score_for_opponents(t: Tournament, player_id: int, away: set[int]) -> Points:
    """The score of ``player_id`` as their opponents' Index reads it.

    C.04.4.2 art. 1.7.2: a series of consecutive zero-point byes up to the
    current round (the player is away in it too: withdrawn, or absent again)
    counts as draws for the benefit of the real opponents; every other round
    counts as scored.
    """
    played = t.rounds_played
    score = t.score(player_id, played)
    if player_id not in away:
        return score
    points = t.settings.points
    p = t.player(player_id)
    r = played
    while r >= 1 and p.entry(r).code in _ZERO_POINT_BYES:
        score += points.draw - points.points(p.entry(r).code)
        r -= 1
    return score


def indices(t: Tournament, players: Iterable[int]) -> Mapping[int, Index]:
    """The Index of each of ``players`` before the round to pair (art. 1.7.1).

    Buchholz sums the opponents' current scores; Sonneborn-Berger sums each
    opponent's score times the points scored against them. An unplayed round
    is a game against oneself (art. 1.7.2): one's own current score, weighted
    in Sonneborn-Berger by the points registered for that round.
    """
    played = t.rounds_played
    scoring = t.settings.points
    away = away_this_round(t)
    seen: dict[int, Points] = {}

    def opponent_score(pid: int) -> Points:
        if pid not in seen:
            seen[pid] = score_for_opponents(t, pid, away)
        return seen[pid]

    out: dict[int, Index] = {}
    for pid in players:
        own = t.score(pid, played)
        p = t.player(pid)
        bh = sb = ZERO
        for r in range(1, played + 1):
            e = p.entry(r)
            got = scoring.points(e.code)
            other = opponent_score(e.opponent) if e.is_game and e.opponent is not None else own
            bh += other
            sb += other * got
        out[pid] = Index(bh, sb)
    return out
