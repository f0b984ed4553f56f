"""Floaters of the Lim system: who leaves a group, who is paired first, with whom (C.04.4.3 art. 2.3, 3).

A floater leaves its scoregroup for the next one in the direction of work
(art. 3.2.1: down above the median, up below it). Players leave before the
group is paired when they have no compatible opponent in it (2.3.1-2.3.3) and
one more leaves when the group is odd (2.3.4), chosen by art. 3.9 (types a-d),
3.10 (not the one who floated last round), 3.2.2-3.2.3 (the one who equalises
the colours due, Maxi: within 100 points of the default) and 3.2.4 (the
default: the lowest ranked downward, the highest ranked upward).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.model.tournament import Colour, Points
from engine.model.wording import N_, _
from engine.systems.lim.citations import cite
from engine.systems.lim.players import LimPlayer

DOWN = "down"
UP = "up"
MAXI_BAND = 100  # art. 3.2.3, 3.8, 5.7

TYPE_WORDS = {
    "a": N_("type a: floated into this group already and has no compatible opponent next door"),
    "b": N_("type b: floated into this group already, has a compatible opponent next door"),
    "c": N_("type c: no compatible opponent next door"),
    "d": N_("type d: has a compatible opponent next door"),
}
"""Art. 3.9.1's types in words, looked up where a float is told."""


@dataclass(frozen=True)
class Floater:
    """A player leaving a group: where to, of which type (art. 3.9.1), and the article that moved them."""

    player: int
    direction: str  # DOWN or UP
    type: str  # "a".."d"
    article: str
    reason: str


def floater_type(pid: int, incoming: set[int], adjacent: Sequence[int],
                 compatible: Callable[[int, int], bool]) -> str:
    """Art. 3.9.1: a/b if it already floated into this group, b/d if it has a compatible opponent next door."""
    has = any(compatible(pid, q) for q in adjacent)
    if pid in incoming:
        return "b" if has else "a"
    return "d" if has else "c"


def forced_reason(p: LimPlayer, others: Sequence[int]) -> tuple[str, str]:
    """Why a player has no suitable opponent in the group: (article, words)."""
    if all(q in p.opponents for q in others):
        return "C.04.4.3 art. 2.3.1", _("{player} has played everyone else in the group").format(player=p.id)
    if abs(p.difference) >= 2:
        return "C.04.4.3 art. 2.3.2", _("{player} is two colours out of balance and no compatible opponent allows the "
                                        "other").format(player=p.id)
    if p.repeated is not Colour.NONE:
        told = (_("{player} had white twice running and no compatible opponent allows the other colour")
                if p.repeated is Colour.WHITE else
                _("{player} had black twice running and no compatible opponent allows the other colour"))
        return "C.04.4.3 art. 2.3.3", told.format(player=p.id)
    return "C.04.4.3 art. 2.3", _("{player} has no compatible opponent in the group").format(player=p.id)


def rank_order(ids: Sequence[int], direction: str) -> list[int]:
    """Downward #1 first; upward the lowest ranked first (the mirror image, art. 4.1.2)."""
    return sorted(ids, reverse=direction == UP)


def incoming_order(incoming: Sequence[int], players: dict[int, LimPlayer], downfloaters: set[int],
                   direction: str) -> list[int]:
    """Art. 3.6-3.7: which incoming floater is paired first.

    From above: highest score first, then the higher ranked (3.6, 3.6.1-3.6.2); from below:
    lowest score first, then the lower ranked (3.7, 3.7.1-3.7.2). Above and in the median group
    the downfloaters come before the upfloaters, below the median the other way round (3.6.3, 3.7.3).
    """
    def key(pid: int) -> tuple[bool, Points, int]:
        p = players[pid]
        if pid in downfloaters:
            own = (-p.score, pid)
        else:
            own = (p.score, -pid)
        first = (pid not in downfloaters) if direction == DOWN else (pid in downfloaters)
        return (first, *own)
    return sorted(incoming, key=key)


def opponent_preference(floater: LimPlayer, available: Sequence[int], players: dict[int, LimPlayer],
                        direction: str, maxi: bool) -> list[int]:
    """Art. 3.8: the floater's opponents in the order tried.

    The highest ranked available player due the other colour (upward: the lowest ranked),
    then everybody else in rank order. In a Maxi-tournament a player due the other colour
    is taken in place of the first available one only if their ratings differ by 100 or less.
    """
    ordered = rank_order(available, direction)
    if not ordered:
        return []
    want = floater.due.opposite
    due = [q for q in ordered if want is not Colour.NONE and players[q].due is want]
    if maxi:
        natural = players[ordered[0]].rating
        due = [q for q in due if abs(players[q].rating - natural) <= MAXI_BAND]
    return due + [q for q in ordered if q not in due]


