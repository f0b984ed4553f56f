"""The games a norm counts and the ratings it averages (B.01 1.4.2, 1.4.6, 1.4.7).

Only games played over the board count: a forfeit (won or lost), a bye of any kind
and a game of less than one move are not games for a norm, since 1.4.2 (c) leaves
out games decided by forfeit, adjudication or any means other than over-the-board
play. In a round robin, 1.4.2 (b) also leaves out the games against an unrated
opponent who scores zero against the rated ones.
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


def counted_games(t: Tournament, player_id: int, after_round: int, round_robin: bool = False) -> list[NormGame]:
    """The over-the-board games of ``player_id`` in rounds 1..``after_round`` (B.01 1.4.2 (c)); in a round robin
    not those against an unrated opponent without a point against the rated ones so far (1.4.2 (b))."""
    player = t.player(player_id)
    games = []
    for number in range(1, after_round + 1):
        entry = player.entry(number)
        if entry.opponent is None or entry.code not in _SCORES:
            continue
        o = t.player(entry.opponent)
        if round_robin and o.rating <= 0 and _scoreless_against_rated(t, o.id, after_round):
            continue
        games.append(NormGame(number, o.id, o.name, o.rating, o.title.strip().upper(), o.federation.strip().upper(),
                              o.fide_id, entry.colour.value, _SCORES[entry.code]))
    return games


def _scoreless_against_rated(t: Tournament, player_id: int, after_round: int) -> bool:
    """1.4.2 (b): the player scored nothing in the games played against rated opponents in rounds 1..after_round."""
    player = t.player(player_id)
    score = Fraction(0)
    for number in range(1, after_round + 1):
        entry = player.entry(number)
        if entry.opponent is not None and entry.code in _SCORES and t.player(entry.opponent).rating > 0:
            score += _SCORES[entry.code]
    return score == 0


def unplayed_rounds(t: Tournament, player_id: int, after_round: int) -> dict[int, ResultCode]:
    """The rounds 1..``after_round`` in which ``player_id`` had no game over the board, with the result code of each
    (1.4.1 (c) and (d) read whether a missing game was a forfeit win, the pairing-allocated bye or a forfeit loss)."""
    player = t.player(player_id)
    missing = {}
    for number in range(1, after_round + 1):
        entry = player.entry(number)
        if entry.opponent is None or entry.code not in _SCORES:
            missing[number] = entry.code
    return missing


@dataclass(frozen=True, slots=True)
class Ratings:
    """The ratings a norm averages: each opponent's, one raised to the floor at most (B.01 1.4.6)."""

    used: tuple[int, ...]  # in the games' order
    raised: int | None  # the index of the game whose opponent was raised to the floor
    average: int | None  # 1.4.7: rounded to the nearest whole number, .5 upwards; None without games


def norm_ratings(games: list[NormGame], floor: int) -> Ratings:
    """1.4.6 (d): an unrated opponent counts 1400; 1.4.6 (b)-(c): when any opponent is below the adjusted rating
    floor, the lowest-rated one (the first of them in round order on a tie) is raised to the floor, and no other;
    1.4.7 (b): the average rounded to the nearest whole number, 0.5 upwards."""
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
    """The fractional score in hundredths, rounded half up, as the table of 1.4.9 is read ("all percentages are
    rounded to the nearest whole number, 0.5% is rounded up"; its dp are those of B.02 8.1.1)."""
    return int((Decimal(score.numerator) * 100 / (Decimal(score.denominator) * games))
               .quantize(Decimal(1), rounding=ROUND_HALF_UP))
