#!/usr/bin/env python3
"""Time the validator on the largest reference rounds (with and without a reference pairing).

    python benchmarks/validate_speed.py [FIXTURE_DIR]

FIXTURE_DIR defaults to ``../shared/fixtures/dutch`` beside the repository.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.validate.check import validate  # noqa: E402
from oracles.recorded_rounds import before_round, fixture_files, played_round, read_fixture  # noqa: E402

FIXTURES = ROOT.parent / "shared" / "fixtures" / "dutch"


def players_in(path: Path) -> int:
    return int(path.stem.split("-n")[1].split("-")[0])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("fixtures", nargs="?", type=Path, default=FIXTURES)
    args = ap.parse_args()
    files = fixture_files(args.fixtures)
    if not files:
        ap.error(f"no .trf files in {args.fixtures}")
    for path in sorted(files, key=players_in)[-3:]:
        t = read_fixture(path)
        worst = 0.0
        for r in range(1, t.settings.rounds + 1):
            before, pairing = before_round(t, r), played_round(t, r)
            start = time.perf_counter()
            validate(before, pairing)
            validate(before, pairing, reference=RoundPairingSwap.of(pairing))
            worst = max(worst, (time.perf_counter() - start) / 2)
        print(f"{path.name}: {len(t.players)} players, slowest round {worst * 1000:.1f} ms")


class RoundPairingSwap:
    """A reference that differs from the pairing, so the full criteria comparison runs."""

    @staticmethod
    def of(pairing):
        from engine.model.tournament import Pairing, RoundPairing

        boards = list(pairing.boards)
        if len(boards) >= 2:
            (a, b), (c, d) = (boards[0].white, boards[0].black), (boards[-1].white, boards[-1].black)
            boards[0], boards[-1] = Pairing(a, d), Pairing(c, b)
        return RoundPairing(pairing.round, tuple(boards), pairing.bye)


if __name__ == "__main__":
    main()
