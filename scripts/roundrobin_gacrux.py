#!/usr/bin/env python3
"""Every round of every round robin of 3 to 24 players, single and double, paired by us and by Gacrux.

    python scripts/roundrobin_gacrux.py

The suite compares ten of the sizes (tests/engine/test_roundrobin_gacrux.py); this compares all of
them the same way (oracles/gacrux_berger.py) and ends with ``identical N/M rounds``. Gacrux is
test-only: run it from the test environment (``.venv/bin/python``).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.systems.roundrobin import Cycles  # noqa: E402
from oracles.gacrux_berger import rounds_unlike_gacrux  # noqa: E402


def main() -> int:
    compared = 0
    differ: list[str] = []
    for code, cycles in (("FIDE_ROUNDROBIN", Cycles.SINGLE), ("FIDE_DOUBLEROUNDROBIN", Cycles.DOUBLE_FIDE)):
        for players in range(3, 25):
            rounds, unlike = rounds_unlike_gacrux(players, code, cycles)
            compared += rounds
            differ += unlike
    for line in differ:
        print(line)
    print(f"identical {compared - len(differ)}/{compared} rounds")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
