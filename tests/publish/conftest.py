"""A finished event to publish: reference tournament dutch-2300007 (10 players, 5 rounds) with tie-breaks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import trf
from swisstui.event import Event
from tests.data_paths import dutch

TIEBREAKS = ("BH/C1", "BH", "SB", "DE", "WIN")


def finished_event() -> Event:
    t = trf.load(dutch("dutch-2300007-n10-r5.trf")).pairing_tournament()
    t = replace(t, settings=replace(t.settings, tiebreaks=TIEBREAKS))
    return Event.from_tournament(t, name="Reference 2300007")


@pytest.fixture(scope="session")
def published(tmp_path_factory):
    from swisstui.publish import publish
    out = tmp_path_factory.mktemp("published")
    return out, publish(finished_event(), out)
