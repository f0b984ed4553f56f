#!/usr/bin/env python3
"""How long the Dutch engine takes to pair one round, at 100 to 2000 players.

For each size, a 9-round tournament with random results is built; the engine
then pairs rounds 2, 5 and 9 from the state before each, and the script prints
seconds per round (wall clock, and the CPU time of the process, which a
machine busy with other work does not inflate) and the peak memory of the
process.

The histories are built with a quick stand-in pairing (top-down within score
groups, no rematches), so that building a 2000-player tournament does not
itself take nine engine pairings; only the engine's own pairing is timed.

    python3 benchmarks/pair_speed.py                 # 100 500 1000 2000
    python3 benchmarks/pair_speed.py --sizes 100 500 --rounds 2 5
    python3 benchmarks/pair_speed.py --system lim --sizes 500      # or lim-seed, club, dubov, burstein

For Lim and the club Swiss the histories are built by the system itself: the
stand-in pairing ignores colours, and Lim's colour limits are absolute.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import generate, replay, systems  # noqa: E402
from engine.model import Pairing, RoundPairing, Tournament  # noqa: E402

TARGETS = {100: 0.1, 500: 1.0, 1000: 5.0, 2000: 30.0}


def quick_pair(t: Tournament) -> RoundPairing:
    """Top-down pairing inside score order avoiding rematches; colours alternate. Not a FIDE system."""
    order = sorted(t.to_pair(), key=lambda p: (-t.pairing_score(p.id), p.id))
    ids = [p.id for p in order]
    bye = None
    if len(ids) % 2:
        for pid in reversed(ids):
            if t.pab_eligible(pid):
                bye = pid
                break
        bye = ids[-1] if bye is None else bye
        ids.remove(bye)
    boards = []
    while ids:
        a = ids.pop(0)
        partner = next((b for b in ids if not t.have_met(a, b)), ids[0])
        ids.remove(partner)
        cd = t.colour_difference(a)
        white, black = (a, partner) if cd <= 0 else (partner, a)
        boards.append(Pairing(white, black))
    return RoundPairing(t.next_round, tuple(boards), bye)


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000, 2000])
    ap.add_argument("--rounds", type=int, nargs="+", default=[2, 5, 9])
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--system", default="dutch", help="dutch (default), dubov, burstein, lim, lim-seed, club")
    a = ap.parse_args()
    info = systems.get(a.system)
    build = quick_pair if info.id.startswith(("dutch", "dubov", "burstein")) else info.pairer()

    # load the engine's modules before the clock starts: importing (and, without cached
    # bytecode, compiling) them is paid once per process, not once per round
    pairer = info.pairer()
    print(f"{info.id}")
    print(f"{'players':>7} {'round':>5} {'seconds':>9} {'cpu s':>7} {'target':>7}  peak MB")
    for n in a.sizes:
        full = generate.generate(n, max(a.rounds), a.seed, system=info.id, pair=build)
        full = full.with_players(full.players)  # a fresh snapshot: no cached scores
        worst = worst_cpu = 0.0
        for r in a.rounds:
            before = replay.before_round(full, r)
            start, cpu = time.perf_counter(), time.process_time()
            pairer(before)
            spent = time.perf_counter() - start
            cpu = time.process_time() - cpu
            worst, worst_cpu = max(worst, spent), max(worst_cpu, cpu)
            target = TARGETS.get(n)
            print(f"{n:>7} {r:>5} {spent:>9.3f} {cpu:>7.3f} {target if target else '-':>7}  {peak_mb():.0f}", flush=True)
        target = TARGETS.get(n)
        if target:
            verdict = "met" if worst < target else "MISSED"
            on_cpu = "met" if worst_cpu < target else "MISSED"
            print(f"{n:>7} worst {worst:.3f} s per round: target {target} s {verdict}"
                  f" (CPU time {worst_cpu:.3f} s: {on_cpu})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
