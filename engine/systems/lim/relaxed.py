"""A Lim round no pairing within the text's limits exists for (C.04.4.3 art. 2.1, 5.1; 1.1).

Neither Lim text says what then; the pairing that breaks the fewest limitations is proposed
for the arbiter to confirm (:mod:`engine.systems.relax`): a colour limit of art. 2.1 / 5.1
first, then a bye to a player who may not have one (art. 1.1), then a second game (art. 2.1).
Each broken limitation is named with its article, in the 2026 numbers (a ``lim-seed`` round
rewrites them in the 1999 text's, :mod:`.citations`).
"""

from __future__ import annotations

from dataclasses import replace

from engine.model.result import PairingResult
from engine.model.tournament import Colour, Tournament
from engine.systems.lim.players import Compatibility, LimPlayer
from engine.systems.relax import BYE_LIMIT, COLOUR_LIMIT, REMATCH, fewest_breaks

RULE = "C.04.4.3 art."


def _swap(mask: int) -> int:
    return ((mask & 1) << 1) | ((mask & 2) >> 1)


def least_broken(t: Tournament, players: dict[int, LimPlayer], last: bool
                 ) -> tuple[set[frozenset[int]], dict[int, LimPlayer]]:
    """The pairs the minimum breaks, and the players with the bye it needs made eligible."""
    forbidden = {frozenset(f.players) for f in t.settings.forbidden if f.applies(t.next_round)}

    def pair_cost(a: int, b: int) -> int | None:
        if any(frozenset((a, b)) <= f for f in forbidden):
            return None
        cost = REMATCH if b in players[a].opponents else 0
        if not last and players[a].colour_mask & _swap(players[b].colour_mask) == 0:
            cost += COLOUR_LIMIT
        return cost

    broken, bye, _ = fewest_breaks(sorted(players), pair_cost,
                                   lambda p: 0 if players[p].pab_eligible else BYE_LIMIT)
    if bye is not None and not players[bye].pab_eligible:
        players = {**players, bye: replace(players[bye], pab_eligible=True)}
    return broken, players


def allowing(tests: Compatibility, broken: set[frozenset[int]]) -> Compatibility:
    """The compatibility test and its words (art. 2.1), the broken pairs of the minimum let through."""
    compatible, why_not = tests

    def compatible_now(a: int, b: int) -> bool:
        return compatible(a, b) or frozenset((a, b)) in broken

    def why_not_now(a: int, b: int) -> str:
        return "" if frozenset((a, b)) in broken else why_not(a, b)
    return compatible_now, why_not_now


def _colour_break(p: LimPlayer, colour: Colour) -> tuple[str, str]:
    seq = p.colours + (colour,)
    word = colour.name.lower()
    if len(seq) >= 3 and seq[-1] is seq[-2] is seq[-3]:
        return "2.1, 5.1.1", f"{p.id} gets {word} a third time in a row"
    whites = sum(1 for c in seq if c is Colour.WHITE)
    if abs(2 * whites - len(seq)) >= 3:
        return "2.1, 5.1.2", f"{p.id} gets {word}: three more of one colour than the other"
    return "", ""


def broken_lines(result: PairingResult, players: dict[int, LimPlayer], last: bool, seed: bool) -> tuple[str, ...]:
    """Every limitation the round breaks, ``C.04.4.3 art. N: what``, one line per broken rule and player.

    The PAB's limit is art. 1.1 with Basic Rules art. 4 in 2026, section 8.2 in the 1999 text
    (``seed``), which the renumbering of art. 1.1 (8.1) would not name.
    """
    out = []
    for b in result.boards:
        if b.black in players[b.white].opponents:
            out.append(f"{RULE} 2.1: {b.white}-{b.black} meet a second time")
        if last:
            continue
        for pid, colour in ((b.white, Colour.WHITE), (b.black, Colour.BLACK)):
            article, text = _colour_break(players[pid], colour)
            if article:
                out.append(f"{RULE} {article}: {text}")
    if result.bye is not None and not players[result.bye].pab_eligible:
        rule = "Lim (seed) section 8.2" if seed else f"{RULE} 1.1"
        out.append(f"{rule}: {result.bye} gets the bye though it may not have one")
    return tuple(out)
