"""The FIDE Dubov system: the 2026 edition (C.04.4.1, in force from 1 February 2026) and the 1997 text.

The 2026 edition: the PAB is assigned first (art. 3.1), then the scoregroups are paired from the
highest score down (art. 3.2): each takes the upfloaters it needs
(:mod:`.upfloaters`), is split into White and Black seekers and paired by
ARO against TPN (:mod:`.subgroups`); colours follow art. 5.2
(:mod:`.colours`) and :mod:`.narrate` tells the arbiter why. The 1997
General Assembly text (``dubov-1997``, :mod:`.round1997`) shares the ARO,
the forbidden pairs and the search of the columns with it.
"""

from __future__ import annotations

from engine.model.result import NoLegalPairing, PairingResult, Progress
from engine.model.tournament import Pairing, Tournament
from engine.model.wording import _
from engine.systems.boards import COLOUR_REASONS, Allocation, initial_colour, publish
from engine.systems.dubov.colours import allocate_dubov
from engine.systems.dubov.narrate import Story
from engine.systems.dubov.players import DubovPlayer, dubov_players, forbidden_pairs, legal
from engine.systems.dubov.subgroups import pair_bracket
from engine.systems.dubov.upfloaters import RoundGraph

__all__ = ["pair", "pair_1997"]


def pair_1997(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Pair the next round of ``tournament`` by the 1997 General Assembly text (:mod:`.round1997`)."""
    from engine.systems.dubov.round1997 import pair_1997 as pair_round

    return pair_round(tournament)


def pair(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Pair the next round of ``tournament`` by the 2026 edition, with the explanation.

    The catalogue (:mod:`engine.model.catalogue`) chooses the edition: ``dubov-1997``
    events are paired by :func:`pair_1997`.
    """
    t = tournament
    rnd = t.next_round
    players = dubov_players(t)
    story = Story(t, players)
    if not players:
        return PairingResult(rnd, (), None, ())
    forbidden = forbidden_pairs(t)

    def ok(a: DubovPlayer, b: DubovPlayer) -> bool:
        return legal(a, b, forbidden)

    graph = RoundGraph(players, forbidden, t.is_last_round)
    if len(players) == 1:
        if not players[0].pab_eligible:
            raise NoLegalPairing(_("the only player to pair may not receive the pairing-allocated bye (C.04.1 art. 4)"))
        bye_index: int | None = 0
    else:
        bye_index = graph.choose_bye()
    bye = players[bye_index].id if bye_index is not None else None
    story.bye(bye)
    if bye_index is not None:
        graph.alive.discard(bye_index)
    pairs: list[tuple[DubovPlayer, DubovPlayer]] = []
    bracket_no = 0
    while graph.alive:
        top = max(players[i].score for i in graph.alive)
        residents = sorted((i for i in graph.alive if players[i].score == top), key=lambda i: players[i].rank)
        choice = graph.choose_bracket(residents)
        members = [players[i] for i in (*choice.residents, *choice.upfloaters)]
        bracket_no += 1
        hint = [(players[a].id, players[b].id) for a, b in choice.pairs]
        done = pair_bracket(members, ok, hint)
        by_id = {p.id: p for p in members}
        pairs.extend((by_id[a], by_id[b]) for a, b in done.pairs)
        story.bracket(bracket_no, top, [players[i] for i in choice.residents],
                      [players[i] for i in choice.upfloaters], done)
        graph.close([*choice.residents, *choice.upfloaters])
    boards = _boards(t, pairs, story)
    return PairingResult(rnd, boards, bye, story.events())


def _boards(t: Tournament, pairs: list[tuple[DubovPlayer, DubovPlayer]], story: Story) -> tuple[Pairing, ...]:
    """Colours by art. 5.2, boards in the order of C.04.2 art. 3.6 (:func:`engine.systems.boards.publish`)."""
    initial = initial_colour(t)
    allocations = []
    for a, b in pairs:
        alloc = allocate_dubov(a, b, initial)
        reason = COLOUR_REASONS[alloc.rule]
        allocations.append(Allocation(alloc.white, alloc.black, f"C.04.4.1 art. {alloc.rule}", reason))
    return publish(t, allocations, story.colour_steps)
