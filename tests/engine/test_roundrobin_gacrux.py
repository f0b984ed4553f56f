"""Every round of every round robin 3-24, single and double, against Gacrux's Berger pairing.

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
from engine.model.tournament import Colour, Pairing, Player, ResultCode, RoundEntry, Settings, Tournament
from engine.systems.roundrobin import Cycles, schedule
from engine.systems.roundrobin import pair, pair_double
from oracles.gacrux_berger import gacrux_berger_round

pytestmark = pytest.mark.slow  # about 800 Gacrux pairings: some 20 seconds

RESULTS = (ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS)
OTHER = {ResultCode.WIN: ResultCode.LOSS, ResultCode.DRAW: ResultCode.DRAW, ResultCode.LOSS: ResultCode.WIN}


def _event(players: int, played: int, code: str, cycles: Cycles) -> Tournament:
    """The event before round ``played + 1``, the rounds before played as the table says (results varied)."""
    history: dict[int, list[RoundEntry]] = {p: [] for p in range(1, players + 1)}
    for r, rnd in enumerate(schedule(players, cycles)[:played]):
        for i, b in enumerate(rnd):
            if b.is_bye:
                history[b.white].append(RoundEntry(None, Colour.NONE, ResultCode.PAB))
            else:
                result = RESULTS[(r + i) % 3]
                history[b.white].append(RoundEntry(b.black, Colour.WHITE, result))
                history[b.black].append(RoundEntry(b.white, Colour.BLACK, OTHER[result]))
    settings = Settings(rounds=len(schedule(players, cycles)), system=code)
    return Tournament(settings, tuple(Player(p, f"Player {p}", rating=2400 - 10 * p, history=tuple(h))
                                      for p, h in history.items()))


@pytest.mark.parametrize(("code", "cycles"), [("FIDE_ROUNDROBIN", Cycles.SINGLE),
                                              ("FIDE_DOUBLEROUNDROBIN", Cycles.DOUBLE_FIDE)])
@pytest.mark.parametrize("players", range(3, 25))
def test_every_round_equals_gacrux(players: int, code: str, cycles: Cycles) -> None:
    differ = []
    for played in range(len(schedule(players, cycles))):
        t = _event(players, played, code, cycles)
        ours = (pair if cycles is Cycles.SINGLE else pair_double)(t).as_round()
        theirs = gacrux_berger_round(t)
        if ours != theirs:
            differ.append(f"round {played + 1}: ours {ours}, Gacrux {theirs}")
    assert differ == []


def test_gacrux_command_line_pairs_the_same_round(tmp_path: Path) -> None:
    t = _event(7, 4, "FIDE_ROUNDROBIN", Cycles.SINGLE)
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
