"""A TRF file as read, and what reading and writing it both rely on."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from types import MappingProxyType

from engine import systems
from engine.model.tournament import Colour, Points, ResultCode, Tournament
from engine.trf.errors import TrfError


@dataclass(frozen=True)
class TrfDocument:
    """A TRF file as read: the tournament, and what is needed to write the file back.

    ``header`` holds the file in order: every line that is not a player record,
    verbatim, and for each player record the player's id (an ``int``) where the
    line stood. ``declared_points`` and ``ranks`` are columns 81-84 and 86-89 as
    written (a blank points column is absent from ``declared_points``).
    ``initial_colour_given`` and ``rounds_given`` say whether the file named them;
    when it did not, the tournament holds a default (``Colour.WHITE``; the number
    of round columns) and :func:`infer_initial_colour` recovers the colour the
    reference engines would use.
    """

    tournament: Tournament
    header: tuple[str | int, ...] = ()
    declared_points: Mapping[int, Decimal] = field(default_factory=dict)
    ranks: Mapping[int, int | None] = field(default_factory=dict)
    initial_colour_given: bool = False
    rounds_given: bool = False
    source: str = "<string>"
    file_order_is_rank: bool = False
    """``XXC ... rank``: the engines take the order of the player records, not the ids, as pairing order."""
    system_code: str | None = None
    """The pairing-system code as written (record 192, else 092), e.g. ``FIDE_DUTCH_2025_BAKU``."""
    given: frozenset[str] = frozenset()
    """The settings the file wrote (``rounds``, ``colour``, ``points``, ``system``, ...)."""
    as_read: Tournament | None = field(default=None, compare=False, repr=False)
    """The tournament exactly as the file described it: decides which records are still valid."""
    pairing_refusal: TrfError | None = field(default=None, compare=False, repr=False)
    """Why the event cannot be paired as read: record 192 names a system swisstui does not pair."""
    national_federation: str = ""
    """The federation of the players' national ratings (record 172): their NRS records are written under it."""

    def pairing_tournament(self) -> Tournament:
        """The tournament with the initial colour the reference engines would use.

        When the file names no initial colour (no 152/XXC), it is inferred from round 1
        (:func:`infer_initial_colour`); before round 1 there is nothing to infer from and
        the default (white) stays.
        """
        if self.initial_colour_given:
            return self.tournament
        colour = infer_initial_colour(self.tournament)
        if colour is None or colour is self.tournament.settings.initial_colour:
            return self.tournament
        return replace(self.tournament, settings=replace(self.tournament.settings, initial_colour=colour))

    def require_pairable(self) -> None:
        """Raise the located :class:`TrfError` of a record-192 code swisstui cannot pair.

        Reading such a file for standings or a rating report is fine; pairing
        it is not, unless the system was changed since (``pair --system``).
        """
        if self.pairing_refusal is None:
            return
        try:
            systems.get(self.tournament.settings.system)
        except systems.UnknownSystem:
            raise self.pairing_refusal from None

    def with_tournament(self, tournament: Tournament) -> TrfDocument:
        """The same file describing another state of the event (e.g. one more round paired).

        Records the change made stale are rewritten from ``tournament`` by :func:`dumps`;
        the others stay as written.
        """
        return replace(self, tournament=tournament)

    def __post_init__(self) -> None:
        object.__setattr__(self, "declared_points", MappingProxyType(dict(self.declared_points)))
        object.__setattr__(self, "ranks", MappingProxyType(dict(self.ranks)))


def valid_points(t: Tournament, pid: int) -> tuple[Points, ...]:
    """The points column values that agree with the results.

    The score after the paired rounds; the same with the pending entry counted
    (the JaVaFo manual asks for it, bbpPairings accepts both); and either of
    those plus the virtual points of the round to pair, which bbpPairings also
    accepts from files that carry accelerations.
    """
    base = t.score(pid)
    values = [base]
    entry = t.pending.get(pid)
    if entry is not None:
        values.append(base + t.settings.points.points(entry.code))
    if t.settings.accelerations:
        bonus = t.pairing_score(pid) - t.score(pid, t.next_round - 1)
        if bonus:
            values += [v + bonus for v in values]
    return tuple(values)


def infer_initial_colour(tournament: Tournament) -> Colour | None:
    """The initial colour the reference engines infer from round 1 when a file does not name it.

    Walk the players in id order; the first one paired in round 1 with a colour
    gives it, reversed once for every lower id paired in round 1 without one
    (the PAB or a forfeit entered without colour). None when round 1 shows no
    colour at all. (C.04.3 art. 5.2.5 fixes the colours of the odd TPNs from it.)
    """
    flips = 0
    for p in tournament.players:
        e = p.entry(1)
        paired = e.opponent is not None or e.code in (ResultCode.PAB, ResultCode.FORFEIT_WIN)
        if not paired:
            continue
        if e.colour in (Colour.WHITE, Colour.BLACK):
            return e.colour if flips % 2 == 0 else e.colour.opposite
        flips += 1
    return None
