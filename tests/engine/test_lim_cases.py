"""Lim system (C.04.4.3): cases solved by hand, the reasoning written beside each.

Ratings are 2000 - 10 * TPN unless given; everybody's colours come from the
boards written (white first).
"""

from __future__ import annotations

import pytest

from engine.model.explain import Step
from engine.model.result import NoLegalPairing
from engine.model.tournament import ForbiddenPair
from engine import systems
from engine.systems.lim import Options, options_for, pair_with
from tests.engine.handmade import boards, build


def floaters(result):
    return [(e.players[0], e.data["type"], e.data["direction"], e.rule) for e in result.trace
            if e.step is Step.FLOATER]


def rules(result, step):
    return [e.rule for e in result.trace if e.step is step]


def test_round_one_even_field():
    # art. 7.2 with 2.4: one group, 1-5 2-6 3-7 4-8; #1 gets the drawn colour (White), the odd
    # numbers of the top half (1, 3) the same, the even ones (2, 4) the other
    result = pair_with(build(range(1, 9), []), Options())
    assert boards(result) == ["1-5", "6-2", "3-7", "8-4"]
    assert set(rules(result, Step.COLOUR)) == {"C.04.4.3 art. 7.2"}


def test_round_one_odd_field_bye_2026_lowest_rated_seed_lowest_ranked():
    # #5 is rated 1500, below #6 and #7: art. 7.1 (2026) gives the bye to the lowest rated, #5;
    # the seed's section 8.1 to the lowest ranked, #7. The rest pair 1 v n/2+1 with 7.2 colours.
    t = build([(1, 2400), (2, 2300), (3, 2200), (4, 2100), (5, 1500), (6, 2000), (7, 1900)], [])
    assert boards(pair_with(t, Options())) == ["1-4", "6-2", "3-7", "bye 5"]
    assert boards(pair_with(t, Options(seed_rules=True))) == ["1-4", "5-2", "3-6", "bye 7"]


def test_round_two_colour_exchanges_above_and_below_the_median():
    # after round 1 (1, 2, 3, 4 won) the median score is 1/2 and nobody has it. Group 1 {1..4},
    # downward: proposed 1-3 2-4; 1 and 3 both had White, both due Black (5.2) -> 1 takes the
    # next opponent due White in the art. 4 order: 4 -> 1-4, 2-3. Group 0 {5..8}, upward (the
    # mirror image): proposed 8-6, 7-5; 8 and 6 both had White -> 8 takes 5 -> 8-5, 7-6.
    result = pair_with(build(range(1, 9), [["1-5 1-0", "6-2 0-1", "3-7 1-0", "8-4 0-1"]]), Options())
    colour = [(e.data["player"], [f"{a}-{b}" for a, b in e.data["pairs"]]) for e in result.trace
              if e.step is Step.EXCHANGE]
    assert colour == [(1, ["1-4", "2-3"]), (8, ["8-5", "7-6"])]
    assert boards(result) == ["4-1", "2-3", "5-8", "7-6"]


def test_bye_passes_over_players_who_already_had_one():
    # round 3 of five players; the lowest group (1 point) is {2, 3, 4, 5}: 5 had the PAB in
    # round 1 and 4 in round 2 (Basic Rules art. 4) -> the bye goes to 3. Then 1 (2 points) is
    # alone and floats into the median group {2, 4, 5} (median = 1), where the downfloater is
    # paired first (3.6) with the highest ranked player due the other colour (3.8): 1 had White
    # twice (due Black), 2 has met 1, so 4 (due White). 2-5 is left: 2 due White, 5 due Black.
    t = build(range(1, 6), [["1-3 1-0", "2-4 1-0", "5 bye"], ["1-2 1-0", "5-3 0-1", "4 bye"]])
    result = pair_with(t, Options())
    assert boards(result) == ["4-1", "2-5", "bye 3"]
    assert [e.players[0] for e in result.trace if e.step is Step.NOTE and "may not have the bye" in e.text] == [5, 4]


