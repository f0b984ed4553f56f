"""Event files for the application tests, written through the real store."""

from __future__ import annotations

from pathlib import Path

import pytest

from swisstui import store
from swisstui.event import PlayerRecord

NINE = (
    ("Amber, J.", 2402, "IM", "ENG"),
    ("Lindqvist, E.", 2390, "FM", "SWE"),
    ("Kovacs, A.", 2311, "FM", "HUN"),
    ("Okafor, N.", 2250, "", "NGR"),
    ("Sato, K.", 2204, "", "JPN"),
    ("Ruiz, P.", 2150, "", "ESP"),
    ("Nowak, T.", 2011, "", "POL"),
    ("Berg, L.", 1950, "", "NOR"),
    ("Dubois, C.", 1820, "", "FRA"),
)


def write_event(path: Path, players=NINE, rounds: int = 5, name: str = "Spring Open") -> Path:
    event = store.new_event(name, rounds)
    for i, (pname, rating, title, fed) in enumerate(players, start=1):
        event.players.append(PlayerRecord(id=i, name=pname, rating=rating, title=title, federation=fed))
    store.save(event, path)
    return path


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    return write_event(tmp_path / "spring.toml")


@pytest.fixture
def empty_event(tmp_path: Path) -> Path:
    return write_event(tmp_path / "empty.toml", players=())
