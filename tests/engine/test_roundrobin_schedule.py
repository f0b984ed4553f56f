"""The Berger tables (C.05 Annex 1) against Gacrux's schedules and the Annex's own text, every size 3-24.

Gacrux's schedules (``tests/data/berger/``) hold, for each size, the single
round robin, the plain double (second cycle with colours reversed) and the
double as C.05 Annex 1 recommends (the last two rounds of the first cycle
exchanged). Every round, board and colour must be the same.
"""

from __future__ import annotations

import csv
from collections import Counter
from itertools import combinations

import pytest

from engine.systems.roundrobin import BYE, Board, Cycles, ScheduleError, round_of, schedule, total_rounds
from tests.data_paths import berger

SIZES = range(3, 25)


def _fixture(players: int, cycles: Cycles) -> list[list[tuple[int, int]]]:
    rounds: dict[int, list[tuple[int, int]]] = {}
    with berger(players).open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["system"] == cycles.value:
                board = int(row["board"])
                games = rounds.setdefault(int(row["round"]), [])
                assert board == len(games) + 1, f"rr-{players:02d}.csv: boards out of order in round {row['round']}"
                games.append((int(row["white"]), int(row["black"])))
    return [rounds[r] for r in sorted(rounds)]


def _ours(players: int, cycles: Cycles) -> list[list[tuple[int, int]]]:
    return [[(b.white, b.black) for b in rnd] for rnd in schedule(players, cycles)]


@pytest.mark.parametrize("cycles", list(Cycles), ids=lambda c: c.value)
@pytest.mark.parametrize("players", SIZES)
def test_every_schedule_equals_gacrux(players: int, cycles: Cycles) -> None:
    assert _ours(players, cycles) == _fixture(players, cycles)


# C.05 Annex 1 as printed, for 7 or 8 players (8 is the bye for 7): round by round, White first
ANNEX_1_EIGHT = """
1-8 2-7 3-6 4-5
8-5 6-4 7-3 1-2
2-8 3-1 4-7 5-6
8-6 7-5 1-4 2-3
3-8 4-2 5-1 6-7
8-7 1-6 2-5 3-4
4-8 5-3 6-2 7-1
"""
# and for 3 or 4 players
ANNEX_1_FOUR = """
1-4 2-3
4-3 1-2
2-4 3-1
"""


@pytest.mark.parametrize(("players", "text"), [(8, ANNEX_1_EIGHT), (4, ANNEX_1_FOUR)])
def test_the_single_tables_equal_the_annex_text(players: int, text: str) -> None:
    printed = [[tuple(int(n) for n in game.split("-")) for game in line.split()] for line in text.strip().splitlines()]
    assert _ours(players, Cycles.SINGLE) == printed


def test_an_odd_field_uses_the_next_table_with_its_highest_number_as_the_bye() -> None:
    # C.05 Annex 1: the highest number of the even table counts as the bye
    seven = schedule(7)
    eight = schedule(8)
    for r7, r8 in zip(seven, eight):
        (bye,) = [b for b in r7 if b.black == BYE]
        (with_8,) = [b for b in r8 if 8 in (b.white, b.black)]
        assert bye.white == (with_8.black if with_8.white == 8 else with_8.white)
        assert [b for b in r7 if not b.is_bye] == [b for b in r8 if 8 not in (b.white, b.black)]


@pytest.mark.parametrize("players", SIZES)
def test_every_pair_meets_once_per_cycle_with_colours_reversed_in_the_second(players: int) -> None:
    rounds = schedule(players, Cycles.DOUBLE_FIDE)
    per_cycle = len(rounds) // 2
    assert len(rounds) == total_rounds(players, Cycles.DOUBLE_FIDE) == 2 * (players + players % 2 - 1)
    for cycle in (rounds[:per_cycle], rounds[per_cycle:]):
        met = Counter(frozenset((b.white, b.black)) for rnd in cycle for b in rnd if not b.is_bye)
        assert set(met) == {frozenset(p) for p in combinations(range(1, players + 1), 2)}
        assert set(met.values()) == {1}
        for rnd in cycle:  # everybody once a round; the bye only for an odd field
            seen = [p for b in rnd for p in (b.white, b.black) if p != BYE]
            assert sorted(seen) == list(range(1, players + 1))
    first = {(b.white, b.black) for rnd in rounds[:per_cycle] for b in rnd if not b.is_bye}
    second = {(b.black, b.white) for rnd in rounds[per_cycle:] for b in rnd if not b.is_bye}
    assert first == second


def _longest_same_colour_run(rounds: tuple[tuple[Board, ...], ...], players: int) -> int:
    longest = 0
    for p in range(1, players + 1):
        run, last = 0, None
        for rnd in rounds:
            colour = next(("W" if b.white == p else "B" for b in rnd if p in (b.white, b.black) and not b.is_bye), None)
            run = run + 1 if colour is not None and colour == last else (1 if colour else 0)
            last = colour
            longest = max(longest, run)
    return longest


@pytest.mark.parametrize("players", SIZES)
def test_the_fide_double_gives_nobody_three_same_colours_in_a_row(players: int) -> None:
    # C.05 Annex 1 exchanges the last two rounds of the first cycle for this reason: the plain
    # double gives players 1 and n/2+1 of an even table the same colour three times at the change
    assert _longest_same_colour_run(schedule(players, Cycles.DOUBLE_FIDE), players) == 2
    if players % 2 == 0:
        assert _longest_same_colour_run(schedule(players, Cycles.DOUBLE), players) == 3


def test_sizes_and_rounds_outside_the_tables_are_refused_with_the_range() -> None:
    with pytest.raises(ScheduleError, match="3 to 24 players, not 2"):
        schedule(2)
    with pytest.raises(ScheduleError, match="3 to 24 players, not 25"):
        schedule(25)
    with pytest.raises(ScheduleError, match="rounds 1 to 14, not 15"):
        round_of(8, 15, Cycles.DOUBLE_FIDE)
    assert round_of(8, 7, Cycles.DOUBLE_FIDE) == schedule(8)[5]  # the exchanged last two rounds


@pytest.mark.parametrize("players", SIZES)
def test_every_single_table_equals_gacrux_computed_now(players: int) -> None:
    # the tables ``python -m gacrux.pairingchecker -m berger`` pairs from (gacrux.pairingberger reads
    # gacrux.berger.bergertables); the Generic one follows Milvang's "Berger explained" step by step
    from gacrux import berger as gacrux_berger

    for table in (gacrux_berger.bergertables(players), gacrux_berger.bergertablesGeneric(players)):
        theirs = [[(g["white"], g["black"]) for _, g in sorted(rnd.items())] for _, rnd in sorted(table["pairing"].items())]
        bye = players + players % 2 if players % 2 else None
        theirs = [[(b, BYE) if w == bye else (w, BYE) if b == bye else (w, b) for w, b in rnd] for rnd in theirs]
        assert _ours(players, Cycles.SINGLE) == theirs
