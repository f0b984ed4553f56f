"""The order of the boards of a published pairing (C.04.2 art. 3.6).

One rule for the whole program: the engines publish in it, an event imported
from TRF (which stores no board numbers) gets its boards in it, and a pair the
arbiter changes by hand takes its place by it before the round is confirmed,
so the review shows the board numbers that will be published.

Fixed boards (:func:`keep_fixed_boards`): a player who must always play on a
given board (a wheelchair user's accessible table, say) keeps it, and the
others keep their art. 3.6 order on the boards left, as arbiters number them
by hand. Art. 3.6 is a recommendation, not a pairing rule, so moving a board
number changes nothing of who plays whom or with which colours.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.model.tournament import Pairing, Points, Tournament

Pair = tuple[int, int]


def board_key(t: Tournament, round_number: int, pair: Pair) -> tuple[Points, Points, int]:
    """C.04.2 art. 3.6: the pair's higher-ranked player's score (higher first), the sum of both
    scores (higher first), then that player's pairing number (smaller first).

    Ranking is by pairing score, then pairing number; scores are those before ``round_number``.
    """
    scores = {pid: t.pairing_score(pid, round_number) for pid in pair}
    top = min(pair, key=lambda pid: (-scores[pid], pid))
    return (-scores[top], -(scores[pair[0]] + scores[pair[1]]), top)


def publishing_order(t: Tournament, round_number: int, pairs: Iterable[Pair]) -> list[Pair]:
    """``pairs`` (white, black) sorted for publication (C.04.2 art. 3.6)."""
    return sorted(pairs, key=lambda pair: board_key(t, round_number, pair))


def place_changed(t: Tournament, round_number: int, boards: Sequence[Pairing],
                  changed: Iterable[Pairing]) -> list[Pairing]:
    """The boards with each of ``changed`` moved to its place by art. 3.6.

    The other boards keep the order the engine published them in (its own
    reading of art. 3.6); a changed pair goes before the first of them whose
    key is greater, so exactly the changed pairs move.
    """
    moving = list(changed)
    kept = [b for b in boards if b not in moving]
    for board in sorted(moving, key=lambda b: board_key(t, round_number, (b.white, b.black))):
        key = board_key(t, round_number, (board.white, board.black))
        at = next((i for i, other in enumerate(kept)
                   if board_key(t, round_number, (other.white, other.black)) > key), len(kept))
        kept.insert(at, board)
    return kept


def fixed_claims(boards: Sequence[Pairing], fixed: Mapping[int, int]) -> dict[int, int]:
    """Index in ``boards`` -> the board number its pair must have: that of its fixed player, the smaller
    (the board nearer the top) when both of its players have one. Numbers below 1 fix nothing."""
    claims = {}
    for i, b in enumerate(boards):
        wanted = [fixed[p] for p in (b.white, b.black) if fixed.get(p, 0) >= 1]
        if wanted:
            claims[i] = min(wanted)
    return claims


def keep_fixed_boards(boards: Sequence[Pairing], fixed: Mapping[int, int]) -> list[Pairing]:
    """``boards`` (in art. 3.6 order, board 1 first) renumbered so that each pair with a fixed player
    (``fixed``: pairing number -> board number) is on that player's board, the others on the boards
    left in the order they had.

    A fixed board past the round's last board takes the last board left; two pairs claiming the same
    board (two fixed players on one board number) are placed in the order they had, the second on the
    nearest free board after it (else before it). Without a fixed player the boards come back as given.
    """
    claims = fixed_claims(boards, fixed)
    if not claims:
        return list(boards)
    count = len(boards)
    slots: list[Pairing | None] = [None] * count
    for i in sorted(claims, key=lambda i: (claims[i], i)):
        want = min(claims[i], count) - 1
        free = [s for s in range(want, count) if slots[s] is None] or \
               [s for s in range(want, -1, -1) if slots[s] is None]
        slots[free[0]] = boards[i]
    rest = iter(b for i, b in enumerate(boards) if i not in claims)
    return [slot if slot is not None else next(rest) for slot in slots]


def fixed_board_misplaced(boards: Sequence[Pairing], fixed: Mapping[int, int]) -> list[tuple[int, int, int]]:
    """(player, the board they must have, the board they are on) of each fixed player whose pair is not
    where :func:`keep_fixed_boards` puts it."""
    placed = keep_fixed_boards(boards, fixed)
    where = {p: n for n, b in enumerate(placed, start=1) for p in (b.white, b.black)}
    actual = {p: n for n, b in enumerate(boards, start=1) for p in (b.white, b.black)}
    return [(p, where[p], actual[p]) for p in sorted(fixed) if p in actual and where[p] != actual[p]]
