#!/usr/bin/env python3
"""Fuzz CSV registration: lists read by the import preview and by ``swisstui import`` (oracles/csv_fuzzing.py).

Every input must leave the preview with located problem lines and the command line with
success or one located error line; the figures (inputs, tracebacks, exit 4) are printed and
the exit status is 1 when any input ended otherwise. ``scripts/fuzz.py`` runs it too.

    python3 scripts/fuzz_csv.py --count 4000 --seed 0
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

from oracles.csv_fuzzing import CsvTally, csv_cases, fuzz_csv_one  # noqa: E402


def run_csv(count: int, random_seed: int, scratch: Path | None = None) -> bool:
    """Run ``count`` fuzzed lists, print the figures; True when every one ended as it must."""
    if count <= 0:
        return True
    with tempfile.TemporaryDirectory(prefix="swisstui-fuzz-csv-") as own:
        folder = Path(scratch or own)
        os.environ["SWISSTUI_RATINGS_DB"] = str(folder / "ratings.sqlite")  # never the arbiter's own list
        tally = CsvTally()
        start = time.perf_counter()

        @seed(random_seed)
        @settings(max_examples=count, deadline=None, database=None, phases=["generate"],
                  suppress_health_check=list(HealthCheck))
        @given(csv_cases())
        def one(case) -> None:
            fuzz_csv_one(case, folder / "csv", tally)

        one()
        codes = ", ".join(f"{code}: {n}" for code, n in sorted(tally.by_exit.items()))
        print(f"csv registration: inputs {tally.inputs}, previews {tally.previews} ({tally.players} players), "
              f"tracebacks {tally.tracebacks}, exit 4 {tally.exit_4} (import exit codes {codes}) "
              f"in {time.perf_counter() - start:.0f} s")
        for example in tally.examples:
            print(f"  {example}")
    return tally.tracebacks == 0 and tally.exit_4 == 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=4_000, help="fuzzed registration lists")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    return 0 if run_csv(a.count, a.seed) else 1


if __name__ == "__main__":
    raise SystemExit(main())
