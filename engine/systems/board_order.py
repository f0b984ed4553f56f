"""The order of the boards of a published pairing (C.04.2 art. 3.6).

One rule for the whole program: the engines publish in it, an event imported
from TRF (which stores no board numbers) gets its boards in it, and a pair the
arbiter changes by hand takes its place by it before the round is confirmed,
so the review shows the board numbers that will be published.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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
