"""The 1997 Dubov text (``dubov-1997``): its rules, and hand-solved rounds it pairs otherwise than 2026.

Each case is a small record written by hand; the comments solve the round
by the 1997 text and by the 2026 edition, and the test asserts both results
and that they differ. The seed text has no worked example of its own except
the two columns of art. 6.2, checked first.
"""

from __future__ import annotations

from engine import trf
from engine.model import Colour, Player, ResultCode, RoundEntry, Settings, Tournament
from engine.result import PairingResult
from engine.systems import get, pair
from engine.systems.dubov.colours1997 import allocate_1997
from engine.systems.dubov.columns1997 import black_order, white_order
from engine.systems.dubov.rules1997 import Player97, due_colour, upfloat_limit

W, B = Colour.WHITE, Colour.BLACK


def record(ratings: list[int], rounds: list[list[tuple[int, int, str]]], total: int = 5,
           initial: Colour = W, system: str = "dubov-1997") -> Tournament:
    """Players 1..n with ``ratings``; each round a list of (white, black, result for White) or (pid, 0, "U")."""
    hist: dict[int, list[RoundEntry]] = {i: [] for i in range(1, len(ratings) + 1)}
    back = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
    for games in rounds:
        for white, black, res in games:
            if black == 0:
                hist[white].append(RoundEntry(None, Colour.NONE, ResultCode.parse(res)))
                continue
            hist[white].append(RoundEntry(black, W, ResultCode.parse(res)))
            hist[black].append(RoundEntry(white, B, ResultCode.parse(back[res])))
    players = tuple(Player(i, f"Player {chr(64 + i)}", rating=r, history=tuple(hist[i]))
                    for i, r in enumerate(ratings, start=1))
    return Tournament(Settings(rounds=total, system=system, initial_colour=initial), players)


def both(t: Tournament) -> tuple[PairingResult, PairingResult]:
    from dataclasses import replace

    old = pair(replace(t, settings=replace(t.settings, system="dubov-1997")))
    new = pair(replace(t, settings=replace(t.settings, system="dubov-2026")))
    return old, new


def boards(r: PairingResult) -> list[tuple[int, int]]:
    return sorted((b.white, b.black) for b in r.boards)


def p97(pid: int, aro: int, rating: int, name: str = "") -> Player97:
    return Player97(pid, pid - 1, name or f"P{pid}", rating, 0, aro, (W,), B, Colour.NONE, 1, True, 0, True,
                    False, frozenset())


# -- the system, its records ------------------------------------------------------------------


def test_registry_alias_and_trf_code() -> None:
    info = get("dubov-1997")
    assert info.available and get("dubov97") is info
    assert info.trf_code == "CUSTOM_SWISS"


def test_trf_round_trip_keeps_the_1997_text() -> None:
    t = record([2400, 2300, 2200, 2100], [[(1, 3, "1"), (4, 2, "0")]])
    text = trf.dumps(t)
    assert "192 CUSTOM_SWISS dubov-1997" in text.splitlines()
    assert trf.loads(text).tournament.settings.system == "dubov-1997"


# -- definitions and limitations (arts. 1, 2) ---------------------------------------------------


def test_due_colour_from_counts_and_the_last_game() -> None:
    # art. 1: more Blacks -> White; equal -> the other colour than the last game; no game -> none
    assert due_colour((B, B, W)) is W
    assert due_colour((W, B)) is W
    assert due_colour((B, W)) is B
    assert due_colour(()) is Colour.NONE
    # W W W B B: more Whites, so due Black, although art. 2.4 forbids a third Black
    assert due_colour((W, W, W, B, B)) is B


def test_upfloat_limit_by_length() -> None:
    # art. 2.5: three transfers in fewer than 10 rounds, four in 10 or more
    assert [upfloat_limit(n) for n in (5, 9, 10, 13)] == [3, 3, 4, 4]


def test_columns_of_art_6_2() -> None:
    # art. 6.2's example: Whites by increasing ARO (2310.0 ... 2344.6), Blacks by decreasing R
    # (2380 ... 2250); equal ARO: the lower R first; equal R: the higher ARO first
    whites = [p97(1, 2340, 2000), p97(2, 2310, 2100), p97(3, 2322, 2050), p97(4, 2322, 1990)]
    assert [p.id for p in white_order(whites)] == [2, 4, 3, 1]
    blacks = [p97(5, 2000, 2300), p97(6, 2000, 2380), p97(7, 2100, 2300), p97(8, 1900, 2250)]
    assert [p.id for p in black_order(blacks)] == [6, 7, 5, 8]


