"""The tie-break list in the settings (before round 1), and publishing from the standings."""

from __future__ import annotations

from textual.widgets import Input, OptionList

from swisstui import store
from swisstui.app import SwissApp

SIZE = (100, 30)


async def _answer_tiebreaks(path, text: str) -> None:
    """Open the settings, choose the tie-break line, type ``text`` and press enter."""
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        menu.highlighted = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "tiebreaks")
        await pilot.press("enter")
        await pilot.pause()
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
    assert len(list(out.iterdir())) == 18  # 17 lists and the index
    assert "round-1-pairings.html" in (out / "index.html").read_text(encoding="utf-8")
