"""Rating figures (B.02, 2024): expected scores with the 400-point rule, K, rating change, ARO and TPR.

Every expected value is worked out by hand in the comments from the tables of
B.02 art. 8.1 (8.1.2: rating difference -> expected score of the higher-rated
player; 8.1.1: percentage -> dp).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from engine.awards.ratings import capped_k, event_ratings, expected_score, k_factor
from engine.tiebreaks import rating as tables
from tests.engine.handmade import build


def _worked_example():
    # Player 1 (2000, born 1990) meets, in five rounds:
    #   r1 player 2 (2100) and wins, r2 player 3 (1850) and draws, r3 player 4 (2500) and loses,
    #   r4 player 5 (unrated) and wins, r5 player 6 (1900) and wins by forfeit.
    t = build([(1, 2000), (2, 2100), (3, 1850), (4, 2500), (5, 0), (6, 1900)],
              [["1-2 1-0"], ["3-1 ="], ["1-4 0-1"], ["5-1 0-1"], ["1-6 +-"]])
    return t.with_players(replace(p, birth="1990") if p.id == 1 else p for p in t.players)


def test_rating_change_of_a_worked_example():
    figures = event_ratings(_worked_example(), year=2026)[1]
    # Rated games: r1-r3 only. r4: the opponent is unrated (left out); r5: a forfeit is not a game.
    assert figures.games == 3 and figures.score == Decimal("1.5")
    # r1: D = 2000 - 2100 = -100, band 99-106 -> 0.64 for the higher, 0.36 for player 1; 1 - 0.36 = +0.64
    # r2: D = +150, band 146-153 -> 0.70; 0.5 - 0.70 = -0.20
    # r3: D = -500, counted as -400 (400-point rule), band 392-411 -> 0.92, so 0.08; 0 - 0.08 = -0.08
    # expected 0.36 + 0.70 + 0.08 = 1.14; sum of (W - We) = 1.5 - 1.14 = 0.36
    assert figures.expected == Decimal("1.14")
    # K: rating under 2400, born 1990 (not under 18 in 2026) -> 20; change 20 x 0.36 = 7.2
    assert figures.k == 20
    assert figures.change == Decimal("7.2")
    # ARO = (2100 + 1850 + 2500) / 3 = 2150; p = 1.5 / 3 = 50 %, dp(0.50) = 0 -> TPR 2150
    assert figures.aro == 2150 and figures.performance == 2150


def test_an_unrated_player_gets_a_performance_but_no_rating_change():
    figures = event_ratings(_worked_example(), year=2026)[5]
    # Player 5 lost to player 1 (2000): one rated game, 0 points; dp(0.00) = -800 -> TPR 1200.
    assert (figures.games, figures.aro, figures.performance) == (1, 2000, 1200)
    assert figures.k is None and figures.change is None


def test_a_game_against_an_unrated_opponent_changes_nothing():
    t = build([(1, 1800), (2, 0), (3, 1800)], [["1-2 1-0"], ["1-3 1-0"]])
    with_unrated = event_ratings(t)[1]
    # Only the game against player 3 counts: D = 0, expected 0.50, 1 - 0.50 = 0.50, K 20 -> +10.
    assert with_unrated.games == 1 and with_unrated.change == Decimal("10.0")
    assert with_unrated.aro == 1800


def test_the_400_point_rule():
    # D = 500: the table alone gives 0.96 (band 485-517); counted as 400 it is 0.92 (band 392-411).
    assert tables.expected_hundredths(2500, 2000) == 96
    assert expected_score(2500, 2000) == Decimal("0.92")
    assert expected_score(2000, 2500) == Decimal("0.08")
    # D = 400 and D = 390 are inside the rule: 0.92 (392-411) and 0.91 (375-391).
    assert expected_score(2400, 2000) == Decimal("0.92")
    assert expected_score(2390, 2000) == Decimal("0.91")
    # A 2500 player beating a 2000 player gains 10 x (1 - 0.92) = 0.8, not 10 x 0.04.
    t = build([(1, 2500), (2, 2000)], [["1-2 1-0"]])
    assert event_ratings(t)[1].change == Decimal("0.80")


def test_k_factors():
    assert k_factor(2400) == 10
    assert k_factor(2399) == 20
    assert k_factor(2100, reached_2400=True) == 10  # once 2400 was reached, K stays 10
    assert k_factor(1800, games_before=29) == 40  # new to the list: fewer than 30 games
    assert k_factor(1800, games_before=30) == 20
    # Born 2008: 18 in 2026, so K = 40 until the end of 2026 while under 2300.
    assert k_factor(2299, born=2008, year=2026) == 40
    assert k_factor(2300, born=2008, year=2026) == 20
    assert k_factor(2299, born=2008, year=2027) == 20
    # K x games may not exceed 700: 40 x 20 games = 800 -> 35 (35 x 20 = 700); 20 x 35 = 700 stays.
    assert capped_k(40, 20) == 35
    assert capped_k(20, 35) == 20
    assert capped_k(20, 36) == 19


def test_a_junior_s_k_in_the_event():
    t = build([(1, 1600), (2, 1600)], [["1-2 1-0"]])
    t = t.with_players(replace(p, birth="2010/04/02") if p.id == 1 else p for p in t.players)
    figures = event_ratings(t, year=2026)
    # Player 1 is 16 in 2026 and under 2300: K 40, 40 x (1 - 0.50) = +20; player 2: K 20, 20 x -0.50 = -10.
    assert (figures[1].k, figures[1].change) == (40, Decimal("20.00"))
    assert (figures[2].k, figures[2].change) == (20, Decimal("-10.00"))


def test_the_k_of_the_fide_list_wins_over_the_rules():
    # Player 1 (2100, born 1990) would be K 20 by the rules; the list says K 10 (2400 reached once, which the
    # event cannot know). Player 2 (1700) has K 40 in the list (fewer than 30 rated games), born 1980.
    t = build([(1, 2100), (2, 1700), (3, 1900)], [["1-3 1-0", "2 bye"], ["2-1 =", "3 bye"]])
    t = t.with_players(replace(p, birth="1990", k_factor=10) if p.id == 1 else
                       replace(p, birth="1980", k_factor=40) if p.id == 2 else replace(p, birth="2012")
                       for p in t.players)
    figures = event_ratings(t, year=2026)
    # Player 1: r1 beat 3 (1900): D = +200, band 198-206 -> 0.76, 1 - 0.76 = +0.24;
    # r2 drew 2 (1700): D = +400, band 392-411 -> 0.92, 0.5 - 0.92 = -0.42; sum -0.18; K 10 -> -1.8.
    assert (figures[1].k, figures[1].expected, figures[1].change) == (10, Decimal("1.68"), Decimal("-1.80"))
    assert figures[1].k_rule == "the player's K in the FIDE list"
    # Player 2: drew 1 (2100): D = -400 -> 0.08, 0.5 - 0.08 = +0.42; K 40 -> +16.8 (the rules alone: 20 -> +8.4).
    assert (figures[2].k, figures[2].change) == (40, Decimal("16.80"))
    # Player 3 (1900, born 2012: 14 in 2026, below 2300) has no K in the event: the rules give 40.
    # Lost to 1 (2100): D = -200 -> 0.24, 0 - 0.24 = -0.24; 40 x -0.24 = -9.6.
    assert (figures[3].k, figures[3].change) == (40, Decimal("-9.60"))
    assert figures[3].k_rule == "to the end of the year they turn 18, rated below 2300"


def test_the_rule_that_gave_k_is_named():
    from engine.awards.ratings import k_with_rule

    assert k_with_rule(2450) == (10, "rated 2400 or more")
    assert k_with_rule(2350, born=2010, year=2026) == (20, "rated below 2400")  # a junior, but not below 2300
    assert k_with_rule(1500, games_before=12) == (40, "fewer than 30 rated games")
    assert k_with_rule(1500, listed=20) == (20, "the player's K in the FIDE list")


def test_a_k_lowered_for_many_games_says_so():
    from engine.awards.ratings import figures

    # 36 games at K 20: 720 > 700, so K 19 (19 x 36 = 684); 36 draws against equals: expected 18, change 0.
    f = figures(2000, [(2000, Decimal("0.5"))] * 36, 20, "rated below 2400")
    assert f.k == 19 and f.change == 0
    assert f.k_rule == "rated below 2400 (20), lowered for 36 games: K x games <= 700"
