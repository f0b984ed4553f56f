"""The two columns of the 1997 Dubov text: balanced (arts. 7.3-7.4, 2.6), ordered (6.2), paired (6.3).

Art. 6.3 is a hand search: each White row takes the first Black below it that
it has not met, a row that cannot be completed changes the row above it, and
a White who has met every Black takes a White (the next ones down the
column first). Read as a search, its first result is the first pairing in
that order; the engine finds it row by row, keeping a pair only if the rows
below can still be completed (an alternating path, or a small matching when
players of one column must meet each other), so no dead end is walked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.matching.perfect import NoPerfectMatching, PerfectMatcher
from engine.model.tournament import Colour
from engine.systems.dubov.rules1997 import Player97
from engine.systems.dubov.subgroups import first_transposition, perfect_across

Ok = Callable[[Player97, Player97], bool]


def white_order(players: Sequence[Player97]) -> list[Player97]:
    """Dubov 1997 art. 6.2: White column by increasing ARO, then the lower R, then alphabetically."""
    return sorted(players, key=lambda p: (p.aro, p.rating, p.name.casefold(), p.rank))


def black_order(players: Sequence[Player97]) -> list[Player97]:
    """Dubov 1997 art. 6.2: Black column by decreasing R, then the higher ARO, then alphabetically."""
    return sorted(players, key=lambda p: (-p.rating, -p.aro, p.name.casefold(), p.rank))


@dataclass(frozen=True)
class Balance:
    whites: tuple[Player97, ...]  # the White column after the transfers, in the order of art. 6.2
    blacks: tuple[Player97, ...]
    moved: tuple[int, ...]  # transferred to the other column (art. 7.3 or 7.4), in order
    to_colour: Colour  # the column they joined (Colour.NONE: nobody moved)
    kept: tuple[int, ...]  # passed over by art. 2.6: the other colour would break 2.3-2.4


def balance(members: Sequence[Player97]) -> Balance:
    """Dubov 1997 arts. 7.3-7.4: move players between the columns until they are equal, if 2.6 allows."""
    whites = [p for p in members if p.column is Colour.WHITE]
    blacks = [p for p in members if p.column is Colour.BLACK]
    moved: list[Player97] = []
    kept: list[int] = []
    to = Colour.NONE
    if len(whites) > len(blacks):
        # Dubov 1997 art. 7.3: the lowest ARO, then the higher R, then alphabetically
        order = sorted(whites, key=lambda p: (p.aro, -p.rating, p.name.casefold(), p.rank))
        to, need = Colour.BLACK, (len(whites) - len(blacks)) // 2
    elif len(blacks) > len(whites):
        # Dubov 1997 art. 7.4: the highest ARO, then the lower R, then alphabetically; a player
        # without a game has no due colour to lose and moves first (the lower R first)
        order = sorted(blacks, key=lambda p: (p.due is not Colour.NONE, -p.aro if p.due is not Colour.NONE else 0,
                                              p.rating, p.name.casefold(), p.rank))
        to, need = Colour.WHITE, (len(blacks) - len(whites)) // 2
    else:
        order, need = [], 0
    for p in order:
        if len(moved) == need:
            break
        if p.must is not Colour.NONE and p.must is not to:  # Dubov 1997 art. 2.6
            kept.append(p.id)
            continue
        moved.append(p)
    ids = {p.id for p in moved}
    if to is Colour.BLACK:
        whites, blacks = [p for p in whites if p.id not in ids], blacks + moved
    elif to is Colour.WHITE:
        blacks, whites = [p for p in blacks if p.id not in ids], whites + moved
    return Balance(tuple(white_order(whites)), tuple(black_order(blacks)), tuple(p.id for p in moved),
                   to if moved else Colour.NONE, tuple(kept))


@dataclass(frozen=True)
class Rows:
    pairs: tuple[tuple[int, int], ...]  # (White row, opponent), rows in column order, then Black with Black
    skipped: tuple[tuple[int, int, str], ...]  # (row player, candidate, "illegal" | "rest") passed over
    same_column: int  # pairs of two players of one column


def pair_rows(whites: Sequence[Player97], blacks: Sequence[Player97], ok: Ok) -> Rows:
    """Dubov 1997 art. 6.3: the first pairing of the columns in the order of the improvements.

    The columns must have a pairing (the caller makes sure). When every White
    can meet a different Black, the first such pairing row by row; otherwise
    the fewest pairs inside one column, and among those the first row by row
    (a row's candidates: the Blacks in column order, then the Whites below it).
    """
    if len(whites) == len(blacks) and perfect_across(whites, blacks, ok):
        chosen, skipped = first_transposition(whites, blacks, ok)
        return Rows(tuple((w.id, b.id) for w, b in zip(whites, chosen)), tuple(skipped), 0)
    return _rows_with_same_column(list(whites), list(blacks), ok)


def _rows_with_same_column(whites: list[Player97], blacks: list[Player97], ok: Ok) -> Rows:
    """Art. 6.3 when players of one column must meet: the fewest such pairs, then the order of the rows."""
    white_ids = {p.id for p in whites}
    left = whites + blacks
    target = _most_across(left, white_ids, ok)
    pairs: list[tuple[int, int]] = []
    skipped: list[tuple[int, int, str]] = []
    across = 0
    while left:
        row = left[0]
        rest = left[1:]
        if row.id in white_ids:  # a White row: the Blacks first, then the Whites below it
            candidates = [p for p in rest if p.id not in white_ids] + [p for p in rest if p.id in white_ids]
        else:  # the Blacks left over meet each other in column order
            candidates = rest
        for c in candidates:
            if not ok(row, c):
                skipped.append((row.id, c.id, "illegal"))
                continue
            cross = (row.id in white_ids) != (c.id in white_ids)
            remaining = [p for p in rest if p.id != c.id]
            best = _most_across(remaining, white_ids, ok)
            if best is not None and across + cross + best == target:
                pairs.append((row.id, c.id))
                across += cross
                left = remaining
                break
            skipped.append((row.id, c.id, "rest"))
        else:  # pragma: no cover - the target came from a pairing of these players
            raise AssertionError("the columns have no pairing")
    return Rows(tuple(pairs), tuple(skipped), len(pairs) - across)


def _most_across(players: list[Player97], white_ids: set[int], ok: Ok) -> int | None:
    """The most White-Black pairs in a pairing of all ``players``; ``None`` if they cannot all be paired."""
    n = len(players)
    if n == 0:
        return 0
    if n % 2:
        return None
    m = PerfectMatcher(n)
    for i in range(n):
        for j in range(i + 1, n):
            if ok(players[i], players[j]):
                cross = (players[i].id in white_ids) != (players[j].id in white_ids)
                m.set_weight(i, j, 2 + int(cross))
    try:
        mate = m.solve()
    except NoPerfectMatching:
        return None
    return sum(1 for i in range(n) if mate[i] > i and (players[i].id in white_ids) != (players[mate[i]].id in white_ids))
