"""An event's rounds as the engine's matches, so a round of any format is checked and scored by the model.

A board of the individual Swiss is the one-game match between two one-player units; a
:class:`~swisstui.store.match_records.MatchRecord` is a match of its games; the
pairing-allocated bye is the bye of a match (C.04.5: a bye applies to a match, never to
a single game). Results go over as each game's two result codes, so the match's score
is :func:`engine.model.matches.match_score`'s, never a number the file holds.
"""

from __future__ import annotations

from engine.model.matches import Game, Match
from engine.model.units import Unit
from swisstui.store.event import Event, result_codes


def units(event: Event, number: int) -> tuple[Unit, ...]:
    """The units to pair in round ``number``: the players still in the event without a requested bye or absence."""
    rnd = event.round(number)
    requested = rnd.requests if rnd is not None else {}
    return tuple(Unit.player(p.id, p.name) for p in event.players if p.plays_in(number) and p.id not in requested)


def round_matches(event: Event, number: int) -> tuple[Match, ...]:
    """Round ``number``'s pairings as matches in publishing order, the bye last; ``()`` before it is paired."""
    rnd = event.round(number)
    if rnd is None:
        return ()
    names = {p.id: p.name for p in event.players}

    def unit(pid: int) -> Unit:
        return Unit.player(pid, names[pid])

    found = [
        Match(b.number, unit(b.white), unit(b.black), (Game(b.white, b.black, result_codes(b.result)),))
        for b in rnd.boards
    ]
    found += [
        Match(m.number, unit(m.home), unit(m.away), tuple(Game(g.white, g.black, result_codes(g.result)) for g in m.games))
        for m in rnd.matches
    ]
    if rnd.bye is not None:
        found.append(Match(len(found) + 1, unit(rnd.bye), None))
    return tuple(found)


def matches_before(event: Event, number: int) -> list[tuple[Match, ...]]:
    """The matches of rounds ``1..number - 1``, oldest first: what a rematch is looked for in."""
    return [round_matches(event, r) for r in range(1, number)]
