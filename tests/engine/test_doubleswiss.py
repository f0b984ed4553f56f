"""C.04.5 Double-Swiss: hand-built cases, each named after the article it checks, and random events.

The cases are built from the text's rules as docs/systems.md ("Double-Swiss") reads
them; each round's history is a list of matches of the model (engine/model/matches.py).
"""

from __future__ import annotations

import pytest

from engine.model.matches import Game, Match, MatchScoring
from engine.model.tournament import Colour, ResultCode, as_points
from engine.model.units import Unit
from engine.systems.doubleswiss import DoubleSwissError, pair_matches
from engine.systems.doubleswiss.history import histories
from engine.systems.doubleswiss.simulate import play_event
from engine.validate.doubleswiss import check_double_swiss_round

W, D, L = ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS
FW, FL = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS


def units(n: int) -> list[Unit]:
    return [Unit.player(i, f"P{i}") for i in range(1, n + 1)]


Codes = tuple[ResultCode, ResultCode]


def match(number: int, white: int, black: int, g1: Codes, g2: Codes) -> Match:
    """A match: ``white`` has White in game 1; ``g1``/``g2`` are (White's, Black's) codes of each game."""
    games = (Game(white, black, g1), Game(black, white, g2))
    return Match(number, Unit.player(white, f"P{white}"), Unit.player(black, f"P{black}"), games)


def bye(number: int, player: int) -> Match:
    return Match(number, Unit.player(player, f"P{player}"), None)


def pairs_of(result) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    return [(m.home.id, m.away.id) for m in result.matches if m.away is not None]


def as_sets(result) -> set[frozenset[int]]:  # type: ignore[no-untyped-def]
    return {frozenset(p) for p in pairs_of(result)}


def test_preface_every_match_is_two_games_with_reversed_colours() -> None:
    result = pair_matches(units(6), [])
    for m in result.matches:
        first, second = m.games
        assert (second.white, second.black) == (first.black, first.white)


def test_preface_single_forfeited_game_is_a_played_match_the_pair_may_not_meet_again() -> None:
    # Round 1: 1-3 played game 1, game 2 forfeited by 3; 2-4 normal. Scores: 1 has 2, 2 has 2.
    r1 = [match(1, 1, 3, (W, L), (FL, FW)), match(2, 2, 4, (W, L), (L, W))]
    # 1 and 3 met (one game over the board): round 2 must not pair them.
    result = pair_matches(units(4), [r1])
    assert frozenset({1, 3}) not in as_sets(result)


def test_preface_match_forfeited_in_both_games_lets_the_pair_meet_again() -> None:
    # Round 1: 3 forfeits both games against 1 (the match ended by forfeit); 2-5, 4-6 drawn.
    r1 = [match(1, 1, 3, (FW, FL), (FL, FW)), match(2, 2, 5, (D, D), (D, D)), match(3, 4, 6, (D, D), (D, D))]
    keep_1_from = frozenset(frozenset({1, x}) for x in (2, 4, 5, 6))
    result = pair_matches(units(6), [r1], forbidden=keep_1_from)
    assert frozenset({1, 3}) in as_sets(result)
    # The same round with one game played over the board: a played match, no second one.
    r1_played = [match(1, 1, 3, (W, L), (FL, FW))] + r1[1:]
    with pytest.raises(DoubleSwissError, match="C.04.5"):
        pair_matches(units(6), [r1_played], forbidden=keep_1_from)


def test_art_3_4_bye_to_lowest_score_then_largest_tpn() -> None:
    result = pair_matches(units(5), [])
    assert result.bye == 5
    assert any("art. 3.4" in line for line in result.review)


def test_art_3_4_bye_never_twice_and_never_after_a_win_without_play() -> None:
    # Round 1: 5 has the bye. Round 2: 2 has it, and 4 wins a match 3 forfeits in both games.
    r1 = [match(1, 1, 3, (W, L), (L, W)), match(2, 2, 4, (L, W), (W, L)), bye(3, 5)]
    r2 = [match(1, 1, 5, (D, D), (D, D)), match(2, 4, 3, (FW, FL), (FL, FW)), bye(3, 2)]
    result = pair_matches(units(5), [r1, r2])
    assert result.bye not in (2, 4, 5)
    assert result.bye == 3  # the lowest score of those who may have it


