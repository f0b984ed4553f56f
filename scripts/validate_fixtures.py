#!/usr/bin/env python3
"""Run the independent validator over every reference round of the Dutch fixtures.

Two figures:
- reference rounds with an ABSOLUTE or QUALITY finding (expected: none; the
  rounds were paired by bbpPairings v6, an endorsed engine);
- random opponent swaps in those rounds that the validator judges *better* than
  the reference (expected: none; one would mean a criterion is computed wrongly).

    .venv/bin/python scripts/validate_fixtures.py [--swaps N] [--seed S] [--fixtures DIR] [FILES...]

Without FILES, every tournament in DIR (default ``../shared/fixtures/dutch``
beside the repository).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.model.tournament import Pairing, RoundPairing  # noqa: E402
from engine.validate.check import validate  # noqa: E402
from engine.validate.facts import RoundFacts, expected_white  # noqa: E402
from engine.validate.violations import Severity  # noqa: E402
from oracles.recorded_rounds import before_round, fixture_files, played_round, read_fixture  # noqa: E402

FIXTURES = ROOT.parent / "shared" / "fixtures" / "dutch"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--swaps", type=int, default=4, help="random opponent swaps tried per round")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fixtures", type=Path, default=FIXTURES, metavar="DIR",
                    help=f"the tournaments to read when no FILES are given (default {FIXTURES})")
    ap.add_argument("files", nargs="*", type=Path)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    files = a.files or fixture_files(a.fixtures)
    if not files:
        ap.error(f"no .trf files in {a.fixtures}")
    rounds = flagged = 0
    verdicts: Counter[str] = Counter()
    start = time.perf_counter()
    for path in files:
        t = read_fixture(path)
        for r in range(1, t.settings.rounds + 1):
            before, reference = before_round(t, r), played_round(t, r)
            rounds += 1
            found = [v for v in validate(before, reference) if v.severity is not Severity.NOTE]
            if found:
                flagged += 1
                print(f"{path.name} round {r}: {found[0]}")
            facts = RoundFacts(before, r, t.settings.system)
            boards = list(reference.boards)
            for _ in range(a.swaps if len(boards) >= 2 else 0):
                i, j = rng.sample(range(len(boards)), 2)
                (p, q), (x, y) = (boards[i].white, boards[i].black), (boards[j].white, boards[j].black)
                mutated = list(boards)
                for k, (m, n) in zip((i, j), ((p, x), (q, y)) if rng.random() < 0.5 else ((p, y), (q, x))):
                    white = expected_white(facts, m, n)[0]
                    mutated[k] = Pairing(white, n if white == m else m)
                got = validate(before, RoundPairing(r, tuple(mutated), reference.bye), reference=reference)
                if any(v.severity is Severity.ABSOLUTE for v in got):
                    verdicts["illegal"] += 1
                elif any("not optimal" in v.text for v in got):
                    verdicts["better than the reference"] += 1
                    print(f"{path.name} round {r}: swap judged better: {[str(v) for v in got][:2]}")
                elif any(v.severity is Severity.QUALITY for v in got):
                    verdicts["worse"] += 1
                else:
                    verdicts["equally good"] += 1
    spent = time.perf_counter() - start
    print(f"swaps: {dict(verdicts)}")
    print(f"reference rounds {rounds}: with findings {flagged}; {spent:.1f} s")
    return 1 if flagged or verdicts["better than the reference"] else 0


if __name__ == "__main__":
    sys.exit(main())
