"""The Lim Maxi-tournament setting and the club Swiss colour seed in the event file."""

from __future__ import annotations

import random

import pytest

from engine.model.tournament import Colour
from swisstui import store
from swisstui.store.event import new_event
from swisstui.store import EventFileError


def test_maxi_round_trips_and_is_written_only_when_set(tmp_path):
    event = new_event("Lim open", 7, "lim")
    path = tmp_path / "lim.toml"
    store.save(event, path)
    assert "maxi" not in path.read_text() and store.load(path).settings.options == {}
    # the earlier format: a boolean key of [settings]; read as the option, written in [settings.options]
    text = path.read_text().replace('result_keys = "default"\n', 'result_keys = "default"\nmaxi = true\n')
    path.write_text(text)
    loaded = store.load(path)
    assert loaded.settings.options == {"maxi": "yes"} and loaded.settings.system == "lim-2026"
    store.save(loaded, path)
    assert '[settings.options]\nmaxi = "yes"\n' in path.read_text() and "maxi = true" not in path.read_text()
    assert store.load(path).settings.options == {"maxi": "yes"}


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


def test_options_in_the_file_are_those_of_the_system_else_an_error_naming_the_line(tmp_path):
    path = tmp_path / "lim.toml"
    store.save(new_event("Lim open", 7, "lim"), path)
    text = path.read_text()
    path.write_text(text + '\n[settings.options]\nmaxi = "perhaps"\n')
    with pytest.raises(EventFileError) as bad:
        store.load(path)
    assert bad.value.field == "settings.options.maxi" and "'perhaps' is not one of \"no\", \"yes\"" in str(bad.value)
    club = tmp_path / "club.toml"
    store.save(new_event("Thursday club", 5, "club"), club)
    club.write_text(club.read_text() + '\n[settings.options]\nmaxi = "yes"\n')
    with pytest.raises(EventFileError) as bad:
        store.load(club)
    assert bad.value.field == "settings.options.maxi" and "unknown key" in str(bad.value)
    # the earlier format's boolean, which an earlier reader took for any system, still opens: it paired nothing
    old = club.read_text().replace('\n[settings.options]\nmaxi = "yes"\n', "").replace(
        'result_keys = "default"\n', 'result_keys = "default"\nmaxi = true\n')
    club.write_text(old)
    assert store.load(club).settings.options == {}
