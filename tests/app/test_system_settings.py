"""The pairing system in the settings: chosen before round 1 after a question, refused with the reason after."""

from __future__ import annotations

import pytest

from engine import systems
from swisstui import store
from swisstui.session.actions import ActionError, Session
from swisstui.app import SwissApp
from swisstui.screens.dialogs import ConfirmScreen
from tests.app.conftest import ROUND_ONE, write_round
from tests.app.screen_text import choose_line, notifications, screen_text

SIZE = (100, 30)


async def test_the_system_is_chosen_in_the_settings_after_a_question(event_file):
    app = SwissApp(event_file)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert "System       ● FIDE (Dutch) system, 2026 edition (enter on another: change)" in screen_text(app)
        await choose_line(pilot, "system:burstein-2026")
        assert isinstance(app.screen, ConfirmScreen)
        assert "FIDE Burstein system instead of Dutch (dutch-2026)" in app.screen.question
        await pilot.press("n")  # not now: nothing changes
        await pilot.pause()
        assert store.load(event_file).settings.system == "dutch-2026"
        await choose_line(pilot, "system:burstein-2026")
        await pilot.press("y")
        await pilot.pause()
        assert "System       ● FIDE Burstein system" in screen_text(app)
        assert "Burstein" in screen_text(app).splitlines()[0]  # the header names the event's system
        assert any("pairing system: FIDE Burstein system" in n for n in notifications(app))
    event = store.load(event_file)
    assert event.settings.system == "burstein-2026"
    assert (event.log[-1].action, event.log[-1].text) == ("system", "dutch-2026 -> burstein-2026")
    pages = Session.open(event_file).history.pages()
    lines = pages.lines(0, pages.total)
    assert any(line.action == "system" and line.text == "dutch-2026 -> burstein-2026" for line in lines)


async def test_the_system_is_refused_with_the_reason_once_round_one_is_paired(round_one):
    session = Session.open(round_one)
    session.settings.leave_fide_mode("club rules")  # FIDE mode or not: the system is fixed
    app = SwissApp(round_one)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        assert "● FIDE (Dutch) system, 2026 edition (fixed: round 1 paired)" in screen_text(app)
        await choose_line(pilot, "system:dubov-2026")
        assert not isinstance(app.screen, ConfirmScreen)  # nothing to ask: the reason instead
        said = " ".join(notifications(app))
        assert "fixed once round 1 is paired (round 1 is)" in said and "C.04.2 art. 1.1" in said
    assert store.load(round_one).settings.system == "dutch-2026"


def test_a_round_paired_by_another_arbiter_meanwhile_fixes_the_system(event_file):
    mine = Session.open(event_file)
    write_round(event_file, 1, ROUND_ONE, bye=9)  # the other terminal pairs and publishes round 1
    with pytest.raises(ActionError, match="fixed once round 1 is paired"):
        mine.settings.set_system("dubov-2026")
    assert store.load(event_file).settings.system == "dutch-2026"
    assert mine.event.rounds_paired == 1  # the session shows the file as it stands


def test_a_system_that_cannot_pair_is_refused_naming_those_that_can(event_file):
    unavailable = next(s for s in systems.SYSTEMS if not s.available)
    with pytest.raises(ActionError, match="cannot pair yet.*systems that pair: dutch-2026"):
        Session.open(event_file).settings.set_system(unavailable.id)
    assert store.load(event_file).settings.system == "dutch-2026"


def test_leaving_lim_drops_maxi_and_the_club_swiss_draws_its_first_colour(event_file):
    session = Session.open(event_file)
    session.settings.set_system("lim")
    session.settings.set_option("maxi", "yes")
    assert store.load(event_file).settings.options == {"maxi": "yes"}
    session.settings.set_system("club")
    settings = store.load(event_file).settings
    assert settings.system == "club" and settings.options == {}
    assert settings.colour_seed is not None  # drawn once, kept in the file (seed 003, S6.2)
    session.settings.set_system("dutch")
    assert store.load(event_file).settings.system == "dutch-2026"


@pytest.fixture
def sixth_system(monkeypatch):
    """A system that moved into the catalogue under a name no code knows: only its traits can decide."""
    from dataclasses import replace

    from engine.model import catalogue

    def add(**traits) -> str:
        entry = replace(systems.get("lim-2026"), id="swiss-2030", aliases=(), word=None, **traits)
        monkeypatch.setattr(catalogue, "SYSTEMS", catalogue.SYSTEMS + (entry,))
        monkeypatch.setattr(systems, "SYSTEMS", catalogue.SYSTEMS)
        monkeypatch.setitem(catalogue._BY_NAME, entry.id, entry)
        return entry.id

    return add


def test_a_system_with_the_maxi_option_offers_maxi_whatever_its_name(event_file, sixth_system):
    session = Session.open(event_file)
    session.settings.set_system(sixth_system(options=(systems.get("lim").options)))
    session.settings.set_option("maxi", "yes")
    assert store.load(event_file).settings.options == {"maxi": "yes"}


def test_a_system_without_acceleration_refuses_one(event_file, sixth_system):
    session = Session.open(event_file)
    session.settings.set_system(sixth_system(acceleration=False))
    with pytest.raises(ActionError, match="takes no acceleration"):
        session.settings.set_acceleration("baku")
    assert store.load(event_file).acceleration == "none"
