"""Baku acceleration (C.04.7): the table of virtual points and what it does to the pairing."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.model import acceleration
from engine.model.acceleration import AccelerationNotAllowed, accelerated_rounds, baku, baku_table, group_a_size
from engine.model.tournament import (
    Acceleration,
    Colour,
    Player,
    PointSystem,
    ResultCode,
    RoundEntry,
    Settings,
    Tournament,
)
from engine.systems import dutch


def _play(t: Tournament, boards, rnd: int) -> Tournament:
    """Record round ``rnd``: the lower pairing number (higher TPN rank) always wins."""
    entries = {}
    for b in boards:
        white_wins = b.white < b.black
        entries[b.white] = RoundEntry(b.black, Colour.WHITE, ResultCode.WIN if white_wins else ResultCode.LOSS)
        entries[b.black] = RoundEntry(b.white, Colour.BLACK, ResultCode.LOSS if white_wins else ResultCode.WIN)
    return t.with_players(p.with_entry(rnd, entries[p.id]) for p in t.players)


def test_worked_example_of_c0407() -> None:
    """C.04.7 worked example: 9 rounds, N = 10, GA = TPN 1-6; round 1 and round 2 brackets as the text gives them."""
    players = tuple(Player(i, f"P{i}", rating=2500 - 10 * i) for i in range(1, 11))
    t = Tournament(Settings(rounds=9), players)
    table = baku(t)
    assert group_a_size(10) == 6
    assert {a.player for a in table} == {1, 2, 3, 4, 5, 6}
    # rounds 1-3 a win's value, rounds 4-5 half of it, nothing from round 6 on
    for pid in range(1, 7):
        got = [acceleration.virtual_points(table, pid, r) for r in range(1, 10)]
        assert got == [1, 1, 1, Decimal("0.5"), Decimal("0.5"), 0, 0, 0, 0]
    for pid in range(7, 11):
        assert all(acceleration.virtual_points(table, pid, r) == 0 for r in range(1, 10))

    t = Tournament(Settings(rounds=9, accelerations=table), players)
    first = dutch.pair(t)
    assert {frozenset((b.white, b.black)) for b in first.boards} == {
        frozenset(p) for p in ((1, 4), (2, 5), (3, 6), (7, 9), (8, 10))
    }
    t = _play(t, first.boards, 1)
    groups = {score: set(ids) for score, ids in t.score_groups()}
    assert groups == {Decimal(2): {1, 2, 3}, Decimal(1): {4, 5, 6, 7, 8}, Decimal(0): {9, 10}}
    # standings never include virtual points (art. 1.5)
    assert t.score(1) == 1 and t.pairing_score(1) == 2


@pytest.mark.parametrize(
    ("rounds", "full", "last"),
    [(5, 2, 3), (6, 2, 3), (7, 2, 4), (8, 2, 4), (9, 3, 5), (11, 3, 6), (13, 4, 7), (1, 1, 1), (3, 1, 2)],
)
def test_accelerated_rounds_table(rounds: int, full: int, last: int) -> None:
    """The table of C.04.7 art. 1.4: A = ceil(R/2), full value in the first ceil(A/2)."""
    assert accelerated_rounds(rounds) == (full, last)


@pytest.mark.parametrize(("n", "ga"), [(161, 82), (102, 52), (10, 6), (8, 4), (9, 6), (1, 1), (2, 2), (0, 0)])
def test_group_a_is_half_rounded_up_to_even(n: int, ga: int) -> None:
    assert group_a_size(n) == ga


def test_late_entries_keep_the_last_ga_player() -> None:
    """C.04.7 art. 1.3: an entry ranked above the last GA player joins GA, one below does not."""
    # round-1 list: 10, 20, ..., 80 (N = 8, GA = 4: the last GA player is 40)
    order = [5, 10, 20, 30, 35, 40, 45, 50, 60, 70, 80]
    table = baku_table(order, [10, 20, 30, 40, 50, 60, 70, 80], 7, PointSystem())
    assert sorted({a.player for a in table}) == [5, 10, 20, 30, 35, 40]


def test_two_point_scoring_qualifies_three_point_does_not() -> None:
    order = list(range(1, 9))
    table = baku_table(order, order, 5, PointSystem(win=2, draw=1))
    assert {a.points for a in table} == {Decimal(2), Decimal(1)}
    with pytest.raises(AccelerationNotAllowed, match=r"C\.04\.7 art\. 1\.1"):
        baku_table(order, order, 5, PointSystem(win=3, draw=1))


def test_round_one_list_is_who_was_paired() -> None:
    """An absentee of round 1 is placed like a late entry: the split uses those paired in round 1."""
    players = [Player(i, f"P{i}") for i in range(1, 10)]
    absent = RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)
    played = [
        players[i - 1].with_entry(1, RoundEntry(j, Colour.WHITE if i < j else Colour.BLACK, ResultCode.DRAW))
        for i, j in ((1, 5), (5, 1), (2, 6), (6, 2), (3, 7), (7, 3), (4, 8), (8, 4))
    ]
    t = Tournament(Settings(rounds=6), (*played, players[8].with_entry(1, absent)))
    # N = 8 paired in round 1: GA = 4 (TPN 1-4); player 9 ranks below player 4
    assert sorted({a.player for a in baku(t)}) == [1, 2, 3, 4]


def test_custom_table_is_labelled_as_needing_authorisation() -> None:
    custom = acceleration.method("custom")
    assert not custom.approved and "C.04.2 art. 1.2" in custom.note
    assert acceleration.method("Baku").approved
    with pytest.raises(ValueError, match="known: none, baku, custom"):
        acceleration.method("swiss-gambit")


def test_table_is_plain_model_data() -> None:
    table = baku_table([1, 2, 3, 4], [1, 2, 3, 4], 2, PointSystem())
    assert table == (Acceleration(1, Decimal(1), 1, 1), Acceleration(2, Decimal(1), 1, 1))