def test_full_point_bye_blocks_the_pab_in_2026_not_in_the_seed():
    # #5 took a requested full-point bye in round 1: under Basic Rules art. 4 (2026) that is a
    # win's points without playing, no PAB; the seed (8.2) bars only a bye or a win by default.
    t = build(range(1, 6), [["1-3 1-0", "2-4 1-0", "5 full"], ["1-2 1-0", "5-3 0-1", "4 bye"]])
    assert boards(pair_with(t, Options()))[-1] == "bye 3"
    assert boards(pair_with(t, Options(seed_rules=True)))[-1] == "bye 5"


TEN = [["1-6 1-0", "7-2 0-1", "3-8 1-0", "9-4 1-0", "5-10 0-1"]]


def test_odd_groups_colour_floaters_and_a_blocked_median_group():
    # Group 1 {1, 2, 3, 9, 10} is odd: due Black 1, 3, 9, due White 2, 10 -> the floater tends to
    # equalise (3.2.2): the lowest ranked due Black, 9 (not the default 10). Then 1-3 (both due
    # Black) is exchanged for 1-10, 2-3 (5.2). Group 0 {4..8} upward is odd: due White 4, 6, 8,
    # due Black 5, 7 -> upward the highest ranked due White floats: 4. The median group (1/2,
    # empty) gets 9 and 4, who met: blocked (2.6). As many floaters came from above as from
    # below, so the higher group's last pairing 2-3 is cracked (2.6.2). Downfloaters first
    # (3.6.3): 2 (due White) takes the highest ranked due Black that leaves the rest paired: 3
    # would leave 9-4, so 9; then 3-4. Below, 8-6 (both due White) becomes 8-5, 7-6.
    result = pair_with(build(range(1, 11), TEN), Options())
    assert floaters(result) == [(9, "d", "down", "C.04.4.3 art. 3.2.2"), (4, "d", "up", "C.04.4.3 art. 3.2.2")]
    cracked = [e.data["cracked"] for e in result.trace if "cracked" in e.data]
    assert cracked == [(2, 3)]
    assert [e.rule for e in result.trace if "cracked" in e.data] == ["C.04.4.3 art. 2.6.2"]
    assert boards(result) == ["10-1", "2-9", "4-3", "8-5", "6-7"]


def test_maxi_tournament_keeps_the_default_floater_when_the_colour_choice_is_too_far():
    # The same round with #9 rated 1700: the colour choice 9 is 200 points from the default
    # floater 10, so in a Maxi-tournament 10 floats (3.2.3). 1-3 (both due Black) is exchanged
    # for 1-2, 3-9: 2 is the first due White, and 2 and 3 are within 100 points (5.7).
    players = [1, 2, 3, 4, 5, 6, 7, 8, (9, 1700), (10, 1900)]
    result = pair_with(build(players, TEN), Options(maxi=True))
    assert floaters(result)[0] == (10, "d", "down", "C.04.4.3 art. 3.2.3")
    assert boards(result) == ["2-1", "9-3", "4-10", "8-5", "6-7"]
    assert floaters(pair_with(build(players, TEN), Options()))[0][0] == 9


def test_the_maxi_option_of_the_event_settings_reaches_the_pairing():
    """Lim reads Maxi from the settings' options, as the catalogue entry declares it, for both editions."""
    players = [1, 2, 3, 4, 5, 6, 7, 8, (9, 1700), (10, 1900)]
    for info in (systems.get("lim-2026"), systems.get("lim-seed")):
        (maxi,) = info.options
        on = build(players, TEN, system=info.id, options={maxi.id: "yes"})
        assert options_for(on, seed_rules=False).maxi
        assert floaters(info.pair(on))[0][0] == 10  # 3.2.3: the colour choice 9 is too far from 10
        assert floaters(info.pair(build(players, TEN, system=info.id)))[0][0] == 9


LAST = [["1-3 0-1", "4-2 0-1"], ["4-3 0-1", "1-2 0-1"]]


def test_last_round_colours_give_way_to_equal_scores():
    # 2 and 3 both had Black twice, 1 and 4 White twice. In round 3 of 3 (art. 6) 2-3 and 1-4
    # may meet: 2-3 both must have White, identical histories, at or above the median the
    # higher ranked gets it (5.4): 2 White. 1-4 is below the median: the lower ranked, 4, gets
    # the Black due.
    assert boards(pair_with(build(range(1, 5), LAST, total_rounds=3), Options())) == ["2-3", "1-4"]


