"""A player's registration fields are listed once (swisstui.event.PLAYER_FIELDS) and every part uses that list."""

from __future__ import annotations

import dataclasses

from engine.model import Player
from swisstui.event import PLAYER_FIELDS, PlayerRecord
from swisstui.player_import import COLUMNS
from swisstui.store import schema


def test_the_record_the_engine_and_the_file_share_the_fields():
    record = [f.name for f in dataclasses.fields(PlayerRecord)]
    engine = [f.name for f in dataclasses.fields(Player)]
    assert record == ["id", *PLAYER_FIELDS, "status", "withdrawn_after"]
    assert engine[: len(PLAYER_FIELDS) + 1] == ["id", *PLAYER_FIELDS]
    assert schema.PLAYER_KEYS == ("id", *PLAYER_FIELDS, "status", "withdrawn_after")


def test_every_field_can_be_imported_from_a_csv_column():
    assert tuple(COLUMNS) == PLAYER_FIELDS


def test_registration_is_the_fields_and_their_values():
    p = PlayerRecord(7, "Sato, K.", 2204, "FM", "JPN", 123, "1990", "m", "withdrawn", 2)
    assert p.registration() == {"name": "Sato, K.", "rating": 2204, "title": "FM", "federation": "JPN",
                                "fide_id": 123, "birth": "1990", "sex": "m"}
