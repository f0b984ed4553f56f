"""The games a norm counts and the ratings it averages (B.01 1.4.1, 1.4.6, 1.4.7).

Only games played over the board count: a forfeit (won or lost), a bye of any kind
and a game of less than one move are not games for a norm, since the text counts
games "decided by forfeit, adjudication or any means other than over-the-board play"
out (B.01 1.4.1 footnote to the number of games).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from engine.model.tournament import ResultCode, Tournament
from engine.norms.rules import UNRATED_RATING

_SCORES = {ResultCode.WIN: Fraction(1), ResultCode.DRAW: Fraction(1, 2), ResultCode.LOSS: Fraction(0)}


@dataclass(frozen=True, slots=True)
class NormGame:
    """One game a norm counts: the round, the opponent as registered, the colour and the score."""

    round: int
    opponent: int
    name: str
    rating: int  # 0: unrated
    title: str
    federation: str
    fide_id: int | None
    colour: str  # "w" or "b"
    score: Fraction


def counted_games(t: Tournament, player_id: int, after_round: int) -> list[NormGame]:
    """The over-the-board games of ``player_id`` in rounds 1..``after_round`` (B.01 1.4.1)."""
    player = t.player(player_id)
    games = []
    for number in range(1, after_round + 1):
        entry = player.entry(number)
        if entry.opponent is None or entry.code not in _SCORES:
            continue
        o = t.player(entry.opponent)
        games.append(NormGame(number, o.id, o.name, o.rating, o.title.strip().upper(), o.federation.strip().upper(),
                              o.fide_id, entry.colour.value, _SCORES[entry.code]))
    return games


@dataclass(frozen=True, slots=True)
class Ratings:
    """The ratings a norm averages: each opponent's, one raised to the floor at most (B.01 1.4.6)."""

    used: tuple[int, ...]  # in the games' order
    raised: int | None  # the index of the game whose opponent was raised to the floor
    average: int | None  # 1.4.7: rounded to the nearest whole number, .5 upwards; None without games


def norm_ratings(games: list[NormGame], floor: int) -> Ratings:
    """1.4.6: an unrated opponent counts 1400; when any opponent is below the adjusted rating floor, the
    lowest-rated one (the first of them in round order on a tie) is raised to the floor, and no other."""
    used = [g.rating if g.rating > 0 else UNRATED_RATING for g in games]
    raised = None
    if used and min(used) < floor:
        raised = used.index(min(used))
        used[raised] = floor
    average = None
    if used:
        average = int((Decimal(sum(used)) / len(used)).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    return Ratings(tuple(used), raised, average)


def percentage(score: Fraction, games: int) -> int:
    """The fractional score in hundredths, rounded half up, as the dp table of B.02 8.1.1 is read."""
    return int((Decimal(score.numerator) * 100 / (Decimal(score.denominator) * games))
               .quantize(Decimal(1), rounding=ROUND_HALF_UP))
