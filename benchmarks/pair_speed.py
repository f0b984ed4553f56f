#!/usr/bin/env python3
"""How long the engine takes to pair one round, at 100 to 2000 players.

For each size, a 9-round tournament with random results is built; the engine
then pairs rounds 2, 5 and 9 from the state before each, and the script prints
seconds per round (wall clock, and the CPU time of the process, which a
machine busy with other work does not inflate) and the peak memory.

Histories (``--histories``): by default the earlier rounds are paired by a
quick stand-in (top-down within score groups, no rematches), so that building
a 2000-player tournament does not itself take eight engine pairings;
``--histories engine`` pairs them with the system itself, as a real event
would be (slower to build: use ``--cache DIR`` to keep the tournaments built).
For Lim and the club Swiss the histories are always the system's own: the
stand-in ignores colours, and Lim's colour limits are absolute.

``--compare gacrux`` (Dutch, when the test extra is installed) pairs the same
inputs with Gacrux, the FIDE TEC's Python engine, and prints both CPU times,
both peak memories and whether the pairings are identical. Each engine then
pairs in a child process of its own, so that the peak memory is that
engine's; each is timed from its input already in memory (our Tournament,
Gacrux's parsed TRF), imports done.

    python3 benchmarks/pair_speed.py                 # 100 500 1000 2000
    python3 benchmarks/pair_speed.py --sizes 100 500 --rounds 2 5
    python3 benchmarks/pair_speed.py --compare gacrux --histories engine --cache /tmp/bench
    python3 benchmarks/pair_speed.py --system lim --sizes 500      # or lim-seed, club, dubov, burstein

``--repeat N`` pairs each input N times and keeps the least CPU time (a shared
machine only ever adds time); ``--isolate`` runs each pairing in a child
process even without ``--compare``.
"""

from __future__ import annotations

import argparse
import json
import pickle
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import systems  # noqa: E402

from engine.model.tournament import Pairing, RoundPairing, Tournament  # noqa: E402
from engine.systems import generate, replay  # noqa: E402

# CPU seconds per round: the Dutch targets of issue 14, the others' of their own work
TARGETS = {"dutch": {100: 0.05, 500: 0.7, 1000: 3.0, 2000: 15.0}}
DEFAULT_TARGETS = {100: 0.1, 500: 1.0, 1000: 5.0, 2000: 30.0}


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


def build(system_id: str, n: int, rounds: int, seed: int, histories: str, cache: Path | None) -> Tournament:
    """The tournament of ``n`` players whose rounds are paired (see ``--histories``), from the cache when there."""
    own = histories == "engine" or not system_id.startswith(("dutch", "dubov", "burstein"))
    key = f"{system_id}-n{n}-r{rounds}-s{seed}-{'engine' if own else 'stand-in'}.pickle"
    if cache is not None and (cache / key).exists():
        return thaw((cache / key).read_bytes())
    pairer = systems.get(system_id).pairer() if own else quick_pair
    full = generate.generate(n, rounds, seed, system=system_id, pair=pairer)
    full = full.with_players(full.players)  # a fresh snapshot: no cached scores
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
        (cache / key).write_bytes(freeze(full))
    return full


def freeze(t: Tournament) -> bytes:
    """``t`` as bytes, without the caches a snapshot keeps (read-only mappings do not pickle)."""
    return pickle.dumps((t.settings, t.players, t.name, dict(t.pending)))


def thaw(data: bytes) -> Tournament:
    settings, players, name, pending = pickle.loads(data)
    return Tournament(settings, players, name, pending)


# -- one pairing, timed ----------------------------------------------------------------


def time_ours(system_id: str, full: Tournament, rnd: int, repeat: int) -> tuple[float, float, RoundPairing]:
    """(least CPU s, its wall s, pairing) of our engine pairing ``rnd`` from the state before it."""
    pairer = systems.get(system_id).pairer()
    best = None
    for _ in range(repeat):
        before = replay.before_round(full, rnd)  # fresh each time: nothing cached from the last run
        wall, cpu = time.perf_counter(), time.process_time()
        result = pairer(before)
        cpu = time.process_time() - cpu
        wall = time.perf_counter() - wall
        if best is None or cpu < best[0]:
            best = (cpu, wall, result.as_round() if hasattr(result, "as_round") else result)
    return best  # type: ignore[return-value]


def time_gacrux(full: Tournament, rnd: int, repeat: int) -> tuple[float, float, RoundPairing]:
    """The same for Gacrux, from its parsed TRF (reading the text is not timed)."""
    from oracles.gacrux import gacrux_prepare

    best = None
    for _ in range(repeat):
        run = gacrux_prepare(replay.before_round(full, rnd))
        wall, cpu = time.perf_counter(), time.process_time()
        result = run()
        cpu = time.process_time() - cpu
        wall = time.perf_counter() - wall
        if best is None or cpu < best[0]:
            best = (cpu, wall, result)
    return best  # type: ignore[return-value]


