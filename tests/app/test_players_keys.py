"""Players list keys a newcomer types: a letter bound to nothing searches, a change says what it did
and u takes it back, the edit form never starts with its name selected, escape asks before discarding."""

from __future__ import annotations

from textual.widgets import DataTable, Input

from engine.model.tournament import ResultCode
from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.dialogs import ConfirmScreen
from swisstui.screens.player_form import PlayerForm
from swisstui.screens.players import PlayersScreen
from tests.app.screen_text import burst, notifications, screen_text

SIZE = (80, 24)


def round_one_requests(path) -> dict:
    """The byes and absences asked for round 1 (none when undo took away the round's record too)."""
    rnd = store.load(path).round(1)
    return {} if rnd is None else rnd.requests


async def open_players(pilot) -> None:
    await pilot.press("p")
    await pilot.pause()
    assert isinstance(pilot.app.screen, PlayersScreen)


async def test_zebra_typed_in_one_burst_searches_for_zebra_and_changes_nothing(event_file):
    before = event_file.read_bytes()
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await burst(pilot, *"zebra")
        assert isinstance(app.screen, PlayersScreen)
        box = app.screen.query_one("#search", Input)
        assert box.value == "zebra" and app.focused is box
        assert "0 of 9" in screen_text(app)
    assert event_file.read_bytes() == before


async def test_a_letter_bound_to_nothing_starts_the_search_with_it(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("k", "o")  # k is bound to nothing; o, typed into the search box, does not sort
        box = app.screen.query_one("#search", Input)
        assert box.value == "ko" and box.selection.is_empty
        table = app.screen.query_one(DataTable)
        assert table.row_count == 1 and str(table.get_row_at(0)[1]) == "Kovacs, A."
        await pilot.press("enter", "K")  # back on the list: a capital letter starts a new search
        assert box.value == "K" and app.focused is box


async def test_bye_absence_and_clearing_say_what_they_did_and_u_undoes_each_at_once(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        app.session.settings.leave_fide_mode("club rules allow full-point byes")  # + gives one only then
        await pilot.press("b")
        await pilot.pause()
        assert round_one_requests(event_file) == {1: ResultCode.HALF_BYE}
        assert notifications(app)[-1] == "round 1: half bye for 1 Amber, J. (u undoes)"
        await pilot.press("u")
        await pilot.pause()
        assert round_one_requests(event_file) == {}
        assert notifications(app)[-1].startswith("undone: ")
        await pilot.press("down", "minus", "down", "plus")
        await pilot.pause()
        assert round_one_requests(event_file) == {2: ResultCode.ZERO_BYE, 3: ResultCode.FULL_BYE}
        await pilot.press("u")  # the last change only: the full-point bye of 3
        await pilot.pause()
        assert round_one_requests(event_file) == {2: ResultCode.ZERO_BYE}
        await pilot.press("up", "c")
        await pilot.pause()
        assert round_one_requests(event_file) == {}
        await pilot.press("u")
        await pilot.pause()
        assert round_one_requests(event_file) == {2: ResultCode.ZERO_BYE}
        await pilot.press("u")  # undone already: nothing more is taken back from this screen
        await pilot.pause()
        assert round_one_requests(event_file) == {2: ResultCode.ZERO_BYE}
        assert "nothing changed here to undo" in notifications(app)[-1]


async def test_a_withdrawal_asks_then_u_takes_it_back(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("down", "w")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert store.load(event_file).player(2).withdrawn
        assert notifications(app)[-1] == "Lindqvist, E. withdrawn (u undoes)"
        await pilot.press("u")
        await pilot.pause()
        assert not store.load(event_file).player(2).withdrawn


async def test_u_refuses_when_another_change_came_after_the_one_shown(event_file):
    from swisstui.session.actions import Session

    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("b")
        await pilot.pause()
        other = Session.open(event_file)  # another arbiter's terminal withdraws player 5
        other.players.withdraw(other.players.ref(5))
        await pilot.press("u")
        await pilot.pause()
        event = store.load(event_file)
        assert round_one_requests(event_file) == {1: ResultCode.HALF_BYE} and event.player(5).withdrawn
        assert "nothing was undone" in notifications(app)[-1]


async def test_the_edit_form_opens_with_the_cursor_after_the_name_and_nothing_selected(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await burst(pilot, "e", *"ra")  # the tail of a word typed on the list lands after the name
        assert isinstance(app.screen, PlayerForm)
        name = app.screen.query_one("#f-name", Input)
        assert name.value == "Amber, J.ra"
        assert name.selection.is_empty and name.cursor_position == len(name.value)


async def test_escape_in_the_form_asks_before_discarding_what_was_typed(event_file):
    before = event_file.read_bytes()
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("e", "escape")  # nothing typed: closes at once
        await pilot.pause()
        assert isinstance(app.screen, PlayersScreen)
        await pilot.press("e", "x", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "Discard what you typed (Name)?" in screen_text(app)
        await pilot.press("n")  # back in the form, the text kept
        await pilot.pause()
        assert isinstance(app.screen, PlayerForm)
        assert app.screen.query_one("#f-name", Input).value == "Amber, J.x"
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, PlayersScreen)
    assert event_file.read_bytes() == before


async def test_a_registration_says_u_undoes_and_u_removes_the_player(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("a", *"Zhou, W.", "enter")
        await pilot.pause()
        assert len(store.load(event_file).players) == 10
        assert notifications(app)[-1] == "Zhou, W. registered as number 10 (u undoes)"
        await pilot.press("u")
        await pilot.pause()
        assert len(store.load(event_file).players) == 9


async def test_u_takes_the_notice_it_undid_off_the_screen(event_file):
    from textual.widgets._toast import Toast

    app = SwissApp(event_file)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await open_players(pilot)
        await pilot.press("b")
        await pilot.pause()
        assert [n.message for n in app._notifications] == ["round 1: half bye for 1 Amber, J. (u undoes)"]
        await pilot.press("u")
        await pilot.pause()
        assert [n.message for n in app._notifications] == [notifications(app)[-1]]
        assert notifications(app)[-1].startswith("undone: ")
        assert len(app.screen.query(Toast)) == 1


async def test_a_digit_on_the_list_searches_for_that_pairing_number(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await burst(pilot, "7")
        table = app.screen.query_one(DataTable)
        assert app.screen.query_one("#search", Input).value == "7"
        assert table.row_count == 1 and str(table.get_row_at(0)[1]) == "Nowak, T."


async def test_a_series_without_a_count_shows_its_latest_notice_only(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await open_players(pilot)
        for column in ("Name", "Rating", "Title"):  # o, o, o: each sort says where it stands now
            app.notify(f"sorted by {column}", timeout=30, series="sorted")
            await pilot.pause()
        app.notify("something else", timeout=30)
        await pilot.pause()
        assert [n.message for n in app._notifications] == ["sorted by Title", "something else"]


async def test_enter_on_the_list_edits_the_player_and_after_a_search_goes_to_the_list_first(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PlayerForm) and app.screen.title_text == "Edit player 1"
        await pilot.press("escape", *"kovacs", "enter")  # k starts the search; enter goes to the list
        await pilot.pause()
        assert isinstance(app.screen, PlayersScreen) and app.focused is app.screen.query_one(DataTable)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PlayerForm) and app.screen.title_text == "Edit player 3"
