"""The tie-break list in the settings (before round 1), and publishing from the standings."""

from __future__ import annotations

from textual.widgets import Input, OptionList

from swisstui import store
from swisstui.app import SwissApp
from tests.app.screen_text import choose_line

SIZE = (100, 30)


async def _answer_tiebreaks(path, text: str) -> None:
    """Open the settings, choose the tie-break line, type ``text`` and press enter."""
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await choose_line(pilot, "tiebreaks")
        app.screen.query_one("#answer", Input).value = text
        await pilot.press("enter")
        await pilot.pause()


async def test_tiebreaks_are_chosen_in_the_settings(event_file):
    await _answer_tiebreaks(event_file, "bh/c1, BH ,SB,DE")
    assert store.load(event_file).settings.tiebreaks == ("BH/C1", "BH", "SB", "DE")


async def test_an_unknown_tiebreak_changes_nothing(event_file):
    await _answer_tiebreaks(event_file, "BH,Buchholz")
    assert store.load(event_file).settings.tiebreaks == ()


async def test_fide_mode_keeps_the_list_once_round_one_is_paired(round_one):
    await _answer_tiebreaks(round_one, "BH")
    assert store.load(round_one).settings.tiebreaks == ()


async def test_publish_from_the_standings(round_one):
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
    out = round_one.with_name(f"{round_one.stem}-published")
    assert (out / "round-1-pairings.html").is_file() and (out / "round-1-standings.csv").is_file()
    assert len(list(out.iterdir())) == 19  # 17 lists, the index and the paper for the hall
    assert "round-1-pairings.html" in (out / "index.html").read_text(encoding="utf-8")


# -- the list a new event starts with ---------------------------------------------------------

FIDE_SWISS = ("BH/C1", "BH", "SB", "PS", "DE", "WIN", "BWG")  # C.02 art. 13.16.4, in C.07 codes


def test_an_event_created_in_the_app_starts_with_fides_list_for_an_individual_swiss(tmp_path):
    from swisstui.session.actions import create_event

    create_event(tmp_path / "new.toml", "Club Night", 5)
    assert store.load(tmp_path / "new.toml").settings.tiebreaks == FIDE_SWISS


def test_swisstui_new_starts_with_the_list_and_takes_an_empty_one_on_request(tmp_path, capsys):
    import pytest

    from swisstui.cli import main

    assert main(["new", str(tmp_path / "a.toml"), "--name", "A", "--rounds", "5"]) == 0
    assert store.load(tmp_path / "a.toml").settings.tiebreaks == FIDE_SWISS
    assert main(["new", str(tmp_path / "b.toml"), "--name", "B", "--rounds", "5", "--tiebreaks", ""]) == 0
    assert store.load(tmp_path / "b.toml").settings.tiebreaks == ()
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["new", "--help"])
    assert ",".join(FIDE_SWISS) in " ".join(capsys.readouterr().out.split())


def test_a_file_that_says_no_tiebreaks_keeps_none(event_file):
    # only new events get the list: an event file written without one (an older event) is read as it is
    assert "tiebreaks = []" in event_file.read_text(encoding="utf-8")
    assert store.load(event_file).settings.tiebreaks == ()


async def _settings_text(path) -> str:
    from tests.app.screen_text import screen_text, wait_until

    app = SwissApp(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        await wait_until(pilot, lambda: app.screen.query(OptionList), "the settings screen")
        return screen_text(app)


async def test_the_settings_warn_when_the_list_is_empty_before_the_last_round(round_one):
    text = await _settings_text(round_one)
    assert "Tie-breaks   none (fixed: round 1 paired, C.07 4.1)" in text
    assert "⚠ ties stay unbroken: choose a list before the last round" in text


async def test_with_fide_mode_off_the_list_is_not_shown_as_fixed(round_one):
    """Only FIDE mode refuses a change after round 1 (C.07 4.1); off, the list can be changed and says so."""
    event = store.load(round_one)
    event.fide_mode = False
    store.save(event, round_one)
    text = await _settings_text(round_one)
    assert "Tie-breaks   none (enter: change, FIDE mode off)" in text


async def test_the_settings_say_where_the_list_comes_from(tmp_path):
    from swisstui.session.actions import create_event

    create_event(tmp_path / "new.toml", "Club Night", 5)
    text = await _settings_text(tmp_path / "new.toml")
    assert "BH/C1,BH,SB,PS,DE,WIN,BWG" in text
    assert "FIDE's list for an individual Swiss (C.02 art. 13.16.4)" in text
    assert "⚠" not in text