def colour_majority(ids: Sequence[int], players: dict[int, LimPlayer]) -> Colour:
    """The colour more players of the group are due (NONE when as many are due each)."""
    whites = sum(1 for q in ids if players[q].due is Colour.WHITE)
    blacks = sum(1 for q in ids if players[q].due is Colour.BLACK)
    if whites == blacks:
        return Colour.NONE
    return Colour.WHITE if whites > blacks else Colour.BLACK


def choose_evenness_floater(group: Sequence[int], types: dict[int, str], players: dict[int, LimPlayer],
                            direction: str, maxi: bool, can_float: Callable[[int], bool]) -> tuple[int, str]:
    """Art. 2.3.4 with 3.2, 3.9, 3.10: the player who leaves an odd group, and the deciding article.

    Preference, first that differs: the least disadvantaged type (3.9.2: avoid a, then b, then c),
    not a player who floated in the round before (3.10), a player due the colour more players are
    due (3.2.2; Maxi: within 100 points of the default player, 3.2.3), the default player: the lowest
    ranked downward, the highest ranked upward (3.2.4). Only a player whose leaving costs the group
    no pair (``can_float``) is taken.
    """
    by_rank = rank_order(group, direction)
    default = by_rank[-1]
    majority = colour_majority(group, players)

    def equalises(q: int) -> bool:
        return majority is not Colour.NONE and players[q].due is majority

    position = {q: i for i, q in enumerate(by_rank)}
    ranked = sorted(group, key=lambda q: ("dcba".index(types[q]), players[q].floated_last_round,
                                          not equalises(q), -position[q]))
    chosen = next((q for q in ranked if can_float(q)), ranked[0])
    if len(group) == 1:
        return chosen, "C.04.4.3 art. 2.3.4"
    if (maxi and equalises(chosen) and chosen != default and types[default] == types[chosen]
            and abs(players[chosen].rating - players[default].rating) > MAXI_BAND and can_float(default)):
        return default, "C.04.4.3 art. 3.2.3"  # the colour choice is too far in rating from the default player
    worst = max("dcba".index(types[q]) for q in group)
    same_type = [q for q in group if types[q] == types[chosen]]
    if "dcba".index(types[chosen]) < worst:
        return chosen, "C.04.4.3 art. 3.9.2"
    if any(players[q].floated_last_round for q in same_type) and not players[chosen].floated_last_round:
        return chosen, "C.04.4.3 art. 3.10"
    if equalises(chosen):
        return chosen, "C.04.4.3 art. 3.2.2"
    return chosen, "C.04.4.3 art. 3.2.4"


def evenness_why(chosen: int, article: str, group: Sequence[int], types: dict[int, str],
                 players: dict[int, LimPlayer], direction: str) -> str:
    """Why ``article`` names ``chosen`` to leave the odd group rather than another player, in a clause
    for the explanation (the review said "2 floats (art. 3.10)" and not why 2 rather than 6)."""
    low = direction == DOWN
    majority = colour_majority(group, players)
    # the citations are fields, so that a translation keeps them as the seed's renumbering reads them
    fields = {"player": chosen, "type": types[chosen], "band": MAXI_BAND, "article": cite(article)}
    if article.endswith("art. 2.3.4"):
        return _("{player} is alone in the group").format(**fields)
    if article.endswith("art. 3.9.2"):
        return _("{player}'s float is of the least disadvantaged type ({type}) in the group ({article})").format(
            **fields)
    white = majority is Colour.WHITE
    if article.endswith("art. 3.10"):
        passed = sorted(q for q in group if types[q] == types[chosen] and players[q].floated_last_round)
        if majority is not Colour.NONE and players[chosen].due is majority:
            rest = (_("{player} is due white, the colour more of the group are due") if white else
                    _("{player} is due black, the colour more of the group are due")).format(**fields)
        else:
            rest = (_("{player} is the lowest ranked of the others") if low else
                    _("{player} is the highest ranked of the others")).format(**fields)
        return _("{players} floated in the round before ({article}); {rest}").format(
            players=", ".join(map(str, passed)), article=cite(article), rest=rest)
    if article.endswith("art. 3.2.2"):
        told = {(True, True): _("{player} is due white, the colour more of the group are due, and the lowest ranked of "
                                "those ({article})"),
                (True, False): _("{player} is due white, the colour more of the group are due, and the highest ranked "
                                 "of those ({article})"),
                (False, True): _("{player} is due black, the colour more of the group are due, and the lowest ranked "
                                 "of those ({article})"),
                (False, False): _("{player} is due black, the colour more of the group are due, and the highest "
                                  "ranked of those ({article})")}[(white, low)]
        return told.format(**fields)
    if article.endswith("art. 3.2.3"):
        return (_("{player} is the lowest ranked: the one due the colour more are due is over {band} points from it "
                  "({article})") if low else
                _("{player} is the highest ranked: the one due the colour more are due is over {band} points from it "
                  "({article})")).format(**fields)
    return (_("{player} is the lowest ranked ({article})") if low else
            _("{player} is the highest ranked ({article})")).format(**fields)