def test_art_3_4_bye_most_matches_played_before_tpn() -> None:
    # 1, 2, 3 win both games against 4, 5, 7; 6 is absent. 4, 5, 6, 7 are all on 0.
    r1 = [match(1, 1, 4, (W, L), (L, W)), match(2, 2, 5, (W, L), (L, W)), match(3, 3, 7, (W, L), (L, W))]
    result = pair_matches(units(7), [r1])
    # Among the lowest score, the most matches played goes first: 7 (one match, largest TPN),
    # not 6, who played none.
    assert result.bye == 7


def test_art_3_4_bye_passed_over_when_the_rest_cannot_be_paired() -> None:
    # 3 players left after the bye must pair: 1,2 met; so the bye cannot go to 3 (1-2 left).
    r1 = [match(1, 1, 2, (D, D), (D, D)), bye(2, 3)]
    result = pair_matches(units(3), [r1[:1]])
    assert result.bye != 3
    assert result.bye == 2  # 2 and 3 tie on nothing: 3 would leave 1-2, a rematch; 2 leaves 1-3


def test_art_3_5_fewest_upfloaters_with_the_best_score() -> None:
    # Round 1: 1 beat 4 2-0; 2-5 and 3-6 drawn 1-1. Scores: 1:2, 2,3,5,6:1, 4:0.
    r1 = [match(1, 1, 4, (W, L), (L, W)), match(2, 2, 5, (D, D), (D, D)), match(3, 3, 6, (D, D), (D, D))]
    # Game 2 of 1-4 has 4 with White: (L, W) is 4's loss, so 1 won both games.
    result = pair_matches(units(6), [r1])
    ups = [line for line in result.review if "art. 3.5" in line]
    # Scoregroup 2 is 1 alone: one upfloater from scoregroup 1, the first in TPN order (2).
    assert ups[0] == "art. 3.5: scoregroup 2 takes upfloaters 2"
    assert frozenset({1, 2}) in as_sets(result)


def test_art_3_5_upfloater_passed_over_when_it_met_the_resident() -> None:
    r1 = [match(1, 1, 2, (W, L), (L, W)), match(2, 3, 4, (D, D), (D, D)), match(3, 5, 6, (D, D), (D, D))]
    # 1 alone on 2 points, met 2 (on 0): the upfloater is 3, the first of scoregroup 1.
    result = pair_matches(units(6), [r1])
    assert frozenset({1, 3}) in as_sets(result)


def test_art_3_6_first_pairing_in_identifier_order() -> None:
    # Four players on one score, 1 met 3 and 2 met 4 in drawn matches: tops {1,2} remain
    # possible with 1-4, 2-3 (identifier 1 2 4 3), earlier than tops {1,3}.
    r1 = [match(1, 1, 3, (D, D), (D, D)), match(2, 2, 4, (D, D), (D, D))]
    result = pair_matches(units(4), [r1])
    assert as_sets(result) == {frozenset({1, 4}), frozenset({2, 3})}


def test_art_3_6_natural_pairing_top_half_against_bottom_half() -> None:
    result = pair_matches(units(8), [])
    assert as_sets(result) == {frozenset(p) for p in ((1, 5), (2, 6), (3, 7), (4, 8))}


def test_art_4_initial_colour_by_lot_odd_tpn_hrp_has_it() -> None:
    white = pair_matches(units(4), [], initial_colour=Colour.WHITE)
    assert pairs_of(white) == [(1, 3), (4, 2)]
    black = pair_matches(units(4), [], initial_colour=Colour.BLACK)
    assert pairs_of(black) == [(3, 1), (2, 4)]


def test_art_4_fewer_whites_gets_white() -> None:
    # 1 had White in game 1 in round 1, 4 had Black: 4 gets White now whatever the rank.
    r1 = [match(1, 1, 2, (D, D), (D, D)), match(2, 3, 4, (D, D), (D, D))]
    result = pair_matches(units(4), [r1], forbidden=frozenset({frozenset({1, 3}), frozenset({2, 4})}))
    assert (4, 1) in pairs_of(result)
    assert any(line.startswith("art. 4 fewer Whites") for line in result.review)