@pytest.mark.parametrize("system", ["lim-2026", "lim-seed"])
def test_same_histories_before_the_last_round_break_the_fewest_limitations(system):
    # The same histories with five rounds: 2-3 and 1-4 break the colour limits and every other
    # pair has met. Seed 000, 9.1: "compatible provided that the pairing will not require either
    # player to have the same colour in three successive rounds"; 12.1 (a) "no player shall be given
    # the same colour in three successive rounds". No pairing keeps them, and the text says nothing
    # of such a round: the pairing that breaks the fewest (two colour limits, no rematch) is
    # proposed, each broken limitation named with its article (before: NoLegalPairing, the event stopped).
    seed = system == "lim-seed"
    result = pair_with(build(range(1, 5), LAST, total_rounds=5, system=system), Options(seed_rules=seed))
    assert boards(result) == ["2-3", "1-4"]
    rule = "Lim (seed) sections 9.1, 12.1(a)" if seed else "C.04.4.3 art. 2.1, 5.1.1"
    assert result.relaxed == (f"{rule}: 3 gets black a third time in a row",
                              f"{rule}: 1 gets white a third time in a row")
    named = [(e.rule, e.text) for e in result.trace if e.text.startswith("not kept")]
    assert named == [(rule, "not kept: 3 gets black a third time in a row"),
                     (rule, "not kept: 1 gets white a third time in a row")]


def test_players_kept_apart_are_never_paired_even_relaxed():
    # Four players, round 3 of five; 1-3, 2-4, 1-4 and 2-3 have been played and the arbiter keeps
    # 1 from 2 and 3 from 4: only a second game can pair the round (art. 2.1 relaxed), never a
    # pair kept apart. Two players kept apart have no pairing at all: the arbiter decides.
    rounds = [["1-3 1-0", "2-4 1-0"], ["4-1 0-1", "3-2 0-1"]]
    apart = (ForbiddenPair(frozenset((1, 2))), ForbiddenPair(frozenset((3, 4))))
    result = pair_with(build(range(1, 5), rounds, forbidden=apart), Options())
    pairs = sorted(tuple(sorted(map(int, b.split("-")))) for b in boards(result))
    assert pairs in ([(1, 3), (2, 4)], [(1, 4), (2, 3)])
    assert [line.split(": ")[0] for line in result.relaxed] == ["C.04.4.3 art. 2.1"] * 2
    assert all("meet a second time" in line for line in result.relaxed)
    with pytest.raises(NoLegalPairing):
        pair_with(build([1, 2], [["1-2 1-0"]], forbidden=(ForbiddenPair(frozenset((1, 2))),)), Options())


def test_late_entry_and_withdrawal():
    # #7 enters in round 2 with no game, #6 has withdrawn. Group 1 {1, 2, 3}: due Black 1, 3,
    # due White 2 -> 3 floats down (3.2.2); 1-2. Group 0 {4, 5, 7} upward: due White 4, due Black
    # 5, 7 has no colour -> balanced, the highest ranked (4) floats up (3.2.4); 7-5 (5 due Black).
    # Median group {3, 4}: 4-3.
    t = build(range(1, 8), [["1-4 1-0", "5-2 0-1", "3-6 1-0"]], withdrawn=(6,))
    result = pair_with(t, Options())
    assert boards(result) == ["2-1", "4-3", "7-5"]
    assert [f[3] for f in floaters(result)] == ["C.04.4.3 art. 3.2.2", "C.04.4.3 art. 3.2.4"]


def test_a_downfloater_that_has_met_the_whole_next_group_floats_on_as_type_b():
    # 1 (3 points) has beaten 2, 3 and 4, the whole 2-point group: alone, it floats down
    # (2.3.4), then out of the 2-point group too (2.3.1), a floater of type b (3.9.1: it floated
    # into this group and has compatible opponents next door, 7 and 8). {2, 3, 4} is odd: 4 is
    # the only one with a compatible opponent next door (type d), so 4 floats (3.9.2).
    rounds = [["1-2 1-0", "3-5 1-0", "4-6 1-0", "7-8 ="], ["3-1 0-1", "2-7 1-0", "5-4 0-1", "6-8 ="],
              ["1-4 1-0", "8-2 0-1", "6-3 0-1", "5-7 ="]]
    result = pair_with(build(range(1, 9), rounds), Options())
    assert floaters(result)[:3] == [(1, "c", "down", "C.04.4.3 art. 2.3.4"), (1, "b", "down", "C.04.4.3 art. 2.3.1"),
                                    (4, "d", "down", "C.04.4.3 art. 3.9.2")]
    assert "2-3" in boards(result)


