"""A finished event to publish: reference tournament dutch-2300007 (10 players, 5 rounds) with tie-breaks."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from engine import trf
from swisstui.store.event import Event
from tests.data_paths import dutch

TIEBREAKS = ("BH/C1", "BH", "SB", "DE", "WIN")


def finished_event() -> Event:
    t = trf.load(dutch("dutch-2300007-n10-r5.trf")).pairing_tournament()
    t = replace(t, settings=replace(t.settings, tiebreaks=TIEBREAKS))
    return Event.from_tournament(t, name="Reference 2300007")


@pytest.fixture(scope="session")
def published(tmp_path_factory):
    from swisstui.outputs.publish import publish
    out = tmp_path_factory.mktemp("published")
    return out, publish(finished_event(), out)


WEEKEND_OPEN = Path(__file__).resolve().parents[2] / "sample_events" / "weekend-open.toml"


def weekend_open() -> Event:
    """64 players, four rounds in, without the sample's tie-break list: players level on points share
    their place (the case a published list must make plain)."""
    from dataclasses import replace

    from swisstui import store
    event = store.load(WEEKEND_OPEN)
    event.settings = replace(event.settings, tiebreaks=())
    return event


@pytest.fixture(scope="session")
def weekend_published(tmp_path_factory):
    """Rounds 3 then 4 of the weekend open published into one folder, as an arbiter does round after round."""
    from swisstui.outputs.publish import publish
    out = tmp_path_factory.mktemp("weekend")
    event = weekend_open()
    publish(event, out, 3)
    return out, publish(event, out, 4)
