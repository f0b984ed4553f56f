"""The 1997 Dubov text (``dubov-1997``): its rules, and hand-solved rounds it pairs otherwise than 2026.

Each case is a small record written by hand; the comments solve the round
by the 1997 text and by the 2026 edition, and the test asserts both results
and that they differ. The seed text has no worked example of its own except
the two columns of art. 6.2, checked first.
"""

from __future__ import annotations

from engine import trf
from engine.model.result import PairingResult
from engine.model.tournament import Colour, Player, ResultCode, RoundEntry, Settings, Tournament
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


def test_bye_by_lowest_rating_not_by_games_played() -> None:
    # Round 2 of five: 4 lost round 1 by forfeit to 2 (no game), 1-3 1-0, 5 had the bye.
    # 0 points: 3 (2200, one game) and 4 (2100, no game); both may have the bye.
    # 1997 art. 4: the lowest R of the lowest score group: 4.
    # 2026 art. 3.1.4: the most games played: 3.
    t = record([2400, 2300, 2200, 2100, 2000], [[(1, 3, "1"), (2, 4, "+"), (5, 0, "U")]])
    old, new = both(t)
    assert old.bye == 4
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


def test_black_column_by_rating_and_aro_not_by_tpn() -> None:
    # Round 2 of eight: 1 and 2 share the rating 2400 (then 2300, 2200, 2000, 2100, 1900, 1800).
    # Round 1: 1-5 1-0, 2-6 1-0, 7-3 0-1, 8-4 0-1. 1 point: 1, 2 (due Black), 3, 4 (due White).
    # AROs: 1: 2000, 2: 2100, 3: 1900, 4: 1800; 5, 6: 2400 each.
    # 1997 art. 6.2: Whites by ARO 4, 3; Blacks by R, equal R by the higher ARO: 2, 1: 4-2, 3-1.
    #   0 points: Whites 5, 6 (equal ARO: the lower R, 5, first), Blacks by R 7, 8: 5-7, 6-8.
    # 2026 art. 3.2.5-3.2.6: S1 by ARO 4, 3 against G2 by TPN 1, 2: 4-1, 3-2. Below, S1 by ARO then
    #   TPN (re-sorted by rating, art. 1.2.2: 6 before 5): 6, 5 against 7, 8: 6-7, 5-8.
    t = record([2400, 2400, 2300, 2200, 2000, 2100, 1900, 1800],
               [[(1, 5, "1"), (2, 6, "1"), (7, 3, "0"), (8, 4, "0")]])
    old, new = both(t)
    assert {frozenset(p) for p in boards(old)} == {frozenset(p) for p in [(4, 2), (3, 1), (5, 7), (6, 8)]}
    assert {frozenset(p) for p in boards(new)} == {frozenset(p) for p in [(4, 1), (3, 2), (6, 7), (5, 8)]}


def test_colours_of_a_player_without_a_game() -> None:
    # Round 3 of five. Round 1: 1 lost by forfeit to 4, 3-2 1-0. Round 2: 1 absent (zero-point
    # bye), 3 a half-point bye, 2-4 0-1. Scores: 4: 2, 3: 1.5, 1 and 2: 0.
    # 4 (2 points, alone) meets 3 in both texts (2026 [C6]: the highest upfloater; 1997 art. 7.1:
    # nobody in the group, 3 is the nearest player below); 1 and 2 meet at the bottom.
    # 2 has played Black then White: equal counts, Black due (1997 art. 1), a mild Black
    # preference (2026); 1 has no game.
    # 1997 art. 3: 1 has no due colour, so 2 gets the colour due, Black: 1-2.
    # 2026 art. 1.6.4: 1 mildly prefers Black too; equal strengths (5.2.3), 1 has no colour to
    #   alternate from (5.2.4), so the higher ranked player (1, TPN 1) gets Black (5.2.5): 2-1.
    t = record([2400, 2300, 2200, 2100], [[(1, 4, "-"), (3, 2, "1")],
                                          [(1, 0, "Z"), (3, 0, "H"), (2, 4, "0")]])
    old, new = both(t)
    assert {frozenset(p) for p in boards(old)} == {frozenset((3, 4)), frozenset((1, 2))}
    assert (1, 2) in boards(old)
    assert (2, 1) in boards(new)


