#!/usr/bin/env python3
"""Time the validator on the largest reference rounds (with and without a reference pairing)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.validate import validate  # noqa: E402
from tests.engine.fixture_rounds import before_round, fixture_files, played_round, read_fixture  # noqa: E402


def players_in(path: Path) -> int:
    return int(path.stem.split("-n")[1].split("-")[0])


def main() -> None:
    for path in sorted(fixture_files(), key=players_in)[-3:]:
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
        from engine.model import Pairing, RoundPairing

        boards = list(pairing.boards)
        if len(boards) >= 2:
            (a, b), (c, d) = (boards[0].white, boards[0].black), (boards[-1].white, boards[-1].black)
            boards[0], boards[-1] = Pairing(a, d), Pairing(c, b)
        return RoundPairing(pairing.round, tuple(boards), pairing.bye)


if __name__ == "__main__":
    main()
