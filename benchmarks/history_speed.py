#!/usr/bin/env python3
"""Time the history screen (``l``) of an event with a long history, in the headless app.

    python benchmarks/history_speed.py [--entries 10000] [--repeat 5]

Builds a 300-player event whose history holds ``--entries`` changes (result keys, each
with its values, as the app records them), then reports the CPU seconds of this process for:

- ``open``: pressing ``l`` until the screen shows the newest changes;
- ``redraw``: the screen drawn again after one more change was recorded (as after an undo
  here, or another arbiter's result key);
- ``to the oldest``: End, until the oldest change is on screen.

Target: each costs what a screenful costs, not what the whole history costs.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))  # write_speed's event

from swisstui import store  # noqa: E402
from swisstui.store.event import LogEntry  # noqa: E402
from swisstui.store import history  # noqa: E402
from write_speed import make_event  # noqa: E402


def write_history(path: Path, entries: int) -> None:
    """``entries`` result keys in the history beside ``path``, oldest first, as the store writes them."""
    start = history.now()
    records = []
    for i in range(1, entries + 1):
        board, rnd = 1 + i % 150, 1 + (i // 150) % 11
        log = LogEntry("result", f"round {rnd}, board {board} (1-2): no result -> 1-0", rnd, f"Arbiter {i % 3}",
                       start)
        change = history.Change(("rounds", ("rounds", rnd), "boards", ("boards", board), "result"), "", "1-0")
        records.append(history.Record(log, i + 1, [change]))
    records[0].log = LogEntry("publish", "round 1 published: the oldest change", 1, "Chief", start)
    text = history.HEADER + "".join(history.encode(r) for r in records)
    history.history_path(path).write_text(text, encoding="utf-8")


def run(path: Path, entries: int, repeat: int) -> dict[str, list[float]]:
    from swisstui.app import SwissApp

    def screen_text(app) -> str:
        return "\n".join("".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips())

    figures: dict[str, list[float]] = {"open": [], "redraw": [], "to the oldest": []}

    async def go() -> None:
        app = SwissApp(path, pair_in_child=False, watch_interval=0)
        async with app.run_test(size=(120, 40)) as pilot:
            for k in range(repeat):
                await pilot.press("h")
                await pilot.pause()
                c = time.process_time()
                await pilot.press("l")
                await pilot.pause()
                figures["open"].append(time.process_time() - c)
                log = LogEntry("result", "round 11, board 1 (1-2): no result -> 1-0", 11, "Bo", history.now())
                history.append(path, history.Record(log, entries + 2 + k, []))
                c = time.process_time()
                app.screen.refresh_all()
                await pilot.pause()
                figures["redraw"].append(time.process_time() - c)
                c = time.process_time()
                await pilot.press("end")
                await pilot.pause()
                figures["to the oldest"].append(time.process_time() - c)
                assert "the oldest change" in screen_text(app)

    asyncio.run(go())
    return figures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--entries", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "open-300.toml"
        store.save(make_event(300), path)
        write_history(path, args.entries)
        size = history.history_path(path).stat().st_size / 1024
        print(f"{args.entries} history entries ({size:.0f} KB)")
        for what, seconds in run(path, args.entries, args.repeat).items():
            print(f"  {what:<14} CPU median {statistics.median(seconds) * 1000:8.1f} ms, "
                  f"slowest {max(seconds) * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
