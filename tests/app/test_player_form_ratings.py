"""The player form offers players of the FIDE rating list as a name or FIDE ID is typed."""

from __future__ import annotations

import os
from pathlib import Path

from swisstui import store
from swisstui.app import SwissApp
from swisstui.ratings.db import import_list
from swisstui.ratings.fide_list import FideList
from swisstui.screens.player_form import PlayerForm
from oracles import fide_lists as F
from tests.app.screen_text import screen_text

SIZE = (80, 24)


def import_november(tmp_path: Path) -> None:
    path = F.write(tmp_path / "players_list_foa.txt", F.txt("combined"))
    import_list(Path(os.environ["SWISSTUI_RATINGS_DB"]), FideList(path), "2026-11")


async def test_typing_a_name_offers_the_list_and_enter_fills_the_form(event_file, tmp_path):
    import_november(tmp_path)
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "a")
        await pilot.pause()
        assert isinstance(app.screen, PlayerForm)
        await pilot.press(*"carls")
        await pilot.pause()
        text = screen_text(app)
        assert "Carlsen, Magnus · NOR GM · 2831 · 1503014 · 1990" in text
        assert "Carlsson, Mia · SWE WFM · 1985 · 34100001 · 2008" in text
        await pilot.press("down", "down", "escape")  # escape in the list: back to the name, nothing lost
        await pilot.pause()
        assert isinstance(app.screen, PlayerForm) and app.screen.focused.id == "f-name"
        await pilot.press("down", "down", "enter")  # the second match
        await pilot.pause()
        assert app.screen.query_one("#f-name").value == "Carlsson, Mia"
        assert app.screen.query_one("#f-rating").value == "1985"
        assert "Carlsen, Magnus ·" not in screen_text(app)  # the list is closed once a player is chosen
        await pilot.press("enter")  # saves the form as any other entry
        await pilot.pause()
    mia = store.load(event_file).players[-1]
    assert (mia.name, mia.rating, mia.title, mia.federation, mia.fide_id, mia.birth) == \
        ("Carlsson, Mia", 1985, "WFM", "SWE", 34100001, "2008")
    assert mia.k_factor == 20  # her SK in the list: the rating change uses it (B.02 art. 8.3.3)


async def test_a_fide_id_finds_its_player_with_the_events_rating(event_file, tmp_path):
    import_november(tmp_path)
    event = store.load(event_file)
    event.rating_type = "blitz"
    store.save(event, event_file)
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "a")
        await pilot.pause()
        app.screen.query_one("#f-fide_id").focus()
        await pilot.press(*"1503014")
        await pilot.pause()
        assert "Carlsen, Magnus · NOR GM · 2886 · 1503014" in screen_text(app)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app.screen.query_one("#f-rating").value == "2886"
        await pilot.press("enter")
        await pilot.pause()
    carlsen = store.load(event_file).players[-1]
    assert (carlsen.rating, carlsen.k_factor) == (2886, 20)  # the blitz K (BK 20), not the standard one (SK 10)


async def test_without_a_rating_list_the_form_is_as_before(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "a")
        await pilot.pause()
        await pilot.press(*"carls")
        await pilot.pause()
        assert not app.screen.query("#rating-matches")
        await pilot.press("down")
        await pilot.pause()
        assert app.screen.query_one("#f-name").value == "carls"


async def test_the_matches_say_when_more_players_match_than_are_shown(event_file, tmp_path):
    """Issue 30 item 5: five players shown and no hint that more match the name typed."""
    smiths = [dict(id=900001 + n, name=f"Smith, {first}", fed="ENG", s=2000 + n, sk=20, bday=1990)
              for n, first in enumerate(("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"))]
    path = F.write(tmp_path / "players_list_foa.txt", F.txt("combined", smiths))
    import_list(Path(os.environ["SWISSTUI_RATINGS_DB"]), FideList(path), "2026-11")
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "a")
        await pilot.pause()
        await pilot.press(*"smith")
        await pilot.pause()
        text = screen_text(app)
        assert "Smith, Eve" in text and "Smith, Fay" not in text  # five shown
        assert "more match: type more of the name" in text
        await pilot.press(*", f")
        await pilot.pause()
        text = screen_text(app)
        assert "Smith, Fay" in text and "more match" not in text  # all there is, shown
