"""Handing out an event's prizes: place prizes and category prizes, one prize per player.

The procedure, the one ``docs/prizes.md`` describes to the arbiter:

1. **Allocation.** Every prize of every list is taken in order of worth: the
   amount first (a prize that is only a name counts as 0), then, between equal
   amounts, place prizes before category prizes (``prefer = "place"``) or the
   other way round (``"category"``), then the lists in the order the event gives
   them, then the places. Each prize goes to the best-ranked player (in the final
   standings, tie-breaks included) who may win it (a place prize: anybody; a
   category prize: the category's members) and has no prize yet. So a player who
   qualifies for several prizes gets the highest, and the prize he leaves goes to
   the next player of its list.
2. **Ties** (``tie_rule``): ``"tiebreak"`` stops here: tied players take their
   prizes in tie-break order. ``"shared"``: within each list, the prize winners
   tied on points pool the money of the prizes they won and share it equally;
   when the last prize of a list went to a player tied on points with members of
   the list who won nothing, those join the pool (the tie across the prize
   boundary). ``"hort"`` (the Hort system): each of them keeps half of the prize
   of their own place and the other half of every such prize is pooled and
   shared equally. A prize's name (a cup, a title) is never shared: it stays with
   the player the tie-break gives it to. Shares are in hundredths, rounded down,
   so the shares never exceed the pool.

Players the event's regulations exclude (``eligible``: a player who withdrew, or
who did not play every round) take no prize and join no pool: each prize passes
to the next eligible player, as if they were not in the standings. FIDE's rules
leave this to the regulations the organiser announces (C.01 art. 1.2.1, the
prize fund and its distribution in the invitation), hence the default ``"all"``.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from engine.awards.categories import Category

TIE_RULES = ("tiebreak", "shared", "hort")
ELIGIBILITY = ("all", "not-withdrawn", "every-round")
"""Who may win a prize: everybody; not a player who withdrew; only a player who played every round."""
PREFERENCES = ("place", "category")
_CENT = Decimal("0.01")


@dataclass(frozen=True)
class Prize:
    """The prize of one place of a list; ``amount`` is 0 for a prize that is only a name."""

    place: int
    amount: Decimal = Decimal(0)
    name: str = ""

    def label(self) -> str:
        money = money_text(self.amount) if self.amount else ""
        return " + ".join(x for x in (money, self.name) if x)


@dataclass(frozen=True)
class PrizeList:
    """The prizes of the whole field (``category`` ``None``) or of one category, by place."""

    category: str | None
    prizes: tuple[Prize, ...]

    @property
    def title(self) -> str:
        return self.category or "Overall"


@dataclass(frozen=True)
class Ranked:
    """A player's place in the final standings (tie-breaks decided) and points."""

    id: int
    rank: int
    points: Decimal


@dataclass(frozen=True)
class Award:
    """What one player receives: the prize allocated to them and, after sharing, the amount paid."""

    player: int
    list_title: str
    prize: Prize
    amount: Decimal
    shared_with: tuple[int, ...] = ()  # the other players of the pool, if any

    @property
    def label(self) -> str:
        money = money_text(self.amount) if self.amount else ""
        return " + ".join(x for x in (money, self.prize.name) if x) or "-"


def money_text(amount: Decimal) -> str:
    """An amount as people write it: ``750``, ``333.33``, ``12.5`` -> ``12.50``."""
    if amount == amount.to_integral_value():
        return f"{amount.to_integral_value():f}"
    return f"{amount.quantize(_CENT):f}"


def allocate(ranking: list[Ranked], lists: list[PrizeList], members: dict[str, set[int]], *,
             prefer: str = "place", tie_rule: str = "tiebreak", ineligible: Collection[int] = ()) -> list[Award]:
    """The prize of each winner, in list order then place order (the procedure of the module's docstring).

    ``members`` maps each category named by ``lists`` to the ids of its members; ``ineligible`` holds
    the players the regulations exclude: they are passed over, and the prize goes to the next player.
    """
    if prefer not in PREFERENCES:
        raise ValueError(f"prefer: expected one of {', '.join(PREFERENCES)}, got {prefer!r}")
    if tie_rule not in TIE_RULES:
        raise ValueError(f"tie_rule: expected one of {', '.join(TIE_RULES)}, got {tie_rule!r}")
    excluded = set(ineligible)
    order = sorted((r for r in ranking if r.id not in excluded), key=lambda r: r.rank)
    won: dict[int, tuple[int, Prize]] = {}  # player -> (list index, prize)
    taken: set[int] = set()
    for index, prize in _by_worth(lists, prefer):
        allowed = _eligible(lists[index], members)
        for r in order:
            if r.id not in taken and (allowed is None or r.id in allowed):
                won[r.id] = (index, prize)
                taken.add(r.id)
                break
    awards = {pid: Award(pid, lists[i].title, prize, prize.amount) for pid, (i, prize) in won.items()}
    if tie_rule != "tiebreak":
        points = {r.id: r.points for r in order}
        for index, plist in enumerate(lists):
            holders = [pid for pid, (i, _) in won.items() if i == index]
            holders.sort(key=lambda pid: won[pid][1].place)
            _share(plist, holders, awards, points, order, _eligible(plist, members), taken, tie_rule)
    ordered = sorted(awards.values(), key=lambda a: (_list_index(lists, a.list_title), a.prize.place, a.player))
    return ordered


