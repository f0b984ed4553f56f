"""Who was transferred to a higher score group in the rounds played: what art. 2.5 of the 1997 text counts.

Dubov 1997 art. 2.5 limits the transfers of arts. 7.1 and 7.2 (a player taken from a
lower group into the group being paired). A record of games cannot show them: a game
between two score groups is a transfer of the lower player upwards, or a floater of
art. 6.4 that came down to him, and the text's own procedure is what decides. So each
round played is paired again by the text from the event as it stood before it; when
that gives the pairs the round has, its transfers are the round's. A round paired
otherwise (by hand, by another program) counts the lower player of each game between
two groups as transferred whenever art. 2.5 allowed it then: that is what the text
does first (7.1, 7.2 before 6.4), and an arbiter who paired it otherwise said nothing
of it.
"""

from __future__ import annotations

from engine.model.result import NoLegalPairing
from engine.model.tournament import Tournament
from engine.systems.dubov.players import forbidden_pairs
from engine.systems.dubov.procedure1997 import Round97, transferred
from engine.systems.dubov.rules1997 import Player97, Transfers, may_meet, players_1997
from engine.systems.replay import before_round, played_round


def upward_transfers(t: Tournament) -> dict[int, frozenset[int]]:
    """Round -> the players transferred to a higher score group in it, for every round played."""
    found: dict[int, frozenset[int]] = {}
    for r in range(1, t.rounds_played + 1):
        snapshot = before_round(t, r)
        players = players_1997(snapshot, found)
        recorded = played_round(t, r)
        pairs = {frozenset((b.white, b.black)) for b in recorded.boards}
        by_text = _by_the_text(snapshot, players, pairs, recorded.bye)
        found[r] = by_text if by_text is not None else _from_the_record(players, pairs)
    return found


def procedure(t: Tournament, players: list[Player97], broken: frozenset[frozenset[int]] = frozenset()
              ) -> tuple[Round97, Player97 | None]:
    """The 1997 procedure on ``players`` (bye, then the score groups); :class:`NoLegalPairing` if it stops.

    ``broken``: pairs it may make although a limitation forbids them (chapter 9, :mod:`.relax1997`).
    """
    forbidden = forbidden_pairs(t)

    def ok(a: Player97, b: Player97) -> bool:
        return may_meet(a, b, forbidden) or frozenset((a.id, b.id)) in broken

    work = Round97(players, ok, not any(p.history for p in players))
    if len(players) == 1:
        return work, None
    bye = work.bye()
    work.pair_groups()
    return work, bye


def _by_the_text(t: Tournament, players: list[Player97], pairs: set[frozenset[int]],
                 bye: int | None) -> frozenset[int] | None:
    """The transfers the text makes in this round, when the text pairs it as it was paired; else None."""
    if len(players) < 2:
        return frozenset()
    try:
        work, text_bye = procedure(t, players)
    except NoLegalPairing:
        return None
    same = {frozenset((a.id, b.id)) for a, b in work.pairs} == pairs
    if not same or (text_bye.id if text_bye else None) != bye:
        return None
    return transferred(work.groups)


def _from_the_record(players: list[Player97], pairs: set[frozenset[int]]) -> frozenset[int]:
    """A round the text did not pair: each game's lower player counts as transferred where 2.5 allowed it."""
    by_id = {p.id: p for p in players}
    out = set()
    for pair in pairs:
        a, b = (by_id.get(x) for x in pair)
        if a is None or b is None or a.score == b.score:
            continue
        lower = a if a.score < b.score else b
        if lower.may_upfloat:
            out.add(lower.id)
    return frozenset(out)


__all__ = ["Transfers", "procedure", "upward_transfers"]
