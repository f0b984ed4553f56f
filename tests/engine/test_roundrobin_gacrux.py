"""Every round of round robins of ten sizes from 3 to 24, single and double, against Gacrux's Berger pairing
(scripts/roundrobin_gacrux.py: every size).

The tournament before each round is written as TRF-2026 (record 192
``FIDE_ROUNDROBIN`` or ``FIDE_DOUBLEROUNDROBIN``) and paired by Gacrux's
``pairing_berger`` in-process, then compared with the round our code pairs
from the same Tournament: same boards, same colours, same bye. One round also
goes through Gacrux's command line, ``python -m gacrux.pairingchecker -m berger``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine import trf
from engine.model.tournament import Pairing
from engine.systems.roundrobin import Cycles, schedule
from engine.systems.roundrobin import pair
from oracles.gacrux_berger import event_before, rounds_unlike_gacrux

pytestmark = pytest.mark.slow  # about 370 Gacrux pairings: some 8 seconds

# A fixed subset of the sizes: the smallest, odd and even fields, both ends of the Varma range and the largest.
# scripts/roundrobin_gacrux.py compares every size 3-24 the same way (810 rounds).
SIZES = (3, 4, 5, 8, 9, 10, 15, 16, 23, 24)


@pytest.mark.parametrize(("code", "cycles"), [("FIDE_ROUNDROBIN", Cycles.SINGLE),
                                              ("FIDE_DOUBLEROUNDROBIN", Cycles.DOUBLE_FIDE)])
@pytest.mark.parametrize("players", SIZES)
def test_every_round_equals_gacrux(players: int, code: str, cycles: Cycles) -> None:
    compared, differ = rounds_unlike_gacrux(players, code, cycles)
    assert compared == len(schedule(players, cycles)) and differ == []


def test_gacrux_command_line_pairs_the_same_round(tmp_path: Path) -> None:
    t = event_before(7, 4, "FIDE_ROUNDROBIN", Cycles.SINGLE)
    path = tmp_path / "rr7.trf"
    path.write_text(trf.dumps(t, dialect="trf26"), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-i", str(path), "-p", "-m", "berger",
                          "-d", "T"], capture_output=True, text=True, check=True).stdout.split()
    count, numbers = int(out[0]), [int(x) for x in out[1:]]
    pairs = list(zip(numbers[::2], numbers[1::2]))
    assert count == len(pairs) == 4
    ours = pair(t)
    assert ours.round == 5
    assert [Pairing(w, b) for w, b in pairs if b != 0] == list(ours.boards)
    assert [w for w, b in pairs if b == 0] == [ours.bye]