def test_art_4_last_different_colours_then_alternation() -> None:
    # Round 1: 1 White v 2, 3 White v 4; round 2: 4 White v 1, 2 White v 3.
    r1 = [match(1, 1, 2, (D, D), (D, D)), match(2, 3, 4, (D, D), (D, D))]
    r2 = [match(1, 4, 1, (D, D), (D, D)), match(2, 2, 3, (D, D), (D, D))]
    # Now 1: W,B ; 3: W,B ; equal Whites, same history: alternation of the HRP (1): White.
    result = pair_matches(units(4), [r1, r2])
    assert (1, 3) in pairs_of(result)
    assert any("alternation (HRP)" in line for line in result.review)
    # 2: B,W and 4: B,W likewise; the HRP 2 alternates to Black.
    assert (4, 2) in pairs_of(result)


def test_art_4_last_round_where_colours_differed() -> None:
    r1 = [match(1, 1, 2, (D, D), (D, D)), match(2, 3, 4, (D, D), (D, D))]
    r2 = [match(1, 1, 3, (D, D), (D, D)), match(2, 4, 2, (D, D), (D, D))]
    # 1: W,W ; 4: B,W. Whites 2 vs 1: fewer Whites (4) gets White.
    # 2: B,B ; 3: W,B. Whites 0 vs 1: 2 gets White.
    result = pair_matches(units(4), [r1, r2])
    assert set(pairs_of(result)) == {(4, 1), (2, 3)}


def test_validator_finds_a_rematch_a_second_bye_and_unreversed_colours() -> None:
    us = units(3)
    r1 = [match(1, 1, 2, (D, D), (D, D)), bye(2, 3)]
    bad = [Match(1, us[0], us[1], (Game(1, 2), Game(1, 2))), bye(2, 3)]
    found = check_double_swiss_round(us, bad, [r1], MatchScoring())
    assert any("have met before" in f for f in found)
    assert any("a second time" in f for f in found)
    assert any("reverse" in f or "White again" in f for f in found)


def test_unpairable_round_names_the_article() -> None:
    r1 = [match(1, 1, 2, (D, D), (D, D))]
    with pytest.raises(DoubleSwissError, match="C.04.5"):
        pair_matches(units(2), [r1])


@pytest.mark.parametrize("seed", range(1, 41))
def test_random_events_complete_with_no_findings(seed: int) -> None:
    report = play_event(seed, check_double_swiss_round, players=12 + (seed * 13) % 60, rounds=5 + seed % 3)
    assert report.unpairable is None
    assert report.findings == ()
    assert report.paired == report.rounds


def test_art_3_6_c8_upfloater_not_against_a_player_who_floated_last_round() -> None:
    # Round 1: 1 and 3 win 2-0, 4-7 drawn, 2 has the bye (a float): 1, 2, 3 on 2 points.
    r1 = [match(1, 1, 5, (W, L), (L, W)), match(2, 3, 6, (W, L), (L, W)), match(3, 4, 7, (D, D), (D, D)), bye(4, 2)]
    result = pair_matches(units(7), [r1])
    assert result.bye == 6
    # Bracket 1, 2, 3 + upfloater 4: the first identifier 1-3, 2-4 puts 4 against 2, who
    # floated; [C8] takes the next, 1-4, 2-3.
    assert {frozenset({1, 4}), frozenset({2, 3})} <= as_sets(result)
    # In the last round [C8] is suspended: the first identifier stands.
    last = pair_matches(units(7), [r1], last_round=True)
    assert {frozenset({1, 3}), frozenset({2, 4})} <= as_sets(last)


def test_preface_each_player_forfeiting_one_game_is_a_regularly_played_match() -> None:
    # No game over the board, but neither player forfeited both: the text calls the match
    # regularly played, so 1 and 3 may not meet again.
    r1 = [match(1, 1, 3, (FL, FW), (FL, FW)), match(2, 2, 5, (D, D), (D, D)), match(3, 4, 6, (D, D), (D, D))]
    keep_1_from = frozenset(frozenset({1, x}) for x in (2, 4, 5, 6))
    with pytest.raises(DoubleSwissError, match="C.04.5"):
        pair_matches(units(6), [r1], forbidden=keep_1_from)


