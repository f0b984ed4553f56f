"""Gacrux's round robin (``-m berger``) as an oracle: the round it pairs for a Tournament, in-process.

The same pairing as ``python -m gacrux.pairingchecker -i FILE -p -m berger -d T``
(Gacrux's ``pairing_berger``), handed the tournament as TRF-2026 text written by
our writer. Record 192 chooses the table's order: ``FIDE_ROUNDROBIN`` one cycle,
``FIDE_DOUBLEROUNDROBIN`` two, the last two rounds of the first exchanged as
C.05 Annex 1 recommends (Gacrux reads ``berger fide double`` from that code and
allows two meetings). ``-m berger`` on the command line would override the code
and give a double round robin without the exchange.
Test-only, like every oracle.
"""

from __future__ import annotations

import contextlib
import io

from engine import trf
from engine.model.tournament import Colour, Player, ResultCode, RoundEntry, RoundPairing, Settings, Tournament
from engine.systems.roundrobin import Cycles, pair, pair_double, schedule
from oracles.gacrux import OracleError, _round_of


def gacrux_berger_round(t: Tournament) -> RoundPairing:
    """Gacrux's pairing of ``t.next_round`` by the Berger tables."""
    from gacrux.pairingberger import pairing_berger
    from gacrux.trf2json import trf2json

    reader = trf2json()
    with contextlib.redirect_stdout(io.StringIO()):
        reader.parse_file(trf.dumps(t, dialect="trf26"), 0)
    status = reader.chessjson["status"]
    if status["code"] >= 400:
        raise OracleError(f"Gacrux refused the TRF: {status['code']} {status['error']}")
    tour = reader.get_tournament(1)
    # as Gacrux's command line does (commonmain): "double" in the system read from 192 allows two meetings
    if "double" in tour.get("pairingSystem", []):
        tour["maxMeets"] = max(2, tour.get("maxMeets", 1))
    params = {"experimental": [], "verbose": 0, "top_color": "w", "rank": False}
    engine = pairing_berger(tour, t.next_round, params)
    with contextlib.redirect_stdout(io.StringIO()):
        brackets = engine.compute_pairing(False, 0)
    return _round_of(t.next_round, brackets)


RESULTS = (ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS)
OTHER = {ResultCode.WIN: ResultCode.LOSS, ResultCode.DRAW: ResultCode.DRAW, ResultCode.LOSS: ResultCode.WIN}


def event_before(players: int, played: int, code: str, cycles: Cycles) -> Tournament:
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


def rounds_unlike_gacrux(players: int, code: str, cycles: Cycles) -> tuple[int, list[str]]:
    """Every round of a round robin of ``players``, paired by us and by Gacrux from the same Tournament:
    how many rounds were compared, and each one that differs."""
    rounds = len(schedule(players, cycles))
    differ = []
    for played in range(rounds):
        t = event_before(players, played, code, cycles)
        ours = (pair if cycles is Cycles.SINGLE else pair_double)(t).as_round()
        theirs = gacrux_berger_round(t)
        if ours != theirs:
            differ.append(f"{players} players, {code}, round {played + 1}: ours {ours}, Gacrux {theirs}")
    return rounds, differ
