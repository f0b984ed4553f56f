"""Our Burstein against py4swiss, the other 2026 implementation, on generated events.

No Burstein engine is endorsed, so py4swiss is a witness: a round it pairs
otherwise must differ for a reason the text settles, one of the classes of
``oracles.py4swiss`` (docs/systems.md): one or more of py4swiss's departures from
an article, shown by correcting those departures alone and getting our pairing. ``scripts/
burstein_agreement.py`` runs the same comparison on hundreds of events.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.model.tournament import Colour
from engine.systems import generate, replay
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


def test_a_requested_half_point_bye_ends_a_series_of_zero_point_byes_for_the_witness_too() -> None:
    """Art. 1.7.2: only a player away again with a zero-point bye extends the series up to the current round.

    Player 5 had a zero-point bye in round 2 and asked for a half-point bye in round 3; player 7 had one
    too and is absent again. py4swiss only sees both on its XXZ line; corrected, it must still read 5's
    score as scored (0) for 5's opponent 1, and 7's round 2 as a draw for 7's opponent 3, as we do.
    """
    from engine.model.tournament import Player, ResultCode, RoundEntry, Settings, Tournament
    from engine.systems.burstein.index import indices
    from oracles.py4swiss import corrected, py4swiss_index

    def game(opponent, colour, code):
        return RoundEntry(opponent, colour, code)

    W, B, Z = Colour.WHITE, Colour.BLACK, RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)
    win, draw, loss = ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS
    rows = {
        1: (game(5, W, win), game(2, B, draw)),
        2: (game(6, W, draw), game(1, W, draw)),
        3: (game(7, W, win), game(4, B, win)),
        4: (game(8, W, loss), game(3, W, loss)),
        5: (game(1, B, loss), Z),
        6: (game(2, B, draw), game(8, W, loss)),
        7: (game(3, B, loss), Z),
        8: (game(4, B, win), game(6, B, win)),
    }
    players = tuple(Player(pid, f"Player {pid}", rating=2400 - 10 * pid, history=h) for pid, h in rows.items())
    pending = {5: RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE), 7: Z}
    t = Tournament(Settings(rounds=5, system="burstein-2026"), players, pending=pending)
    ours = {pid: (ix.buchholz, ix.sonneborn_berger) for pid, ix in indices(t, [p.id for p in t.to_pair()]).items()}
    with corrected("zpb-series"):
        theirs = py4swiss_index(t)
    assert theirs == ours
    assert ours[1][0] == 0 + 1  # 5 scored 0 (the series stops at the half-point bye), 2 has 1
    assert ours[3][0] == (0 + Decimal("0.5")) + 0  # 7's zero-point bye reads as a draw, 4 has 0
