"""Accelerated pairings (C.04.7): virtual points as an explicit table.

An acceleration method only ever adds virtual points to some players' pairing
scores in some rounds. The engine therefore knows one thing, the table of
virtual points per player and round (:class:`engine.model.tournament.Acceleration`, what
TRF ``250`` records and ``XXA`` lines carry), and a method is a generator of
that table. Keeping the table, not the method, in the event means every round
is paired, checked and replayed from the same numbers, late entries included,
and a file written by us pairs the same in any engine that reads it.

The Baku method (C.04.7 art. 1) is the only FIDE-approved one. Any other table
is legal only with the prior authorisation of the Qualification Commission
(C.04.2 art. 1.2): :data:`METHODS` says so where a method is offered.

Virtual points change the pairing score only (C.04.7 art. 1.5): standings,
tie-breaks and Burstein's Index never read them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.model.tournament import Acceleration, PointSystem, Points, Tournament

BAKU = "baku"
CUSTOM = "custom"
NONE = "none"


@dataclass(frozen=True)
class Method:
    """An acceleration method an event may announce, with what the arbiter must know about it."""

    id: str
    title: str
    approved: bool  # published among the FIDE-approved accelerated systems (C.04.7)
    note: str = ""


METHODS: tuple[Method, ...] = (
    Method(NONE, "no acceleration", True),
    Method(BAKU, "Baku acceleration (C.04.7 art. 1)", True),
    Method(
        CUSTOM,
        "virtual points table",
        False,
        "not FIDE-approved: needs prior authorisation by the Qualification Commission, "
        "written in the regulations before round 1 (C.04.2 art. 1.2)",
    ),
)


class AccelerationNotAllowed(ValueError):
    """The event's scoring or settings rule the method out (the message says which article)."""

    def __init__(self, message: str, scoring: str = "") -> None:
        super().__init__(message)
        self.scoring = scoring  # "win 3, draw 1, loss 0": what the event scores


def method(name: str) -> Method:
    """The method for ``name`` (``"baku"``, ``"custom"``, ``"none"``); ``ValueError`` naming the known ones."""
    for m in METHODS:
        if m.id == name.strip().lower():
            return m
    known = ", ".join(m.id for m in METHODS)
    raise ValueError(f"unknown acceleration method {name!r} (known: {known})")


def check_baku_scoring(points: PointSystem) -> None:
    """C.04.7 art. 1.1: Baku needs a win worth twice a draw and a loss worth nothing.

    3-1-0 and similar point systems do not qualify; the arbiter must be told
    before any virtual point is given.
    """
    if points.loss != 0 or points.win != 2 * points.draw:
        scoring = f"win {points.win}, draw {points.draw}, loss {points.loss}"
        raise AccelerationNotAllowed(
            f"Baku acceleration needs a win worth twice a draw and a loss worth 0 (C.04.7 art. 1.1); "
            f"this event scores {scoring}",
            scoring,
        )


def accelerated_rounds(rounds: int) -> tuple[int, int]:
    """``(last full-value round, last accelerated round)`` for an event of ``rounds`` rounds.

    C.04.7 art. 1.4: A = ceil(R/2) rounds are accelerated; the first ceil(A/2)
    of them with the value of a win, the rest with half of it.
    """
    accelerated = -(-rounds // 2)
    return -(-accelerated // 2), accelerated


def group_a_size(participants: int) -> int:
    """C.04.7 art. 1.2: GA is the first half of the round-1 list rounded up to an even number, 2*ceil(N/4)."""
    return min(participants, 2 * -(-participants // 4))


def baku_group_a(order: Sequence[int], round_one: Iterable[int]) -> list[int]:
    """The players of group A, in TPN order.

    ``order`` is every registered player in the current TPN order (C.04.2
    art. 2.3); ``round_one`` the players paired in round 1. GA is split off the
    round-1 list (art. 1.2). A player who was not paired in round 1 (a late
    entry, or absent in round 1) is placed by art. 1.3: the last GA participant
    stays the same person, so whoever ranks above them is in GA.
    """
    first = set(round_one)
    listed = [pid for pid in order if pid in first]
    size = group_a_size(len(listed))
    if size == 0:
        return []
    last = listed[size - 1]
    return list(order[: list(order).index(last) + 1])


def baku_table(
    order: Sequence[int], round_one: Iterable[int], rounds: int, points: PointSystem
) -> tuple[Acceleration, ...]:
    """The virtual points of the Baku method (C.04.7 art. 1) for every GA player.

    Raises :class:`AccelerationNotAllowed` when the scoring does not qualify
    (art. 1.1). GB players get nothing; nobody gets anything after round A.
    """
    check_baku_scoring(points)
    full_until, last = accelerated_rounds(rounds)
    full: Points = points.win  # art. 1.4: "virtual points equal to a win"
    half: Points = points.win / 2
    table: list[Acceleration] = []
    for pid in baku_group_a(order, round_one):
        table.append(Acceleration(pid, full, 1, full_until))
        if last > full_until:
            table.append(Acceleration(pid, half, full_until + 1, last))
    return tuple(table)


def round_one_players(t: Tournament) -> list[int]:
    """The players of the round-1 list: those paired in round 1, or to be paired if it is next."""
    if t.rounds_played == 0:
        return [p.id for p in t.to_pair()]
    return [p.id for p in t.players if p.entry(1).was_paired]


def baku(t: Tournament) -> tuple[Acceleration, ...]:
    """The Baku table for ``t`` as it stands (its players in TPN order, its round-1 list).

    Call it again after a late entry: GA keeps its last round-1 member (art. 1.3).
    """
    order = [p.id for p in t.players]
    return baku_table(order, round_one_players(t), t.settings.rounds, t.settings.points)


def virtual_points(table: Iterable[Acceleration], player: int, round_number: int) -> Points:
    """The virtual points ``player`` carries into ``round_number`` by ``table``."""
    total: Points = Points(0)
    for a in table:
        if a.player == player and a.first_round <= round_number <= a.last_round:
            total += a.points
    return total
