"""The IM norm event of ``tests/engine/norm_events.py`` as an event file, with the details a norm report needs."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

from swisstui import store
from swisstui.store.event import Event, EventInfo
from tests.engine.norm_events import IM_FIELD, IM_RESULTS, event


def im_norm_file(path: Path, results: str = IM_RESULTS, fillers: int = 0) -> Path:
    """A nine-round Swiss hosted by ENG in which player 1 makes an IM norm in round 9 (with ``IM_RESULTS``)."""
    t = event(IM_FIELD, results, fillers=fillers)
    t = replace(t, settings=replace(t.settings, system="dutch-2026"))
    e = Event.from_tournament(t, name="York Norm Open")
    e.info = EventInfo(city="York", federation="ENG", start=dt.date(2026, 5, 1), end=dt.date(2026, 5, 9),
                       chief_arbiter="Ann Arbiter 12345678")
    store.create(e, path)
    return path
