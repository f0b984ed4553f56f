"""The byes of the round to pair as records 240 (or JaVaFo's ``XXZ``), and how a withdrawal is written.

TRF has no withdrawal: a withdrawn player is absent (``Z``) from the round to pair and from
every round after it, one record 240 per round (``engine.trf.read._withdrawals`` reads it back).
"""

from __future__ import annotations

from engine.model.tournament import ResultCode, Tournament

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
    as withdrawn (``read._withdrawals``); an engine that pairs one round at a time passes over
    the records of later rounds.
    """
    gone = [p.id for p in t.players if p.withdrawn and t.pending.get(p.id) is not None
            and t.pending[p.id].code is ResultCode.ZERO_BYE]  # marked absent from the round to pair
    if not gone or t.settings.rounds <= t.next_round:
        return []
    return [f"240 Z {rnd:03d}" + "".join(f" {pid:4d}" for pid in gone)
            for rnd in range(t.next_round + 1, t.settings.rounds + 1)]
