"""A pairing system that cannot pair yet is refused when the event is created, not at the first n."""

from __future__ import annotations

from dataclasses import replace

from engine import systems
from swisstui import store
from swisstui.app import SwissApp
from swisstui.cli import main
from tests.app.conftest import write_event
from tests.app.screen_text import screen_text

SIZE = (80, 24)
UNAVAILABLE = next(s for s in systems.SYSTEMS if not s.available)  # e.g. the 2017 Dutch


async def test_the_new_event_dialog_refuses_a_system_that_cannot_pair(tmp_path):
    path = tmp_path / "club.toml"
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*"Club Night", "tab", "ctrl+u", "5", "tab", "ctrl+u", *UNAVAILABLE.id, "enter")
        await pilot.pause()
        text = screen_text(app)
        assert "cannot pair yet" in text and "dutch-2026" in text
        assert not path.exists()
        assert type(app.screen).__name__ == "NewEventScreen"


def test_swisstui_new_refuses_a_system_that_cannot_pair(tmp_path, capsys):
    path = tmp_path / "e.toml"
    assert main(["new", str(path), "--name", "A", "--rounds", "5", "--system", UNAVAILABLE.id]) == 2
    err = capsys.readouterr().err
    assert "cannot pair yet" in err and "systems that pair:" in err and "dutch-2026" in err
    assert not path.exists()


def test_import_of_a_tournament_in_a_system_that_cannot_pair_warns(tmp_path, capsys):
    from engine import trf
    from engine.systems import generate

    t = generate.generate(8, 2, 1)
    t = replace(t, settings=replace(t.settings, system=UNAVAILABLE.id))
    src = tmp_path / "in.trf"
    src.write_text(trf.dumps(t), encoding="utf-8")
    assert main(["import", str(src), "-o", str(tmp_path / "e.toml")]) == 0
    err = capsys.readouterr().err
    assert "warning:" in err and "cannot pair yet" in err


async def test_home_says_when_the_events_system_cannot_pair(tmp_path):
    path = write_event(tmp_path / "old.toml")
    event = store.load(path)
    event.settings = replace(event.settings, system=UNAVAILABLE.id)
    store.save(event, path)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "cannot pair yet: n will refuse" in screen_text(app)


async def test_home_says_when_an_imported_events_system_is_one_swisstui_does_not_pair(tmp_path):
    path = write_event(tmp_path / "rr.toml")
    event = store.load(path)
    event.settings = replace(event.settings, system="BERGER_ROUNDROBIN_G2")  # another program's round robin, as imported from a TRF record 192
    store.save(event, path)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "BERGER_ROUNDROBIN_G2" in screen_text(app) and "cannot pair yet: n will refuse" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert "No pairing: pairing system code 'BERGER_ROUNDROBIN_G2' (TRF record 192)" in text
