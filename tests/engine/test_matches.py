"""Units, matches of several games and their scores (engine.model.units, .matches, .match_rounds), by hand.

The rules these tests hold the model to are stated in ``engine/model/matches.py``:
game points per game under the point system, match points (C.04.6's 2/1/0) only once
every game has a result, a match with no game played over the board not played (its
units may meet again, C.04.5), and a bye worth the PAB value of each game it replaces.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.model.match_rounds import check_round, have_met
from engine.model.matches import Game, Match, MatchScoring, match_score
from engine.model.tournament import PointSystem, ResultCode
from engine.model.units import Unit, UnitError, UnitKind

W, D, L = ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS
FW, FL = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS

A = Unit.team(1, "Aachen", (11, 12, 13, 14), reserves=(15,))
B = Unit.team(2, "Bonn", (21, 22, 23, 24))
P3, P7 = Unit.player(3, "Carlsen"), Unit.player(7, "Gukesh")


def team_match(*results: tuple[ResultCode, ResultCode] | None) -> Match:
    """A has White on boards 1 and 3, B on 2 and 4 (C.04.6); each result is White's and Black's code."""
    games = []
    for board, result in enumerate(results):
        a, b = A.roster[board], B.roster[board]
        games.append(Game(a, b, result) if board % 2 == 0 else Game(b, a, result))
    return Match(1, A, B, tuple(games))


def test_a_team_is_its_roster_in_board_order_then_its_reserves() -> None:
    assert A.kind is UnitKind.TEAM and A.size == 4 and A.members == (11, 12, 13, 14, 15)
    assert P3.kind is UnitKind.PLAYER and P3.roster == (3,) and P3.size == 1


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: Unit.team(5, "Empty", ()), "has no players"),
        (lambda: Unit.team(5, "Twice", (1, 2), reserves=(2,)), "lists player 2 twice"),
        (lambda: Unit(5, "Odd", UnitKind.PLAYER, (6,)), "the player alone"),
    ],
)
def test_a_unit_that_cannot_exist_is_refused(make, words: str) -> None:
    with pytest.raises(UnitError, match=words):
        make()


def test_a_two_game_match_scores_its_games_in_points_a_game() -> None:
    match = Match(1, P3, P7, (Game(3, 7, (W, L)), Game(7, 3, (D, D))))
    score = match_score(match, MatchScoring())
    assert (score.home, score.away) == (Decimal("1.5"), Decimal("0.5"))
    assert score.complete and score.played and score.home_match is None


def test_team_match_points_come_from_the_board_points() -> None:
    scoring = MatchScoring.team()
    won = match_score(team_match((W, L), (D, D), (D, D), (L, W)), scoring)  # A: 1 + ½ + ½ + 1 (B, White on board 4, lost)
    assert (won.home, won.away, won.home_match, won.away_match) == (3, 1, 2, 0)
    drawn = match_score(team_match((W, L), (W, L), (L, W), (L, W)), scoring)  # A wins boards 1 and 4, B 2 and 3
    assert (drawn.home, drawn.away, drawn.home_match, drawn.away_match) == (2, 2, 1, 1)


def test_a_match_with_a_game_still_on_has_game_points_so_far_and_no_match_points() -> None:
    score = match_score(team_match((W, L), None, (D, D), (D, D)), MatchScoring.team())
    assert (score.home, score.away) == (Decimal(2), Decimal(1))
    assert not score.complete and score.home_match is None and score.away_match is None


def test_one_forfeited_game_counts_its_points_and_the_match_is_played() -> None:
    match = Match(1, P3, P7, (Game(3, 7, (FW, FL)), Game(7, 3, (W, L))))
    score = match_score(match, MatchScoring())
    assert (score.home, score.away, score.played) == (Decimal(1), Decimal(1), True)
    assert have_met([[match]], 3, 7)


def test_a_match_of_forfeits_only_is_not_played_and_the_units_may_meet_again() -> None:
    match = Match(1, P3, P7, (Game(3, 7, (FW, FL)), Game(7, 3, (FL, FW))))
    score = match_score(match, MatchScoring())
    assert (score.home, score.away, score.played) == (Decimal(2), Decimal(0), False)
    assert not have_met([[match]], 3, 7)


def test_the_bye_applies_to_the_match_worth_each_game_and_a_match_win() -> None:
    bye = Match(5, P3, None)
    assert match_score(bye, MatchScoring(), games_per_match=2).home == 2
    assert match_score(bye, MatchScoring(PointSystem(pab=Decimal("0.5"))), games_per_match=2).home == 1
    team_bye = match_score(Match(5, A, None), MatchScoring.team(), games_per_match=4)
    assert (team_bye.home, team_bye.home_match) == (4, 2)


def test_a_team_round_with_board_colours_alternating_has_no_problem() -> None:
    assert check_round([A, B], [team_match(None, None, None, None)], games_per_match=4) == []


def test_a_round_that_breaks_the_shape_names_each_problem() -> None:
    c = Unit.player(9, "Ding")
    same_colours = Match(1, P3, P7, (Game(3, 7), Game(3, 7)))
    one_game = Match(2, c, P3, (Game(9, 3),))
    problems = check_round([P3, P7, c, Unit.player(10, "Nepo")], [same_colours, one_game], games_per_match=2)
    assert problems == [
        "match 1, game 2: unit 3 has White again (colours alternate game by game)",
        "unit 3 is in match 1 and in match 2",
        "match 2: 1 game, the format plays 2",
        "units not paired and without the bye: 10",
    ]


def test_a_game_between_players_of_other_units_and_a_rematch_are_problems() -> None:
    played = Match(1, P3, P7, (Game(3, 7, (W, L)), Game(7, 3, (D, D))))
    stranger = Match(1, P3, P7, (Game(3, 8), Game(7, 3)))
    assert check_round([P3, P7], [stranger], games_per_match=2) == [
        "match 1, game 1: 3-8 is not a player of unit 3 against a player of unit 7"
    ]
    again = Match(1, P7, P3, (Game(7, 3), Game(3, 7)))
    assert check_round([P3, P7], [again], [[played]], games_per_match=2) == ["match 1: units 7 and 3 have met before"]
