"""The order of work of the 1997 Dubov text: the bye (art. 4), then each score group from the top.

A score group first pairs the floaters that came down to it (art. 8), then
takes the transfers of chapter 7 (7.1 a player who has met the whole group,
7.2 an odd group), balances its two columns (7.3-7.4) and pairs them (6.2-6.3);
whoever cannot be paired floats down to the next group (6.4). Every choice is
the first in the text's order that leaves the rest of the round a complete
pairing (:mod:`.completion1997`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.matching import NoPerfectMatching, PerfectMatcher
from engine.model import Colour, Points
from engine.result import NoLegalPairing
from engine.systems.dubov.columns1997 import Balance, Rows, balance, black_order, pair_rows, white_order
from engine.systems.dubov.completion1997 import Completion
from engine.systems.dubov.rules1997 import Player97


@dataclass
class GroupRecord:
    """What happened in one score group, for the explanation."""

    score: Points
    residents: list[int]
    floaters_in: list[int] = field(default_factory=list)  # art. 8.1 order
    floater_pairs: list[tuple[int, int]] = field(default_factory=list)  # art. 8.2 (floater, partner)
    met_all: list[tuple[int, int]] = field(default_factory=list)  # art. 7.1 (player, transferred)
    odd_transfer: int | None = None  # art. 7.2
    halves: bool = False  # nobody has played: art. 5's halves
    balance: Balance | None = None
    rows: Rows | None = None
    floated: list[tuple[int, int]] = field(default_factory=list)  # art. 6.4 (player, category)


def dominating(players: Sequence[Player97]) -> Colour:
    """The colour more of ``players`` are due (art. 4, 7.2); Colour.NONE when as many are due each."""
    whites = sum(1 for p in players if p.due is Colour.WHITE)
    blacks = sum(1 for p in players if p.due is Colour.BLACK)
    return Colour.NONE if whites == blacks else (Colour.WHITE if whites > blacks else Colour.BLACK)


class Round97:
    """One round paired by the 1997 text: the players, what may meet, and the pairs made so far."""

    def __init__(self, players: Sequence[Player97], ok, first_round: bool) -> None:
        self.players = list(players)
        self.ok = ok
        self.first_round = first_round
        self.index = {p.id: i for i, p in enumerate(self.players)}
        self.done = Completion(self.players, ok)
        self.pairs: list[tuple[Player97, Player97]] = []
        self.groups: list[GroupRecord] = []

    def _pair(self, a: Player97, b: Player97) -> None:
        self.done.pair(self.index[a.id], self.index[b.id])
        self.pairs.append((a, b))

    def _can(self, a: Player97, b: Player97) -> bool:
        return self.done.can_pair(self.index[a.id], self.index[b.id])

    def _alive(self, p: Player97) -> bool:
        return self.index[p.id] in self.done.alive

    # -- art. 4 ----------------------------------------------------------------------------

    def bye(self) -> Player97 | None:
        """Dubov 1997 art. 4 (art. 5 in the first round): the bye, if the number to pair is odd."""
        if len(self.players) % 2 == 0:
            if not self.done.complete():
                raise NoLegalPairing("no pairing satisfies the limitations of the 1997 text (Dubov 1997 art. 2, 9)")
            return None
        if 2 * self.done.m.size != len(self.players) - 1:
            raise NoLegalPairing("no pairing satisfies the limitations of the 1997 text (Dubov 1997 art. 2, 9)")
        for p in self.bye_order():
            if self.done.can_leave(self.index[p.id]):
                self.done.take_bye(self.index[p.id])
                return p
        raise NoLegalPairing("nobody may receive the bye and leave the others a pairing (Dubov 1997 art. 2.2, 4)")

    def bye_order(self) -> list[Player97]:
        """Those who may have the bye (art. 2.2) in the order of art. 4 (art. 5: the last in the list)."""
        eligible = [p for p in self.players if p.bye_ok]
        if self.first_round:
            return sorted(eligible, key=lambda p: -p.rank)  # Dubov 1997 art. 5
        dom = {s: dominating([q for q in self.players if q.score == s]) for s in {p.score for p in self.players}}
        # Dubov 1997 art. 4: the lowest score group, the lowest R, due the dominating colour, the higher ARO
        return sorted(eligible, key=lambda p: (p.score, p.rating, p.due is not dom[p.score], -p.aro, -p.rank))

    # -- the score groups ----------------------------------------------------------------

    def pair_groups(self) -> None:
        floaters: list[Player97] = []
        scores = sorted({p.score for p in self.players}, reverse=True)
        for k, s in enumerate(scores):
            residents = [p for p in self.players if p.score == s and self._alive(p)]
            lower = [[p for p in self.players if p.score == t and self._alive(p)] for t in scores[k + 1:]]
            last = not any(lower)
            if not residents and not floaters:
                continue
            rec = GroupRecord(s, [p.id for p in residents])
            self.groups.append(rec)
            floaters = self._floaters_in(rec, floaters, residents)
            residents = [p for p in residents if self._alive(p)]
            if last:  # the bottom group: floaters that found nobody above pair here like residents
                residents, floaters = residents + floaters, []
            self._met_all(rec, residents, lower)
            residents = [p for p in residents if self._alive(p)]
            if len(residents) % 2:
                extra = self._odd(rec, residents, lower)
                if extra is not None:
                    residents.append(extra)
            floaters += self._pair_columns(rec, residents, lower)
        if self.done.alive:  # pragma: no cover - every step keeps the round completable
            raise AssertionError("players left unpaired")

    def _floaters_in(self, rec: GroupRecord, floaters: list[Player97], residents: list[Player97]) -> list[Player97]:
        """Dubov 1997 art. 8: the floaters, alternately White and Black from the top, each to the highest R."""
        whites = white_order([f for f in floaters if f.column is Colour.WHITE])
        blacks = black_order([f for f in floaters if f.column is Colour.BLACK])
        order = [p for pair in zip(whites, blacks) for p in pair]
        order += whites[len(blacks):] + blacks[len(whites):]
        rec.floaters_in = [f.id for f in order]
        still = []
        for f in order:
            options = [r for r in residents if self._alive(r) and self.ok(f, r) and self._can(f, r)]
            if not options:
                still.append(f)
                continue
            # Dubov 1997 art. 8.2: the highest R, if possible due the other colour; equal R: the lowest ARO
            best = min(options, key=lambda r: (r.column is f.column, -r.rating, r.aro, r.rank))
            self._pair(f, best)
            rec.floater_pairs.append((f.id, best.id))
        return still

    def _from_below(self, lower: list[list[Player97]], fits, key) -> Player97 | None:
        """The first player of the nearest lower group that ``fits``, in the order ``key`` (art. 7.1, 7.2).

        ``key`` ends with the rank, so the order is total: trying the players in that order and stopping at
        the first that fits gives the same player as judging them all, and ``fits`` (a matching) is dear.
        """
        for group in lower:
            for q in sorted((q for q in group if self._alive(q)), key=key):
                if fits(q):
                    return q
        return None

    def _met_all(self, rec: GroupRecord, residents: list[Player97], lower: list[list[Player97]]) -> None:
        """Dubov 1997 art. 7.1: a player who can meet nobody of the group takes a player from below."""
        for p in residents:
            if not self._alive(p) or any(self.ok(p, q) for q in residents if q is not p and self._alive(q)):
                continue
            # the due colour opposite to theirs, then the highest R, then the lowest ARO
            q = self._from_below(lower, lambda q: self.ok(p, q) and self._can(p, q),
                                 lambda q: (q.column is p.column, -q.rating, q.aro, q.rank))
            if q is not None:
                self._pair(p, q)
                rec.met_all.append((p.id, q.id))

    def _odd(self, rec: GroupRecord, residents: list[Player97], lower: list[list[Player97]]) -> Player97 | None:
        """Dubov 1997 art. 7.2: an odd group takes a player from the next lower group."""
        dom = dominating(residents)
        key = lambda q: (dom is not Colour.NONE and q.column is dom, -q.rating, q.aro, q.rank)  # noqa: E731

        def whole(q: Player97) -> bool:  # with q the group can be paired and so can the rest
            group = {self.index[p.id] for p in (*residents, q)}
            return self.done.perfect_on(group) and self.done.perfect_on(self.done.alive - group)

        def some(q: Player97) -> bool:  # q can meet one of the group, the rest still completable
            return any(self.ok(q, r) and self._can(q, r) for r in residents)

        q = self._from_below(lower, whole, key) or self._from_below(lower, some, key)
        if q is not None:
            rec.odd_transfer = q.id
        return q

    def _pair_columns(self, rec: GroupRecord, members: list[Player97], lower: list[list[Player97]]) -> list[Player97]:
        """Arts. 7.3-7.4, 6.2-6.3 on the group; returns the floaters of art. 6.4."""
        group = {self.index[p.id] for p in members}
        rest = self.done.alive - group
        floating: list[Player97] = []
        if not (self.done.perfect_on(group) and self.done.perfect_on(rest)):
            floating = self._choose_floaters(rec, members, lower)
            members = [p for p in members if p not in floating]
        if not members:
            return floating
        if not any(p.history for p in members):
            # nobody has played: art. 5's halves, the upper half against the lower half in list order
            by_list = sorted(members, key=lambda p: p.rank)
            half = len(by_list) // 2
            rec.halves = True
            rows = pair_rows(by_list[:half], by_list[half:], self.ok)
        else:
            rec.balance = balance(members)
            rows = pair_rows(rec.balance.whites, rec.balance.blacks, self.ok)
        rec.rows = rows
        by_id = {p.id: p for p in members}
        for a, b in rows.pairs:
            self._pair(by_id[a], by_id[b])
        return floating

    def _choose_floaters(self, rec: GroupRecord, members: list[Player97],
                         lower: list[list[Player97]]) -> list[Player97]:
        """Dubov 1997 art. 6.4: the fewest floaters, of the preferred kinds, that leave a complete round."""
        nxt = next((g for g in lower if any(self._alive(q) for q in g)), [])
        kinds = {p.id: _kind(p, any(self.ok(p, q) for q in nxt if self._alive(q)), p.id in rec.floaters_in)
                 for p in members}
        alive = sorted(self.done.alive)
        local = {v: k for k, v in enumerate(alive)}
        inside = {self.index[p.id] for p in members}
        n_m = len(members)
        # lower R floats first among equals: one bit per member, the lowest rated highest
        tie = {p.id: 1 << k for k, p in enumerate(sorted(members, key=lambda p: (-p.rating, p.rank)))}
        kind_w = n_m + 1
        big = (n_m + 1) * (kind_w ** 3 + 1) << (n_m + 1)  # more than all the floaters' fields together
        base = 1
        m = PerfectMatcher(len(alive))
        for v in alive:
            for w in self.done.adj[v]:
                if w <= v or w not in local:
                    continue
                weight = base
                if v in inside and w in inside:
                    weight += 2 * big
                elif v in inside or w in inside:
                    p = self.players[v if v in inside else w]
                    weight += (kind_w ** (4 - kinds[p.id])) * (1 << n_m) + tie[p.id]
                m.set_weight(local[v], local[w], weight)
        try:
            mate = m.solve()
        except NoPerfectMatching:  # pragma: no cover - the round is completable
            raise AssertionError("round not completable") from None
        out = [p for p in members if alive[mate[local[self.index[p.id]]]] not in inside]
        rec.floated = [(p.id, kinds[p.id]) for p in out]
        return out


def _kind(p: Player97, can_below: bool, came_down: bool) -> int:
    """Dubov 1997 art. 6.4: 1 not a floater before and pairable below, 2 not a floater and not pairable,
    3 a floater and pairable, 4 a floater and not pairable (a floater: came down this round or before)."""
    floater = came_down or p.was_floater
    return (3 if floater else 1) + (0 if can_below else 1)