def test_type_a_floater_and_a_floater_of_last_round_kept():
    # 1 (3 points) beat 2, 3 and 4 and had White twice running; the median group (1 1/2) is 7
    # and 8, who must have Black too. 1 floats from its group (2.3.4), then out of the 2-point
    # group (2.3.1) as a floater of type a (3.9.1: floated in, no compatible opponent next door).
    # {2, 3, 4} is odd: 2 and 3 floated last round (they beat lower-scored players), 4 did not,
    # so 4 floats (3.10). In the median group 1 can meet nobody: the lower side's pair 6-5 is
    # cracked (2.6.1: two floaters came from above, none from below); 1 then takes 6, due White.
    rounds = [["2-1 0-1", "3-5 1-0", "4-6 1-0", "7-8 ="],
              ["1-3 1-0", "5-2 0-1", "6-4 0-1", "7-9 =", "8-10 ="],
              ["1-4 1-0", "2-6 1-0", "3-11 1-0", "7-12 =", "8-13 ="]]
    result = pair_with(build(range(1, 14), rounds, withdrawn=(9, 10, 11, 12, 13), total_rounds=6), Options())
    assert floaters(result) == [(1, "c", "down", "C.04.4.3 art. 2.3.4"), (1, "a", "down", "C.04.4.3 art. 2.3.1"),
                                (4, "d", "down", "C.04.4.3 art. 3.10")]
    # the explanation says why 4 rather than 2 or 3 (issue 30 item 6: it named art. 3.10 only)
    (four,) = [e for e in result.trace if e.step is Step.FLOATER and e.players == (4,)]
    assert four.data["reason"].startswith("the group must be even; 2, 3 floated in the round before (art. 3.10); 4 ")
    assert [e.rule for e in result.trace if "cracked" in e.data] == ["C.04.4.3 art. 2.6.1"]
    assert boards(result) == ["6-1", "3-2", "4-7", "5-8"]


def test_bye_moves_up_when_the_others_could_not_be_paired():
    # 3 was absent in round 1, 1 beat 2. The bye goes first to 3 (lowest ranked of the lowest
    # group), but then 1-2 would be a rematch: with the next eligible player, 2, the others pair
    # (our reading of art. 1.1, as the Team and Double-Swiss texts say). 1 (due Black) meets 3.
    result = pair_with(build([1, 2, 3], [["1-2 1-0"]], total_rounds=4), Options())
    assert boards(result) == ["3-1", "bye 2"]
    assert any("with the bye to 3 the others could not all be paired" in e.text for e in result.trace)


# Round 1 of fourteen: 1, 2, 3, 4, 5, 6 and 7 win (colours W B W W B B W: due B W B B W W B).
SEVEN_WINNERS = [["1-8 1-0", "9-2 0-1", "3-10 1-0", "4-11 1-0", "12-5 0-1", "13-6 0-1", "7-14 1-0"]]


def _kept_apart(*pairs):
    return tuple(ForbiddenPair(frozenset(p)) for p in pairs)


def _group_one(result):
    return [e for e in result.trace if e.bracket == 1]


