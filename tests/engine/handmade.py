"""Tournaments written by hand for the hand-pairing systems' tests.

``build(players, rounds)``: ``players`` are ``(tpn, rating)`` pairs, or bare
TPNs (rating 2000 - 10 * tpn); each round is a list of boards written
``"1-4 1-0"`` (white first, then the result: ``1-0``, ``0-1``, ``=``, ``+-``,
``-+``) or ``"7 bye"`` (pairing-allocated bye), ``"7 half"`` (half-point
bye), ``"7 absent"``. Players not mentioned in a round did not play it.
"""

from __future__ import annotations

from engine.model.tournament import Colour, Player, PlayerStatus, ResultCode, RoundEntry, Settings, Tournament

_RESULTS = {
    "1-0": (ResultCode.WIN, ResultCode.LOSS),
    "0-1": (ResultCode.LOSS, ResultCode.WIN),
    "=": (ResultCode.DRAW, ResultCode.DRAW),
    "+-": (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    "-+": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
}
_ALONE = {"bye": ResultCode.PAB, "half": ResultCode.HALF_BYE, "absent": ResultCode.ZERO_BYE,
          "full": ResultCode.FULL_BYE}


def build(players, rounds, *, total_rounds: int = 5, system: str = "lim-2026", withdrawn=(),
          initial: Colour = Colour.WHITE, **settings) -> Tournament:
    people = []
    for item in players:
        tpn, rating = item if isinstance(item, tuple) else (item, 2000 - 10 * item)
        history = []
        for boards in rounds:
            history.append(_entry(tpn, boards))
        status = PlayerStatus.WITHDRAWN if tpn in withdrawn else PlayerStatus.ACTIVE
        people.append(Player(tpn, f"Player {tpn}", rating=rating, status=status, history=tuple(history)))
    return Tournament(Settings(rounds=total_rounds, system=system, initial_colour=initial, **settings), tuple(people))


def _entry(tpn: int, boards: list[str]) -> RoundEntry:
    for board in boards:
        left, right = board.split()
        if right in _ALONE:
            if int(left) == tpn:
                return RoundEntry(None, Colour.NONE, _ALONE[right])
            continue
        white, black = (int(x) for x in left.split("-"))
        codes = _RESULTS[right]
        if tpn == white:
            return RoundEntry(black, Colour.WHITE, codes[0])
        if tpn == black:
            return RoundEntry(white, Colour.BLACK, codes[1])
    return RoundEntry(None, Colour.NONE, ResultCode.ABSENT)


def boards(result) -> list[str]:
    """The boards of a pairing result as ``"white-black"``, and ``"bye N"``."""
    out = [f"{b.white}-{b.black}" for b in result.boards]
    if result.bye is not None:
        out.append(f"bye {result.bye}")
    return out
