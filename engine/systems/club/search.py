"""The pairing search of the simplified club Swiss (seed 003; our sections S4-S5 of docs/systems.md).

The first player of the top half of the highest score group left tries
opponents in a fixed order (S4.2): the lower half of its group from the
first, the top half from the last back to the second, then each lower score
group from its first player. The first permissible opponent is taken (S4.3),
both leave, the group is sorted and halved again (S4.4). A dead end undoes
the last pair and gives its first player the next opponent, further back as
needed (S5.1): a depth-first search whose first complete pairing is the
result.

The search is written down step by step while it stays short. Past that it
looks ahead instead - a maximum matching says whether the rest can still be
paired - and finds the same pairing without walking every dead end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from engine.matching.cardinality import maximum_matching
from engine.model.wording import N_

Pair = tuple[int, int]
PLAIN_BUDGET = 3000


@dataclass(frozen=True)
class Step:
    """One line of the search: ``player`` tried ``opponent`` (``number`` in its S4.2 order)."""

    player: int
    opponent: int
    number: int
    verdict: str  # "" kept; else why not ("met before", "colour", "dead end", "undone")


def search_order(player: int, remaining: Sequence[int], score: dict[int, Decimal]) -> list[int]:
    """S4.2: the opponents ``player`` tries, in order, among ``remaining`` (which holds ``player``)."""
    ordered = remaining if _in_order(remaining, score) else sorted(remaining, key=lambda q: (-score[q], q))
    return _order(player, ordered, score)


def _in_order(remaining: Sequence[int], score: dict[int, Decimal]) -> bool:
    return all((-score[a], a) < (-score[b], b) for a, b in zip(remaining, remaining[1:]))


def _order(player: int, ordered: Sequence[int], score: dict[int, Decimal]) -> list[int]:
    """``ordered`` by score (highest first), then starting number: the own group is a run of it."""
    start = next(i for i, q in enumerate(ordered) if score[q] == score[player])
    end = start
    while end < len(ordered) and score[ordered[end]] == score[player]:
        end += 1
    own = ordered[start:end]
    half = len(own) // 2  # S3: with an odd count the lower half is the larger
    top, bottom = own[:half], own[half:]
    order = [q for q in bottom if q != player] + [q for q in reversed(top) if q != player]
    return order + list(ordered[end:])


def next_player(remaining: Sequence[int], score: dict[int, Decimal]) -> int:
    """S4.2: the first player of the highest score group left."""
    return min(remaining, key=lambda q: (-score[q], q))


@dataclass
class Search:
    players: list[int]
    score: dict[int, Decimal]
    permitted: Callable[[int, int], str]  # "" when the pair is permissible (S4.3), else why not
    record: bool = True
    steps: list[Step] = field(default_factory=list)
    _count: int = 0

    def __post_init__(self) -> None:
        self.players = sorted(self.players, key=lambda q: (-self.score[q], q))

    def plain(self) -> list[Pair] | None:
        """The search as the text writes it; None past the budget or without a complete pairing."""
        self.steps, self._count = [], 0
        try:
            return self._dfs(list(self.players), [])
        except _OverBudget:
            return None

    def _dfs(self, remaining: list[int], made: list[Pair]) -> list[Pair] | None:
        if not remaining:
            return made
        p = remaining[0]  # kept in score, then starting-number order
        for number, q in enumerate(_order(p, remaining, self.score), 1):
            self._count += 1
            if self._count > PLAIN_BUDGET:
                raise _OverBudget
            why = self.permitted(p, q)
            if why:
                self._note(p, q, number, why)
                continue
            self._note(p, q, number, "")
            found = self._dfs([x for x in remaining if x not in (p, q)], made + [(p, q)])
            if found is not None:
                return found
            self._note(p, q, number, N_("undone: the players after it could not all be paired (S5.1)"))
        return None

    def _note(self, p: int, q: int, number: int, verdict: str) -> None:
        if self.record:
            self.steps.append(Step(p, q, number, verdict))

    def lookahead(self) -> list[Pair] | None:
        """The same first complete pairing, each pair checked against a maximum matching of the rest."""
        self.steps = []
        ids = list(self.players)
        index = {q: i for i, q in enumerate(ids)}
        matching = maximum_matching([[index[r] for r in ids if r != q and not self.permitted(q, r)] for q in ids])
        if 2 * matching.size < len(ids):
            return None
        remaining, made = ids, []
        while remaining:
            p = remaining[0]
            for number, q in enumerate(_order(p, remaining, self.score), 1):
                why = self.permitted(p, q)
                if why:
                    self._note(p, q, number, why)
                    continue
                ok, repaired = matching.without([index[p], index[q]], 1)
                if not ok:
                    self._note(p, q, number, N_("dead end: the players after it could not all be paired (S5.1)"))
                    continue
                matching.adopt(repaired)
                self._note(p, q, number, "")
                made.append((p, q))
                remaining = [x for x in remaining if x not in (p, q)]
                break
        return made

    def run(self) -> list[Pair] | None:
        found = self.plain()
        if found is None and self._count > PLAIN_BUDGET:
            found = self.lookahead()
        return found


class _OverBudget(Exception):
    pass