def test_validator_finds_a_bye_after_a_match_won_by_forfeit_of_both_games() -> None:
    us = units(3)
    r1 = [match(1, 1, 2, (FW, FL), (FL, FW)), bye(2, 3)]
    found = check_double_swiss_round(us, [match(1, 2, 3, (D, D), (D, D)), bye(2, 1)], [r1], MatchScoring())
    assert any("without playing" in f for f in found)


def test_c04_7_virtual_points_change_the_scoregroups_not_the_colours() -> None:
    # Round 1 with virtual points for 1-4 (group A of an accelerated event of 8): two
    # scoregroups, 1-3, 2-4 and 5-7, 6-8, instead of the single group's 1-5, 2-6, ...
    virtual = {i: as_points(1) for i in (1, 2, 3, 4)}
    result = pair_matches(units(8), [], virtual=virtual)
    assert as_sets(result) == {frozenset(p) for p in ((1, 3), (2, 4), (5, 7), (6, 8))}
    # Colours read the real scores: all equal, so the initial colour by TPN parity of
    # the HRP (the smaller TPN): 1, 5 (odd) White; 2, 6 (even) Black.
    assert set(pairs_of(result)) == {(1, 3), (4, 2), (5, 7), (8, 6)}


def test_c04_7_the_colour_rule_reads_the_real_score_not_the_virtual_points() -> None:
    # 1 and 3 have not played; 3 has a virtual point. By real scores 1 is the HRP (odd:
    # the initial colour, White); had the virtual point counted, 3 would be (odd: White).
    pair = [Unit.player(1, "P1"), Unit.player(3, "P3")]
    result = pair_matches(pair, [], virtual={3: as_points(1)})
    assert pairs_of(result) == [(1, 3)]


def test_art_3_5_c7_a_float_against_a_player_who_withdrew_since_still_counts() -> None:
    # Round 1: 1 beats 2, 4 beats 3 (1 and 4 on 2, 2 and 3 on 0). Round 2: 3 is paired up
    # against 1 (2 points against 0); then 1 withdraws. 3 floated in round 2 all the same.
    r1 = [match(1, 1, 2, (W, L), (L, W)), match(2, 4, 3, (W, L), (L, W))]
    r2 = [match(1, 1, 3, (D, D), (D, D)), match(2, 2, 4, (D, D), (D, D))]
    field = [u for u in units(4) if u.id != 1]
    state = histories(field, [r1, r2], MatchScoring())
    assert state[3].floated_last_round
    assert state[2].floated_last_round and state[4].floated_last_round  # 0 against 2 points


def test_art_1_6_a_match_with_no_game_played_gives_no_colour() -> None:
    # C.04.5 art. 1.6 as restated (docs/systems.md, "The second search"): a player has a colour
    # for a match only when at least one of its games was played. Each of 1 and 2 forfeited one
    # game: a meeting (they may not meet again), but no colour for either.
    r1 = [match(1, 1, 2, (FL, FW), (FL, FW)), match(2, 3, 4, (W, L), (D, D))]
    found = histories(units(4), [r1], MatchScoring())
    assert found[1].colours == (Colour.NONE,) and found[2].colours == (Colour.NONE,)
    assert found[1].opponents == frozenset({2})
    assert found[3].colours == (Colour.WHITE,)


def test_art_3_6_2_identifier_example_as_restated() -> None:
    # C.04.5 art. 3.6.2's example as two restatements quote it: the pairs 4-8, 6-16, 9-10 and
    # 11-24 have the identifier "4 6 9 11 8 16 10 24" (the tops ascending, then their partners).
    from engine.systems.doubleswiss.brackets import identifier

    state = histories(units(24), [], MatchScoring())
    pairs = [(state[a], state[b]) for a, b in ((9, 10), (11, 24), (4, 8), (6, 16))]
    assert identifier(pairs) == ((4, 6, 9, 11), (8, 16, 10, 24))
