"""TRF record 192's system codes, the _BAKU suffix and the explicit tables, XXC rank: applied or refused."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine import trf
from engine.model.acceleration import group_a_size
from engine.model.tournament import Acceleration, Player, Settings, Tournament
from engine.trf.errors import TrfError


def _file(n: int, *header: str) -> str:
    lines = ["012 Open", "XXR 9", "XXC white1", *header]
    lines += [f"001 {i:4d}      {'Player ' + str(i):33s} {2600 - 5 * i:4d}" for i in range(1, n + 1)]
    return "\n".join(lines) + "\n"


def test_a_baku_code_without_a_table_gets_the_baku_table_of_the_text() -> None:
    """C.04.7 art. 1.2: GA = 2 x ceil(N/4); with N = 102 that is 52 (an engine taking ceil(N/2) gets 51)."""
    t = trf.loads(_file(102, "192 FIDE_DUTCH_BAKU")).pairing_tournament()
    assert t.settings.system == "dutch-2026" and t.settings.acceleration == "baku"
    assert {a.player for a in t.settings.accelerations} == set(range(1, 53)) and group_a_size(102) == 52
    assert t.pairing_score(52) == 1 and t.pairing_score(53) == 0


def test_explicit_virtual_points_win_over_the_suffix() -> None:
    text = _file(8, "192 FIDE_BURSTEIN_BAKU", "XXA    1  1.0  1.0", "XXA    2  1.0  1.0")
    t = trf.loads(text).pairing_tournament()
    assert t.settings.system == "burstein-2026" and t.settings.acceleration == "baku"
    assert {a.player for a in t.settings.accelerations} == {1, 2}


def test_a_code_that_cannot_be_applied_is_an_error_with_its_line() -> None:
    # read for standings and export, kept as written (no Baku table for a system swisstui does not pair)
    doc = trf.loads(_file(8, "192 FIDE_DOUBLESWISS_BAKU"))
    assert doc.tournament.settings.system == "FIDE_DOUBLESWISS_BAKU" and doc.tournament.settings.acceleration == "none"
    with pytest.raises(TrfError, match=r":4:.*FIDE_DOUBLESWISS_BAKU"):
        doc.require_pairable()
    # record 092 is free text in TRF16: a description names no code and stays a description
    assert trf.loads(_file(8, "092 Individual: Swiss-System")).pairing_tournament().settings.system == "dutch-2026"


def test_baku_with_three_point_wins_is_refused() -> None:
    with pytest.raises(TrfError, match=r"C\.04\.7 art\. 1\.1"):
        trf.loads(_file(8, "162  W 3.0    D 1.0", "192 FIDE_DUTCH_BAKU"))


def test_xxc_rank_is_applied_when_the_records_are_in_id_order_and_refused_otherwise() -> None:
    assert trf.loads(_file(8).replace("XXC white1", "XXC white1 rank")).pairing_tournament().players
    lines = _file(8).replace("XXC white1", "XXC white1 rank").splitlines()
    lines[3], lines[4] = lines[4], lines[3]
    with pytest.raises(TrfError, match="rank"):
        trf.loads("\n".join(lines) + "\n")


@pytest.mark.parametrize(("dialect", "code"), [("trf26", "FIDE_BURSTEIN_BAKU"), ("javafo", "FIDE_BURSTEIN_BAKU"),
                                               ("bbp", "FIDE_BURSTEIN")])
def test_the_writer_says_baku_and_writes_the_table(dialect: str, code: str) -> None:
    table = (Acceleration(1, Decimal(1), 1, 2), Acceleration(2, Decimal(1), 1, 2))
    players = tuple(Player(i, f"P{i}") for i in range(1, 5))
    t = Tournament(Settings(rounds=5, system="burstein-2026", acceleration="baku", accelerations=table), players)
    text = trf.dumps(t, dialect=dialect)
    assert f"192 {code}" in text.splitlines()
    back = trf.loads(text).pairing_tournament()
    assert back.settings.accelerations == table
