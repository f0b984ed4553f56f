"""The order of work of the 1997 Dubov text: the bye (art. 4), then each score group from the top.

A score group first pairs the floaters that came down to it (art. 8), then
takes the transfers of chapter 7 (7.1 a player who has met the whole group,
7.2 an odd group), balances its two columns (7.3-7.4) and pairs them (6.2-6.3);
whoever cannot be paired floats down to the next group (6.4). Every choice is
the first in the text's order that leaves the rest of the round a complete
pairing (:mod:`.completion1997`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.matching.perfect import NoPerfectMatching, PerfectMatcher
from engine.model.result import NoLegalPairing
from engine.model.tournament import Colour, Points
from engine.model.wording import N_, _
from engine.systems.dubov.columns1997 import Balance, Ok, Rows, balance, black_order, pair_rows, white_order
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
    why: dict[int, str] = field(default_factory=dict)  # transferred player -> what decided the choice
    returned: list[int] = field(default_factory=list)  # transferred, not paired in the group: back down
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

    def __init__(self, players: Sequence[Player97], ok: Ok, first_round: bool) -> None:
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
                raise NoLegalPairing(_("no pairing satisfies the limitations of the 1997 text (Dubov 1997 art. 2, 9)"))
            return None
        if 2 * self.done.m.size != len(self.players) - 1:
            raise NoLegalPairing(_("no pairing satisfies the limitations of the 1997 text (Dubov 1997 art. 2, 9)"))
        for p in self.bye_order():
            if self.done.can_leave(self.index[p.id]):
                self.done.take_bye(self.index[p.id])
                return p
        raise NoLegalPairing(_("nobody may receive the bye and leave the others a pairing (Dubov 1997 art. 2.2, 4)"))

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
            residents += self._met_all(rec, residents, lower)
            if len(residents) % 2:
                extra = self._odd(rec, residents, lower)
                if extra is not None:
                    residents.append(extra)
            floated = self._pair_columns(rec, residents, lower)
            # a player transferred up (7.1, 7.2) whom the group could not pair goes back to their own group
            rec.returned = [p.id for p in floated if p.score < s]
            floaters += [p for p in floated if p.score >= s]
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

    def _from_below(self, lower: list[list[Player97]], why_not: Callable[[Player97], str | None],
                    key: Callable[[Player97], tuple[object, ...]]) -> tuple[Player97 | None, list[tuple[int, str]]]:
        """The first player of the nearest lower group whom nothing bars, in the order ``key`` (art. 7.1, 7.2);
        with those passed over before them and why (``why_not`` says why a player cannot be taken, or None).

        ``key`` ends with the rank, so the order is total: trying the players in that order and stopping at
        the first that fits gives the same player as judging them all, and a completion test is dear.
        """
        passed: list[tuple[int, str]] = []
        for group in lower:
            for q in sorted((q for q in group if self._alive(q)), key=key):
                why = why_not(q)
                if why is None:
                    return q, passed
                passed.append((q.id, why))
        return None, passed

    def _met_all(self, rec: GroupRecord, residents: list[Player97], lower: list[list[Player97]]) -> list[Player97]:
        """Dubov 1997 art. 7.1: a player who can meet nobody of the group brings a player up from below.

        The player transferred joins the score group, which is then paired as a whole by 6.2-6.3
        (7.1 only says who is transferred to "the score group to be paired"). A player who can meet
        somebody of the group, a player transferred for another included, takes nobody.
        """
        group = list(residents)
        came: list[Player97] = []
        for p in residents:
            if any(self.ok(p, q) for q in group if q is not p):
                continue

            def why_not(q: Player97, p: Player97 = p) -> str | None:
                if q in came:
                    return TRANSFERRED
                if not q.may_upfloat:
                    return N_("may not be transferred upwards again (art. 2.5)")
                if not self.ok(p, q):
                    return _("may not meet {player} (art. 2.1-2.4)").format(player=p.id)
                if not self._can(p, q):
                    return N_("the rest of the round could not be paired")
                return None

            # the due colour opposite to theirs, then the highest R, then the lowest ARO
            q, passed = self._from_below(lower, why_not, lambda q: (q.column is p.column, -q.rating, q.aro, q.rank))
            if q is not None:
                came.append(q)
                group.append(q)
                rec.met_all.append((p.id, q.id))
                colour = (_("due the colour opposite to {player}'s") if q.column is not p.column
                          else _("due the same colour as {player}: nobody below due the other colour could come")
                          ).format(player=p.id)
                rec.why[q.id] = _chosen(colour, q, passed)
        return came

    def _odd(self, rec: GroupRecord, residents: list[Player97], lower: list[list[Player97]]) -> Player97 | None:
        """Dubov 1997 art. 7.2: an odd group takes a player from the next lower group."""
        dom = dominating(residents)
        key = lambda q: (dom is not Colour.NONE and q.column is dom, -q.rating, q.aro, q.rank)  # noqa: E731

        def barred(q: Player97) -> str | None:
            if q in residents:
                return N_("in the group already")
            return None if q.may_upfloat else N_("may not be transferred upwards again (art. 2.5)")

        def whole(q: Player97) -> str | None:  # with q the group can be paired and so can the rest
            if barred(q):
                return barred(q)
            group = {self.index[p.id] for p in (*residents, q)}
            if self.done.perfect_on(group) and self.done.perfect_on(self.done.alive - group):
                return None
            return N_("with them the group or the rest of the round could not be paired")

        def some(q: Player97) -> str | None:  # q can meet one of the group, the rest still completable
            if barred(q):
                return barred(q)
            return None if any(self.ok(q, r) and self._can(q, r) for r in residents) else N_("can meet nobody of it")

        q, passed = self._from_below(lower, whole, key)
        first = q is not None
        if q is None:
            q, passed = self._from_below(lower, some, key)
        if q is not None:
            rec.odd_transfer = q.id
            white = dom is Colour.WHITE
            colour = (_("no colour dominates the group") if dom is Colour.NONE else
                      (_("due Black, the colour opposite to the group's") if white else
                       _("due White, the colour opposite to the group's")) if q.column is not dom else
                      (_("due White like most of the group: nobody below due the other colour could come") if white
                       else _("due Black like most of the group: nobody below due the other colour could come")))
            rec.why[q.id] = _chosen(colour, q, passed) + (
                "" if first else "; " + _("nobody below lets the whole group be paired: the first who can meet one of "
                                          "it"))
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


def _chosen(colour: str, q: Player97, passed: list[tuple[int, str]]) -> str:
    """Why ``q`` was transferred: the colour criterion, the rating, and whoever came before them and why not."""
    text = _("{colour}, then the highest R ({rating}), then the lowest ARO ({aro})").format(colour=colour,
                                                                                          rating=q.rating, aro=q.aro)
    shown = [f"{pid} ({_(why)})" for pid, why in passed if why != TRANSFERRED][:4]
    more = len([1 for _pid, why in passed if why != TRANSFERRED]) - len(shown)
    if shown:
        told = (_("{text}; passed over: {players} and {count} more") if more > 0 else
                _("{text}; passed over: {players}"))
        text = told.format(text=text, players=", ".join(shown), count=more)
    return text


TRANSFERRED = "transferred already"
"""Why a player below was not taken: already transferred this round (left out of the reasons told)."""


def transferred(groups: list[GroupRecord]) -> frozenset[int]:
    """The players a round transferred to a higher score group (arts. 7.1, 7.2): what art. 2.5 counts."""
    moved = [q for rec in groups for _, q in rec.met_all] + [rec.odd_transfer for rec in groups
                                                             if rec.odd_transfer is not None]
    back = {q for rec in groups for q in rec.returned}
    return frozenset(q for q in moved if q not in back)


def _kind(p: Player97, can_below: bool, came_down: bool) -> int:
    """Dubov 1997 art. 6.4: 1 not a floater before and pairable below, 2 not a floater and not pairable,
    3 a floater and pairable, 4 a floater and not pairable (a floater: came down this round or before)."""
    floater = came_down or p.was_floater
    return (3 if floater else 1) + (0 if can_below else 1)
