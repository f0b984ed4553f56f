"""Ranking by points and an ordered tie-break list (C.07 art. 4.2).

The first tie-break is applied to every group of players on equal points; each
group still tied goes on to the next one. Type A tie-breaks (DE) are computed
inside each group; the others once for everybody. Players still tied when the
list is exhausted share their rank (lots, if the rules want them, are drawn by
people, not by this program).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.tiebreaks import direct
from engine.tiebreaks.rounds import Crosstable
from engine.tiebreaks.spec import Kind, TieBreak
from engine.tiebreaks.values import COMPUTE, Number, Table, Value


@dataclass(frozen=True)
class Ranked:
    """The outcome: players best first, each with a rank (ties share it) and one value per tie-break."""

    order: tuple[int, ...]
    rank: dict[int, int]
    values: dict[int, tuple[Value, ...]]


def _split(group: list[int], key: Callable[[int], Number | None], ascending: bool) -> list[list[int]]:
    def k(p: int) -> tuple[int, Number]:
        v = key(p)
        if v is None:
            return (1, 0)  # no value (rating tie-breaks without ratings): last
        return (0, v if ascending else -v)

    ordered = sorted(group, key=lambda p: (k(p), p))
    blocks: list[list[int]] = []
    for p in ordered:
        if blocks and k(blocks[-1][-1]) == k(p):
            blocks[-1].append(p)
        else:
            blocks.append([p])
    return blocks


def _value_of(table: Table | None) -> Callable[[int], Number | None]:
    """A player's value in a table computed for everybody (a type A tie-break has none: it is per group)."""
    if table is None:
        raise ValueError("a type A tie-break is computed inside each group, not looked up")
    return lambda p: table[p].value


def rank(ct: Crosstable, tiebreaks: tuple[TieBreak, ...]) -> Ranked:
    tables: list[Table | None] = [None if tb.kind is Kind.A else COMPUTE[tb.acronym](tb, ct) for tb in tiebreaks]
    de_values: list[dict[int, Value]] = [{} for _ in tiebreaks]
    groups = _split(list(ct.ids), lambda p: ct.score[p], ascending=False)
    for i, tb in enumerate(tiebreaks):
        nxt: list[list[int]] = []
        for g in groups:
            if tb.kind is Kind.A:
                blocks = direct.order(tb, ct, g)
                place = 1
                for b in blocks:
                    for p in b:
                        shown = 0 if len(blocks) == 1 else place
                        de_values[i][p] = direct.explain(tb, ct, p, g, shown)
                    place += len(b)
                nxt.extend(blocks)
            elif len(g) > 1:
                nxt.extend(_split(g, _value_of(tables[i]), tb.ascending))
            else:
                nxt.append(g)
        groups = nxt
    order_: list[int] = []
    ranks: dict[int, int] = {}
    for g in groups:
        start = len(order_) + 1
        for p in sorted(g):
            ranks[p] = start
            order_.append(p)
    values = {p: tuple(de_values[i][p] if table is None else table[p] for i, table in enumerate(tables))
              for p in ct.ids}
    return Ranked(tuple(order_), ranks, values)
