"""The simplified club Swiss (seed 003): its worked example and cases solved by hand.

Section numbers S1-S8 are those of docs/systems.md (the seed has none).
"""

from __future__ import annotations

from decimal import Decimal

from engine.model.explain import Step
from engine.systems.club import pair
from engine.systems.club.search import search_order
from tests.engine.handmade import boards, build


def steps(result):
    return [(e.step.value, e.text.split(":")[0]) for e in result.trace
            if e.step in (Step.PAIRED, Step.REJECTED, Step.EXCHANGE)]


def test_search_orders_of_the_text():
    # S4.6: in a group of 8, player 1 tries 5-6-7-8-4-3-2; in a group of 7 (lower half larger) 4-5-6-7-3-2
    eight = {i: Decimal(0) for i in range(1, 9)}
    assert search_order(1, list(range(1, 9)), eight) == [5, 6, 7, 8, 4, 3, 2]
    assert search_order(1, list(range(1, 8)), eight) == [4, 5, 6, 7, 3, 2]
    # then the next lower group from its first player, then the groups below it
    mixed = {1: Decimal(1), 2: Decimal(1), 3: Decimal("0.5"), 4: Decimal("0.5"), 5: Decimal(0)}
    assert search_order(1, [1, 2, 3, 4, 5], mixed) == [2, 3, 4, 5]


def test_worked_example_six_players():
    # S7: round 1 1-4 2-5 3-6, player 1 White: 1 W, 2 B, 3 W
    assert boards(pair(build(range(1, 7), [], system="club"))) == ["1-4", "5-2", "3-6"]
    # 1 and 2 win, 3-6 drawn. {1, 2}: 1-2. {3, 6}: 6 met, no top-half alternative, next group:
    # 4 -> 3-4; 6 alone searches below: 5 -> 6-5. Colours: 1-2 equal imbalance, 1 (lower number)
    # gets Black (S6.3.3); 3-4: 3 Black; 6-5: 5 is the lower number, Black.
    result = pair(build(range(1, 7), [["1-4 1-0", "5-2 0-1", "3-6 ="]], system="club"))
    assert boards(result) == ["2-1", "4-3", "6-5"]
    assert steps(result) == [("paired", "1-2"), ("rejected", "3-6 not kept"), ("paired", "3-4"), ("paired", "6-5")]
    assert {e.rule for e in result.trace if e.step is Step.COLOUR} == {"club S6.3.3"}


def test_first_colour_is_drawn_from_the_event_seed():
    # S6.2: player 1's colour is drawn; odd starting numbers in the upper half get it, even ones
    # the other. The draw comes from the seed stored in the event: same seed, same colours;
    # over ten seeds both colours come up.
    results = {seed: boards(pair(build(range(1, 9), [], system="club", colour_seed=seed))) for seed in range(10)}
    assert set(map(tuple, results.values())) == {("1-5", "6-2", "3-7", "8-4"), ("5-1", "2-6", "7-3", "4-8")}
    assert boards(pair(build(range(1, 9), [], system="club", colour_seed=3))) == results[3]


def test_bye_to_the_lowest_ranked_of_the_lowest_group():
    # S2.3: 4 (0 points, last of the lowest group). {1, 2, 5}: top half {1}, lower half {2, 5}:
    # 1-2; 5 is left alone and searches the next group: 3 -> 5-3. Colours: 1 and 2 both +1, 1
    # the lower number gets Black (S6.3.3); 3 (-1) has the larger imbalance, White (S6.3.2).
    result = pair(build(range(1, 6), [["1-3 1-0", "2-4 1-0", "5 bye"]], system="club"))
    assert boards(result) == ["2-1", "3-5", "bye 4"]