def _eligible(plist: PrizeList, members: dict[str, set[int]]) -> set[int] | None:
    if plist.category is None:
        return None
    try:
        return members[plist.category]
    except KeyError:
        raise ValueError(f"prize list for an unknown category {plist.category!r}") from None


def _list_index(lists: list[PrizeList], title: str) -> int:
    return next(i for i, plist in enumerate(lists) if plist.title == title)


def _by_worth(lists: list[PrizeList], prefer: str) -> list[tuple[int, Prize]]:
    def key(item: tuple[int, Prize]) -> tuple[Decimal, int, int, int]:
        index, prize = item
        is_place = lists[index].category is None
        first = 0 if is_place == (prefer == "place") else 1
        return (-prize.amount, first, index, prize.place)

    return sorted(((i, p) for i, plist in enumerate(lists) for p in plist.prizes), key=key)


def _share(plist: PrizeList, holders: list[int], awards: dict[int, Award], points: dict[int, Decimal],
           order: list[Ranked], allowed: set[int] | None, taken: set[int], tie_rule: str) -> None:
    """Pools and shares the money of each group of ``holders`` tied on points (see the module's docstring)."""
    if not holders:
        return
    last = holders[-1]
    joiners: list[int] = []
    if len(holders) == len(plist.prizes):  # the last prize was won: who ties with its winner at the boundary?
        joiners = [r.id for r in order if r.id not in taken and points[r.id] == points[last]
                   and (allowed is None or r.id in allowed)]
        taken.update(joiners)
    beyond = {pid: Prize(len(plist.prizes) + i) for i, pid in enumerate(joiners, start=1)}
    groups: dict[Decimal, list[int]] = {}
    for pid in holders + joiners:
        groups.setdefault(points[pid], []).append(pid)
    for group in groups.values():
        if len(group) < 2:
            continue
        own = {pid: awards[pid].amount if pid in awards else Decimal(0) for pid in group}
        pool = sum(own.values(), Decimal(0))
        if not pool:
            continue
        for pid in group:
            if tie_rule == "shared":
                amount = pool / len(group)
            else:  # hort: half of one's own prize, and an equal share of the pooled halves
                amount = own[pid] / 2 + pool / 2 / len(group)
            amount = amount.quantize(_CENT, rounding=ROUND_DOWN)
            others = tuple(x for x in group if x != pid)
            prize = awards[pid].prize if pid in awards else beyond[pid]
            awards[pid] = Award(pid, plist.title, prize, amount, others)


@dataclass(frozen=True)
class CategoryPrizes:
    """A category of the event and the prizes of its places (none: the category is only for standings)."""

    category: Category
    prizes: tuple[Prize, ...] = ()


@dataclass(frozen=True)
class PrizeRules:
    """An event's prize list: place prizes, categories with their prizes, and how ties and equal prizes go."""

    places: tuple[Prize, ...] = ()
    categories: tuple[CategoryPrizes, ...] = ()
    tie_rule: str = "tiebreak"
    prefer: str = "place"
    eligible: str = "all"

    def lists(self) -> list[PrizeList]:
        """The place prizes, then each category's, as :func:`allocate` takes them."""
        lists = [PrizeList(None, self.places)] if self.places else []
        return lists + [PrizeList(c.category.name, c.prizes) for c in self.categories if c.prizes]

    def category(self, name: str) -> Category:
        """The category called ``name`` (case ignored); ``KeyError`` when there is none."""
        for c in self.categories:
            if c.category.name.casefold() == name.strip().casefold():
                return c.category
        raise KeyError(name)
