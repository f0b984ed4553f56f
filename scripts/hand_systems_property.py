#!/usr/bin/env python3
"""Play many random tournaments with the Lim and club systems and check every round.

Each tournament has 4 to 200 players (seeded), 3 to 11 rounds, forfeits, requested
byes and withdrawals. Every round is checked by the independent absolute-rule
checker (engine/validate/hand.py); when the engine finds no pairing the checker
must agree that none exists, and a round the engine paired by breaking the text's
limitations (none kept them all) must be one the checker finds no pairing for, with
every broken rule named. Prints the figures per system; exit 1 on any problem.

    python3 scripts/hand_systems_property.py                  # 1000 per system
    python3 scripts/hand_systems_property.py --count 200 --systems club
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from oracles.hand_property import Tally, play  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--systems", nargs="+", default=["lim-2026", "lim-seed", "club"])
    ap.add_argument("--max-players", type=int, default=200)
    ap.add_argument("--first-seed", type=int, default=0)
    a = ap.parse_args()
    failed = False
    for system in a.systems:
        tally = Tally()
        start = time.perf_counter()
        for seed in range(a.first_seed, a.first_seed + a.count):
            play(system, seed, tally, max_players=a.max_players)
        spent = time.perf_counter() - start
        print(f"{system}: {tally.tournaments} tournaments, {tally.rounds} rounds checked, "
              f"{tally.stopped} ended early with no pairing possible, {tally.relaxed_rounds} rounds paired with "
              f"the fewest limitations broken {dict(tally.relaxed) or ''}, {len(tally.problems)} problems, "
              f"{spent:.0f} s", flush=True)
        for line in tally.problems[:20]:
            print("  " + line)
        failed = failed or bool(tally.problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
