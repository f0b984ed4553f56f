"""The Lim Maxi-tournament setting and the club Swiss colour seed in the event file."""

from __future__ import annotations

import random

from engine.model.tournament import Colour
from swisstui import store
from swisstui.store.event import new_event


def test_maxi_round_trips_and_is_written_only_when_set(tmp_path):
    event = new_event("Lim open", 7, "lim")
    path = tmp_path / "lim.toml"
    store.save(event, path)
    assert "maxi" not in path.read_text() and store.load(path).settings.maxi is False
    text = path.read_text().replace('result_keys = "default"\n', 'result_keys = "default"\nmaxi = true\n')
    path.write_text(text)
    loaded = store.load(path)
    assert loaded.settings.maxi is True and loaded.settings.system == "lim-2026"
    store.save(loaded, path)
    assert "maxi = true" in path.read_text()


def test_a_new_club_event_draws_its_first_colour_once_and_keeps_the_seed(tmp_path):
    event = new_event("Thursday club", 5, "club")
    seed = event.settings.colour_seed
    assert isinstance(seed, int)
    assert event.settings.initial_colour is random.Random(seed).choice((Colour.WHITE, Colour.BLACK))
    path = tmp_path / "club.toml"
    store.save(event, path)
    assert f"colour_seed = {seed}" in path.read_text()
    assert store.load(path).settings.colour_seed == seed
    assert new_event("Dutch", 5, "dutch").settings.colour_seed is None


def test_a_colour_the_arbiter_drew_is_kept():
    # the lot was drawn at the board: no seed, the colour as given
    event = new_event("Thursday club", 5, "club", initial_colour=Colour.BLACK)
    assert (event.settings.initial_colour, event.settings.colour_seed) == (Colour.BLACK, None)
    assert new_event("Open", 5, "dutch").settings.initial_colour is Colour.WHITE