def test_bye_skips_players_who_had_one():
    # S8: the lowest group (1 point) is {2, 3, 4, 5}; 5 and 4 had the bye -> 3 gets it
    rounds = [["1-4 1-0", "2-3 1-0", "5 bye"], ["1-5 1-0", "3-2 1-0", "4 bye"]]
    result = pair(build(range(1, 6), rounds, system="club"))
    assert boards(result)[-1] == "bye 3"
    # the review says why each player was passed over (before: "(a bye already, or the others
    # could not be paired)", whichever it was)
    assert next(e.text for e in result.trace if e.step is Step.BYE) == (
        "3 gets the bye: moved up past 5 and 4: 5 and 4 had the bye already")


def test_bye_moves_up_when_the_others_cannot_be_paired():
    # S5.2: 3 players; 2 and 3 have met. With the bye to 3 (lowest), 1-2 have met too: no
    # pairing. The bye moves up to 2: 1-3 can play.
    rounds = [["1-2 1-0"], ["2-3 ="]]
    result = pair(build([1, 2, 3], rounds, system="club", total_rounds=4))
    assert boards(result) == ["3-1", "bye 2"]
    assert next(e.text for e in result.trace if e.step is Step.BYE) == (
        "2 gets the bye: moved up past 3: with the bye to 3 the others could not all be paired")


DEAD_ENDS = [
    ["1-4 =", "2-5 =", "3-7 =", "6-8 ="],
    ["5-1 =", "4-2 =", "7-6 =", "8-3 ="],
    ["2-3 =", "4-5 =", "1-7 =", "6-9 ="],
]


def test_backtracking_undoes_the_last_pair_first():
    # S5.1: 1 has met 4 and 5 -> 1-6; then 2 has met 4, 5 and 3: dead end, 1-6 is undone and 1
    # tries 3; 2 tries 5 (met), 6 -> 2-6, but 4-5 have met: 2-6 undone, 2 has nobody left, 1-3
    # undone; 1 tries 2 -> 1-2, 3-5, 4-6. (7, 8, 9 withdrew after meeting some of them.)
    result = pair(build(range(1, 10), DEAD_ENDS, system="club", total_rounds=7, withdrawn=(7, 8, 9)))
    undone = [e.text.split(" not kept")[0] for e in result.trace if e.step is Step.EXCHANGE]
    assert undone == ["1-6", "2-6", "1-3"]
    assert sorted(frozenset(map(int, b.split("-"))) for b in boards(result)) == sorted(
        [frozenset({1, 2}), frozenset({3, 5}), frozenset({4, 6})])


def test_third_colour_rule_dropped_only_when_no_pairing_keeps_it():
    # 2 and 3 had Black twice and lead; 1 and 4 had White twice. Every other pair has met, so
    # no complete pairing avoids a third same colour (S6.1): the rule is dropped, 2-3 and 1-4
    # play; 2 and 3: both repeated, equal imbalance, 2 (lower number) gets White (S6.3.3).
    rounds = [["1-3 0-1", "4-2 0-1"], ["4-3 0-1", "1-2 0-1"]]
    result = pair(build(range(1, 5), rounds, system="club", total_rounds=5))
    assert boards(result) == ["2-3", "4-1"]
    assert any(e.rule == "club S6.1" for e in result.trace)


def test_colour_look_ahead_avoids_a_third_colour_when_it_can():
    # S4.3: all drew, everybody on 1 1/2. 1 has met 4, 5 and 6; next in its order comes 3, but 1
    # and 3 both had Black twice running: one would get it a third time, so 1 takes 2. Then 3
    # tries 5 (met), 6 -> 3-6, and 4-5.
    rounds = [["1-4 =", "3-2 =", "5-6 ="], ["5-1 =", "4-3 =", "6-2 ="], ["6-1 =", "5-3 =", "2-4 ="]]
    result = pair(build(range(1, 7), rounds, system="club", total_rounds=6))
    assert ("rejected", "1-3 not kept") in steps(result)
    rejected = next(e for e in result.trace if e.step is Step.REJECTED and e.text.startswith("1-3"))
    assert rejected.rule == "club S4.3" and "third time" in rejected.text
    assert sorted(frozenset(map(int, b.split("-"))) for b in boards(result)) == sorted(
        [frozenset({1, 2}), frozenset({3, 6}), frozenset({4, 5})])