@pytest.mark.parametrize("system", ["lim-2026", "lim-seed"])
def test_art_4_4_1_the_evenness_floater_is_exchanged_with_player_2(system):
    # Seed 000, 11.4 (2026 art. 4.4, 4.4.1): "if Player #1 and Player #2 have previously played each
    # other and all the other players except Player #6, then the original pairing of Player #1 with
    # Player #6 is retained and Player #2 is floated. And, (a) if the score-group originally had
    # uneven members and the lowest numbered player was floated to make even the number of players in
    # the score-group, #2 is exchanged with the floater, originally #7 in the score-group".
    # The seven winners of round 1; 1 and 2 may meet neither each other nor 3, 4, 5 (kept apart, as
    # if they had met). Group 1 is odd: 7 floats (3.2.2: four are due Black, 7 is the lowest of
    # them). {1..6}: 1 takes 6 after 4 and 5; 2 then has nobody (4, 5, 3): 2 floats and 7 comes
    # back: 3-5, 4-7. (Before: 4 floated, as the only player whose leaving cost no pair: 1-6 2-7 3-5.)
    seed = system == "lim-seed"
    t = build(range(1, 15), SEVEN_WINNERS, system=system,
              forbidden=_kept_apart((1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)))
    result = pair_with(t, Options(seed_rules=seed))
    group = _group_one(result)
    kept = [e for e in group if e.step is Step.PAIRED]
    assert kept[-1].data["pairs"] == [(1, 6), (3, 5), (4, 7)]
    assert [(e.players[0], e.data["reason"]) for e in group if e.step is Step.FLOATER] == [
        (7, "the group must be even; 7 is due black, the colour more of the group are due, and the lowest "
            "ranked of those (art. 3.2.2)"), (2, "2 has no compatible opponent left in the group")]
    # 11.2-11.3's columns for #1 (1 v 5, 1 v 6) and #2 (2 v 5, 2 v 3), each named for whose opponent
    # changes (before: "exchange 1 for 1")
    assert [e.text.split(" because")[0] for e in group if e.step is Step.EXCHANGE] == [
        "1's opponent exchanged (1's 2nd candidate)", "1's opponent exchanged (1's 3rd candidate)",
        "2's opponent exchanged (2's 2nd candidate)", "2's opponent exchanged (2's 3rd candidate)"]
    back = next(e for e in group if e.step is Step.NOTE)
    assert back.players == (7, 2) and "exchanged with 2" in back.text
    assert back.rule == ("Lim (seed) section 11.4(a)" if seed else "C.04.4.3 art. 4.4.1")
    assert "2-8" in boards(result)


def test_art_4_4_2_an_even_group_floats_the_lowest_player_with_player_2():
    # Seed 000, 11.4 (b) (2026 art. 4.4.2): "if the score-group was originally even, then the lowest
    # numbered player remaining must be floated in company with #2 to maintain an even number of
    # members in the score-group". Six winners; 1 and 2 kept apart from each other and 3, 4, 5:
    # 1-6 is kept, 2 floats and 5, the lowest numbered left, floats with it; 3-4.
    rounds = [["1-7 1-0", "8-2 0-1", "3-9 1-0", "10-4 0-1", "5-11 1-0", "12-6 0-1"]]
    t = build(range(1, 13), rounds, forbidden=_kept_apart((1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)))
    group = _group_one(pair_with(t, Options()))
    assert [e for e in group if e.step is Step.PAIRED][-1].data["pairs"] == [(1, 6), (3, 4)]
    assert [(e.players[0], e.rule) for e in group if e.step is Step.FLOATER] == [
        (2, "C.04.4.3 art. 4.4"), (5, "C.04.4.3 art. 4.4.2")]


def test_the_named_floater_is_passed_over_only_when_4_4_1_cannot_save_the_pair():
    # Our reading of 2.3.4 with 4.4.1 (docs/systems.md): the player art. 3 names floats unless the
    # group would still lose a pair. Five winners; 1 may meet only 5 of them, 5 only 1. 3.2.2 names
    # 5 (1, 4, 5 are due Black, 5 the lowest). Floated, 5 would leave 1 without an opponent; 1 would
    # float and 5 come back (4.4.1) with nobody to play: one pair instead of two. So 4, the next
    # player 3.2.2 names, floats, and the review says why 5 did not (before: no word of 5).
    rounds = [["1-6 1-0", "7-2 0-1", "8-3 0-1", "4-9 1-0", "5-10 1-0"]]
    t = build(range(1, 11), rounds, forbidden=_kept_apart((1, 2), (1, 3), (1, 4), (5, 2), (5, 3), (5, 4)))
    group = _group_one(pair_with(t, Options()))
    assert [e.data["pairs"] for e in group if e.step is Step.PAIRED] == [[(1, 5), (2, 3)]]
    floater = next(e for e in group if e.step is Step.FLOATER)
    assert floater.players == (4,) and floater.rule == "C.04.4.3 art. 3.2.2"
    assert floater.data["reason"] == ("the group must be even; 5, whom art. 3.2.2 names first, is passed over: the "
                                      "group would be a pair short without 5, even with 5 brought back by art. 4.4.1")
