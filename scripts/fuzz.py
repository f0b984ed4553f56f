#!/usr/bin/env python3
"""Fuzz the command line: TRF text, event files and command lines, in process and through real processes.

The inputs and the verdicts are those of ``oracles/cli_fuzzing.py`` (hypothesis
strategies), grown from a TRF tournament and an event file (``--trf``, ``--event``). Every run must end in success or one located error line with the
documented exit code; the figures are printed, and the exit status is 1 when any
run ended otherwise (the first examples are printed).

    python3 scripts/fuzz.py                         # 10,000 in process + 100 through processes + 4,000 CSV lists
    python3 scripts/fuzz.py --count 500 --processes 10 --csv 0 --seed 3
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

from oracles.cli_fuzzing import Tally, all_cases, fuzz_one  # noqa: E402
from scripts.fuzz_csv import run_csv  # noqa: E402 - CSV registration lists, through the preview and import

ROOT = Path(__file__).resolve().parent.parent


def run(count: int, random_seed: int, folder: Path, tally: Tally, cases, *, subprocess_run: bool) -> None:
    @seed(random_seed)
    @settings(max_examples=count, deadline=None, database=None, phases=["generate"],
              suppress_health_check=list(HealthCheck))
    @given(cases)
    def one(case) -> None:
        fuzz_one(case, folder, tally, subprocess_run=subprocess_run)

    one()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=10_000, help="inputs run in process")
    ap.add_argument("--processes", type=int, default=100, help="inputs run through the swisstui console script")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--trf", type=Path,
                    default=ROOT.parent / "shared" / "fixtures" / "dutch" / "dutch-2300007-n10-r5.trf",
                    help="the TRF tournament the fuzzed TRF files grow from")
    ap.add_argument("--event", type=Path, default=ROOT / "sample_events" / "club-rapid.toml",
                    help="the event file the fuzzed event files grow from")
    ap.add_argument("--csv", type=int, default=4_000, help="CSV registration lists (scripts/fuzz_csv.py)")
    ap.add_argument("--ratings", type=int, default=6_000, help="FIDE lists and rating databases (scripts/fuzz_ratings.py)")
    a = ap.parse_args()
    cases = all_cases(a.trf.read_bytes(), a.event.read_bytes())
    failed = False
    with tempfile.TemporaryDirectory(prefix="swisstui-fuzz-") as scratch:
        for label, count, through in (("in process", a.count, False), ("subprocess", a.processes, True)):
            if count <= 0:
                continue
            tally = Tally()
            start = time.perf_counter()
            run(count, a.seed, Path(scratch) / label.replace(" ", "-"), tally, cases, subprocess_run=through)
            spent = time.perf_counter() - start
            codes = ", ".join(f"{code}: {n}" for code, n in sorted(tally.by_exit.items()))
            print(f"{label}: inputs {tally.inputs}, succeeded {tally.succeeded}, clean errors {tally.clean_errors}, "
                  f"tracebacks {tally.tracebacks} (exit codes {codes}) in {spent:.0f} s")
            for example in tally.examples:
                print(f"  {example}")
            failed |= tally.tracebacks > 0
    failed |= not run_csv(a.csv, a.seed)
    from fuzz_ratings import fuzz_ratings  # scripts/fuzz_ratings.py: the FIDE list (TXT, XML, ZIP), the rating database
    failed |= fuzz_ratings(a.ratings, a.seed, processes=min(a.processes, 30)) > 0
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
