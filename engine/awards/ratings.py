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
* K (art. 8.3.3): the K the FIDE list gives the player for the event's rating
  type when the event holds it (``k_factor``, kept at registration from the list
  or by ``ratings update``): only FIDE knows the player's rated games and whether
  2400 was ever reached. Otherwise the article's rules as far as the event knows
  the player: 10 from 2400, 40 until the end of the year of the 18th birthday
  while the rating is under 2300, else 20 (the rule "40 until 30 games" needs the
  games FIDE counts, which the list's K already holds). The same rules for rapid
  and blitz: since 1 October 2022 their K follows the standard rules (K was 20
  for every rapid and blitz player before). When K times the rated games exceeds
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
K_FACTOR_MAX = 40  # the largest K of art. 8.3.3: a K over it in an event file is a typing error

# Where K came from, as the player card says it ("K 40: to the end of the year they turn 18, ...").
K_FROM_LIST = "the player's K in the FIDE list"
K_RULE_2400 = "rated 2400 or more"
K_RULE_JUNIOR = "to the end of the year they turn 18, rated below 2300"
K_RULE_NEW = "fewer than 30 rated games"
K_RULE_OTHER = "rated below 2400"

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
    k_rule: str | None = None  # where K came from: the list, or which rule of B.02 art. 8.3.3 gave it


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
    return k_with_rule(rating, born=born, year=year, games_before=games_before, reached_2400=reached_2400)[0]


def k_with_rule(rating: int, *, born: int | None = None, year: int | None = None, games_before: int | None = None,
                reached_2400: bool = False, listed: int = 0) -> tuple[int, str]:
    """K and the rule that gave it: the list's K (``listed``) when known, else art. 8.3.3's rules."""
    if listed:
        return listed, K_FROM_LIST
    if rating >= 2400 or reached_2400:
        return 10, K_RULE_2400
    if games_before is not None and games_before < 30:
        return 40, K_RULE_NEW
    if born is not None and year is not None and year <= born + 18 and rating < 2300:
        return 40, K_RULE_JUNIOR
    return 20, K_RULE_OTHER


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


def figures(rating: int, games: list[tuple[int, Decimal]], k: int | None, rule: str | None = None) -> RatingFigures:
    """The figures of a player rated ``rating`` (0: unrated) from their rated games; ``rule`` says where K came from."""
    score = sum((s for _, s in games), Decimal(0))
    ratings = [r for r, _ in games]
    aro = tables.average_rating(ratings)
    performance = tables.performance(score, ratings)
    if not rating or k is None:
        return RatingFigures(len(games), score, aro, performance, None, None, None)
    capped = capped_k(k, len(games))
    if capped != k:
        rule = f"{rule} ({k}), lowered for {len(games)} games: K x games <= {K_GAMES_LIMIT}"
    expected = sum((expected_score(rating, r) for r in ratings), Decimal(0))
    return RatingFigures(len(games), score, aro, performance, capped, expected, capped * (score - expected), rule)


def event_ratings(t: Tournament, after_round: int | None = None, *, year: int | None = None) -> dict[int, RatingFigures]:
    """Every player's figures over rounds 1..``after_round`` (default: every round played).

    ``year`` is the year the event is played in, for the K of young players.
    """
    last = t.rounds_played if after_round is None else after_round
    out = {}
    for p in t.players:
        k, rule = k_with_rule(p.rating, born=birth_year(p.birth), year=year, listed=p.k_factor) if p.rating \
            else (None, None)
        out[p.id] = figures(p.rating, rated_games(t, p.id, last), k, rule)
    return out
