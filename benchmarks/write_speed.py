#!/usr/bin/env python3
"""Time the one write path: a result key at 300 and 2,000 players, 11 rounds, and six writers at once.

    python benchmarks/write_speed.py [--players 300 2000] [--keys 20] [--writers 6] [--skip-app]

For each size it builds an event of that many players whose eleven rounds are paired and
published (the results of the last round not yet in), then reports:

- ``session``: one ``session.results.set_result`` per key (lock, check the file, apply, write),
  median and slowest, wall clock and CPU time of this process;
- ``app``: a result key pressed on the results screen of the headless app, until the screen
  shows it saved (includes redrawing the screen);
- ``writers``: six processes each entering results on their own boards of the same file
  at the same time, through the same session calls: the longest any key waited, the number
  of lock timeouts, and whether every result reached the file.

Targets (issue 10): a result key under 0.1 s at 300 players and under 0.3 s at 2,000; no
lock timeout with six writers.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from swisstui import store  # noqa: E402
from swisstui.session.actions import RESULT_KINDS, Session  # noqa: E402
from swisstui.store.event import Board, PlayerRecord, RoundRecord, new_event  # noqa: E402

ROUNDS = 11
SURNAMES = ("Hansen", "Mendes", "Okafor", "Lindqvist", "Kovacs", "Sato", "Ruiz", "Nowak", "Berg", "Dubois")
FIRST = ("Olga", "Priya", "Farid", "Anna", "Jonas", "Mei", "Tomas", "Ines", "Kofi", "Lena")
FEDS = ("NOR", "POR", "NGR", "SWE", "HUN", "JPN", "ESP", "POL", "GER", "FRA")


def make_event(players: int, seed: int = 1):
    """An event of ``players`` players, every round paired and published, the last one without results."""
    rng = random.Random(seed)
    event = new_event(f"Open {players}", ROUNDS)
    ratings = sorted((rng.randint(1000, 2700) for _ in range(players)), reverse=True)
    event.players = [
        PlayerRecord(i, f"{rng.choice(SURNAMES)}, {rng.choice(FIRST)} {i}", ratings[i - 1],
                     federation=rng.choice(FEDS), fide_id=1_000_000 + i, birth=str(rng.randint(1950, 2015)))
        for i in range(1, players + 1)
    ]
    for number in range(1, ROUNDS + 1):
        ids = list(range(1, players + 1))
        rng.shuffle(ids)
        rnd = RoundRecord(number, published=True)
        if len(ids) % 2:
            rnd.bye = ids.pop()
        last = number == ROUNDS
        rnd.boards = [Board(k + 1, ids[2 * k], ids[2 * k + 1], "" if last else rng.choice(("1-0", "0-1", "1/2-1/2")))
                      for k in range(len(ids) // 2)]
        event.rounds.append(rnd)
    return event


def session_keys(path: Path, boards: list[int]) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of each ``session.results.set_result`` on ``boards`` of the last round."""
    session = Session.open(path)
    walls, cpus = [], []
    for i, board in enumerate(boards):
        kind = RESULT_KINDS[i % 3]
        w, c = time.perf_counter(), time.process_time()
        session.results.set_result(ROUNDS, board, kind)
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return walls, cpus


def app_keys(path: Path, keys: int) -> tuple[list[float], float]:
    """Wall seconds of each result key pressed in the app's results screen, and the CPU seconds per key."""
    from swisstui.app import SwissApp

    walls: list[float] = []
    cpu = 0.0

    async def run() -> None:
        nonlocal cpu
        app = SwissApp(path, pair_in_child=False, watch_interval=0)
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("r")
            await pilot.pause()
            c = time.process_time()
            for _ in range(keys):
                w = time.perf_counter()
                await pilot.press("1")
                await pilot.pause()
                walls.append(time.perf_counter() - w)
            cpu = (time.process_time() - c) / keys

    asyncio.run(run())
    return walls, cpu


def writer(path: str, boards: str, out: str) -> None:
    """One of several writer processes: a result on each of its boards, timing every key."""
    from swisstui.session.actions import ActionError

    session = Session.open(Path(path))
    waits, failures = [], []
    for board in (int(b) for b in boards.split(",")):
        w = time.perf_counter()
        try:
            session.results.set_result(ROUNDS, board, RESULT_KINDS[board % 3])
        except ActionError as err:
            failures.append(str(err))
        waits.append(time.perf_counter() - w)
    Path(out).write_text(json.dumps({"waits": waits, "failures": failures}))


def writers(path: Path, count: int, keys: int) -> dict:
    """``count`` processes entering ``keys`` results each, on their own boards, all at once."""
    procs, outs = [], []
    for k in range(count):
        boards = ",".join(str(1 + k + count * i) for i in range(keys))
        out = path.with_name(f"writer{k}.json")
        outs.append(out)
        procs.append(subprocess.Popen([sys.executable, __file__, "--writer", str(path), boards, str(out)]))
    start = time.perf_counter()
    for proc in procs:
        proc.wait()
    total = time.perf_counter() - start
    reports = [json.loads(out.read_text()) for out in outs]
    waits = [w for r in reports for w in r["waits"]]
    failures = [f for r in reports for f in r["failures"]]
    rnd = store.load(path).round(ROUNDS)
    written = sum(1 for b in rnd.boards[: count * keys] if b.result)
    return {"total": total, "longest": max(waits), "median": statistics.median(waits), "failures": failures,
            "written": written, "expected": count * keys}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[300, 2000])
    ap.add_argument("--keys", type=int, default=20, help="result keys timed per size (default 20)")
    ap.add_argument("--writers", type=int, default=6, help="concurrent writer processes (default 6)")
    ap.add_argument("--writer-keys", type=int, default=10, help="results each writer enters (default 10)")
    ap.add_argument("--skip-app", action="store_true", help="leave out the headless app")
    ap.add_argument("--writer", nargs=3, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.writer:
        writer(*args.writer)
        return
    print(f"{'players':>7}  {'file':>8}  {'measure':<22} {'median':>10} {'slowest':>10}")
    with tempfile.TemporaryDirectory() as folder:
        for n in args.players:
            path = Path(folder) / f"open-{n}.toml"
            store.save(make_event(n), path)
            size = f"{path.stat().st_size / 1024:6.0f}KB"
            walls, cpus = session_keys(path, list(range(1, args.keys + 1)))
            print(f"{n:>7}  {size}  {'session, wall':<22} {ms(statistics.median(walls))} {ms(max(walls))}")
            print(f"{n:>7}  {size}  {'session, CPU':<22} {ms(statistics.median(cpus))} {ms(max(cpus))}")
            if not args.skip_app:
                walls, cpu = app_keys(path, args.keys)
                print(f"{n:>7}  {size}  {'app key, wall':<22} {ms(statistics.median(walls))} {ms(max(walls))}")
                print(f"{n:>7}  {size}  {'app key, CPU (mean)':<22} {ms(cpu)}")
            store.save(make_event(n), path)  # results cleared again for the writers
            if args.writers:
                report = writers(path, args.writers, args.writer_keys)
                print(f"{n:>7}  {size}  {f'{args.writers} writers, key wait':<22} {ms(report['median'])} "
                      f"{ms(report['longest'])}   {len(report['failures'])} refused, "
                      f"{report['written']}/{report['expected']} results in the file, "
                      f"{report['total']:.1f} s in all")
                for failure in report["failures"][:3]:
                    print(f"{'':>19}refused: {failure}")
    print(f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")


if __name__ == "__main__":
    main()
