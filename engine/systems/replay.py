"""Replaying a recorded tournament round by round (for `swisstui check` and conformance runs).

:func:`before_round` rebuilds the tournament as it stood when round ``r`` was
about to be paired; :func:`played_round` reads back the pairing that round ``r``
actually got. Pairing round ``r`` of the first and comparing it with the second
is how an engine is checked against a recorded event.
"""

from __future__ import annotations

from dataclasses import replace

from engine.model.tournament import (
    NOT_PAIRED,
    Colour,
    Pairing,
    PlayerStatus,
    ResultCode,
    RoundEntry,
    RoundPairing,
    Tournament,
)


def _paired(entry: RoundEntry) -> bool:
    """The entry came out of the pairing of its round (an opponent, the PAB, or a forfeit win).

    Everything else in round ``r`` (requested byes, absences, forfeits without an
    opponent) was known before the round was paired.
    """
    return entry.opponent is not None or entry.code in (ResultCode.PAB, ResultCode.FORFEIT_WIN)


def before_round(t: Tournament, r: int) -> Tournament:
    """The tournament just before round ``r`` was paired.

    History is cut to rounds ``1 .. r-1``; the round-``r`` entries of players who
    were not paired in round ``r`` (byes H/F/Z, absences, forfeits without an
    opponent, no entry at all) become ``pending``. A player recorded as withdrawn who was still
    paired in round ``r`` or later had not withdrawn yet (C.04.2 art. 3.2).
    """
    players = []
    pending: dict[int, RoundEntry] = {}
    for p in t.players:
        if len(p.history) >= r:
            e = p.history[r - 1]
            if not _paired(e):
                pending[p.id] = e
        elif p.history:
            # a record that stops before round r (a withdrawal written with blank rounds,
            # which TRF readers drop): not paired in round r (trf.md, edge cases)
            pending[p.id] = NOT_PAIRED
        if p.withdrawn and any(_paired(e) for e in p.history[r - 1 :]):
            p = replace(p, status=PlayerStatus.ACTIVE)
        players.append(replace(p, history=tuple(p.history[: r - 1])))
    return Tournament(settings=t.settings, players=tuple(players), name=t.name, pending=pending)


def played_round(t: Tournament, r: int) -> RoundPairing:
    """The pairing recorded for round ``r``: every board (forfeited games included) and the PAB.

    A board whose colours were not recorded (a forfeit entered without colour)
    is listed with the lower id as White; :func:`colourless_boards` names them.
    """
    boards: list[Pairing] = []
    bye = None
    seen: set[int] = set()
    for p in t.players:
        e = p.entry(r)
        if e.code is ResultCode.PAB and e.opponent is None:
            bye = p.id
            continue
        if e.opponent is None or p.id in seen:
            continue
        seen.add(p.id)
        seen.add(e.opponent)
        other = t.by_id.get(e.opponent)
        other_colour = other.entry(r).colour if other is not None else Colour.NONE
        if e.colour is Colour.WHITE or other_colour is Colour.BLACK:
            boards.append(Pairing(p.id, e.opponent))
        elif e.colour is Colour.BLACK or other_colour is Colour.WHITE:
            boards.append(Pairing(e.opponent, p.id))
        else:
            lo, hi = sorted((p.id, e.opponent))
            boards.append(Pairing(lo, hi))
    return RoundPairing(r, tuple(boards), bye)


def colourless_boards(t: Tournament, r: int) -> set[frozenset[int]]:
    """Boards of round ``r`` recorded without colours (only the pair is known)."""
    out: set[frozenset[int]] = set()
    for p in t.players:
        e = p.entry(r)
        if e.opponent is not None and e.colour is Colour.NONE:
            other = t.by_id.get(e.opponent)
            if other is None or other.entry(r).colour is Colour.NONE:
                out.add(frozenset((p.id, e.opponent)))
    return out
