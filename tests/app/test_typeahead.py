"""Keys typed ahead: a burst reaches the same widgets as the same keys typed slowly.

Each test sends a key that opens a dialog, a screen or an input, followed at
once by what the arbiter types into it, all queued before the app handles the
first key (as a paste or an SSH link delivers them).
"""

from __future__ import annotations

import pytest
from textual.widgets import Input

from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.players import PlayersScreen
from tests.app.conftest import NINE, ROUND_ONE, write_event, write_round
from tests.app.screen_text import burst, downs_to_setting, palette_searched

SIZE = (80, 24)


async def players(pilot) -> None:
    await pilot.press("p")
    await pilot.pause()
    assert isinstance(pilot.app.screen, PlayersScreen)


async def test_search_burst_types_into_the_search_box(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await players(pilot)
        await burst(pilot, *"/wyatt")
        assert isinstance(app.screen, PlayersScreen)
        assert app.screen.query_one("#search", Input).value == "wyatt"
    assert not any(p.withdrawn for p in store.load(event_file).players)


async def test_add_player_burst_fills_each_field(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await players(pilot)
        await burst(pilot, "a", *"Andersen, Lars", "tab", *"2150", "tab", *"FM", "tab", *"NOR", "enter")
        assert isinstance(app.screen, PlayersScreen)
    p = store.load(event_file).player(10)
    assert (p.name, p.rating, p.title, p.federation) == ("Andersen, Lars", 2150, "FM", "NOR")


async def test_withdraw_burst_answers_the_question(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await players(pilot)
        await burst(pilot, "down", "w", "y")
        assert isinstance(app.screen, PlayersScreen)
    assert [p.id for p in store.load(event_file).players if p.withdrawn] == [2]


async def test_edit_burst_changes_the_rating(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await players(pilot)
        await burst(pilot, "down", "e", "tab", "ctrl+u", *"2401", "enter")
    assert store.load(event_file).player(2).rating == 2401


async def test_later_round_bye_burst_reaches_the_round_box(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await players(pilot)
        await burst(pilot, "B", "ctrl+u", "3", "enter")
    assert store.load(event_file).round(3).requests == {1: store.load(event_file).round(3).requests[1]}


async def test_keep_apart_burst_reaches_the_number_box(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await players(pilot)
        await burst(pilot, "f", "4", "enter")
    assert [sorted(f.players) for f in store.load(event_file).forbidden] == [[1, 4]]


async def test_renumber_burst_answers_the_question(tmp_path):
    path = write_event(tmp_path / "unsorted.toml", players=tuple(reversed(NINE)))
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await players(pilot)
        await burst(pilot, "number_sign", "y")
    assert store.load(path).player(1).name == "Amber, J."


async def test_import_burst_reaches_the_file_box_and_the_preview(event_file):
    (event_file.parent / "late.csv").write_text("name,rating\n\"Zhou, W.\",2105\n", encoding="utf-8")
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await players(pilot)
        await burst(pilot, "i", *"late.csv", "enter", "y")
        assert isinstance(app.screen, PlayersScreen)
    assert store.load(event_file).player(10).name == "Zhou, W."


async def test_help_closed_then_screen_key_in_one_burst(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "question_mark", "escape", "s")
        assert type(app.screen).__name__ == "StandingsScreen"


async def test_command_palette_burst_types_the_command(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "ctrl+p", *"Cross-table")
        await palette_searched(pilot)
        await burst(pilot, "enter")
        assert type(app.screen).__name__ == "CrossTableScreen"


async def test_pair_and_publish_in_one_burst(event_file):
    app = SwissApp(event_file, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n", "c", "y")
        await app.workers.wait_for_complete()
        await burst(pilot)
        assert type(app.screen).__name__ == "ResultsScreen"
    assert [(b.white, b.black) for b in store.load(event_file).round(1).boards] == list(ROUND_ONE)


async def test_board_edit_burst_fills_numbers_then_reason(event_file):
    app = SwissApp(event_file, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n")
        await app.workers.wait_for_complete()
        await burst(pilot, "a", "e", "tab", "ctrl+u", "5", "tab", "ctrl+u", "1", "enter",
                    *"colours agreed", "enter")
        proposal = app.session.proposal
        assert proposal is not None and [c.reason for c in proposal.changes] == ["colours agreed"]
        assert (proposal.boards[0].white, proposal.boards[0].black) == (5, 1)


async def test_validate_closed_then_confirmed_in_one_burst(event_file):
    app = SwissApp(event_file, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n")
        await app.workers.wait_for_complete()
        await burst(pilot, "v", "escape", "c", "y")
        assert type(app.screen).__name__ == "ResultsScreen"
    assert store.load(event_file).round(1).published


async def test_leaving_fide_mode_burst_answers_all_three_questions(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        downs = await downs_to_setting(pilot, "fide")
        await burst(pilot, "t", *(["down"] * downs), "enter", "y", "y", *"club rules", "enter")
        assert type(app.screen).__name__ == "SettingsScreen"
    event = store.load(event_file)
    assert not event.fide_mode and event.log[-1].text == "club rules"


@pytest.mark.parametrize("keys", ["1=0-", "10=+"])
async def test_results_burst_saves_every_board(round_one, keys):
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "r", *keys)
    expected = {"1=0-": ["1-0", "1/2-1/2", "0-1", "-/+"], "10=+": ["1-0", "0-1", "1/2-1/2", "+/-"]}[keys]
    assert [b.result for b in store.load(round_one).round(1).boards] == expected
async def test_correction_burst_answers_the_correction_dialog(round_one):
    write_round(round_one, 1, ROUND_ONE, bye=9, results=("0-1",))
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "r", "up", "c", "1", *"sheet misread", "tab", *"CA", "enter")
        assert type(app.screen).__name__ == "ResultsScreen"
    rnd = store.load(round_one).round(1)
    assert rnd.boards[0].result == "1-0"
    assert rnd.changes[-1].reason == "sheet misread"




async def test_a_burst_waits_for_a_screen_mounted_while_the_process_gets_no_cpu(event_file, monkeypatch):
    """On a loaded server the app may not run for seconds while the Add-player form is being mounted.

    Two and a half seconds without CPU time (a sleep in the form's compose) must not count as
    the app taking too long to settle: the name still goes into the form, not to the players table.
    """
    import time

    from swisstui.screens.player_form import PlayerForm

    compose = PlayerForm.compose

    def starved_compose(self):
        time.sleep(2.5)  # the process is not scheduled: the wall clock runs, its CPU time does not
        return compose(self)

    monkeypatch.setattr(PlayerForm, "compose", starved_compose)
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await players(pilot)
        await burst(pilot, "a", *"Andersen, Lars", "tab", *"2150", "enter")
        assert isinstance(app.screen, PlayersScreen)
    p = store.load(event_file).player(10)
    assert (p.name, p.rating) == ("Andersen, Lars", 2150)
