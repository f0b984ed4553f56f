"""How long narrating a Dutch pairing takes on top of the pairing itself.

narrate() runs on every pairing, so it must stay cheap next to the engine:
the target is well under 0.1 s for a 300-player round. Uses the largest
reference tournaments; prints, per round, the players, the engine's time and
the time narrate() and render() add.

    python benchmarks/explain_speed.py [FIXTURE_DIR] [--files N]

FIXTURE_DIR defaults to ``../shared/fixtures/dutch`` beside the repository.
"""

from __future__ import annotations

import argparse
import re
import time
from pathlib import Path

from engine import trf

from engine.model.explain import render
from engine.systems import replay
from engine.systems.dutch import pair
from engine.systems.dutch.narrate import narrate

FIXTURES = Path(__file__).resolve().parents[1].parent / "shared" / "fixtures" / "dutch"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("fixtures", nargs="?", default=str(FIXTURES))
    ap.add_argument("--files", type=int, default=3, help="how many of the largest tournaments")
    args = ap.parse_args()
    files = sorted(Path(args.fixtures).glob("*.trf"),
                   key=lambda f: -int(m.group(1)) if (m := re.search(r"-n(\d+)-", f.name)) else 0)
    if not files:
        ap.error(f"no .trf files in {args.fixtures}")
    worst = 0.0
    for f in files[: args.files]:
        full = trf.load(f).pairing_tournament()
        for r in sorted({2, (full.rounds_played + 1) // 2, full.rounds_played}):
            before = replay.before_round(full, r)
            t0 = time.perf_counter()
            result = pair(before)
            t1 = time.perf_counter()
            told = narrate(before, result)
            t2 = time.perf_counter()
            render(told.trace)
            t3 = time.perf_counter()
            worst = max(worst, t2 - t1)
            print(f"{f.name:32} round {r:2}  {len(before.to_pair()):4} players  pair {t1 - t0:7.3f} s  "
                  f"narrate {1000 * (t2 - t1):6.1f} ms  render {1000 * (t3 - t2):5.1f} ms")
    print(f"slowest narrate: {1000 * worst:.1f} ms")


if __name__ == "__main__":
    main()
