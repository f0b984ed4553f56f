"""Prize allocation: one prize per player (the higher), place vs category preference, ties shared, Hort, tie-break.

Amounts are small round numbers so that each expected share can be checked by hand.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.awards.prizes import Prize, PrizeList, Ranked, allocate


def _ranking(*points: str) -> list[Ranked]:
    """Players 1, 2, ... ranked in this order (tie-breaks decided) with these points."""
    return [Ranked(i, i, Decimal(p)) for i, p in enumerate(points, start=1)]


def _places(*amounts: int, category: str | None = None) -> PrizeList:
    return PrizeList(category, tuple(Prize(i, Decimal(a)) for i, a in enumerate(amounts, start=1)))


def _paid(awards) -> dict[int, str]:
    return {a.player: a.label for a in awards}


# Players 2, 3 and 4 tie on 5 points for places 2-4; there are prizes for places 1-3 only.
TIED = _ranking("6", "5", "5", "5", "4")
PLACES = [_places(1000, 600, 300)]


def test_a_tie_across_the_prize_boundary_by_tie_break():
    # Tie-break order decides: 2 takes 600, 3 takes 300, 4 (tied with 3) takes nothing.
    assert _paid(allocate(TIED, PLACES, {}, tie_rule="tiebreak")) == {1: "1000", 2: "600", 3: "300"}


def test_a_tie_across_the_prize_boundary_shared():
    # 2, 3, 4 pool the prizes of places 2-4: 600 + 300 + 0 = 900, 300 each.
    awards = allocate(TIED, PLACES, {}, tie_rule="shared")
    assert _paid(awards) == {1: "1000", 2: "300", 3: "300", 4: "300"}
    assert {a.player: a.shared_with for a in awards}[4] == (2, 3)


def test_a_tie_across_the_prize_boundary_by_the_hort_system():
    # Each keeps half of his own place's prize; the halves (300 + 150 + 0 = 450) are shared, 150 each:
    # 2: 300 + 150 = 450, 3: 150 + 150 = 300, 4: 0 + 150 = 150 (together 900, as the prizes).
    assert _paid(allocate(TIED, PLACES, {}, tie_rule="hort")) == {1: "1000", 2: "450", 3: "300", 4: "150"}


def test_shares_are_rounded_down_to_cents():
    # 1000 + 600 + 300 = 1900 pooled by three players tied first: 633.33 each (never more than the pool).
    awards = allocate(_ranking("5", "5", "5", "4"), PLACES, {}, tie_rule="shared")
    assert _paid(awards) == {1: "633.33", 2: "633.33", 3: "633.33"}


def test_a_player_in_several_categories_gets_only_the_higher_prize():
    # 1 (m, 2300), 2 (w, 1750), 3 (w, 1700), 4 (m, 2000), 5 (m, 1600), 6 (w, 1500), in this order.
    lists = [_places(500, 300, 200), _places(250, category="U1800"), _places(150, category="Women")]
    members = {"U1800": {2, 3, 5, 6}, "Women": {2, 3, 6}}
    awards = allocate(_ranking("5", "4", "4", "3", "3", "2"), lists, members)
    # 2 could have 2nd place (300), U1800 (250) or Women (150): takes the 300.
    # U1800 then goes to 3 (250), who is a woman too; Women goes to the next woman, 6.
    # 3rd place (200) passes 3 (who holds 250) and goes to 4.
    assert _paid(awards) == {1: "500", 2: "300", 3: "250", 4: "200", 6: "150"}
    assert [(a.player, a.list_title) for a in awards] == [(1, "Overall"), (2, "Overall"), (4, "Overall"),
                                                          (3, "U1800"), (6, "Women")]


def test_a_category_prize_equal_to_a_place_prize_follows_the_event_s_preference():
    # 2nd place and the U1800 prize are both 200; player 2 (1700) is 2nd overall and first U1800.
    lists = [_places(500, 200), _places(200, category="U1800")]
    members = {"U1800": {2, 4}}
    ranking = _ranking("4", "3", "2", "1")
    by_place = allocate(ranking, lists, members, prefer="place")
    assert [(a.player, a.list_title) for a in by_place] == [(1, "Overall"), (2, "Overall"), (4, "U1800")]
    by_category = allocate(ranking, lists, members, prefer="category")
    assert [(a.player, a.list_title) for a in by_category] == [(1, "Overall"), (3, "Overall"), (2, "U1800")]


def test_a_money_prize_beats_a_larger_place_number_and_names_are_not_shared():
    lists = [PrizeList(None, (Prize(1, Decimal(1000), "Cup"), Prize(2, Decimal(600))))]
    awards = allocate(_ranking("5", "5", "3"), lists, {}, tie_rule="shared")
    # 1 and 2 share 1600 (800 each); the cup goes by tie-break to 1.
    assert _paid(awards) == {1: "800 + Cup", 2: "800"}


def test_an_unknown_rule_is_refused():
    with pytest.raises(ValueError, match="tie_rule"):
        allocate(TIED, PLACES, {}, tie_rule="split")


def test_a_player_not_eligible_is_passed_over_inside_a_tie():
    # 2, 3, 4 tie on 5 points; 3 may not win (withdrew). 2 takes place 2 (600), 4 place 3 (300), and the two
    # share 900: 450 each. 3 is neither paid nor in the pool; 5 (4 points) is past the prizes.
    awards = allocate(TIED, PLACES, {}, tie_rule="shared", ineligible={3})
    assert _paid(awards) == {1: "1000", 2: "450", 4: "450"}
    assert {a.player: a.shared_with for a in awards}[2] == (4,)
    # by tie-break, the prize of place 3 passes down from 3 to 4
    assert _paid(allocate(TIED, PLACES, {}, ineligible={3})) == {1: "1000", 2: "600", 4: "300"}
