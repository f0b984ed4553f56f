"""CPU time of one Double-Swiss round (C.04.5) at 300 players: the target is under 1 s.

Plays seeded random 300-player, 11-round events (engine/systems/doubleswiss/simulate.py)
and times every round's pairing with the process's CPU clock, so a loaded machine
does not inflate it. Prints the slowest rounds and the total.

    python benchmarks/doubleswiss_speed.py [--events N]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.model.matches import Match, MatchScoring  # noqa: E402
from engine.model.units import Unit  # noqa: E402
from engine.systems.doubleswiss import pair_matches  # noqa: E402
from engine.systems.doubleswiss.simulate import play_event  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--events", type=int, default=3)
    a = ap.parse_args()
    times: list[tuple[float, int, int, int]] = []
    for seed in range(1, a.events + 1):

        def timed(
            units: Sequence[Unit], matches: Sequence[Match], before: Sequence[Sequence[Match]], scoring: MatchScoring,
            seed: int = seed,
        ) -> list[str]:
            start = time.process_time()
            pair_matches(units, before, scoring=scoring)
            times.append((time.process_time() - start, seed, len(before) + 1, len(units)))
            return []

        play_event(seed, timed, players=300, rounds=11)
    times.sort(reverse=True)
    for spent, seed, rnd, n in times[:5]:
        print(f"seed {seed} round {rnd}: {n} players, {spent:.3f} s CPU")
    print(f"{len(times)} rounds, slowest {times[0][0]:.3f} s CPU, mean {sum(t[0] for t in times) / len(times):.3f} s")


if __name__ == "__main__":
    main()
