"""Direct encounter (C.07 art. 6): the only type A tie-break, recomputed for every tied group.

The value shown for a player is their place among the players tied with them
when DE was applied (1 = first), or 0 when DE did not separate that group at
all: it only means something inside its group, which is why art. 4.2 applies
it group by group.
"""

from __future__ import annotations

from decimal import Decimal

from engine.tiebreaks.rounds import Crosstable, RoundKind
from engine.tiebreaks.spec import TieBreak
from engine.tiebreaks.values import Part, Value


def _scores(tb: TieBreak, ct: Crosstable, group: list[int]) -> dict[int, tuple[Decimal, int, dict[int, Decimal]]]:
    """Per player: points against the others in ``group``, opponents met, points per opponent (6.1)."""
    members = set(group)
    out = {}
    for pid in group:
        per: dict[int, list[Decimal]] = {}
        for x in ct.rounds[pid]:
            if x.opponent not in members:
                continue
            counts = x.kind is RoundKind.GAME or (
                x.kind in (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS) and (tb.forfeits_played or ct.round_robin))
            if counts:  # 6.1.1: forfeits excluded unless the rules say otherwise
                per.setdefault(x.opponent, []).append(x.points)
        # 6.1.2: several games between the same two players count as their average
        avg = {o: sum(v, Decimal(0)) / len(v) for o, v in per.items()}
        out[pid] = (sum(avg.values(), Decimal(0)), len(avg), avg)
    return out


def order(tb: TieBreak, ct: Crosstable, group: list[int]) -> list[list[int]]:
    """The tied ``group`` split into ordered blocks; one block when DE cannot separate them."""
    if len(group) < 2:
        return [group]
    s = _scores(tb, ct, group)
    others = len(group) - 1
    complete = ct.round_robin or all(met == others for _, met, _ in s.values())
    if complete:
        # 6.2: everybody met everybody: rank by the points scored among them
        values = sorted({v for v, _, _ in s.values()}, reverse=True)
        if len(values) == 1:
            return [group]
        blocks = [[p for p in group if s[p][0] == v] for v in values]
        return [sub for b in blocks for sub in order(tb, ct, b)]
    # 6.3: a player is placed when no result of the missing games could catch them
    best = {p: s[p][0] + (others - s[p][1]) * ct.win for p in group}
    ranked = sorted(group, key=lambda p: (-s[p][0], -best[p], p))
    placed: list[list[int]] = []
    while len(ranked) > 1 and s[ranked[0]][0] > max(best[p] for p in ranked[1:]):
        placed.append([ranked.pop(0)])
    if not placed:
        return [group]
    return placed + order(tb, ct, ranked)


def explain(tb: TieBreak, ct: Crosstable, pid: int, group: list[int], place: int) -> Value:
    """The DE value of ``pid`` with the games against the others of its tied group."""
    if len(group) < 2:
        return Value(0, note="not tied")
    _, _, per = _scores(tb, ct, group)[pid]
    parts = tuple(Part(x.number, x.opponent, f"against {x.opponent}", x.points)
                  for x in ct.rounds[pid] if x.opponent in per)
    return Value(place, parts, note="tied with " + ", ".join(str(p) for p in group if p != pid))
