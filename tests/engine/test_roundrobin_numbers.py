"""Pairing numbers of a round robin: the lot from a recorded seed, the arbiter's numbers, the Varma draw."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.systems.roundrobin.numbers import NumberError, draw_by_lot, given
from engine.systems.roundrobin.varma import Entrant, VarmaError, draw, drawing_order, sets_for


def test_the_same_seed_draws_the_same_numbers_whatever_the_order_of_the_list() -> None:
    ids = [11, 4, 7, 30, 2, 9]
    first = draw_by_lot(ids, seed=2026)
    assert first == draw_by_lot(list(reversed(ids)), seed=2026)
    assert sorted(first) == sorted(ids) and sorted(first.values()) == list(range(1, 7))
    others = {tuple(sorted(draw_by_lot(ids, seed=s).items())) for s in range(20)}
    assert len(others) > 10  # the seed decides: different seeds, different draws


def test_the_arbiters_numbers_are_checked_and_each_error_names_the_players() -> None:
    assert given([1, 2, 3], {1: 3, 2: 1, 3: 2}) == {1: 3, 2: 1, 3: 2}
    with pytest.raises(NumberError, match="no pairing number given for player.* 3"):
        given([1, 2, 3], {1: 1, 2: 2})
    with pytest.raises(NumberError, match="players 1 and 3 both have pairing number 2"):
        given([1, 2, 3], {1: 2, 2: 1, 3: 2})
    with pytest.raises(NumberError, match="player 2: pairing number 4 is outside 1..3"):
        given([1, 2, 3], {1: 1, 2: 4, 3: 3})
    with pytest.raises(NumberError, match="unknown player.* 9"):
        given([1, 2, 3], {1: 1, 2: 2, 3: 3, 9: 4})


# C.05 Annex 2 art. 5, as printed in the Handbook for 9/10 and 17/18 players
def test_the_sets_are_the_annex_ones_and_split_every_size_exactly() -> None:
    assert sets_for(10) == {"A": (3, 4, 8), "B": (5, 7, 9), "C": (1, 6), "D": (2, 10)}
    assert sets_for(18) == {"A": (5, 6, 7, 8, 14, 15, 16), "B": (1, 2, 3, 10, 11, 12), "C": (9, 13, 17),
                            "D": (4, 18)}
    assert sets_for(9)["D"] == (2,)  # number 10 is the bye of nine players (C.05 Annex 1)
    for n in range(9, 25):
        numbers = sorted(x for s in sets_for(n).values() for x in s)
        assert numbers == list(range(1, n + 1)), n
    with pytest.raises(VarmaError, match="9 to 24 players, not 8"):
        sets_for(8)


FIELD = [Entrant(1, "Zeller", "GER"), Entrant(2, "Adams", "ENG"), Entrant(3, "Brandt", "GER"),
         Entrant(4, "Moreau", "FRA"), Entrant(5, "Aubert", "FRA"), Entrant(6, "Kovacs", "HUN"),
         Entrant(7, "Berger", "GER"), Entrant(8, "Short", "ENG"), Entrant(9, "Nagy", "HUN"),
         Entrant(10, "Vidal", "ESP")]


def test_contingents_draw_largest_first_then_by_fide_code_then_by_name() -> None:
    # C.05 Annex 2 art. 2
    order = [[e.id for e in group] for group in drawing_order(FIELD)]
    assert order == [[7, 3, 1], [2, 8], [5, 4], [6, 9], [10]]


@pytest.mark.parametrize("seed", range(25))
def test_a_federation_draws_from_one_envelope_and_everybody_gets_a_number(seed: int) -> None:
    result = draw(FIELD, seed)
    assert sorted(result.numbers.values()) == list(range(1, 11))
    sets = sets_for(10)
    for e in FIELD:
        assert result.numbers[e.id] in sets[result.sets[e.id]]
    for federation in ("GER", "ENG", "FRA", "HUN"):
        assert len({result.sets[e.id] for e in FIELD if e.federation == federation}) == 1, federation
    assert result == draw(FIELD, seed)  # repeatable from the recorded seed
    assert result.order == (7, 3, 1, 2, 8, 5, 4, 6, 9, 10)


def test_a_contingent_larger_than_any_envelope_left_is_refused_naming_it() -> None:
    field = [Entrant(i, f"P{i}", "GER" if i <= 4 else f"F{i:02d}") for i in range(1, 11)]
    with pytest.raises(VarmaError, match="federation GER has 4 players but the largest envelope left holds 3"):
        draw(field, 1)


def test_compatriots_of_set_a_or_b_never_meet_in_the_last_three_rounds() -> None:
    # A regularity of the sets as the Handbook prints them for 9-20 players; the rows for 21-24, read from
    # a copy of the Annex, share it. The round of each pair is the validator's closed form of the table.
    from engine.validate.roundrobin import table_round

    for n in range(10, 25, 2):
        sets = sets_for(n)
        for label in ("A", "B"):
            rounds = [table_round(n, i, j)[0] for k, i in enumerate(sets[label]) for j in sets[label][k + 1:]]
            assert max(rounds) == n - 4, (n, label)


def _annex_rows() -> dict[int, tuple[tuple[int, ...], ...]]:
    """tests/data/varma/c05_annex2_sets.txt: each even field's sets A-D as the Annex prints them."""
    rows = {}
    text = (Path(__file__).resolve().parents[1] / "data" / "varma" / "c05_annex2_sets.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line and not line.startswith("#"):
            size, rest = line.split(":", 1)
            rows[int(size)] = tuple(tuple(int(x) for x in part.split()) for part in rest.split("|")[:4])
    return rows


def test_every_size_9_to_24_has_the_sets_of_the_annex_text() -> None:
    # C.05 Annex 2 art. 5: every row of the official Handbook page that can be read (9/10 to 19/20 whole,
    # 21/22's A and B), the rest as a copy of the Annex prints it (the data file names the source of each)
    rows = _annex_rows()
    assert sorted(rows) == list(range(10, 25, 2))
    for n in range(9, 25):
        even = n + n % 2
        expected = {label: tuple(x for x in numbers if x <= n) for label, numbers in zip("ABCD", rows[even])}
        assert sets_for(n) == expected, n
