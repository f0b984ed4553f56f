"""Players screen: the table, sorting, search, the add/edit form, withdrawal and requested byes."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from engine.model.tournament import ResultCode
from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.player_form import PlayerForm
from tests.app.screen_text import notifications, screen_lines, screen_text

SIZE = (80, 24)


def table_column(app, column: int) -> list[str]:
    table = app.screen.query_one(DataTable)
    return [str(table.get_row_at(i)[column]) for i in range(table.row_count)]


async def open_players(pilot) -> None:
    await pilot.press("p")
    await pilot.pause()


async def test_table_shows_every_player_with_key_columns(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        text = screen_text(app)
        for heading in ("No", "Name", "Rating", "Title", "Fed", "Score", "Status"):
            assert heading in text
        assert table_column(app, 1)[:3] == ["Amber, J.", "Lindqvist, E.", "Kovacs, A."]
        assert "Dubois, C." in text and "FRA" in text  # the ninth player fits at 80x24


async def test_add_player_through_the_form_saves_it(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, PlayerForm)
        await pilot.press(*"Zhou, W.", "tab", *"2105", "tab", *"fm", "tab", *"chn", "tab", *"8601234", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, PlayerForm)
        saved = store.load(event_file).player(10)
        assert (saved.name, saved.rating, saved.title, saved.federation, saved.fide_id) == (
            "Zhou, W.", 2105, "FM", "CHN", 8601234)
        assert "Zhou, W." in table_column(app, 1)


async def test_form_refuses_bad_input_and_names_the_field(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"Nobody", "tab", *"12x", "enter")
        await pilot.pause()
        assert isinstance(app.screen, PlayerForm)
        assert "Rating: a whole number" in screen_text(app)
        await pilot.press("escape", "y")  # a field was typed in: leaving asks first
        await pilot.pause()
        assert len(store.load(event_file).players) == 9


async def test_edit_player_changes_the_file(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("down", "e")  # player 2
        await pilot.pause()
        await pilot.press("tab", "ctrl+u", *"2401", "enter")
        await pilot.pause()
        assert store.load(event_file).player(2).rating == 2401
        assert store.load(event_file).player(2).name == "Lindqvist, E."


async def test_withdraw_asks_then_records(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("down", "down", "w")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert not store.load(event_file).player(3).withdrawn
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        event = store.load(event_file)
        assert event.player(3).withdrawn and event.player(3).withdrawn_after == 0
        assert "withdrawn after r0" in screen_text(app)
        assert event.log[-1].action == "withdrawal"
        await pilot.press("w")  # again: a mistaken withdrawal is undone
        await pilot.pause()
        assert "Reinstate them from round 1" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        event = store.load(event_file)
        assert not event.player(3).withdrawn and event.log[-1].action == "reinstatement"


async def test_half_point_bye_and_absence_for_the_next_round(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("b")  # player 1: half-point bye in round 1
        await pilot.press("down", "minus")  # player 2: absent (zero-point bye)
        await pilot.pause()
        requests = store.load(event_file).rounds[0].requests
        assert requests == {1: ResultCode.HALF_BYE, 2: ResultCode.ZERO_BYE}
        assert "½-bye r1" in screen_text(app)
        await pilot.press("c")  # clears player 2
        await pilot.pause()
        assert store.load(event_file).rounds[0].requests == {1: ResultCode.HALF_BYE}
        # the engine's snapshot sees the request: player 1 is not to be paired
        assert 1 not in {p.id for p in store.load(event_file).to_tournament().to_pair()}


async def test_sort_cycles_columns_and_reverses(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("o")  # Name
        await pilot.pause()
        names = table_column(app, 1)
        assert names == sorted(names) and names[0] == "Amber, J."
        await pilot.press("O")  # reversed
        await pilot.pause()
        assert table_column(app, 1) == sorted(names, reverse=True)
        await pilot.press("o", "o", "o")  # Rating, Title, Fed
        await pilot.pause()
        feds = table_column(app, 4)
        assert feds == sorted(feds) and feds[0] == "ENG"


async def test_incremental_search_filters_as_typed(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("slash", "o")
        await pilot.pause()
        assert set(table_column(app, 1)) == {"Kovacs, A.", "Okafor, N.", "Sato, K.", "Nowak, T.", "Dubois, C."}
        await pilot.press("k", "a")  # "oka"
        await pilot.pause()
        assert table_column(app, 1) == ["Okafor, N."]
        await pilot.press("enter", "e")  # back to the table; edit works on the found player
        await pilot.pause()
        assert isinstance(app.screen, PlayerForm) and app.screen.title_text == "Edit player 4"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")  # clears the search
        await pilot.pause()
        assert len(table_column(app, 1)) == 9


async def test_keep_two_players_apart_and_release(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("4", "enter")
        await pilot.pause()
        event = store.load(event_file)
        assert [set(f.players) for f in event.forbidden] == [{1, 4}]
        assert event.to_tournament().is_forbidden(1, 4)
        assert "active ≠4" in screen_text(app)
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("4", "enter")  # the same pair again: released
        await pilot.pause()
        assert store.load(event_file).forbidden == []


async def test_sort_pairing_numbers_follows_rating_title_name(tmp_path):
    from tests.app.conftest import write_event

    # registered out of order: ratings 1950, 2402, 2402 (IM), 2402 (no title, name A...)
    players = (("Berg, L.", 1950, "", "NOR"), ("Zeta, Z.", 2402, "", "ENG"),
               ("Young, Y.", 2402, "IM", "ENG"), ("Alpha, A.", 2402, "", "ENG"))
    path = write_event(tmp_path / "order.toml", players=players)
    event = store.load(path)
    event.ensure_round(1).requests[1] = ResultCode.HALF_BYE
    store.save(event, path)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("f", "2", "enter")  # keep 1 (Berg) and 2 (Zeta) apart
        await pilot.pause()
        await pilot.press("number_sign")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert table_column(app, 1) == ["Young, Y.", "Alpha, A.", "Zeta, Z.", "Berg, L."]
    event = store.load(path)
    assert [(p.id, p.name) for p in event.players] == [
        (1, "Young, Y."), (2, "Alpha, A."), (3, "Zeta, Z."), (4, "Berg, L.")]
    assert event.round(1).requests == {4: ResultCode.HALF_BYE}  # Berg's request followed him
    assert [set(f.players) for f in event.forbidden] == [{3, 4}]
    assert event.log[-1].action == "renumber" and "1->4" in event.log[-1].text


def test_pairing_numbers_are_final_once_round_four_is_paired(event_file):
    from swisstui.session.actions import ActionError, Session
    from tests.app.conftest import write_round

    for rnd in range(1, 5):
        write_round(event_file, rnd, ((1, 5), (6, 2), (3, 7), (8, 4)), bye=9, results=("1-0",) * 4)
    with pytest.raises(ActionError, match="round 4"):
        Session.open(event_file).players.sort_numbers()


async def test_bye_requested_for_a_later_round(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("down", "down", "B")
        await pilot.pause()
        await pilot.press("ctrl+u", "3", "enter")
        await pilot.pause()
        await pilot.press("minus")  # and absent in round 1
        await pilot.pause()
        event = store.load(event_file)
        assert event.round(3).requests == {3: ResultCode.HALF_BYE}
        assert event.round(1).requests == {3: ResultCode.ZERO_BYE}
        assert "0-bye r1, ½-bye r3" in screen_text(app)
        await pilot.press("B")
        await pilot.pause()
        await pilot.press("ctrl+u", "9", "enter")  # the event has 5 rounds
        await pilot.pause()
        assert "the event has only 5 rounds" in notifications(app)


async def test_late_entry_takes_its_place_in_the_list(round_one):
    """C.04.2 art. 2.4: a 2300 late entry after round 1 goes between 2311 and 2250: number 4; 4-9 move down."""
    from tests.app.conftest import ROUND_ONE

    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"Late, L.", "tab", *"2300", "enter")
        await pilot.pause()
        await pilot.press("y")  # who changes number was shown: renumber
        await pilot.pause()
        assert any(n.startswith("Late, L. registered as number 4") for n in notifications(app))
    event = store.load(round_one)
    assert [p.name for p in event.players][2:5] == ["Kovacs, A.", "Late, L.", "Okafor, N."]
    shifted = {1: 1, 2: 2, 3: 3, 4: 5, 5: 6, 6: 7, 7: 8, 8: 9, 9: 10}
    assert [(b.white, b.black) for b in event.round(1).boards] == [(shifted[w], shifted[b]) for w, b in ROUND_ONE]
    assert event.round(1).bye == 10
    assert [e.action for e in event.log[-2:]] == ["renumber", "late-entry"]


async def test_home_warns_when_numbers_are_not_in_rating_order(tmp_path):
    from tests.app.conftest import write_event

    path = write_event(tmp_path / "o.toml", players=(("B", 1900, "", ""), ("A", 2000, "", "")))
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "numbers not in rating order" in screen_text(app)


async def test_search_text_and_matches_are_shown_and_escape_leaves_search_mode(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("slash", *"berg")
        await pilot.pause()
        lines = screen_lines(app)
        assert "Search berg" in lines[-2] and "1 of 9" in lines[-2]  # the line above the footer
        assert "esc clear" in lines[-1]
        await pilot.press("enter")  # back to the list: the player keys are offered again, the filter stays
        await pilot.pause()
        lines = screen_lines(app)
        assert "Search berg" in lines[-2]
        assert "a add" in lines[-1] and "esc clear" in lines[-1]
        assert table_column(app, 1) == ["Berg, L."]
        await pilot.press("escape")
        await pilot.pause()
        lines = screen_lines(app)
        assert not any("Search" in line for line in lines[1:])
        assert "a add" in lines[-1] and "esc clear" not in lines[-1]
        assert len(table_column(app, 1)) == 9


async def test_dubov_rating_change_before_round_4_asks_then_resorts_numbers(tmp_path):
    # C.04.4.1 art. 1.2.2: in a Dubov event a rating changed before round 4 is paired re-sorts
    # the pairing numbers; the app shows who changes number and asks first.
    from dataclasses import replace

    from tests.app.conftest import write_event

    players = (("Adams, A.", 2400, "", "ENG"), ("Brown, B.", 2300, "", "ENG"),
               ("Clark, C.", 2200, "", "ENG"), ("Dunn, D.", 2100, "", "ENG"))
    path = write_event(tmp_path / "dubov.toml", players=players)
    event = store.load(path)
    event.settings = replace(event.settings, system="dubov-2026")
    store.save(event, path)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("down", "down", "e")  # player 3, Clark
        await pilot.pause()
        await pilot.press("tab", "ctrl+u", *"2350", "enter")
        await pilot.pause()
        text = screen_text(app)
        assert "1.2.2" in text and "2 Brown, B. -> 3" in text and "3 Clark, C. -> 2" in text
        await pilot.press("n")  # keeps everything as it was
        await pilot.pause()
        assert [(p.id, p.name, p.rating) for p in store.load(path).players][1:3] == [
            (2, "Brown, B.", 2300), (3, "Clark, C.", 2200)]
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("tab", "ctrl+u", *"2350", "enter")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    event = store.load(path)
    assert [(p.id, p.name, p.rating) for p in event.players] == [
        (1, "Adams, A.", 2400), (2, "Clark, C.", 2350), (3, "Brown, B.", 2300), (4, "Dunn, D.", 2100)]
    assert event.log[-1].action == "renumber"


async def test_dutch_rating_change_does_not_renumber(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("down", "down", "e")  # player 3
        await pilot.pause()
        await pilot.press("tab", "ctrl+u", *"2999", "enter")
        await pilot.pause()
    event = store.load(event_file)
    assert event.player(3).rating == 2999  # saved at once, numbers unchanged (Dutch: re-sorting is optional)


async def test_form_refuses_a_pasted_escape_sequence_at_the_field_and_saves_nothing(event_file):
    from textual import events
    from textual.widgets import Input, Static

    before = event_file.read_bytes()
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("a")
        await pilot.pause()
        app.screen.query_one("#f-name", Input).post_message(events.Paste("Smith\x1b[2J"))
        await pilot.pause()
        await pilot.press("tab", "tab", "tab", "tab", *"123456789012", "enter")  # 12 digits do not fit either
        await pilot.pause()
        assert isinstance(app.screen, PlayerForm)
        error = str(app.screen.query_one("#form-error", Static).render())
        assert error.startswith("Name: holds a control character, ESC (U+001B), at character 6")
        name = app.screen.query_one("#f-name", Input)
        assert app.focused is name and name.has_class("-invalid")
        name.value = "Smith, J."
        await pilot.press("enter")
        await pilot.pause()
        assert str(app.screen.query_one("#form-error", Static).render()).startswith("FIDE id: at most 11 digits")
        assert app.focused is app.screen.query_one("#f-fide_id", Input)
        await pilot.press("escape")
        await pilot.pause()
    assert event_file.read_bytes() == before


async def test_a_withdrawn_players_status_keeps_its_round_beside_long_names_at_80_columns(tmp_path):
    """FIDE lists names of thirty letters: the Status column still says after which round a player left."""
    from tests.app.clipping import clipped
    from tests.app.conftest import NINE, ROUND_ONE, write_event, write_round

    players = tuple((f"{name.split(',')[0]}-Montgomery, Alexander", rating, title, fed)
                    for name, rating, title, fed in NINE)
    path = write_round(write_event(tmp_path / "long.toml", players=players), 1, ROUND_ONE, bye=9,
                       results=("1-0", "0-1", "1/2-1/2", "1-0"))
    event = store.load(path)
    event.player(4).status, event.player(4).withdrawn_after = "withdrawn", 1
    store.save(event, path)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        (line,) = [x for x in screen_lines(app) if x.lstrip().startswith("4 ")]
        assert line.rstrip().endswith("withdrawn after r1"), line
        cut = [p for p in clipped(app) if "'Status'" in p]  # (a name is cut: thirty letters do not fit)
        assert not cut, cut


async def test_the_form_records_sex_for_trf_column_10(event_file):
    from tests.app.screen_text import wait_until

    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_players(pilot)
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, PlayerForm), "the add-player form")
        app.screen.query_one("#f-name").value = "Zhou, W."
        app.screen.query_one("#f-sex").focus()
        await pilot.press("x", "enter")
        await wait_until(pilot, lambda: "Sex: m, w or empty" in screen_text(app), "the refusal of sex 'x'")
        await pilot.press("backspace", "W", "enter")
        await wait_until(pilot, lambda: not isinstance(app.screen, PlayerForm), "the form to close")
        assert store.load(event_file).player(10).sex == "w"
        from engine import trf
        line = next(ln for ln in trf.dumps(store.load(event_file).to_tournament()).splitlines()
                    if ln.startswith("001   10"))
        assert line[9] == "w"  # column 10


@pytest.mark.parametrize(("typed", "kept"), [("m", "m"), ("W", "w"), ("f", "w"), ("", "")])
def test_the_form_keeps_sex_as_trf_writes_it(typed, kept):
    from swisstui.screens.player_form import parse_fields

    assert parse_fields({"name": "Zhou, W.", "sex": typed})["sex"] == kept
