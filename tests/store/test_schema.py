"""Schema versions: newer files are refused, older ones pass through the migrations."""

from __future__ import annotations

import pytest

from swisstui import store
from swisstui.store import EventFileError

V1 = 'schema = 1\n[event]\nname = "Old format"\n[settings]\nrounds = 5\n[[players]]\nid = 1\nname = "Ann"\nrating = 1500\n'


def test_newer_schema_is_refused_with_an_upgrade_hint(tmp_path):
    path = tmp_path / "EVENT.toml"
    path.write_text(V1.replace("schema = 1", "schema = 7"))
    with pytest.raises(EventFileError) as info:
        store.load(path)
    assert str(info.value) == (
        f"{path}:1: schema: version 7 is newer than this swisstui understands (1); upgrade swisstui"
    )


def test_older_schema_is_migrated_step_by_step(monkeypatch):
    calls = []

    def one_to_two(doc):
        calls.append(doc["schema"])
        doc["players"][0]["rating"] += 100  # e.g. a rating list correction in the new format
        return doc

    def two_to_three(doc):
        calls.append(doc["schema"])
        return doc

    monkeypatch.setattr(store.schema, "SCHEMA_VERSION", 3)
    monkeypatch.setitem(store.MIGRATIONS, 1, one_to_two)
    monkeypatch.setitem(store.MIGRATIONS, 2, two_to_three)
    event = store.loads(V1)
    assert calls == [1, 2]
    assert event.players[0].rating == 1600
    assert store.dumps(event).splitlines()[1] == "schema = 3"


def test_a_missing_migration_is_reported(monkeypatch):
    monkeypatch.setattr(store.schema, "SCHEMA_VERSION", 2)
    with pytest.raises(EventFileError, match="no migration from version 1 to 2"):
        store.loads(V1, path="E.toml")


def test_schema_must_be_a_positive_integer():
    with pytest.raises(EventFileError, match="expected an integer, got '1'"):
        store.loads(V1.replace("schema = 1", 'schema = "1"'))
    with pytest.raises(EventFileError, match="at least 1"):
        store.loads(V1.replace("schema = 1", "schema = 0"))
