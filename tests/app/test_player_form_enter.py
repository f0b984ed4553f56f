"""Enter in the player form while the FIDE list's matches are shown (issue 30 item 2).

Typing ``800001`` or a name prefix and pressing enter saved what was typed: a player named
"800001", unrated, with no FIDE ID. Now one match shown is taken, an ID typed in the FIDE ID
field fills the form from its player, and a name the list would never hold asks first.
"""

from __future__ import annotations

from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.dialogs import ConfirmScreen
from swisstui.screens.player_form import PlayerForm, list_name_form
from tests.app.screen_text import screen_text
from tests.app.test_player_form_ratings import import_november

SIZE = (80, 24)


async def open_form(pilot) -> PlayerForm:
    await pilot.press("p", "a")
    await pilot.pause()
    assert isinstance(pilot.app.screen, PlayerForm)
    return pilot.app.screen


async def test_enter_on_the_one_match_shown_takes_it(event_file, tmp_path):
    import_november(tmp_path)
    players = len(store.load(event_file).players)
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot)
        await pilot.press(*"1503014")  # an ID typed in the name field: the list shows its one player
        await pilot.pause()
        assert "Carlsen, Magnus · NOR GM · 2831 · 1503014" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is form and form.query_one("#f-name").value == "Carlsen, Magnus"
        assert form.query_one("#f-rating").value == "2831" and form.query_one("#f-fide_id").value == "1503014"
        assert len(store.load(event_file).players) == players  # taken into the form, not saved yet
        await pilot.press("enter")
        await pilot.pause()
    carlsen = store.load(event_file).players[-1]
    assert (carlsen.name, carlsen.rating, carlsen.fide_id) == ("Carlsen, Magnus", 2831, 1503014)


async def test_an_id_in_the_fide_id_field_fills_the_form_from_its_player(event_file, tmp_path):
    import_november(tmp_path)
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot)
        form.query_one("#f-fide_id").focus()
        await pilot.press(*"34100001", "enter")
        await pilot.pause()
        assert app.screen is form
        assert form.query_one("#f-name").value == "Carlsson, Mia" and form.query_one("#f-rating").value == "1985"
        await pilot.press("enter")
        await pilot.pause()
    mia = store.load(event_file).players[-1]
    assert (mia.name, mia.fide_id, mia.k_factor) == ("Carlsson, Mia", 34100001, 20)


async def test_a_prefix_with_several_matches_asks_before_saving_it_as_typed(event_file, tmp_path):
    import_november(tmp_path)
    players = len(store.load(event_file).players)
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        form = await open_form(pilot)
        await pilot.press(*"carls")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "'carls'" in app.screen.question
        assert "Surname, First" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is form and form.query_one("#f-name").value == "carls"
        assert len(store.load(event_file).players) == players
        await pilot.press("enter", "y")  # asked again; yes: the arbiter means it
        await pilot.pause()
    assert store.load(event_file).players[-1].name == "carls"


async def test_a_name_in_the_lists_form_that_the_list_lacks_saves_at_once(event_file, tmp_path):
    import_november(tmp_path)
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await open_form(pilot)
        await pilot.press(*"Carls, Anna")  # not in the list; a player of its own
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, (ConfirmScreen, PlayerForm))
    assert store.load(event_file).players[-1].name == "Carls, Anna"


def test_the_lists_name_form():
    assert list_name_form("Carlsen, Magnus") and list_name_form("Vachier-Lagrave, Maxime")
    assert not list_name_form("800001") and not list_name_form("carls") and not list_name_form("Carlsen,")
    assert not list_name_form("Smith 2, John")
