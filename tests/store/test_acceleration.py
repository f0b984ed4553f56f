"""Baku acceleration in an event: the setting, the table it stores, refusals, the round trips."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from engine import trf
from engine.systems import dutch
from swisstui import store
from swisstui.store.event import Board, Event, PlayerRecord, RoundRecord, new_event
from swisstui.store import EventFileError


def _ten_players(event: Event) -> Event:
    event.players = [PlayerRecord(id=i, name=f"Player {i}", rating=2500 - 10 * i) for i in range(1, 11)]
    return event


def test_baku_event_pairs_round_one_as_the_worked_example_and_stores_the_table() -> None:
    """C.04.7 worked example: GA = TPN 1-6 get a win's points in rounds 1-3, half in 4-5."""
    event = _ten_players(new_event("Open", 9, acceleration="baku"))
    t = event.to_tournament()
    assert [t.pairing_score(pid) for pid in range(1, 11)] == [1] * 6 + [0] * 4
    result = dutch.pair(t)
    assert {frozenset((b.white, b.black)) for b in result.boards} == {
        frozenset(p) for p in ((1, 4), (2, 5), (3, 6), (7, 9), (8, 10))
    }
    text = store.dumps(event)
    assert 'acceleration = "baku"' in text
    assert "  { player = 6, points = 0.5, first_round = 4, last_round = 5 }," in text.splitlines()
    back = store.loads(text)
    assert back.acceleration == "baku" and back.acceleration_table() == event.acceleration_table()
    # standings never include virtual points
    assert back.to_tournament().score(1) == 0


def test_players_not_paired_in_round_one_are_placed_by_the_last_ga_player() -> None:
    """C.04.7 art. 1.2-1.3: GA is split off the round-1 list; whoever ranks above its last player is in GA."""
    event = _ten_players(new_event("Open", 9, acceleration="baku"))
    rnd = RoundRecord(1, published=True)
    # 3 did not play round 1: the list is 9 players, GA = 2 x ceil(9/4) = 6, its last player is 7
    rnd.boards = [Board(1, 1, 5, "1-0"), Board(2, 2, 6, "1-0"), Board(3, 4, 8, "1-0"), Board(4, 7, 9, "1-0")]
    rnd.bye = 10
    event.rounds = [rnd]
    event.players.append(PlayerRecord(id=11, name="Late", rating=1000))  # arrives for round 2, ranked last
    ga = {a.player for a in event.acceleration_table()}
    assert ga == {1, 2, 3, 4, 5, 6, 7}


def test_baku_is_refused_where_a_win_is_not_two_draws(tmp_path) -> None:
    from engine.model.tournament import PointSystem

    with pytest.raises(ValueError, match=r"C\.04\.7 art\. 1\.1"):
        new_event("Open", 9, points=PointSystem(win=3, draw=1), acceleration="baku")
    text = store.dumps(_ten_players(new_event("Open", 9, acceleration="baku")))
    text = text.replace("win = 1.0\ndraw = 0.5", "win = 3.0\ndraw = 1.0")
    path = tmp_path / "e.toml"
    path.write_text(text)
    with pytest.raises(EventFileError) as err:
        store.load(path)
    assert "settings.acceleration" in str(err.value) and "C.04.7 art. 1.1" in str(err.value)


def test_toml_to_trf_to_toml_keeps_the_table() -> None:
    event = _ten_players(new_event("Open", 9, acceleration="baku"))
    table = event.acceleration_table()
    for dialect in ("trf26", "javafo"):
        text = trf.dumps(event.to_tournament(), dialect=dialect)
        back = Event.from_tournament(trf.loads(text).tournament)
        assert back.acceleration == "baku"  # record 192 ..._BAKU
        assert back.acceleration_table() == table
        assert store.loads(store.dumps(back)).acceleration_table() == table


def test_custom_table_is_a_method_of_its_own() -> None:
    from engine.model.acceleration import method

    event = _ten_players(new_event("Open", 5, acceleration="custom"))
    assert event.acceleration == "custom" and not method(event.acceleration).approved
    assert event.acceleration_table() == ()
    assert Decimal(0) == event.to_tournament().pairing_score(1)


def test_the_announced_method_is_held_once_in_the_settings(tmp_path) -> None:
    """The event's method and its settings' are one value: set on either, read the same from both,
    loaded from the file and imported from TRF alike (they were two, and disagreed after a load)."""
    event = _ten_players(new_event("Open", 9))
    event.acceleration = "baku"
    assert event.settings.acceleration == "baku"
    path = tmp_path / "open.toml"
    store.save(event, path)
    loaded = store.load(path)
    assert loaded.settings.acceleration == loaded.acceleration == "baku"
    imported = Event.from_tournament(trf.loads(trf.dumps(loaded.to_tournament())).tournament, name="Open")
    assert imported.settings.acceleration == imported.acceleration == "baku"
    imported.settings = replace(imported.settings, acceleration="none")
    assert imported.acceleration == "none"
