"""Play random Double-Swiss events (C.04.5) and check every round with the independent validator.

    .venv/bin/python scripts/doubleswiss_rtg.py [--count N] [--first-seed S]

Events of 7-300 players and 5-11 rounds with single-game and whole-match forfeits,
absences and withdrawals (engine/systems/doubleswiss/simulate.py). Prints one line per
event with a finding or a round the text could not pair, then the totals; exits 1 on
any finding.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.systems.doubleswiss.simulate import play_event  # noqa: E402
from engine.validate.doubleswiss import check_double_swiss_round  # noqa: E402


def run(count: int, first_seed: int) -> int:
    """Play ``count`` events from ``first_seed`` on; 1 when the check found anything."""
    start = time.process_time()
    completed = rounds = findings = unpairable = single = double = 0
    for seed in range(first_seed, first_seed + count):
        r = play_event(seed, check_double_swiss_round)
        rounds += r.paired
        single += r.single_forfeits
        double += r.double_forfeits
        findings += len(r.findings)
        for f in r.findings:
            print(f)
        if r.unpairable:
            unpairable += 1
            print(f"seed {seed} ({r.players} players, {r.rounds} rounds): {r.unpairable}")
        else:
            completed += 1
    cpu = time.process_time() - start
    print(
        f"{count} events: {completed} completed, {unpairable} with a round the text cannot pair; "
        f"{rounds} rounds paired, {findings} findings; {single} matches with one game forfeited, "
        f"{double} forfeited whole; {cpu:.1f} s CPU"
    )
    return 1 if findings else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--first-seed", type=int, default=1)
    a = ap.parse_args()
    return run(a.count, a.first_seed)


if __name__ == "__main__":
    raise SystemExit(main())
