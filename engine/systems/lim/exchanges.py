"""The exchanges of C.04.4.3 art. 4: finding every player of a group a compatible opponent.

Reading of the text (the six-player tables of art. 4.2-4.3 generalised): the
group is ordered in the direction of work (downward: #1 first; upward: the
lowest ranked first, the mirror image, art. 4.1.2) and the proposed pairing
is top half against bottom half (art. 2.4). The first player of that order
keeps its proposed opponent if they are compatible; otherwise its opponent is
exchanged, trying the bottom half in order and then the top half from its
last player up (4.2: 4, 5, 6, 3, 2 for #1 of six). Once a player has a
compatible opponent, the players left are ordered again, halved again, and
the next one is scrutinised the same way (4.3: 4, 5, 3 for #2 with #1-#6
kept). When a player has no candidate left, the previous player's opponent is
exchanged again (4.3, rows "1 v 3, 2 v 6" and "1 v 2"): a depth-first search
whose first complete pairing is the result. Pairs already found incompatible
are not written again, as in the table of art. 4.3.

The search is the arbiter's, step by step, while it stays short. When it
would walk many dead ends it is replaced by the same search that looks ahead
(a maximum matching tells whether the rest can still be paired): the pairing
found is the same, the story says "the rest could not be paired" instead of
listing each dead end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.matching.cardinality import Matching, maximum_matching
from engine.model.wording import _

Pair = tuple[int, int]
PLAIN_SEARCH_BUDGET = 4000  # arrangements an arbiter's search may write before looking ahead
HAND_SIZE = 16  # groups up to this size are searched as written; larger ones look ahead after a short try


def candidates(rest: Sequence[int]) -> list[int]:
    """Art. 4.2: the opponents the first player of ``rest`` tries, in order."""
    half = len(rest) // 2
    top, bottom = rest[:half], rest[half:]
    if not top:
        return list(bottom[1:])
    return list(bottom) + list(reversed(top[1:]))


def proposal(rest: Sequence[int]) -> list[Pair]:
    """Art. 2.4: 1 v n/2+1, 2 v n/2+2, ... (an odd player left over at the end)."""
    half = len(rest) // 2
    return [(rest[i], rest[half + i]) for i in range(half)]


@dataclass(frozen=True)
class Exchange:
    """One arrangement written down: whose opponent changed, its place in that player's sequence."""

    player: int  # the player whose opponent was exchanged
    number: int  # 1 = the first exchange after the proposed opponent (art. 4.2 table rows 2, 3, ...)
    arrangement: tuple[Pair, ...]  # the whole group as it now stands
    reason: str  # why the previous arrangement could not stand
    failed: Pair | None  # the incompatible pair, when one forced the exchange


