"""Colour preferences (C.04.3 art. 1.7) and allocation (art. 5.2), with the spec's worked examples."""

from __future__ import annotations

import pytest

from engine.model.terms import Strength
from engine.model.tournament import Colour
from engine.systems.colours import allocate, colour_state

W, B = Colour.WHITE, Colour.BLACK


def seq(text: str) -> list[Colour]:
    return [W if c == "W" else B for c in text if c in "WB"]


@pytest.mark.parametrize(
    "history, pref, strength",
    [
        ("", Colour.NONE, Strength.NONE),
        ("W", B, Strength.STRONG),
        ("WB", W, Strength.MILD),
        ("BBW", W, Strength.STRONG),
        ("WWB", B, Strength.STRONG),
        ("WW", B, Strength.ABSOLUTE),
        ("BWBB", W, Strength.ABSOLUTE),
        ("WWBWW", B, Strength.ABSOLUTE),
        ("BWW", B, Strength.ABSOLUTE),
    ],
)
def test_preferences(history: str, pref: Colour, strength: Strength) -> None:
    s = colour_state(seq(history))
    assert s.preference is pref
    assert s.strength is strength


def test_colour_difference_beyond_one_is_absolute_for_the_lower_colour() -> None:
    s = colour_state(seq("WWBWB W"))  # 4 White, 2 Black, last two B W
    assert s.difference == 2
    assert s.preference is B and s.absolute and s.absolute_imbalance


def test_two_same_colours_with_unplayed_round_between_are_absolute() -> None:
    # C.04.2 art. 3.4: W u W compresses to u W W
    s = colour_state([W, Colour.NONE, W])
    assert s.absolute and s.preference is B


def alloc(xh: str, yh: str, x_higher: bool = True, odd: bool = True, initial: Colour = W):
    return allocate(1, colour_state(seq(xh)), 2, colour_state(seq(yh)), x_higher, odd, initial)


def test_5_2_1_both_preferences_granted() -> None:
    a = alloc("WB", "BW")
    assert (a.white, a.black, a.rule) == (1, 2, "5.2.1")


def test_5_2_2_stronger_preference_wins() -> None:
    # spec example: X "WB" mild White, Y "BBW" strong White -> Y White
    a = alloc("WB", "BBW")
    assert (a.white, a.black, a.rule) == (2, 1, "5.2.2")


def test_5_2_2_two_absolute_larger_imbalance_wins() -> None:
    a = alloc("BWBB", "BBWBB")  # CD -2 vs CD -3, both want White
    assert (a.white, a.black, a.rule) == (2, 1, "5.2.2")


def test_5_2_3_alternate_from_latest_difference() -> None:
    # spec example: X WBWB, Y BWWB -> X had Black, Y White in round 2 -> X White
    a = alloc("WBWB", "BWWB")
    assert (a.white, a.black, a.rule) == (1, 2, "5.2.3")


def test_5_2_3_walks_compressed_histories() -> None:
    # X W u B (compressed u W B) vs Y W B W B (both mild White): B/B, W/W, then X has no game -> 5.2.4
    a = allocate(1, colour_state([W, Colour.NONE, B]), 2, colour_state(seq("WBWB")), True, True, W)
    assert a.rule == "5.2.4"
    assert (a.white, a.black) == (1, 2)  # higher ranked X gets its preference (White)


def test_5_2_4_identical_histories_higher_ranked_gets_preference() -> None:
    a = alloc("WB", "WB", x_higher=False)
    assert (a.white, a.black, a.rule) == (2, 1, "5.2.4")


@pytest.mark.parametrize("odd, x_higher, white", [(True, True, 1), (False, True, 2), (True, False, 2), (False, False, 1)])
def test_5_2_5_initial_colour_by_parity_of_higher_ranked(odd: bool, x_higher: bool, white: int) -> None:
    a = alloc("", "", x_higher=x_higher, odd=odd)
    assert a.rule == "5.2.5"
    assert a.white == white


def test_5_2_5_initial_black() -> None:
    a = alloc("", "", x_higher=True, odd=True, initial=B)
    assert (a.white, a.black) == (2, 1)
