"""The byes of the round to pair as records 240 (or JaVaFo's ``XXZ``), and how a withdrawal is written.

TRF has no withdrawal: a withdrawn player is absent (``Z``) from the round to pair and from
every round after it, one record 240 per round (:func:`read_withdrawals` reads it back).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from engine.model.tournament import Player, PlayerStatus, ResultCode, RoundEntry, Tournament

_BYE_LETTER = {
    ResultCode.HALF_BYE: "H",
    ResultCode.FULL_BYE: "F",
    ResultCode.ZERO_BYE: "Z",
    ResultCode.ABSENT: "Z",
    ResultCode.FORFEIT_LOSS: "Z",
}


def render_byes(form: str, t: Tournament) -> list[str]:
    """Records 240 (or the JaVaFo ``XXZ`` line): the byes of the round to pair, and a withdrawal's later rounds."""
    by_letter: dict[str, list[int]] = {}
    for pid in sorted(t.pending):
        letter = _BYE_LETTER.get(t.pending[pid].code)
        if letter is not None:
            by_letter.setdefault(letter, []).append(pid)
    if form == "XXZ":
        ids = by_letter.get("Z", [])
        return ["XXZ " + " ".join(str(pid) for pid in ids)] if ids else []
    lines = [
        f"240 {letter} {t.next_round:03d}" + "".join(f" {pid:4d}" for pid in by_letter[letter])
        for letter in "HFZ"
        if letter in by_letter
    ]
    return lines + _withdrawn_later(t)


def _withdrawn_later(t: Tournament) -> list[str]:
    """A withdrawn player absent (Z) from each round after the one to pair: how TRF says withdrawn.

    The reader takes a player absent from every round left (the next one and those after it)
    as withdrawn (:func:`read_withdrawals`); an engine that pairs one round at a time passes over
    the records of later rounds.
    """
    gone = [p.id for p in t.players if p.withdrawn and t.pending.get(p.id) is not None
            and t.pending[p.id].code is ResultCode.ZERO_BYE]  # marked absent from the round to pair
    if not gone or t.settings.rounds <= t.next_round:
        return []
    return [f"240 Z {rnd:03d}" + "".join(f" {pid:4d}" for pid in gone)
            for rnd in range(t.next_round + 1, t.settings.rounds + 1)]


def read_withdrawals(byes: Iterable[tuple[ResultCode, int, Sequence[tuple[int, object]], object]], players: list[Player],
                     pending: Mapping[int, RoundEntry], nxt: int, total: int) -> list[Player]:
    """Players absent (Z) from every round left, the next and at least one after it: withdrawn.

    TRF has no withdrawal; a file written by swisstui says it so, with record 240 for each
    round after the one to pair (``engine.trf.byes``), which engines that pair one round at a
    time pass over. Such a player is read back as withdrawn (C.04.2 art. 3.2: not paired
    again), still absent from the round to pair, so that the file is written back the same. Absent from the last round alone stays an absence:
    nothing tells the two apart, and they are paired and scored alike.
    """
    if total <= nxt:
        return players
    later: dict[int, set[int]] = {}
    for code, rnd, ids, _ in byes:  # records 240 (Records.byes)
        if code is ResultCode.ZERO_BYE and rnd > nxt:
            for pid, _where in ids:
                later.setdefault(pid, set()).add(rnd)
    out = []
    for p in players:
        entry = pending.get(p.id)
        if entry is not None and entry.code is ResultCode.ZERO_BYE and later.get(p.id, set()) >= set(
                range(nxt + 1, total + 1)):
            p = replace(p, status=PlayerStatus.WITHDRAWN)  # and still absent from the round to pair
        out.append(p)
    return out
