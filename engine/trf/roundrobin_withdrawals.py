"""A round robin's withdrawals in TRF: the rounds after a withdrawal written absent (``Z``), and read back.

TRF has no withdrawal (``engine.trf.byes``): a Swiss says it with record 240 for
the rounds still to pair, since the rounds played after a withdrawal changed
nothing for a Swiss's standings. A round robin's do change (its regulations
choose what the games a withdrawal leaves become: ``engine.awards.roundrobin_results``),
and a finished event has no round left to say it in. So the rounds a withdrawn
player did not play after their last one are written ``0000 - Z`` too, and read
back as the withdrawal they say: a player absent from every round from some
round to the last one paired (two rounds at least, and every round left when the
event goes on) is withdrawn, those rounds not paired. Absent from the last round
alone stays an absence, as for a Swiss (``read._withdrawals``); so does an
absence in the round just before a withdrawal, which reads back as part of it.
"""

from __future__ import annotations

from dataclasses import replace

from engine.model.catalogue import is_round_robin
from engine.model.tournament import NOT_PAIRED, Colour, Player, PlayerStatus, ResultCode, RoundEntry, Tournament

ABSENT = RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)


def as_written(t: Tournament) -> Tournament:
    """``t`` with each withdrawn player of a round robin absent (``Z``) from the rounds after their last one."""
    if not is_round_robin(t.settings.system) or not any(p.withdrawn for p in t.players):
        return t
    played = t.rounds_played
    # imported here: the standings' module loads the validator, which pairing a TRF file never needs
    from engine.awards.roundrobin_results import last_round_in

    def marked(p: Player) -> Player:
        last = last_round_in(p, played)
        if not p.withdrawn or last >= played:
            return p
        history = [p.entry(r) for r in range(1, played + 1)]
        history[last:] = [ABSENT if e == NOT_PAIRED else e for e in history[last:]]
        return replace(p, history=tuple(history))

    return t.with_players(marked(p) for p in t.players)


def as_read(system: str, players: list[Player], rounds_played: int, rounds: int) -> list[Player]:
    """The players a TRF file gave, a round robin's withdrawals read from their absences (module docstring)."""
    if not is_round_robin(system):
        return players
    out = []
    for p in players:
        history = list(p.history)
        run = 0
        if len(history) == rounds_played:
            while run < len(history) and history[-1 - run] == ABSENT:
                run += 1
        finished = rounds_played >= rounds
        if run and (p.withdrawn or (finished and run >= 2)):
            history[len(history) - run:] = [NOT_PAIRED] * run
            while history and history[-1] == NOT_PAIRED:
                history.pop()
            p = replace(p, status=PlayerStatus.WITHDRAWN, history=tuple(history))
        out.append(p)
    return out
