"""Event details: set in the app, kept in the event file, written to (and read from) TRF records 012-132."""

from __future__ import annotations

import datetime as dt

import pytest

from engine import trf
from swisstui import store
from swisstui.app import SwissApp
from swisstui.cli import main
from tests.app.conftest import ROUND_ONE, write_round
from tests.app.screen_text import notifications, screen_text

SIZE = (80, 24)


async def fill(pilot, field: str, text: str) -> None:
    box = pilot.app.screen.query_one(f"#d-{field}")
    box.focus()
    await pilot.pause()
    await pilot.press("ctrl+u", *text)


@pytest.mark.slow
async def test_details_screen_sets_what_the_rating_report_needs(round_one):
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        assert type(app.screen).__name__ == "EventDetailsScreen"
        for field, text in (("city", "Riverside"), ("federation", "eng"), ("start", "2026-03-14"),
                            ("end", "2026-03-16"), ("chief_arbiter", "IA Roe, Jane"),
                            ("deputy_arbiters", "FA Doe, John; NA Poe, Ann"), ("time_control", "90 min + 30 s"),
                            ("bye_limit", "2"), ("round-1", "2026-03-14"), ("round-2", "2026-03-15")):
            await fill(pilot, field, text)
        await pilot.press("enter")
        await pilot.pause()
        assert any("event details saved" in n for n in notifications(app))
    event = store.load(round_one)
    info = event.info
    assert (info.city, info.federation, info.start, info.end) == (
        "Riverside", "ENG", dt.date(2026, 3, 14), dt.date(2026, 3, 16))
    assert info.chief_arbiter == "IA Roe, Jane" and info.deputy_arbiters == ["FA Doe, John", "NA Poe, Ann"]
    assert info.time_control == "90 min + 30 s" and event.bye_limit == 2
    assert event.round(1).date == dt.date(2026, 3, 14) and event.round(2).date == dt.date(2026, 3, 15)


async def test_a_bad_date_is_refused_naming_the_field_and_nothing_is_saved(round_one):
    before = round_one.read_text()
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await pilot.pause()
        await fill(pilot, "start", "14/03/2026")
        await pilot.press("enter")
        await pilot.pause()
        assert any("Start: a date like 2026-03-14" in n for n in notifications(app))
        await pilot.press("escape")  # unsaved changes: asks
        await pilot.pause()
        assert "without saving" in app.screen.question
    assert round_one.read_text() == before


def test_trf_export_carries_the_details_and_import_reads_them_back(round_one, tmp_path):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=("1-0", "0-1", "1/2-1/2", "-/+"))
    event = store.load(round_one)
    event.info = store.EventInfo(city="Riverside", federation="ENG", start=dt.date(2026, 3, 14),
                                 end=dt.date(2026, 3, 16), chief_arbiter="IA Roe, Jane",
                                 deputy_arbiters=["FA Doe, John"], time_control="90 min + 30 s")
    event.round(1).date = dt.date(2026, 3, 14)
    store.save(event, round_one)
    out = tmp_path / "out.trf"
    assert main(["export", str(round_one), "--trf", str(out)]) == 0
    lines = out.read_text().splitlines()
    records = {line[:3]: line[4:] for line in lines}
    assert records["012"] == "Spring Open" and records["022"] == "Riverside" and records["032"] == "ENG"
    assert records["042"] == "2026/03/14" and records["052"] == "2026/03/16"
    assert records["062"] == "9" and records["072"] == "9"
    assert records["102"] == "IA Roe, Jane" and records["112"] == "FA Doe, John"
    assert records["122"] == "90 min + 30 s"
    assert next(line for line in lines if line.startswith("132"))[91:99] == "26/03/14"
    trf.loads(out.read_text())  # our own reader takes it
    back = tmp_path / "back.toml"
    assert main(["import", str(out), "-o", str(back)]) == 0
    again = store.load(back)
    assert again.info == event.info and again.round(1).date == dt.date(2026, 3, 14)


async def test_details_are_on_the_home_screen_key_list(round_one):
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "d details" in screen_text(app)


def test_trf_export_writes_record_092_and_import_keeps_the_files_own(round_one, tmp_path):
    out = tmp_path / "out.trf"
    assert main(["export", str(round_one), "--trf", str(out)]) == 0
    records = {line[:3]: line[4:] for line in out.read_text().splitlines()}
    assert records["092"] == "Individual: Swiss-System"  # type of tournament, the rating report's
    dubov = tmp_path / "dubov.trf"
    dubov.write_text(out.read_text().replace("092 Individual: Swiss-System", "092 Individual: Swiss-System (Dubov)"))
    back = tmp_path / "back.toml"
    assert main(["import", str(dubov), "-o", str(back)]) == 0
    assert store.load(back).info.tournament_type == "Individual: Swiss-System (Dubov)"
    again = tmp_path / "again.trf"
    assert main(["export", str(back), "--trf", str(again)]) == 0
    assert [ln for ln in again.read_text().splitlines() if ln.startswith("092")] == [
        "092 Individual: Swiss-System (Dubov)"]
