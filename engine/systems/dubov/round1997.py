"""A round paired by the 1997 General Assembly text of the Dubov system (``dubov-1997``).

The players as the 1997 text sees them (:mod:`.rules1997`), the bye and the
score groups (:mod:`.procedure1997`), colours by art. 3 (:mod:`.colours1997`)
and the explanation (:mod:`.narrate1997`). ``docs/systems.md`` lists where the
text leaves room and the reading taken.
"""

from __future__ import annotations

from engine.model.result import NoLegalPairing, PairingResult
from engine.model.tournament import Pairing, Tournament
from engine.model.wording import _
from engine.systems.boards import Allocation, initial_colour, publish
from engine.systems.dubov.colours1997 import REASONS, allocate_1997, article
from engine.systems.dubov.narrate1997 import Story97
from engine.systems.dubov.players import forbidden_pairs
from engine.systems.dubov.procedure1997 import Round97, transferred
from engine.systems.dubov.relax1997 import allow_bye, broken_lines, fewest_breaks
from engine.systems.dubov.rules1997 import RULE, Player97, players_1997
from engine.systems.dubov.transfers1997 import procedure, upward_transfers


def pair_1997(t: Tournament) -> PairingResult:
    """Pair the next round of ``t`` by the 1997 text, with the explanation."""
    rnd = t.next_round
    transfers = upward_transfers(t)
    players = players_1997(t, transfers)
    story = Story97(t, players)
    if not players:
        return PairingResult(rnd, (), None, ())
    first = not any(p.history for p in players)
    if len(players) == 1:
        if not players[0].bye_ok:
            raise NoLegalPairing(_("the only player to pair may not receive the bye (Dubov 1997 art. 2.2)"))
        story.bye(players[0], [players[0]], first)
        return PairingResult(rnd, (), players[0].id, tuple(story.events))
    try:
        work, bye = procedure(t, players)
        relaxed: list[tuple[str, str]] = []
    except NoLegalPairing:
        work, bye, relaxed = _relaxed(t, players)
        story.relaxed(relaxed)
    story.bye(bye, work.bye_order(), first)
    for no, rec in enumerate(work.groups, start=1):
        story.group(no, rec)
    story.transfers(transferred(work.groups))
    return PairingResult(rnd, _boards(t, work.pairs, story), bye.id if bye else None, tuple(story.events),
                         relaxed=tuple(f"{RULE} art. {article}: {text}" for article, text in relaxed))


def _relaxed(t: Tournament, players: list[Player97]) -> tuple[Round97, Player97 | None, list[tuple[str, str]]]:
    """Chapter 9: no pairing keeps the limitations; the one that breaks the fewest, named (:mod:`.relax1997`)."""
    forbidden = forbidden_pairs(t)
    broken, bye_id = fewest_breaks(players, forbidden)
    work, bye = procedure(t, allow_bye(players, bye_id), frozenset(broken))
    lines = broken_lines(work.pairs, bye, {p.id: p for p in players}, forbidden)
    return work, bye, lines


def _boards(t: Tournament, pairs: list[tuple[Player97, Player97]], story: Story97) -> tuple[Pairing, ...]:
    """Colours by art. 3 (art. 5 for two players without a game), boards by C.04.2 art. 3.6."""
    initial = initial_colour(t)
    allocations = []
    for a, b in pairs:
        c = allocate_1997(a, b, initial)
        allocations.append(Allocation(c.white, c.black, f"{RULE} art. {article(c.rule)}", REASONS[c.rule]))
    return publish(t, allocations, story.events)
