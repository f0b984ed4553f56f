"""Our Dutch engine against a second oracle, Gacrux, on generated tournaments.

The reference fixtures cover 1212 rounds; random tournaments reach situations
they do not (other field sizes, bye and forfeit patterns, 3-1-0 scoring).
Every round of every tournament below must be paired identically by both
engines: same pairs, same colours, same bye; a round our engine finds no legal
pairing for (C.04.3 art. 1.9.3) must have none in Gacrux either. The cases were
fixed before any result was seen; a longer run is ``scripts/oracle_gacrux.py``.

The adapter is checked too: it must reproduce reference rounds exactly, and
it refuses to return a pairing when Gacrux reads the players to pair or their
scores differently from our model.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

pytest.importorskip("gacrux")

from engine import trf  # noqa: E402

from engine.systems import generate  # noqa: E402
from engine.model.tournament import (  # noqa: E402
    Colour,
    Pairing,
    PointSystem,
    ResultCode,
    RoundEntry,
    RoundPairing,
)
from engine.systems import pair  # noqa: E402
from engine.systems.replay import before_round, colourless_boards, played_round  # noqa: E402
from oracles.gacrux import (  # noqa: E402
    OracleInputMismatch,
    OracleNoPairing,
    as_round,
    compare,
    gacrux_pair,
    play_until_stuck,
    round_to_pair,
)
from tests.data_paths import dutch  # noqa: E402

THREE_ONE = PointSystem(win=Decimal(3), draw=Decimal(1))

# (seed, players, rounds, generator options): chosen up front, not after looking at the outcome
CASES = [
    (4101, 12, 7, dict(forfeit_rate=0.05, half_bye_rate=0.03)),
    (4102, 17, 7, dict(forfeit_rate=0.03, zero_bye_rate=0.03, retire_rate=0.02)),
    (4103, 21, 7, dict(half_bye_rate=0.05, zero_bye_rate=0.02)),
    (4104, 24, 7, dict(forfeit_rate=0.05, retire_rate=0.03, points=THREE_ONE)),
    (4105, 27, 7, dict(draw_rate=0.5, half_bye_rate=0.02, forfeit_rate=0.02)),
    (4106, 30, 7, dict(forfeit_rate=0.02, half_bye_rate=0.02, zero_bye_rate=0.01, retire_rate=0.01)),
]


def _mismatches(seed: int, players: int, rounds: int, options: dict) -> tuple[list[str], int | None]:
    """Every round where the engines differ, and the round neither could pair (None if all were paired)."""
    t, stuck = play_until_stuck(players=players, rounds=rounds, seed=seed, **options)
    found = []
    for r in range(1, t.rounds_played + 1):
        before = before_round(t, r)
        if not before.to_pair():
            continue
        ours = as_round(pair(before))
        diff = compare(ours, gacrux_pair(before))
        if diff is not None:
            found.append(f"round {r}: {diff}")
    if not stuck:
        return found, None
    # C.04.3 art. 1.9.3: our engine found no legal pairing; Gacrux must not find one either
    try:
        theirs = gacrux_pair(round_to_pair(t))
    except OracleNoPairing:
        return found, t.next_round
    found.append(f"round {t.next_round}: ours has no legal pairing, Gacrux pairs {theirs}")
    return found, t.next_round


@pytest.mark.parametrize("seed,players,rounds,options", CASES, ids=[f"seed{c[0]}" for c in CASES])
def test_every_round_agrees_with_gacrux(seed, players, rounds, options):
    found, _ = _mismatches(seed, players, rounds, options)
    assert not found, f"seed {seed}: " + "; ".join(found)


def test_a_field_too_small_for_its_rounds_runs_out_of_pairings_in_both_engines():
    # 7 players, 9 rounds: by round 6 the few possible opponents are used up
    found, stuck = _mismatches(12, 7, 9, dict(draw_rate=0.5, forfeit_rate=0.02, half_bye_rate=0.03,
                                              zero_bye_rate=0.005, retire_rate=0.02, points=THREE_ONE))
    assert not found, "; ".join(found)
    assert stuck is not None


@pytest.mark.parametrize("name,rnd", [
    ("dutch-2300001-n16-r9.trf", 5),  # a requested half-point bye and the PAB
    ("dutch-2300001-n16-r9.trf", 9),  # the last round
    ("dutch-2300007-n10-r5.trf", 1),  # round 1: the initial colour decides every board
])
def test_adapter_reproduces_reference_rounds(name, rnd):
    t = trf.load(dutch(name)).pairing_tournament()
    theirs = gacrux_pair(before_round(t, rnd))
    assert compare(played_round(t, rnd), theirs, colourless_boards(t, rnd)) is None


def test_adapter_refuses_a_tournament_it_reads_differently():
    t = before_round(generate.generate(10, 3, 7), 3)
    victim = t.to_pair()[0].id
    t = t.with_pending({**t.pending, victim: RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)})
    # without the 240 record and the round-3 blocks, Gacrux would pair a player our model holds back
    lines = [line for line in trf.dumps(t).splitlines() if not line.startswith("240")]
    text = "".join((line[:111].rstrip() if line.startswith("001") else line) + "\n" for line in lines)
    with pytest.raises(OracleInputMismatch, match="players to pair"):
        gacrux_pair(t, text=text)


def test_compare_sees_every_kind_of_difference():
    base = RoundPairing(3, (Pairing(1, 2), Pairing(3, 4)), bye=5)
    assert compare(base, RoundPairing(3, (Pairing(3, 4), Pairing(1, 2)), bye=5)) is None  # board order is free
    swapped = compare(base, RoundPairing(3, (Pairing(2, 1), Pairing(3, 4)), bye=5))
    assert swapped is not None and swapped.kind == "colours" and swapped.colour_swapped == (Pairing(1, 2),)
    other = compare(base, RoundPairing(3, (Pairing(1, 3), Pairing(2, 4)), bye=5))
    assert other is not None and other.kind == "pairs"
    bye = compare(base, RoundPairing(3, (Pairing(1, 2), Pairing(3, 5)), bye=4))
    assert bye is not None and (bye.bye_ours, bye.bye_theirs) == (5, 4)
    # a board recorded without colours is compared as a pair only
    assert compare(base, RoundPairing(3, (Pairing(2, 1), Pairing(3, 4)), bye=5), {frozenset((1, 2))}) is None


def test_gacrux_follows_the_initial_colour_it_is_given():
    t = trf.load(dutch("dutch-2300007-n10-r5.trf")).pairing_tournament()
    first = t.settings.initial_colour
    flipped = replace(t, settings=replace(t.settings, initial_colour=first.opposite))
    diff = compare(played_round(t, 1), gacrux_pair(before_round(flipped, 1)))
    assert diff is not None and diff.kind == "colours" and len(diff.colour_swapped) == len(played_round(t, 1).boards)
