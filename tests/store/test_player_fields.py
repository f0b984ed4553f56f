"""A player's registration fields are defined once (engine.model.registration) and every part uses them."""

from __future__ import annotations

import dataclasses

from engine.model.tournament import Player
from swisstui.store.event import PLAYER_FIELDS, PlayerRecord
from swisstui.session.player_import import COLUMNS
from swisstui.store import schema


def test_the_record_the_engine_and_the_file_share_the_fields():
    record = [f.name for f in dataclasses.fields(PlayerRecord)]
    engine = [f.name for f in dataclasses.fields(Player)]
    # fixed_board is how the arbiter seats the player, not a registration field: the engine gets it as a setting
    assert record == ["id", *PLAYER_FIELDS, "status", "withdrawn_after", "entry", "fixed_board"]
    assert engine[: len(PLAYER_FIELDS) + 1] == ["id", *PLAYER_FIELDS]
    assert schema.PLAYER_KEYS == ("id", "entry", *PLAYER_FIELDS, "status", "withdrawn_after", "fixed_board")


def test_the_registration_is_the_one_definition_both_players_are_checked_against():
    from engine.model.registration import REGISTRATION_FIELDS, Registration

    assert PLAYER_FIELDS is REGISTRATION_FIELDS
    assert [f.name for f in dataclasses.fields(Registration)] == list(PLAYER_FIELDS)
    player = Player(3, "Ann", 2105, "WFM", fide_id=77, k_factor=20)
    record = PlayerRecord(3, "Ann", 2105, "WFM", fide_id=77, k_factor=20)
    assert player.registration.values() == record.registration()
    assert player.registration == Registration("Ann", 2105, "WFM", fide_id=77, k_factor=20)


def test_a_class_that_declares_the_registration_otherwise_is_stopped_with_the_field_named():
    import pytest

    from engine.model.registration import check_declares

    @dataclasses.dataclass
    class Short:
        id: int
        name: str
        rating: int = 0

    @dataclasses.dataclass
    class OtherDefault:
        id: int
        name: str
        rating: int = 1000

    with pytest.raises(TypeError, match="Short: registration field 'title' expected after 'id'"):
        check_declares(Short, after="id")
    with pytest.raises(TypeError, match=r"OtherDefault.rating: declared as int = 1000, the registration has int with 0"):
        check_declares(OtherDefault, after="id")


def test_every_field_can_be_imported_from_a_csv_column():
    assert tuple(COLUMNS) == PLAYER_FIELDS


def test_registration_is_the_fields_and_their_values():
    p = PlayerRecord(7, "Sato, K.", 2204, "FM", "JPN", 123, "1990", "m", "Kanda CC", "J-55", 2190, 20, "withdrawn", 2)
    assert p.registration() == {"name": "Sato, K.", "rating": 2204, "title": "FM", "federation": "JPN",
                                "fide_id": 123, "birth": "1990", "sex": "m", "club": "Kanda CC",
                                "national_id": "J-55", "national_rating": 2190, "k_factor": 20}


def test_entry_numbers_stay_through_a_renumbering_and_are_written_only_when_they_differ():
    from swisstui import store
    from swisstui.store.event import new_event
    from swisstui.session.pairing_numbers import renumber

    event = new_event("Entries", 5)
    event.players = [PlayerRecord(1, "Low, A", 1500), PlayerRecord(2, "High, B", 2500), PlayerRecord(3, "Mid, C", 2000)]
    assert "entry" not in store.dumps(event)  # each entry number is the pairing number
    renumber(event)
    assert [(p.id, p.entry, p.name) for p in event.players] == [(1, 2, "High, B"), (2, 3, "Mid, C"), (3, 1, "Low, A")]
    text = store.dumps(event)
    assert text.count("entry = ") == 3
    again = store.loads(text)
    assert again == event and again.player_by_entry(1).name == "Low, A"
    assert event.next_entry() == 4


def test_an_entry_number_used_twice_is_an_error_naming_both_lines():
    import pytest

    from swisstui import store
    from swisstui.store import EventFileError

    text = ('schema = 1\n[event]\nname = "E"\n[settings]\nrounds = 3\n\n[[players]]\nid = 1\nentry = 2\nname = "A"\n\n'
            '[[players]]\nid = 2\nname = "B"\n')
    with pytest.raises(EventFileError, match=r"EVENT.toml:13: players.entry: entry number 2 is already the player's on line 7"):
        store.loads(text, path="EVENT.toml")


def test_a_player_registered_after_a_renumbering_gets_a_new_entry_number_nobody_holds():
    from swisstui import store
    from swisstui.session import entries
    from swisstui.store.event import new_event
    from swisstui.session.pairing_numbers import renumber

    event = new_event("Entries", 5)
    event.players = [PlayerRecord(1, "Low, A", 1500), PlayerRecord(2, "High, B", 2500)]
    renumber(event)  # High is 1 (entry 2), Low is 2 (entry 1)
    number, _ = entries.add_player(event, PlayerRecord(0, "Mid, C", 2000), renumber_list=True)
    assert sorted(p.entry for p in event.players) == [1, 2, 3]
    assert event.player_by_entry(3).name == "Mid, C" and event.player_by_entry(1).name == "Low, A"
    assert store.loads(store.dumps(event)) == event


def test_the_k_of_the_fide_list_is_kept_in_the_event_file_and_checked():
    import pytest

    from swisstui import store
    from swisstui.store.event import new_event
    from swisstui.store import EventFileError

    event = new_event("K", 5)
    event.players = [PlayerRecord(1, "Listed, A", 2100, k_factor=10), PlayerRecord(2, "Unknown, B", 1900)]
    text = store.dumps(event)
    assert text.count("k_factor = ") == 1 and "k_factor = 10" in text  # 0 (not known) is left out
    assert [p.k_factor for p in store.loads(text).players] == [10, 0]
    with pytest.raises(EventFileError, match=r"EVENT.toml:\d+: players.k_factor: .*40"):
        store.loads(text.replace("k_factor = 10", "k_factor = 400"), path="EVENT.toml")
