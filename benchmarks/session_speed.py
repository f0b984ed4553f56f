#!/usr/bin/env python3
"""Count what the app recomputes, and time a result key and a review refresh, on a bundled sample.

    python benchmarks/session_speed.py [--event sample_events/open-300.toml] [--keys 10] [--refreshes 10]

A copy of the event (default: the 300-player open, five rounds played) is opened in the
headless app, as an arbiter would go through it:

- (a) each screen opened from home: how many times the engine's Tournament is built from the
  event (``Event.to_tournament``), how many times the validator runs, how many times the
  event file is opened (read);
- (c) the next round paired and its review opened, its boards shown (``a``) and stepped through,
  then confirmed (``c``, ``y``): the same counts, for each part;
- (b) result keys on the results screen of the round just published: the counts per key, the
  wall and CPU time from the key to the file written (``ResultsService.set_result``, which holds the
  lock, checks the file, applies and writes), and from the key to the screen redrawn;
- the wall and CPU time of one refresh of the review's boards view (the screen drawn again
  after any action), in a second review of the round after.

The engine pairs in this process (``pair_in_child=False``) so that its builds are counted.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine.validate.check  # noqa: E402
from swisstui.store import event as ev  # noqa: E402
from swisstui.session.actions import ResultsService  # noqa: E402

SCREENS = ("players", "groups", "results", "standings", "crosstable", "settings", "details", "history", "home")
SIZE = (100, 30)


class Counts:
    """Tournament builds, validator runs and openings of the event file, since the last :meth:`take`."""

    def __init__(self, event_file: Path) -> None:
        self.event_file = os.path.realpath(event_file)
        self.seen: Counter[str] = Counter()
        real_build = ev.Event.to_tournament
        real_validate = engine.validate.check.validate

        def build(event, *args, **kwargs):
            self.seen["builds"] += 1
            return real_build(event, *args, **kwargs)

        def validate(*args, **kwargs):
            self.seen["validations"] += 1
            return real_validate(*args, **kwargs)

        ev.Event.to_tournament = build  # type: ignore[method-assign]
        for module in list(sys.modules.values()):  # every module that holds the validator by name
            if getattr(module, "validate", None) is real_validate:
                module.validate = validate
        sys.addaudithook(self._audit)

    def _audit(self, name: str, args: tuple) -> None:
        if name == "open" and args and isinstance(args[0], str | bytes | os.PathLike):
            try:
                if os.path.realpath(os.fsdecode(args[0])) == self.event_file:
                    self.seen["reads"] += 1
            except (TypeError, ValueError):
                pass

    def take(self) -> Counter[str]:
        taken, self.seen = self.seen, Counter()
        return taken


def timed(fn: Callable[..., object], walls: list[float], cpus: list[float]) -> Callable[..., object]:
    def run(*args, **kwargs):
        w, c = time.perf_counter(), time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            walls.append(time.perf_counter() - w)
            cpus.append(time.process_time() - c)
    return run


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:7.1f} ms, slowest {max(values) * 1000:7.1f} ms"


def row(what: str, counts: Counter[str], per: int = 1) -> None:
    print(f"  {what:<40} {counts['builds'] / per:6.1f} builds {counts['validations'] / per:6.1f} validations "
          f"{counts['reads'] / per:6.1f} reads")


async def until(pilot, condition: Callable[[], bool], what: str, limit: float = 120.0) -> None:
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"still waiting for {what} after {limit:.0f} s")
        await pilot.pause(0.02)


async def review(pilot, counts: Counts) -> None:
    """Pair the next round, open its boards and step through them, confirm: counted per part."""
    app = pilot.app
    counts.take()
    await pilot.press("n")
    await until(pilot, lambda: getattr(app.screen, "SCREEN_NAME", "") == "review" and app.screen.has_class("ready"),
                "the proposal")
    await pilot.pause()
    row("(c) pair and open the review", counts.take())
    await pilot.press("a")
    await pilot.pause()
    row("(c) show the boards (a)", counts.take())
    steps = min(10, len(app.session.proposal.boards))
    for _ in range(steps):
        await pilot.press("down")
    await pilot.pause()
    row(f"(c) move through {steps} boards", counts.take())
    await pilot.press("c")
    await until(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen", "the confirmation")
    row("(c) confirm: the question", counts.take())
    await pilot.press("y")
    await until(pilot, lambda: getattr(app.screen, "SCREEN_NAME", "") == "results", "the results screen")
    await pilot.pause()
    row("(c) confirm: published, results opened", counts.take())


async def walk(path: Path, keys: int, refreshes: int) -> None:
    from swisstui.app import SwissApp

    counts = Counts(path)
    walls: list[float] = []
    cpus: list[float] = []
    ResultsService.set_result = timed(ResultsService.set_result, walls, cpus)  # type: ignore[method-assign]
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        row("(a) open the event (home)", counts.take())
        for name in SCREENS:  # as its key does (a screen with a text field takes the letters)
            app.action_show(name)
            await until(pilot, lambda: getattr(app.screen, "SCREEN_NAME", "") == name, f"the {name} screen")
            await pilot.pause()
            row(f"(a) open {name}", counts.take())
        await review(pilot, counts)
        key_walls, key_cpus = [], []
        for _ in range(keys):
            revision = app.session.event.revision
            w, c = time.perf_counter(), time.process_time()
            await pilot.press("1")
            await until(pilot, lambda: app.session.event.revision > revision, "the result saved")
            await pilot.pause()
            key_walls.append(time.perf_counter() - w)
            key_cpus.append(time.process_time() - c)
        row(f"(b) a result key (mean of {keys})", counts.take(), keys)
        print(f"  result key to file written, wall:  {ms(walls)}")
        print(f"  result key to file written, CPU:   {ms(cpus)}")
        print(f"  result key to screen redrawn, wall: {ms(key_walls)}")
        print(f"  result key to screen redrawn, CPU:  {ms(key_cpus)}")
        rnd = app.session.round_record(app.session.current_round)
        for board in rnd.boards:  # the round complete, so that the next one can be paired
            if not board.result:
                app.session.results.set_result(rnd.number, board.number, next(iter(_kinds())), seen="")
        await pilot.press("h")
        await pilot.pause()
        counts.take()
        await pilot.press("n")
        await until(pilot, lambda: getattr(app.screen, "SCREEN_NAME", "") == "review" and app.screen.has_class("ready"),
                    "the second proposal")
        await pilot.press("a")
        await pilot.pause()
        screen = app.screen
        counts.take()
        r_walls, r_cpus = [], []
        for _ in range(refreshes):
            timed(screen.refresh_all, r_walls, r_cpus)()
            await pilot.pause()
        row(f"review boards view: one refresh (mean of {refreshes})", counts.take(), refreshes)
        print(f"  review boards view refresh, wall:   {ms(r_walls)}")
        print(f"  review boards view refresh, CPU:    {ms(r_cpus)}")


def _kinds():
    from swisstui.session.actions import RESULT_KINDS

    return RESULT_KINDS


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--event", type=Path, default=ROOT / "sample_events" / "open-300.toml")
    ap.add_argument("--keys", type=int, default=10, help="result keys timed (default 10)")
    ap.add_argument("--refreshes", type=int, default=10, help="review refreshes timed (default 10)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / args.event.name
        shutil.copyfile(args.event, path)
        print(f"{args.event.name}: {path.stat().st_size / 1024:.0f} KB")
        asyncio.run(walk(path, args.keys, args.refreshes))
    print(f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
