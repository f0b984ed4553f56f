"""Random round robins with withdrawals, absences, forfeits and draws, and our tie-breaks beside Gacrux's.

The event is played through our pairing (``engine.systems.roundrobin``: the
table's round, a withdrawn or absent player's game left off) and counted by
our standings (``engine.awards.standings``, which reads a withdrawal as the
event's options say). Gacrux's tie-break checker (the FIDE TEC's, test-only)
reads the same results as a TRF-2026 file: the event as its regulations count
it (``regulated``: forfeits written ``+``/``-`` against the table's opponent,
annulled games left out), since Gacrux knows nothing of our options.

    from oracles.roundrobin_tiebreaks import random_round_robin, unlike_gacrux
    t = random_round_robin(8, double=True, seed=3, options={"left-games": "not-played"})
    unlike_gacrux(t)  # [] when every value and rank agree
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal

from engine import systems, trf
from engine.awards.roundrobin_results import regulated
from engine.awards.standings import standings
from engine.model.tournament import (
    NOT_PAIRED,
    Colour,
    Player,
    PlayerStatus,
    PointSystem,
    ResultCode,
    RoundEntry,
    Settings,
    Tournament,
)

CODES = ("PTS", "DE", "WIN", "SB", "KS")
"""Compared: points (PTS), then C.02's list for round robins. Not compared: WON, BPG, BWG, where Gacrux leaves
forfeit wins out and C.07 (2026) art. 15.2 counts them as games in a round robin (docs/tiebreaks.md)."""


def random_round_robin(players: int, *, double: bool, seed: int, withdrawals: int = 1,
                       absence_rate: float = 0.03, forfeit_rate: float = 0.03, draw_rate: float = 0.35,
                       options: Mapping[str, str] | None = None) -> Tournament:
    """A complete round robin of ``players`` (3-24), one cycle or two, from ``seed``.

    ``withdrawals`` players (fewer than the table's boards) withdraw, each after a round drawn at random
    (so some withdraw before half of their games, some after); each round a present player is absent
    (a zero-point bye asked for) with ``absence_rate``; a played board is a forfeit with ``forfeit_rate``
    (either side), a draw with ``draw_rate``, else a win for either colour.
    """
    rng = random.Random(seed)
    info = systems.get("berger-double" if double else "berger")
    rounds = info.rounds_for(players)
    assert rounds is not None
    # fewer withdrawn players than boards of the table, so that some board plays each round: a round in
    # which nobody plays cannot be recorded (nobody paired, the event would not pass it)
    leaving = rng.sample(range(1, players + 1), min(withdrawals, (players + players % 2) // 2 - 1))
    after = {p: rng.randint(1, rounds - 1) for p in leaving} if rounds > 1 else {}
    settings = Settings(rounds=rounds, system=info.id, points=PointSystem(pab=Decimal(0)),
                        options=dict(options or {}), tiebreaks=CODES[1:])
    t = Tournament(settings, tuple(Player(p, f"Player {p:02d}", rating=2400 - 10 * p)
                                   for p in range(1, players + 1)))
    for rnd in range(1, rounds + 1):
        pending = {p.id: RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE) for p in t.players
                   if not p.withdrawn and rng.random() < absence_rate}
        result = info.pair(t.with_pending(pending))
        if not result.boards and result.bye is None:  # the absences emptied the round: nobody absent in it
            pending = {}
            result = info.pair(t)
        entries: dict[int, RoundEntry] = dict(pending)
        for b in result.boards:
            roll = rng.random()
            if roll < forfeit_rate:
                white = ResultCode.FORFEIT_WIN if rng.random() < 0.5 else ResultCode.FORFEIT_LOSS
            elif roll < forfeit_rate + draw_rate:
                white = ResultCode.DRAW
            else:
                white = ResultCode.WIN if rng.random() < 0.55 else ResultCode.LOSS
            entries[b.white] = RoundEntry(b.black, Colour.WHITE, white)
            entries[b.black] = RoundEntry(b.white, Colour.BLACK, white.opposite)
        if result.bye is not None:
            entries[result.bye] = RoundEntry(None, Colour.NONE, ResultCode.PAB)
        t = t.with_players(
            replace(p.with_entry(rnd, entries.get(p.id, NOT_PAIRED)),
                    status=PlayerStatus.WITHDRAWN if p.withdrawn or after.get(p.id) == rnd else p.status)
            for p in t.players)
    return t


def unlike_gacrux(t: Tournament) -> list[str]:
    """Every value and rank of ours that Gacrux's checker computes otherwise, one line each (empty: none)."""
    from oracles.tiebreak_values import comparable, gacrux_tiebreaks, same

    ours = standings(t, tiebreaks=CODES[1:])
    text = trf.dumps(regulated(t), dialect="trf26")
    ranks, theirs = gacrux_tiebreaks(text, list(CODES), rounds=ours.after_round, round_robin=True)
    found = []
    for row in ours.rows:
        values = [row.points, *(comparable(tb.acronym, v, ours.after_round) for tb, v in zip(ours.tiebreaks, row.values))]
        for code, mine, theirs_value in zip(CODES, values, theirs[row.player]):
            if not same(mine, theirs_value):
                found.append(f"{t.name or 'event'}: player {row.player} {code} ours {mine}, Gacrux {theirs_value}")
        if ranks[row.player] != row.rank:
            found.append(f"{t.name or 'event'}: player {row.player} rank ours {row.rank}, Gacrux {ranks[row.player]}")
    return found
