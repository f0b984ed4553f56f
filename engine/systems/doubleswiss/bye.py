"""The pairing-allocated bye of a Double-Swiss round (C.04.5 art. 3.4 and the preface).

The bye is a match's, never a game's (preface). Who receives it: among players who
may (C.04.1 art. 4: no earlier PAB, no win without playing), the lowest score, then
the most matches played, then the largest TPN; a candidate whose leaving makes the
others impossible to pair completely is passed over for the next one (the text's
condition that the remaining players can be paired, art. 3.4 with [C1]). Its value
is the event's (:class:`engine.model.matches.MatchScoring`); docs/systems.md says why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.systems.doubleswiss.history import History


def bye_order(players: Sequence[History]) -> list[History]:
    """Eligible players in the order art. 3.4 tries them."""
    eligible = [p for p in players if p.pab_eligible]
    return sorted(eligible, key=lambda p: (p.score, -p.matches_played, -p.tpn))


def choose_bye(players: Sequence[History], pairable: Callable[[list[History]], bool]) -> History | None:
    """The player art. 3.4 gives the bye; ``None`` when no eligible player leaves a pairable field."""
    for candidate in bye_order(players):
        rest = [p for p in players if p.tpn != candidate.tpn]
        if pairable(rest):
            return candidate
    return None