def test_colours_of_art_3_in_order() -> None:
    a, b = p97(1, 2300, 2000), p97(2, 2200, 2100)
    # both due Black after one White; same imbalance and history: White to the higher ARO
    c = allocate_1997(a, b, W)
    assert (c.white, c.rule) == (1, "3.4")


# -- hand-solved rounds: 1997 and 2026 differ -------------------------------------------------


def test_bye_by_lowest_rating_not_by_largest_tpn() -> None:
    # Round 2 of five; 3 is rated above 2 (rating corrected after the list was made).
    # Round 1: 1-3 1-0, 2-4 0-1 (4 White... as recorded), 5 the bye.
    # Lowest score group after round 1: 2 and 3 (0 points, one game each).
    # 1997 art. 4: the lowest R of that group: 2 (2300 < 2350).
    # 2026 art. 3.1: lowest score, most games (equal), largest TPN: 3.
    t = record([2400, 2300, 2350, 2100, 2000], [[(1, 3, "1"), (4, 2, "1"), (5, 0, "U")]])
    old, new = both(t)
    assert old.bye == 2
    assert new.bye == 3


def test_colours_by_aro_not_by_rank() -> None:
    # Round 2 of four: 1-2 1-0 and 4-3 1-0, both winners had White and are due Black.
    # 1-pointers 1 and 4 meet in both texts (2 and 3 meet below).
    # 1997 art. 3: due colours equal, imbalances equal, histories equal (W):
    #   White to the higher ARO: ARO(1) = 2300 (met 2), ARO(4) = 2200 (met 3): 1 gets White.
    # 2026 art. 5.2.5: the higher ranked player (1) gets the preference, Black: 4 gets White.
    t = record([2400, 2300, 2200, 2100], [[(1, 2, "1"), (4, 3, "1")]])
    old, new = both(t)
    assert (1, 4) in boards(old)
    assert (4, 1) in boards(new)


def test_colours_by_lower_rating_not_by_rank() -> None:
    # Round 2 of six: 5-1 0-1, 6-2 0-1, 3-4 draw. 1 and 2 won with Black, both due White,
    # and met opponents of the same rating (5 and 6: 2000), so ARO 2000 each.
    # 1997 art. 3: equal due colours, imbalances, histories and ARO: White to the lower R: 2.
    # 2026 art. 5.2.5: the higher ranked player (1) gets the preference, White.
    t = record([2400, 2300, 2200, 2100, 2000, 2000], [[(5, 1, "0"), (6, 2, "0"), (3, 4, "=")]])
    old, new = both(t)
    assert (2, 1) in boards(old)
    assert (1, 2) in boards(new)


def test_transfers_by_aro_not_middle_out() -> None:
    # Round 2 of eight (ratings 2400 ... 1700 in steps of 100). Round 1: 1-5, 6-2, 3-7, 8-4,
    # every Black won. 1 point: 2, 4, 5, 7, all due White; 0 points: 1, 3, 6, 8, all due Black.
    # AROs: 5: 2400, 2: 1900, 7: 2200, 4: 1700 | 1: 2000, 6: 2300, 3: 1800, 8: 2100.
    # 1997, 1 point: art. 7.3 moves the two lowest AROs (4, 2) to the Black column; Whites by
    #   ARO 7, 5; Blacks by R 2, 4: 7-2 and 5-4 (White to the higher ARO, art. 3).
    #   0 points: art. 7.4 moves the two highest AROs (6, 8) to White; Whites by ARO 8, 6;
    #   Blacks by R 1, 3: 8-1, 6-3.
    # 2026, 1 point: G1 = all four by ARO 4, 2, 7, 5; two shift to G2 in middle-out order (2, 7);
    #   S1 = 4, 5 against G2 by TPN 2, 7: 4-2, 5-7. 0 points: G2 by TPN 1, 3, 6, 8 gives its
    #   middle two (3, 6) to G1; S1 by ARO 3, 6 against 1, 8: 3-1, 6-8.
    t = record([2400 - 100 * i for i in range(8)], [[(1, 5, "0"), (6, 2, "0"), (3, 7, "0"), (8, 4, "0")]])
    old, new = both(t)
    assert {frozenset(p) for p in boards(old)} == {frozenset(p) for p in [(7, 2), (5, 4), (8, 1), (6, 3)]}
    assert {frozenset(p) for p in boards(new)} == {frozenset(p) for p in [(4, 2), (5, 7), (3, 1), (6, 8)]}
