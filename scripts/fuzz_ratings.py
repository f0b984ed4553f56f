#!/usr/bin/env python3
"""Fuzz ``swisstui ratings``: FIDE lists (TXT, XML, ZIP) and damaged rating databases, in process and through processes.

The inputs and the verdicts are those of ``oracles/ratings_fuzzing.py``, grown from the
lists the tests write in FIDE's layouts (``oracles/fide_lists.py``) and an event of players
with FIDE IDs. Every run must end in success or one line naming the file, with a documented
exit code: the figures are printed, and the exit status is 1 when any run ended otherwise.
``scripts/fuzz.py`` runs it after the other targets.

    python3 scripts/fuzz_ratings.py                       # 6,000 in process + 30 through processes
    python3 scripts/fuzz_ratings.py --count 500 --processes 0 --seed 3
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

from oracles.cli_fuzzing import Tally  # noqa: E402
from oracles.ratings_fuzzing import all_cases, fuzz_one  # noqa: E402


def seeds() -> tuple[bytes, bytes, bytes]:
    """The combined TXT list, the XML list and an event whose players the list holds."""
    from swisstui import store
    from swisstui.store.event import PlayerRecord
    from oracles import fide_lists as F

    event = store.new_event("Fuzzed ratings", 5)
    event.players = [PlayerRecord(1, "Carlsen, M.", 2800, "GM", "NOR", 1503014),
                     PlayerRecord(2, "Carlsson, M.", 1900, "", "SWE", 34100001),
                     PlayerRecord(3, "Nobody, N.", 1500, "", "ENG", 99999999)]
    return F.txt("combined").encode(), F.xml().encode(), store.dumps(event).encode()


def fuzz_ratings(count: int, random_seed: int = 0, processes: int = 30) -> int:
    """Run ``count`` inputs in process and ``processes`` through the console script; print the figures.

    Returns the number of runs that ended in a traceback or exit 4.
    """
    txt, xml, event = seeds()
    cases = all_cases(txt, xml)
    bad = 0
    with tempfile.TemporaryDirectory(prefix="swisstui-fuzz-ratings-") as scratch:
        for label, n, through in (("ratings in process", count, False), ("ratings subprocess", processes, True)):
            if n <= 0:
                continue
            tally = Tally()
            folder = Path(scratch) / label.replace(" ", "-")

            @seed(random_seed)
            @settings(max_examples=n, deadline=None, database=None, phases=["generate"],
                      suppress_health_check=list(HealthCheck))
            @given(cases)
            def one(case) -> None:
                fuzz_one(case, folder, tally, event, subprocess_run=through)  # noqa: B023 - run before the loop moves on

            start = time.perf_counter()
            one()
            codes = ", ".join(f"{code}: {k}" for code, k in sorted(tally.by_exit.items()))
            print(f"{label}: inputs {tally.inputs}, succeeded {tally.succeeded}, clean errors {tally.clean_errors}, "
                  f"tracebacks {tally.tracebacks}, exit 4: {tally.by_exit.get(4, 0)} (exit codes {codes}) "
                  f"in {time.perf_counter() - start:.0f} s")
            for example in tally.examples:
                print(f"  {example}")
            bad += tally.tracebacks
    return bad


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=6_000, help="inputs run in process")
    ap.add_argument("--processes", type=int, default=30, help="inputs run through the swisstui console script")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    return 1 if fuzz_ratings(a.count, a.seed, a.processes) else 0


if __name__ == "__main__":
    raise SystemExit(main())
