"""Players' names as every list shows them: two players of one name told apart.

Two "Smith, J" in one event are common at a club (father and son, two clubs' players).
A name shown alone is then ambiguous on a pairing list, a result slip or the standings,
so wherever a name repeats it gets what tells the players apart, in the order an arbiter
reads it: the federation when theirs differ, else the rating, else the pairing number,
which always does. Names that do not repeat are shown as they are. Every screen, the
published lists and the display take names from here, so one player reads the same
everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from engine.model.tournament import Tournament
from swisstui.language import _


class Named(Protocol):
    """What the helper reads of a player: the engine's ``Player`` and the event's ``PlayerRecord`` both have it."""

    @property
    def id(self) -> int: ...

    @property
    def name(self) -> str: ...

    @property
    def federation(self) -> str: ...

    @property
    def rating(self) -> int: ...


def told_apart(players: Iterable[Named]) -> dict[int, str]:
    """Pairing number -> the name to show: the name, or for a name another player also has (compared
    without regard to case or surrounding spaces) the name and ``(ENG)``, ``(2105)`` or ``(No 7)``:
    the first of federation, rating and number that differs between every player of that name."""
    groups: dict[str, list[Named]] = {}
    shown: dict[int, str] = {}
    for p in players:
        groups.setdefault(p.name.strip().casefold(), []).append(p)
        shown[p.id] = p.name
    for same in groups.values():
        if len(same) < 2:
            continue
        for tell in (_federation, _rating, _number):
            marks = [tell(p) for p in same]
            if all(marks) and len(set(marks)) == len(marks):
                break
        for p, mark in zip(same, marks):
            shown[p.id] = f"{p.name} ({mark})"
    return shown


def _federation(p: Named) -> str:
    return p.federation.strip().upper()


def _rating(p: Named) -> str:
    return str(p.rating) if p.rating else _("unrated")


def _number(p: Named) -> str:
    return _("No {number}").format(number=p.id)


_last: tuple[Tournament, dict[int, str]] | None = None


def names_of(t: Tournament) -> dict[int, str]:
    """:func:`told_apart` for a Tournament, kept for the last one asked about: the session builds one
    per revision of the event, and a screen asks for every cell it draws."""
    global _last
    if _last is None or _last[0] is not t:
        _last = (t, told_apart(t.players))
    return _last[1]


def shown_name(t: Tournament, pid: int) -> str:
    """One player's name as shown in ``t`` (:func:`told_apart`)."""
    return names_of(t).get(pid) or t.player(pid).name
