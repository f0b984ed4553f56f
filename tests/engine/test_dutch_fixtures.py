"""A fixed subset of the reference tournaments: every round must come out exactly as recorded.

The tournaments were paired by bbpPairings v6 (FIDE-endorsed, Dutch 2026
rules); same pairs, same colours and the same bye is the only acceptable
result. The full set runs with ``scripts/conformance.py``.
"""

from __future__ import annotations

import pytest

from engine import trf
from engine.model.tournament import Pairing, ResultCode
from engine.systems.dutch import pair
from engine.systems.replay import before_round, colourless_boards, played_round
from tests.data_paths import dutch

SUBSET = [
    # the smallest fields (7-20 players), with forfeits, requested byes and retirements
    "dutch-2300133-n7-r7.trf", "dutch-2300011-n8-r7.trf", "dutch-2300126-n8-r7.trf",
    "dutch-2300089-n9-r6.trf", "dutch-2300101-n9-r5.trf", "dutch-2300007-n10-r5.trf",
    "dutch-2300091-n10-r8.trf", "dutch-2300010-n12-r10.trf", "dutch-2300042-n12-r7.trf",
    "dutch-2300055-n12-r6.trf", "dutch-2300110-n12-r6.trf", "dutch-2300114-n12-r10.trf",
    "dutch-2300051-n13-r10.trf", "dutch-2300153-n13-r8.trf", "dutch-2300017-n14-r8.trf",
    "dutch-2300058-n14-r9.trf", "dutch-2300093-n14-r10.trf", "dutch-2300106-n14-r5.trf",
    "dutch-2300142-n14-r7.trf", "dutch-2300132-n15-r5.trf", "dutch-2300134-n15-r6.trf",
    "dutch-2300001-n16-r9.trf", "dutch-2300086-n16-r5.trf", "dutch-2300045-n17-r5.trf",
    "dutch-2300082-n17-r11.trf", "dutch-2300123-n17-r8.trf", "dutch-2300060-n18-r9.trf",
    "dutch-2300063-n18-r9.trf", "dutch-2300098-n18-r9.trf", "dutch-2300016-n19-r9.trf",
    "dutch-2300149-n19-r8.trf", "dutch-2300036-n20-r10.trf",
    # 3-1-0 scoring (record 162)
    "dutch-2300079-n22-r7.trf", "dutch-2300032-n26-r9.trf", "dutch-2300148-n27-r8.trf",
    "dutch-2300099-n37-r11.trf",
    # mid-sized fields
    "dutch-2300002-n41-r8.trf",
]

pytestmark = pytest.mark.slow


def _load(name: str):
    return trf.load(dutch(name)).pairing_tournament()


@pytest.mark.parametrize("name", SUBSET)
def test_every_round_identical(name: str) -> None:
    t = _load(name)
    assert t.rounds_played >= 5
    for r in range(1, t.rounds_played + 1):
        ref = played_round(t, r)
        got = pair(before_round(t, r))
        unknown = colourless_boards(t, r)
        assert got.bye == ref.bye, f"round {r}: bye"
        assert {frozenset((b.white, b.black)) for b in got.boards} == {
            frozenset((b.white, b.black)) for b in ref.boards
        }, f"round {r}: pairs"
        known = {b for b in ref.boards if frozenset((b.white, b.black)) not in unknown}
        assert known <= set(got.boards), f"round {r}: colours"


def test_replay_moves_requested_byes_into_pending() -> None:
    t = _load("dutch-2300042-n12-r7.trf")
    for r in range(1, t.rounds_played + 1):
        case = before_round(t, r)
        assert case.rounds_played == r - 1
        assert all(len(p.history) <= r - 1 for p in case.players)
        for pid, entry in case.pending.items():
            assert entry.opponent is None and entry.code is not ResultCode.PAB
            assert t.player(pid).entry(r) == entry
        ref = played_round(t, r)
        paired = {x for b in ref.boards for x in (b.white, b.black)} | ({ref.bye} if ref.bye else set())
        assert paired == {p.id for p in case.to_pair()}


def test_played_round_reads_boards_and_bye() -> None:
    t = _load("dutch-2300007-n10-r5.trf")
    r3 = played_round(t, 3)
    # round 3 holds the forfeit 3 (w, +) against 4 (b, -): a board like any other
    assert Pairing(3, 4) in r3.boards
    assert len(r3.boards) == 5 and r3.bye is None