def test_bye_between_equal_ratings_by_aro_not_tpn() -> None:
    # Round 2 of five: 3 and 4 share the lowest rating of the 0-point group (2000); 5 had the bye.
    # Round 1: 1-3 1-0, 4-2 0-1. 0 points: 3 (due White, ARO 2400), 4 (due Black, ARO 2300).
    # 1997 art. 4: lowest R tied, one due each colour (none dominates): the higher ARO, 3.
    # 2026 art. 3.1: equal score and games: the largest TPN, 4.
    t = record([2400, 2300, 2000, 2000, 1900], [[(1, 3, "1"), (4, 2, "0"), (5, 0, "U")]])
    old, new = both(t)
    assert old.bye == 3
    assert new.bye == 4


# -- art. 2.5 counts transfers, 7.1 transfers into the group ----------------------------------------


def test_meeting_a_floater_from_above_is_no_transfer_upwards() -> None:
    """Art. 2.5: "a player cannot be transferred to a higher score group two times running".

    Round 2 transfers 2 up to 1 and 4 up to 3 (art. 7.2: odd groups of one). In round 3 the
    1½ group pairs 1-3; 2, alone with 1 point, would take 4 up again, which 2.5 bars, so 2
    floats down to 4 (art. 6.4) and meets him there (art. 8.2): 4 is not transferred.
    """
    from engine.systems.dubov.transfers1997 import upward_transfers

    t = record([2400, 2350, 2300, 2250], [[(1, 4, "1"), (2, 3, "=")], [(2, 1, "="), (3, 4, "1")]])
    assert upward_transfers(t) == {1: frozenset(), 2: frozenset({2, 4})}
    result = pair(t)
    assert boards(result) == [(1, 3), (4, 2)]
    texts = [e.text for e in result.trace]
    assert "2 floats down: not a floater before, can be paired in the lower group" in texts
    assert any(e.rule == "Dubov 1997 art. 8.2" and e.text.startswith("floater 2 meets 4") for e in result.trace)
    assert not any(e.rule == "Dubov 1997 art. 2.5" and e.text.startswith("transferred") for e in result.trace)


def test_a_round_paired_otherwise_counts_the_lower_player_where_the_text_allowed_a_transfer() -> None:
    """A round the text did not pair that way (by hand): the lower player of a game between groups counts."""
    from engine.systems.dubov.transfers1997 import upward_transfers

    # round 2 by hand: 1-4 across the groups (1 point against 0); the text would have paired 1 with 2 or 3
    t = record([2400, 2350, 2300, 2250], [[(1, 3, "1"), (2, 4, "1")], [(4, 1, "0"), (2, 3, "=")]])
    assert upward_transfers(t)[2] == frozenset({4, 3})


def test_a_player_transferred_by_7_1_joins_the_group_which_6_2_pairs() -> None:
    """Art. 7.1: "a player from the next possible lower score group is transferred to the score group to be
    paired"; art. 6.2 then arranges the group's Whites by ARO and Blacks by R.

    Round 2, ½ point: 3 and 7 drew in round 1. 3 can meet nobody of the group: 4 (due White, the
    highest R below) joins it; 7 can meet 4 and takes nobody; the three take 5 (7.2). Whites 7, 4,
    5 and Black 3: 4, the lowest ARO, moves to Black (7.3). Whites by ARO 7 (2311), 5 (2402);
    Blacks by R 3 (2311), 4 (2250); 7 has met 3: 7-4, then 5-3 (6.3).
    """
    ratings = [2402, 2390, 2311, 2250, 2204, 2150, 2011, 1950, 1820]
    t = record(ratings, [[(1, 5, "1"), (6, 2, "0"), (3, 7, "="), (8, 4, "1"), (9, 0, "U")]])
    result = pair(t)
    assert {frozenset((b.white, b.black)) for b in result.boards} >= {frozenset((7, 4)), frozenset((5, 3))}
    notes = {e.rule: e.text for e in result.trace if e.rule in ("Dubov 1997 art. 7.1", "Dubov 1997 art. 7.2")}
    assert notes["Dubov 1997 art. 7.1"].startswith("3 can meet nobody of the group: 4 is transferred from below "
                                                   "and joins it (due the colour opposite to 3's")
    # 5 is due White like most of the group: the note says so instead of claiming the opposite colour
    assert "5 is transferred" in notes["Dubov 1997 art. 7.2"]
    assert "due White like most of the group: nobody below due the other colour could come" \
        in notes["Dubov 1997 art. 7.2"]
    assert ("7-3 passed over: they have played each other (art. 2.1)" in [e.text for e in result.trace])
