"""The ``--dialect bbp`` export against the rules of bbpPairings' own reader (oracles/bbp_reader_rules.py).

No bbpPairings binary is available here: its reader's rules are stated in the
oracle, from its source, and every export of events with withdrawals, byes,
forfeits, late entries, absences, acceleration and other scorings keeps all of
them; the file also pairs the next round, read back by our own ``pair``, as
the event itself does.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from engine import systems, trf
from engine.model.tournament import Acceleration, PointSystem, ResultCode
from oracles.bbp_reader_rules import problems
from swisstui import store
from swisstui.session.actions import Session
from swisstui.store.event import PlayerRecord
from swisstui.outputs.trf_export import ExportError, export_trf

SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"


@pytest.fixture
def weekend(tmp_path) -> Path:
    """Four rounds of seven played: forfeits, requested half-point byes, players 4 and 50 withdrawn."""
    path = tmp_path / "weekend.toml"
    shutil.copyfile(SAMPLES / "weekend-open.toml", path)
    return path


def late_entry_and_absence(path: Path) -> None:
    session = Session.open(path)
    session.players.add("Late, Entry", rating=1500)  # rounds 1-4 missed: zero-point byes
    session.players.request(7, 5, ResultCode.ABSENT)  # known absent from the round to pair


def three_one_zero(path: Path) -> None:
    event = store.load(path)
    event.settings = replace(event.settings, points=PointSystem(win=Decimal(3), draw=Decimal(1)))
    store.save(event, path)


def accelerated(path: Path) -> None:
    event = store.load(path)
    table = tuple(Acceleration(pid, Decimal("1.0"), 1, 5) for pid in range(1, 17))
    event.settings = replace(event.settings, accelerations=table)
    event.acceleration = "custom"
    store.save(event, path)


def burstein(path: Path) -> None:
    event = store.load(path)
    event.settings = replace(event.settings, system="burstein-2026")
    store.save(event, path)


CHANGES = {"as is": lambda path: None, "late entry and absence": late_entry_and_absence,
           "3-1-0": three_one_zero, "acceleration": accelerated, "burstein": burstein}


@pytest.mark.parametrize("change", CHANGES)
def test_every_export_keeps_bbppairings_rules_and_pairs_the_next_round_as_the_event(weekend, change):
    CHANGES[change](weekend)
    event = store.load(weekend)
    text = export_trf(event, "bbp").text
    assert problems(text) == []
    read = trf.loads(text).pairing_tournament()
    from_file, from_event = systems.pair(read), systems.pair(event.to_tournament())
    assert (from_file.boards, from_file.bye) == (from_event.boards, from_event.bye)


def test_the_sample_events_keep_bbppairings_rules():
    for path in sorted(SAMPLES.glob("*.toml")):
        assert problems(export_trf(store.load(path), "bbp").text) == [], path.name


def test_an_absence_in_the_round_to_pair_is_a_whole_block(weekend):
    """bbpPairings refuses a cut-short block (``0000 -`` with the blank result stripped)."""
    late_entry_and_absence(weekend)
    text = export_trf(store.load(weekend), "bbp").text
    line = next(row for row in text.splitlines() if row.startswith("001    7"))
    assert line.endswith("  0000 - Z")
    assert trf.loads(text).tournament.pending[7].code is ResultCode.ZERO_BYE


def test_no_record_162_for_bbppairings_the_bb_lines_say_the_scoring(weekend):
    three_one_zero(weekend)
    lines = export_trf(store.load(weekend), "bbp").text.splitlines()
    assert not any(row.startswith("162") for row in lines)
    assert {"BBW  3.0", "BBD  1.0", "BBL  0.0", "BBZ  0.0", "BBF  0.0"} <= set(lines)
    assert any(row.startswith("162") for row in export_trf(store.load(weekend), "trf26").text.splitlines())


def test_a_system_bbppairings_does_not_pair_leaves_record_192_out_with_a_warning(weekend):
    event = store.load(weekend)
    event.settings = replace(event.settings, system="dubov-2026")
    done = export_trf(event, "bbp")
    assert not any(row.startswith("192") for row in done.text.splitlines())
    assert "record 192 (FIDE_DUBOV) left out: bbpPairings pairs only the Dutch and Burstein systems" in done.warnings
    assert problems(done.text) == []
    assert "192 FIDE_DUBOV" in export_trf(event, "trf26").text.splitlines()


def test_points_bbppairings_cannot_read_are_refused_naming_them(weekend):
    event = store.load(weekend)
    event.settings = replace(event.settings, points=PointSystem(win=Decimal("1.25"), draw=Decimal("0.5")))
    with pytest.raises(ExportError, match="one decimal at most: 1.25 points for a win"):
        export_trf(event, "bbp")
    export_trf(event, "trf26")  # TRF26 holds them


def test_a_gap_in_the_pairing_numbers_is_refused_for_bbppairings():
    event = store.new_event("Gap", 5)
    event.players = [PlayerRecord(pid, f"P{pid}", 2000 - pid) for pid in (1, 2, 4)]
    with pytest.raises(ExportError, match="pairing numbers 1 to 3 without a gap, and 3 is missing"):
        export_trf(event, "bbp")
    assert "pairing number 3 is missing" in problems(export_trf(event, "trf26").text)
