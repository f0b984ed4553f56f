"""Our Burstein against py4swiss, the other 2026 implementation, on generated events.

No Burstein engine is endorsed, so py4swiss is a witness: a round it pairs
otherwise must differ for a reason the text settles, one of the classes of
``oracles.py4swiss`` (docs/systems.md): one or more of py4swiss's departures from
an article, shown by correcting those departures alone and getting our pairing. ``scripts/
burstein_agreement.py`` runs the same comparison on hundreds of events.
"""

from __future__ import annotations

import pytest

from engine import generate, replay
from engine.systems import burstein
from oracles.py4swiss import DEPARTURES, UNEXPLAINED, classify, py4swiss_pair

import py4swiss  # noqa: E402,F401


def _rounds_after_seeding(t):
    for r in range(burstein.seeding_rounds(t.settings.rounds) + 1, t.rounds_played + 1):
        yield replay.before_round(t, r)


@pytest.mark.parametrize("seed", [3, 11])
def test_every_difference_from_py4swiss_has_a_known_reason(seed: int) -> None:
    t = generate.generate(24 + seed, 9, seed, system="burstein-2026", half_bye_rate=0.02, retire_rate=0.01,
                          accelerate=seed == 11)
    verdicts = [classify(case, burstein.pair(case).as_round(), fewest=False) for case in _rounds_after_seeding(t)]
    assert len(verdicts) == 9 - burstein.seeding_rounds(9)
    assert UNEXPLAINED not in verdicts


def test_a_difference_is_named_by_the_fewest_departures_that_explain_it() -> None:
    t = generate.generate(27, 9, 3, system="burstein-2026")
    verdicts = [classify(replay.before_round(t, r), burstein.pair(replay.before_round(t, r)).as_round())
                for r in (7, 8)]
    assert verdicts == ["c7-pairs + pab-games", "c6-order"]
    assert all(set(v.split(" + ")) <= set(DEPARTURES) for v in verdicts)


def test_py4swiss_played_event_is_paired_like_it_once_its_departures_are_corrected() -> None:
    """The other direction: an event played by py4swiss, each round re-paired by us."""
    t = generate.generate(30, 8, 5, system="burstein-2026", pair=py4swiss_pair)
    verdicts = [classify(case, burstein.pair(case).as_round(), fewest=False) for case in _rounds_after_seeding(t)]
    assert verdicts and UNEXPLAINED not in verdicts
