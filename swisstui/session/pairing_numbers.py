"""Pairing numbers in C.04.2 art. 2.2 order (rating, title, name), and renumbering an event to it.

Before round 4 is paired (art. 2.3) the list may be sorted again, and a late entry takes the
number of its place in it (art. 2.4): every round, request and forbidden pair follows.
"""

from __future__ import annotations

from dataclasses import replace

from engine.model.catalogue import is_round_robin
from engine.model.tournament import TITLES
from swisstui.language import N_, _
from swisstui.session.action_errors import ActionError
from swisstui.store import event as ev


def renumber(event: ev.Event) -> dict[int, int]:
    """Renumber ``event`` in C.04.2 art. 2.2 order everywhere a number appears; returns old -> new."""
    order = sorted(event.players, key=ranking_key)
    mapping = {p.id: n for n, p in enumerate(order, start=1)}
    return renumber_to(event, mapping)


def renumber_to(event: ev.Event, mapping: dict[int, int]) -> dict[int, int]:
    """Give every player the number ``mapping`` (old -> new) says, everywhere a number appears; returns it."""
    if all(old == new for old, new in mapping.items()):
        return mapping
    for p in event.players:
        p.id = mapping[p.id]
    event.players.sort(key=lambda p: p.id)
    for rnd in event.rounds:
        for b in rnd.boards:
            b.white, b.black = mapping[b.white], mapping[b.black]
        if rnd.bye is not None:
            rnd.bye = mapping[rnd.bye]
        rnd.requests = {mapping[pid]: code for pid, code in rnd.requests.items()}
    event.forbidden = [replace(f, players=frozenset(mapping[x] for x in f.players)) for f in event.forbidden]
    return mapping


UNSORTED_ROUND_ONE = N_("the pairing numbers are not in rating order (C.04.2 art. 2.2), which round 1 is paired on: "
                         "# on the players screen sorts them")


def in_initial_order(players: list[ev.PlayerRecord]) -> bool:
    """Whether the pairing numbers follow C.04.2 art. 2.2 (rating, title, name): the initial order that
    round 1 is paired on (art. 2: the top half meets the bottom half of that list)."""
    order = sorted(players, key=ranking_key)
    return all(p.id == n for n, p in enumerate(order, start=1))


def unsorted_pairing_warning(event: ev.Event, round_number: int) -> str:
    """The warning a round-1 pairing on numbers out of C.04.2 art. 2.2 order carries outside FIDE mode
    ('' when the round is not round 1 or the numbers are in order): the review and the confirmation say it."""
    if round_number != 1 or in_initial_order(event.players) or is_round_robin(event.settings.system):
        return ""  # a round robin's numbers are drawn by lot (C.05), not sorted
    return _("not paired as FIDE rules say: {why}").format(why=_(UNSORTED_ROUND_ONE))


def ranking_key(p: ev.PlayerRecord) -> tuple:
    """C.04.2 art. 2.2: rating (highest first), title (GM first, untitled last), then name."""
    title = TITLES.index(p.title) if p.title in TITLES else len(TITLES)
    return (-p.rating, title, p.name.casefold(), p.id)


def resort_preview(event: ev.Event, player_id: int, fields: dict) -> dict[int, int]:
    """The pairing numbers that change (old -> new) if ``fields`` are saved for ``player_id`` and the list is
    re-sorted as the Dubov system requires (C.04.4.1 art. 1.2.2: whenever a rating is introduced or changed
    before round 4 is paired; the catalogue's ``resort_rounds``). Empty when the rule does not apply or nobody moves; the event is not changed.
    """
    from copy import deepcopy

    from engine import systems

    try:
        resort_rounds = systems.get(event.settings.system).resort_rounds
    except systems.UnknownSystem:
        return {}
    current = next((p for p in event.players if p.id == player_id), None)
    if event.rounds_paired >= resort_rounds or current is None:
        return {}
    if "rating" not in fields or fields["rating"] == current.rating:
        return {}
    trial = deepcopy(event)
    for p in trial.players:
        if p.id == player_id:
            for key, value in fields.items():
                setattr(p, key, value)
    return {old: new for old, new in renumber(trial).items() if old != new}


def table_rounds(event: ev.Event, *, swiss: str, late: str) -> int:
    """The rounds of the round-robin table for the event's players, when their numbers may be drawn or kept:
    an event of players, paired by a table, before round 1. Refused with ``swiss`` for a Swiss (its numbers
    follow C.04.2 art. 2.2) and ``late`` once round 1 is paired (the schedule follows the numbers)."""
    from engine import systems

    info = systems.find(event.settings.system)
    if info is not None and info.unit is systems.Unit.TEAM:
        raise ActionError(_("a team round robin draws its teams' numbers, not its players' "
                            "(swisstui team EVENT draw; session.team_round_robin)"))
    rounds = None if info is None else info.rounds_for(len(event.players))
    if rounds is None:
        raise ActionError(swiss)
    if event.rounds_paired:
        raise ActionError(late)
    return rounds
