#!/usr/bin/env python3
"""Pair every round of reference tournaments with one of our engines and compare.

    python scripts/conformance.py [--system dutch] [--only LIST.csv] [--jobs 2] [--show 20] [FILE_OR_DIR...]

For every round r of every file the tournament is rebuilt as it stood before
round r (engine.systems.replay.before_round), paired in-process, and compared with the
recorded round r: same pairs, same colours, same bye. Mismatching rounds are
listed; the last line is the headline figure ``identical N/M rounds``. Without
a FILE_OR_DIR, the Dutch reference tournaments the repository carries
(``tests/data/fixtures/dutch``), so that a clone runs it as it is. ``--only`` takes a ``file,round`` CSV (like the Dubov fixtures'
``consensus.csv``) and checks those rounds only.
"""
from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import trf  # noqa: E402
from engine.model.result import NoLegalPairing  # noqa: E402
from engine.systems.replay import before_round, colourless_boards, played_round  # noqa: E402
from engine import systems  # noqa: E402

FIXTURES = ROOT / "tests" / "data" / "fixtures" / "dutch"
SYSTEM = "dutch"
ONLY: dict[str, set[int]] | None = None


def read_only(path: str) -> dict[str, set[int]]:
    """The rounds listed in a ``file,round`` CSV (header line first), by file name."""
    out: dict[str, set[int]] = {}
    for line in Path(path).read_text().splitlines()[1:]:
        name, rnd = line.split(",")[:2]
        out.setdefault(name, set()).add(int(rnd))
    return out


def init(system: str, only: dict[str, set[int]] | None) -> None:
    global SYSTEM, ONLY
    SYSTEM, ONLY = system, only


def load(path: str):
    return trf.load(path).pairing_tournament()


def fmt(boards, bye) -> str:
    text = " ".join(f"{b.white}-{b.black}" for b in sorted(boards, key=lambda b: min(b.white, b.black)))
    return text + (f" bye {bye}" if bye is not None else "")


def check_file(path: str) -> list[tuple[str, int, str, float, str]]:
    t = load(path)
    pair = systems.get(SYSTEM).pairer()
    out = []
    wanted = None if ONLY is None else ONLY.get(Path(path).name, set())
    for r in range(1, t.rounds_played + 1):
        if wanted is not None and r not in wanted:
            continue
        ref = played_round(t, r)
        unknown = colourless_boards(t, r)
        case = before_round(t, r)
        start = time.perf_counter()
        try:
            got = pair(case)
        except NoLegalPairing as exc:
            out.append(("failed", r, str(exc), time.perf_counter() - start, ""))
            continue
        except Exception as exc:  # noqa: BLE001 - report, keep going
            out.append(("crashed", r, f"{type(exc).__name__}: {exc}", time.perf_counter() - start, ""))
            continue
        spent = time.perf_counter() - start
        ref_pairs = {frozenset((b.white, b.black)) for b in ref.boards}
        got_pairs = {frozenset((b.white, b.black)) for b in got.boards}
        if ref_pairs != got_pairs or ref.bye != got.bye:
            verdict = "different"
        else:
            ref_col = {(b.white, b.black) for b in ref.boards if frozenset((b.white, b.black)) not in unknown}
            got_col = {(b.white, b.black) for b in got.boards}
            verdict = "identical" if ref_col <= got_col else "colours"
        out.append((verdict, r, f"ours {fmt(got.boards, got.bye)} | theirs {fmt(ref.boards, ref.bye)}", spent, ""))
    return [(v, r, d, s, path) for v, r, d, s, _ in out]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--show", type=int, default=30, help="list this many mismatching rounds")
    ap.add_argument("--system", default="dutch", help="pairing system id or alias (default: dutch)")
    ap.add_argument("--only", help="check only the rounds a file,round CSV lists")
    ap.add_argument("paths", nargs="*", default=[str(FIXTURES)])
    a = ap.parse_args()
    only = read_only(a.only) if a.only else None
    init(a.system, only)
    files: list[str] = []
    for p in map(Path, a.paths):
        if not p.exists():
            ap.error(f"{p}: no such file or folder")
        files += [str(f) for f in sorted(p.glob("*.trf"))] if p.is_dir() else [str(p)]
    if not files:
        ap.error(f"no .trf files in {' '.join(a.paths)}")
    start = time.perf_counter()
    if a.jobs > 1:
        with multiprocessing.Pool(a.jobs, initializer=init, initargs=(a.system, only)) as pool:
            results = pool.map(check_file, files, chunksize=1)
    else:
        results = [check_file(f) for f in files]
    tally: dict[str, int] = {}
    shown = 0
    slowest = (0.0, "", 0)
    engine_time = 0.0
    for rows in results:
        for verdict, r, detail, spent, path in rows:
            tally[verdict] = tally.get(verdict, 0) + 1
            engine_time += spent
            if spent > slowest[0]:
                slowest = (spent, Path(path).name, r)
            if verdict != "identical" and shown < a.show:
                shown += 1
                line = f"{verdict}: {Path(path).name} round {r}"
                print(f"{line}\n    {detail}")
    total = sum(tally.values())
    print(f"rounds {total}: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items()))
          + f"; engine {engine_time:.1f} s, {time.perf_counter() - start:.1f} s wall, slowest round {slowest[0]:.2f} s ({slowest[1]} round {slowest[2]})")
    print(f"identical {tally.get('identical', 0)}/{total} rounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
