"""The IM norm event of ``tests/engine/norm_events.py`` as an event file, with the details a norm report needs."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path

from swisstui import store
from swisstui.store.event import Event, EventInfo
from tests.engine.norm_events import IM_FIELD, IM_RESULTS, event


def im_norm_file(path: Path, results: str = IM_RESULTS, fillers: int = 0, complete: bool = False) -> Path:
    """A nine-round Swiss hosted by ENG in which player 1 makes an IM norm in round 9 (with ``IM_RESULTS``).

    ``complete``: with everything FIDE's rating report needs besides (round dates, the time control, a
    deputy arbiter with a FIDE ID, every player's FIDE ID, birth date and sex)."""
    t = event(IM_FIELD, results, fillers=fillers)
    t = replace(t, settings=replace(t.settings, system="dutch-2026"))
    e = Event.from_tournament(t, name="York Norm Open")
    e.info = EventInfo(city="York", federation="ENG", start=dt.date(2026, 5, 1), end=dt.date(2026, 5, 9),
                       chief_arbiter="Ann Arbiter 12345678")
    if complete:
        e.info.time_control = "90 min/40 moves + 30 min, 30 s per move from move 1"
        e.info.deputy_arbiters = ["Bo Deputy 23456789"]
        for rnd in e.rounds:
            rnd.date = dt.date(2026, 5, rnd.number)
        for p in e.players:
            p.fide_id, p.birth, p.sex = 4100000 + p.id, "1990/01/01", "m"
        e.settings = replace(e.settings, tiebreaks=("BH/C1", "BH", "SB"))  # record 202, the ranks by them
    store.create(e, path)
    return path