def worker(engine: str, system_id: str, path: str, rnd: int, repeat: int) -> int:
    """Child-process side: pair one input, print one JSON line (times, peak memory, the pairing)."""
    full = thaw(Path(path).read_bytes())
    if engine == "gacrux":
        cpu, wall, pairing = time_gacrux(full, rnd, repeat)
    else:
        cpu, wall, pairing = time_ours(system_id, full, rnd, repeat)
    boards = sorted(sorted((p.white, p.black)) for p in pairing.boards)
    colours = sorted((p.white, p.black) for p in pairing.boards)
    print(json.dumps({"cpu": cpu, "wall": wall, "peak_mb": peak_mb(), "pairs": boards,
                      "colours": colours, "bye": pairing.bye}))
    return 0


def in_child(engine: str, system_id: str, path: Path, rnd: int, repeat: int) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--worker", engine, system_id, str(path), str(rnd), str(repeat)],
        capture_output=True, text=True, check=False,
    )
    if out.returncode:
        raise SystemExit(f"{engine} failed on round {rnd}:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


# -- the table ---------------------------------------------------------------------------


def run_table(a: argparse.Namespace) -> int:
    info = systems.get(a.system)
    targets = TARGETS.get(info.id.split("-")[0], DEFAULT_TARGETS)
    compare = a.compare == "gacrux"
    if compare and not info.id.startswith("dutch"):
        raise SystemExit("--compare gacrux pairs the Dutch system only")
    isolate = compare or a.isolate
    cache = Path(a.cache) if a.cache else None
    info.pairer()  # load the engine's modules before the clock starts (paid once per process)
    print(f"{info.id}, histories: {a.histories}, least CPU of {a.repeat}")
    head = f"{'players':>7} {'round':>5} {'seconds':>9} {'cpu s':>7} {'target':>7} {'peak MB':>8}"
    print(head + (f" {'gacrux cpu s':>12} {'peak MB':>8}  same" if compare else ""))
    missed = 0
    for n in a.sizes:
        full = build(info.id, n, max(a.rounds), a.seed, a.histories, cache)
        target = targets.get(n)
        worst_cpu = 0.0
        path = None
        if isolate:
            path = (cache or Path("/tmp")) / f"pair_speed-{info.id}-{n}-{a.seed}-{a.histories}.input.pickle"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(freeze(full))
        for r in a.rounds:
            if isolate:
                ours = in_child("ours", info.id, path, r, a.repeat)
                cpu, wall, peak = ours["cpu"], ours["wall"], ours["peak_mb"]
            else:
                cpu, wall, _ = time_ours(info.id, full, r, a.repeat)
                peak = peak_mb()
            worst_cpu = max(worst_cpu, cpu)
            line = f"{n:>7} {r:>5} {wall:>9.3f} {cpu:>7.3f} {target if target else '-':>7} {peak:>8.0f}"
            if compare:
                theirs = in_child("gacrux", info.id, path, r, a.repeat)
                same = theirs["colours"] == ours["colours"] and theirs["bye"] == ours["bye"]
                if not same:
                    same_pairs = theirs["pairs"] == ours["pairs"] and theirs["bye"] == ours["bye"]
                    same = "colours differ" if same_pairs else "PAIRS DIFFER"
                faster = "" if cpu < theirs["cpu"] else "  (Gacrux faster)"
                missed += bool(faster)
                line += f" {theirs['cpu']:>12.3f} {theirs['peak_mb']:>8.0f}  {'yes' if same is True else same}{faster}"
            print(line, flush=True)
        if path is not None and cache is None:
            path.unlink()
        if target:
            missed += worst_cpu >= target
            print(f"{n:>7} worst CPU {worst_cpu:.3f} s per round: target {target} s "
                  f"{'met' if worst_cpu < target else 'MISSED'}")
    if compare or missed:
        print(f"{missed} miss(es): targets or Gacrux" if missed else "every target met, every input faster than Gacrux")
    return 0


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        engine, system_id, path, rnd, repeat = sys.argv[2:7]
        return worker(engine, system_id, path, int(rnd), int(repeat))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000, 2000])
    ap.add_argument("--rounds", type=int, nargs="+", default=[2, 5, 9])
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--system", default="dutch", help="dutch (default), dubov, burstein, lim, lim-seed, club")
    ap.add_argument("--histories", choices=("stand-in", "engine"), default="stand-in",
                    help="who pairs the rounds before the timed one (default: the quick stand-in)")
    ap.add_argument("--compare", choices=("gacrux",), help="also time Gacrux on the same inputs")
    ap.add_argument("--repeat", type=int, default=1, help="pair each input N times, keep the least CPU time")
    ap.add_argument("--isolate", action="store_true", help="each pairing in a child process (its own peak memory)")
    ap.add_argument("--cache", help="directory keeping the tournaments built (and the inputs of the children)")
    return run_table(ap.parse_args())


if __name__ == "__main__":
    sys.exit(main())