def test_late_entry_and_withdrawal():
    # 7 enters in round 2 without a game; 6 withdrew. {1, 2, 3} (1 point): 1-2 (lower half first),
    # 3 alone searches the next group {4, 5, 7}: 4 -> 3-4; {5, 7}: 5-7. Colours: 5 (+1) has the
    # larger imbalance against 7 (no game): Black (S6.3.2).
    rounds = [["1-4 1-0", "5-2 0-1", "3-6 1-0"]]
    result = pair(build(range(1, 8), rounds, system="club", withdrawn=(6,)))
    assert boards(result) == ["2-1", "4-3", "7-5"]


def _halves(result):
    # the halves of each group (a lone player's line is a note: it has no halves to show)
    return [(e.text, e.rule) for e in result.trace if e.step is Step.PROPOSAL or e.rule == "club S4.5"]


def test_a_group_is_shown_with_the_players_left_to_pair():
    # Seed 003: "both players are take out from score group. The score group with reduced number of
    # players is sorted in ascending order by starting numbers, divided into upper and lower half".
    # After round 1 (1 won, 2-5 and 3-6 drawn, 4 lost): 1 is alone at 1 point and searches the next
    # group from its first player: 1-2. The group of 1/2 then holds 3, 5, 6 (2 is paired): top half
    # 3, lower half 5 6 (S3: with an odd count the lower half is larger). Before: "top half , lower
    # half 1" and "top half 2 3, lower half 5 6".
    result = pair(build(range(1, 7), [["1-4 1-0", "2-5 =", "3-6 ="]], system="club"))
    assert boards(result) == ["2-1", "5-3", "4-6"]
    assert _halves(result) == [("1 is alone in the group: it searches the lower score groups", "club S4.5"),
                               ("top half 3, lower half 5 6", "club S3")]


def test_a_group_whose_players_were_taken_from_above_but_one():
    # Seed 003: the search order reaches "first (then second, third, ...) player closest lower score
    # group". Four players after round 1: 1 (1 point) alone, 2 and 4 (1/2), 3 (0). 1 takes 2 from
    # the group below; 4 is then alone in its group and searches the lower one: 4-3.
    result = pair(build(range(1, 5), [["1-3 1-0", "2-4 ="]], system="club"))
    assert boards(result) == ["2-1", "4-3"] or boards(result) == ["2-1", "3-4"]
    assert _halves(result)[1] == ("4 is alone in the group (the others are paired already): it searches the "
                                  "lower score groups", "club S4.5")


def test_no_complete_pairing_breaks_the_fewest_limitations():
    # Seed 003: "If the pairs cannot be assembled in any permissible way, then the tournament ends."
    # and "Two players can play together only once" ... "A player can get it [the bye] only once".
    # Three players who have all met and all had the bye: no pairing exists. The event goes on: the
    # pairing that breaks the fewest is proposed (one game a second time, one bye a second time),
    # each named with our section (before: NoLegalPairing, "the tournament cannot continue").
    rounds = [["1-2 1-0", "3 bye"], ["3-1 0-1", "2 bye"], ["2-3 =", "1 bye"]]
    result = pair(build([1, 2, 3], rounds, system="club", total_rounds=5))
    # every choice breaks as much (a game and a bye): 3, the lowest ranked of the lowest group, has
    # the bye (S2.3) and 1 takes 2, the first of its search order (S4.2)
    assert boards(result) == ["1-2", "bye 3"]
    assert result.relaxed == ("club S2.1: 1-2 meet a second time", "club S2.3: 3 gets the bye a second time")
    notes = [(e.rule, e.text) for e in result.trace if e.text.startswith("not kept")]
    assert [rule for rule, _ in notes] == ["club S2.1", "club S2.3"]
    assert any(e.rule == "club S5.3" for e in result.trace)
