"""Who plays which round: pairing numbers, late entries, requested byes and the event's limits.

Pure functions on an :class:`~swisstui.store.event.Event` working copy; the
operations of :mod:`swisstui.session.actions` call them inside a locked update, so the
rules live here once and every screen (and the command palette) gets them.
"""

from __future__ import annotations

import copy

from engine import systems
from engine.model.tournament import ResultCode
from swisstui.language import _, ngettext
from swisstui.store import event as ev
from swisstui.session.pairing_numbers import renumber


# Requested byes that score points: what an event's bye limit counts (absences score nothing).
COUNTED_BYES = (ResultCode.HALF_BYE, ResultCode.FULL_BYE)


class EntryRefused(ValueError):
    """The rules (or the event's own limits) do not allow this; the text says why and what to do."""


class ByeLimitReached(EntryRefused):
    """One more bye would pass the event's limit: allowed only when the arbiter confirms the exception."""


# -- pairing numbers ------------------------------------------------------------------------


def late_entry_renumbers(event: ev.Event) -> bool:
    """Whether a player registered now takes their place in the list rather than the next number.

    C.04.2 art. 2.3-2.4: until round 4 is paired; the club Swiss (seed 003) in any round. The
    event's system says which (``renumber_until`` of its registry entry).
    """
    try:
        until = systems.get(event.settings.system).renumber_until
    except systems.UnknownSystem:  # an imported event whose system swisstui does not pair: C.04.2's rule
        until = systems.FIDE_RENUMBER_UNTIL
    return event.rounds_paired >= 1 and (until is None or event.rounds_paired < until)


# -- late entries ------------------------------------------------------------------------------


def add_player(event: ev.Event, record: ev.PlayerRecord, *, renumber_list: bool,
               missed: ResultCode = ResultCode.ZERO_BYE) -> tuple[int, dict[int, int]]:
    """Register ``record``; returns its pairing number and the numbers that changed (old -> new).

    A late entry (round 1 already paired) scores ``missed`` for every round it
    missed (C.04.2 art. 2.4: zero unless the rules say otherwise, e.g. a
    half-point bye), recorded as a bye of those rounds. With ``renumber_list``
    it takes its place in the list and the players below move down a number;
    without, it gets the next free number and nobody's number changes.
    """
    record.id = max((p.id for p in event.players), default=0) + 1
    record.entry = event.next_entry()  # its registration number, kept whatever number it is given below
    event.players.append(record)
    for number in range(1, event.rounds_paired + 1):
        event.ensure_round(number).requests[record.id] = missed
    if not (renumber_list and late_entry_renumbers(event)):
        return record.id, {}
    mapping = renumber(event)
    moved = {old: new for old, new in mapping.items() if old != new and old != max(mapping)}
    return record.id, moved


def preview_numbers(event: ev.Event, record: ev.PlayerRecord) -> tuple[int, dict[int, int]]:
    """What :func:`add_player` with renumbering would do, on a copy: (the new number, old -> new)."""
    trial = copy.deepcopy(event)
    return add_player(trial, copy.deepcopy(record), renumber_list=True)


# -- requested byes -------------------------------------------------------------------------


def byes_taken(event: ev.Event, player_id: int, *, besides: int | None = None) -> list[int]:
    """The rounds in which the player has (or has asked for) a half- or full-point bye."""
    return sorted(r.number for r in event.rounds
                  if r.number != besides and r.requests.get(player_id) in COUNTED_BYES)


def check_request(event: ev.Event, player_id: int, round_number: int, code: ResultCode | None, *,
                  fide_mode: bool, over_limit: bool = False) -> None:
    """Raise :class:`EntryRefused` when ``code`` may not be given to the player in that round.

    - A full-point bye counts as a win without playing and bars the player from
      the pairing-allocated bye (C.04.1 art. 4); FIDE mode does not give it on request.
    - The event's bye limit (``bye_limit``: half- and full-point byes a player may
      have) is passed only when the arbiter confirms the exception (``over_limit``).
    - A round already paired takes a bye only for a player it did not pair
      (a late entry scoring the rounds they missed).
    - A round robin has no bye to ask for (C.05: the table is the schedule): a player away
      from a round is recorded absent (a zero-point bye) and loses that game by forfeit
      (Laws of Chess art. 6.7.1, ``engine.awards.roundrobin_results``).
    """
    if code in (ResultCode.HALF_BYE, ResultCode.FULL_BYE) and systems.is_round_robin(event.settings.system):
        raise EntryRefused(_("a round robin has no bye to ask for: a player away from a round loses that game by "
                             "forfeit (Laws of Chess art. 6.7.1); record the absence as a zero-point bye"))
    if code is ResultCode.FULL_BYE and fide_mode:
        raise EntryRefused(_("FIDE mode gives no full-point bye on request: it scores a win without a game "
                             "and bars the pairing-allocated bye (C.04.1 art. 4). Leave FIDE mode in the "
                             "settings if the event's rules allow it."))
    if round_number <= event.rounds_paired:
        rnd = event.round(round_number)
        if rnd is not None and (rnd.board_of(player_id) is not None or rnd.bye == player_id):
            raise EntryRefused(_("round {round} is already paired and {player} played in it").format(
                round=round_number, player=player_id))
    limit = event.bye_limit
    if code in COUNTED_BYES and limit is not None and not over_limit:
        taken = byes_taken(event, player_id, besides=round_number)
        if len(taken) >= limit:
            rounds = ", ".join(str(r) for r in taken)
            raise ByeLimitReached(ngettext("{player} already has {count} bye (round {rounds}); the event allows {limit}",
                                           "{player} already has {count} byes (rounds {rounds}); the event allows "
                                           "{limit}", len(taken)).format(player=player_id, count=len(taken),
                                                                         rounds=rounds, limit=limit))
