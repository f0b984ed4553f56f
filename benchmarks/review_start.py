#!/usr/bin/env python3
"""Time from `n` to the review's first step: the session's propose, the engine in its child process.

    python benchmarks/review_start.py [--sizes 300 2000] [--runs 3] [--cache DIR]

What `n` starts is ``Session.propose(separate_process=True)`` (swisstui/screens/review.py):
the Tournament the session already holds is handed to a child Python that pairs it and sends the
result back; the review then groups the steps and shows the first bracket's step. This script
times exactly that span (wall clock, median of ``--runs``), on

- 300: ``sample_events/open-300.toml`` (five rounds played, round 6 to pair);
- 2000 (or any other size): a generated event of that many players, five rounds played by a quick
  stand-in pairing (``benchmarks/pair_speed.py``'s ``quick_pair``, not a FIDE system: it only
  makes histories) and round 6 to pair by the Dutch system.

Beside it, the same pairing in this process (``separate_process=False``): the difference is what
the child process costs (its start, its imports, handing the event over and the result back).
The session's Tournament is built before the clock starts, as the app's screens have built it
before the arbiter presses `n`.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from engine.systems import generate  # noqa: E402
from pair_speed import quick_pair  # noqa: E402
from swisstui import store  # noqa: E402
from swisstui.session.actions import Session  # noqa: E402
from swisstui.store.event import Event  # noqa: E402
from swisstui.views.trace_view import group_steps, step_text  # noqa: E402

SAMPLE = ROOT / "sample_events" / "open-300.toml"
PLAYED = 5


def event_file(size: int, folder: Path, cache: Path | None) -> Path:
    """The event to pair: the bundled open-300 for 300, else ``size`` players with five rounds played."""
    path = folder / f"event-{size}.toml"
    if size == 300:
        shutil.copy(SAMPLE, path)
        return path
    cached = cache / f"review_start-{size}.toml" if cache is not None else None
    if cached is not None and cached.exists():
        shutil.copy(cached, path)
        return path
    played = generate.generate(size, PLAYED, 1, pair=quick_pair)
    played = replace(played, settings=replace(played.settings, rounds=PLAYED + 4))
    store.create(Event.from_tournament(played, name=f"Generated open {size}"), path)
    if cached is not None:
        cached.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, cached)
    return path


def n_to_first_step(session: Session, separate_process: bool) -> float:
    """Seconds from propose to the text of the step the review opens on (the first bracket's)."""
    session.pairing.discard_proposal()
    t = session.tournament()  # held already: the screens drew from it
    start = time.perf_counter()
    proposal = session.pairing.propose(separate_process=separate_process)
    groups = group_steps(proposal.result.trace)
    first = next((g.first for g in groups if g.kind == "bracket"), 0)
    if proposal.result.trace:
        step_text(t, proposal.result.trace[first])
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[300, 2000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cache", help="keep the generated events in this folder")
    a = parser.parse_args()
    cache = Path(a.cache) if a.cache else None
    print(f"n to the review's first step, median of {a.runs} (wall seconds)")
    print(f"{'players':>7} {'to pair':>7} {'child':>8} {'here':>8} {'child extra':>11}")
    with tempfile.TemporaryDirectory() as tmp:
        for size in a.sizes:
            session = Session.open(event_file(size, Path(tmp), cache))
            session.tournament()
            child = statistics.median(n_to_first_step(session, True) for _ in range(a.runs))
            here = statistics.median(n_to_first_step(session, False) for _ in range(a.runs))
            to_pair = len(session.tournament().to_pair())
            print(f"{size:>7} {to_pair:>7} {child:>8.2f} {here:>8.2f} {child - here:>11.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