@dataclass
class GroupSearch:
    """The art. 4 search over one group, ``order`` in the direction of work.

    ``why_not(a, b)`` returns "" when a and b are compatible (art. 2.1), else a
    short reason ("rematch", "colour: ...").
    """

    order: list[int]
    why_not: Callable[[int, int], str]
    record: bool = True  # write each arrangement down (the story); off for a quiet search
    budget: int = PLAIN_SEARCH_BUDGET
    exchanges: list[Exchange] = field(default_factory=list)
    _bad: dict[Pair, str] = field(default_factory=dict)
    _known: dict[Pair, str] = field(default_factory=dict)
    _failed: Pair | None = None
    _steps: int = 0

    def reason(self, a: int, b: int) -> str:
        key = (a, b) if a < b else (b, a)
        if key not in self._known:
            self._known[key] = self.why_not(a, b)
        return self._known[key]

    def display(self, fixed: list[Pair], rest: list[int]) -> tuple[Pair, ...]:
        """The arrangement as written: pairs kept, then each next player's first untried opponent."""
        shown = list(fixed)
        rest = list(rest)
        while len(rest) >= 2:
            p = rest[0]
            options = candidates(rest)
            q = next((c for c in options if self._key(p, c) not in self._bad), options[0] if options else None)
            if q is None:
                break
            shown.append((p, q))
            rest = [x for x in rest if x not in (p, q)]
        return tuple(shown)

    @staticmethod
    def _key(a: int, b: int) -> Pair:
        return (a, b) if a < b else (b, a)

    # -- the arbiter's search -------------------------------------------------

    def plain(self) -> list[Pair] | None:
        """The depth-first search as written in art. 4; None past the budget or without a complete pairing."""
        if len(self.order) > HAND_SIZE:
            self.budget = min(self.budget, 2 * len(self.order) + 20)
        self._steps = 0
        self.exchanges = []
        self._bad = {}
        try:
            return self._dfs([], list(self.order), "")
        except _OverBudget:
            return None

    def _dfs(self, fixed: list[Pair], rest: list[int], pending: str) -> list[Pair] | None:
        if len(rest) < 2:
            return fixed
        p = rest[0]
        options = candidates(rest)
        first = True  # the first opponent tried is already in the arrangement written down
        for number, q in enumerate(options):
            key = self._key(p, q)
            if key in self._bad:
                continue
            self._steps += 1
            if self._steps > self.budget:
                raise _OverBudget
            rest_after = [x for x in rest if x not in (p, q)]
            if not first and self.record:
                self.exchanges.append(Exchange(p, number, self.display(fixed + [(p, q)], rest_after),
                                               pending, self._failed))
            first = False
            why = self.reason(p, q)
            if why:
                self._bad[key] = why
                pending, self._failed = _("{pair}: {reason}").format(pair=f"{p}-{q}", reason=why), (p, q)
                continue
            self._failed = None
            found = self._dfs(fixed + [(p, q)], rest_after, "")
            if found is not None:
                return found
            pending = _("{player} has no compatible opponent left with {pair} kept").format(
                player=rest_after[0] if rest_after else p, pair=f"{p}-{q}")
        return None

    # -- the same search, looking ahead -----------------------------------------

    def lookahead(self, matching: Matching, index: dict[int, int], on_stuck: Callable[[int, list[int]], list[int]]
                  ) -> tuple[list[Pair], list[int]]:
        """The first pairing in art. 4 order with as many pairs as ``matching`` (a maximum one).

        A player with no opponent that keeps that many pairs cannot be paired here:
        ``on_stuck(player, rest)`` floats it (art. 4.4) and returns the players still to pair.
        Returns the pairs and the players floated.
        """
        self.exchanges = []
        self._bad = {}
        fixed: list[Pair] = []
        floated: list[int] = []
        rest = list(self.order)
        while len(rest) >= 2:
            p = rest[0]
            options = candidates(rest)
            pending, failed, chosen = "", None, None
            for number, q in enumerate(options):
                if number > 0:
                    self.exchanges.append(Exchange(
                        p, number, self.display(fixed + [(p, q)], [x for x in rest if x not in (p, q)]),
                        pending, failed))
                why = self.reason(p, q)
                if why:
                    self._bad[self._key(p, q)] = why
                    pending, failed = _("{pair}: {reason}").format(pair=f"{p}-{q}", reason=why), (p, q)
                    continue
                ok, repaired = matching.without([index[p], index[q]], 1)
                if ok:
                    chosen = q
                    matching.adopt(repaired)
                    break
                pending, failed = _("{pair}: the others could not all be paired then ({article})").format(
                    pair=f"{p}-{q}", article="art. 4.4"), None
            if chosen is None:
                floated.append(p)
                rest = on_stuck(p, rest)
                continue
            fixed.append((p, chosen))
            rest = [x for x in rest if x not in (p, chosen)]
        floated.extend(rest)
        return fixed, floated


class _OverBudget(Exception):
    pass


def perfect_possible(order: Sequence[int], compatible: Callable[[int, int], bool]) -> tuple[Matching, dict[int, int]]:
    """A maximum matching of the group's compatibility graph, and each player's vertex."""
    index = {pid: i for i, pid in enumerate(order)}
    adj = [[index[q] for q in order if q != p and compatible(p, q)] for p in order]
    return maximum_matching(adj), index
