"""Rating figures of one event for each player: the FIDE rating change, the performance rating, the ARO.

They follow the FIDE Rating Regulations (B.02, the edition in force from 1 March
2024); the tables of art. 8.1 live in :mod:`engine.tiebreaks.rating`, which the
TPR tie-break uses too.

* Only games played over the board count (results 1, = and 0): forfeits, byes
  and games of less than one move are not rated.
* A game against an unrated opponent is left out: it changes no rating here,
  and adds nothing to the ARO or the performance.
* Expected score (art. 8.1.2): a rating difference of more than 400 points counts
  as 400 (so a player never expects more than 0.92 or less than 0.08 of a game).
* Rating change: K times (score minus expected score), summed over the games,
  kept exact (hundredths of a point times K); FIDE rounds the total of the rating
  period, which this event may be only part of.
* K: 40 for a player with fewer than 30 rated games (when known), 40 until the
  end of the year of the 18th birthday while the rating is under 2300, 20 while
  the rating is under 2400, 10 from 2400; when K times the rated games exceeds
  700, K is the largest whole number for which it does not (counted over this
  event's games, a lower bound of the rating period's).
* Performance rating (TPR): the ARO plus dp for the percentage score (art. 8.1.1),
  as :func:`engine.tiebreaks.rating.performance` (C.07 art. 10.2) computes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from engine.awards.categories import birth_year
from engine.model.tournament import ResultCode, Tournament
from engine.tiebreaks import rating as tables

RATING_GAP_LIMIT = 400
K_GAMES_LIMIT = 700

_RATED_SCORES = {ResultCode.WIN: Decimal(1), ResultCode.DRAW: Decimal("0.5"), ResultCode.LOSS: Decimal(0)}


@dataclass(frozen=True)
class RatingFigures:
    """One player's figures; ``k``, ``expected`` and ``change`` are ``None`` for an unrated player."""

    games: int
    score: Decimal
    aro: int | None
    performance: int | None
    k: int | None
    expected: Decimal | None
    change: Decimal | None


def expected_score(own: int, opponent: int) -> Decimal:
    """B.02 8.1.2 after the 400-point rule: the expected score of ``own`` against ``opponent``."""
    gap = max(-RATING_GAP_LIMIT, min(RATING_GAP_LIMIT, own - opponent))
    return Decimal(tables.expected_hundredths(gap, 0)) / 100


def k_factor(rating: int, *, born: int | None = None, year: int | None = None,
             games_before: int | None = None, reached_2400: bool = False) -> int:
    """B.02's development coefficient K for a player rated ``rating`` in an event of ``year``.

    ``born`` is the year of birth, ``games_before`` the rated games before the event
    (``None``: not known, taken as 30 or more).
    """
    if rating >= 2400 or reached_2400:
        return 10
    if games_before is not None and games_before < 30:
        return 40
    if born is not None and year is not None and year <= born + 18 and rating < 2300:
        return 40
    return 20


def capped_k(k: int, games: int) -> int:
    """K lowered so that K times the number of games does not exceed 700."""
    if games and k * games > K_GAMES_LIMIT:
        return K_GAMES_LIMIT // games
    return k


def rated_games(t: Tournament, player_id: int, after_round: int) -> list[tuple[int, Decimal]]:
    """(opponent's rating, score) of each game ``player_id`` played over the board against a rated opponent."""
    games = []
    player = t.player(player_id)
    for number in range(1, after_round + 1):
        entry = player.entry(number)
        if entry.opponent is None or entry.code not in _RATED_SCORES:
            continue
        opponent_rating = t.player(entry.opponent).rating
        if opponent_rating > 0:
            games.append((opponent_rating, _RATED_SCORES[entry.code]))
    return games


def figures(rating: int, games: list[tuple[int, Decimal]], k: int | None) -> RatingFigures:
    """The figures of a player rated ``rating`` (0: unrated) from their rated games."""
    score = sum((s for _, s in games), Decimal(0))
    ratings = [r for r, _ in games]
    aro = tables.average_rating(ratings)
    performance = tables.performance(score, ratings)
    if not rating or k is None:
        return RatingFigures(len(games), score, aro, performance, None, None, None)
    k = capped_k(k, len(games))
    expected = sum((expected_score(rating, r) for r in ratings), Decimal(0))
    return RatingFigures(len(games), score, aro, performance, k, expected, k * (score - expected))


def event_ratings(t: Tournament, after_round: int | None = None, *, year: int | None = None) -> dict[int, RatingFigures]:
    """Every player's figures over rounds 1..``after_round`` (default: every round played).

    ``year`` is the year the event is played in, for the K of young players.
    """
    last = t.rounds_played if after_round is None else after_round
    out = {}
    for p in t.players:
        k = k_factor(p.rating, born=birth_year(p.birth), year=year) if p.rating else None
        out[p.id] = figures(p.rating, rated_games(t, p.id, last), k)
    return out
