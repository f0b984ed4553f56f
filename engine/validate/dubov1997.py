"""The 1997 Dubov text's own checks of a finished pairing (``dubov-1997``).

Shares nothing with the pairing code: due colours (art. 1) and colour limits
are recomputed from :class:`engine.validate.facts.RoundFacts`.

- ABSOLUTE: arts. 2.1 (rematch), 2.2 (the bye: a point without playing, read
  as C.04.1 art. 4) and 2.3-2.4 (colour limits, no exception) are the common
  checks of :mod:`engine.validate.check`. Art. 2.5 limits whom arts. 7.1 and 7.2
  transfer to a higher score group; any game between two score groups can be
  a floater of art. 6.4 that came down, which 2.5 does not limit, so no
  pairing breaks 2.5 by its pairs alone and there is nothing to check here.
- QUALITY: the colours of each pair by art. 3 (art. 5 for two players who
  have not played).
"""

from __future__ import annotations

from functools import partial

from engine.model.tournament import Colour, RoundPairing
from engine.validate.dubov import colour_findings
from engine.validate.facts import BLACK, WHITE, RoundFacts
from engine.validate.violations import Violation

RULE = "Dubov 1997"


def _due(colours: tuple[Colour, ...]) -> Colour | None:
    """Art. 1: White after more Blacks (or as many and Black last), Black the other way; none without a game."""
    if not colours:
        return None
    whites = sum(1 for c in colours if c is WHITE)
    blacks = len(colours) - whites
    if whites != blacks:
        return WHITE if blacks > whites else BLACK
    return BLACK if colours[-1] is WHITE else WHITE


def _forced(colours: tuple[Colour, ...]) -> Colour | None:
    """Arts. 2.3-2.4: the colour the limits leave, if only one is left."""
    whites = sum(1 for c in colours if c is WHITE)
    diff = 2 * whites - len(colours)
    if diff >= 2 or colours[-2:] == (WHITE, WHITE):
        return BLACK
    if diff <= -2 or colours[-2:] == (BLACK, BLACK):
        return WHITE
    return None


def expected_white(facts: RoundFacts, a: int, b: int) -> tuple[int, str]:
    """Who gets White when ``a`` meets ``b``, and the article that decides."""
    ca, cb = facts.colours(a), facts.colours(b)
    fa, fb = _forced(ca), _forced(cb)
    if fa is not None or fb is not None:
        colour = fa if fa is not None else (WHITE if fb is BLACK else BLACK)
        return (a if colour is WHITE else b), "2.3-2.4"
    if not ca and not cb:  # art. 5: the higher player in the list gets the lot's colour on an odd number
        high, low = sorted((a, b), key=facts.counted_tpn)
        initial = facts.t.settings.initial_colour
        colour = initial if facts.counted_tpn(high) % 2 == 1 else initial.opposite
        return (high if colour is WHITE else low), "5"
    da, db = _due(ca), _due(cb)
    if da is not db:
        if da is None:
            return (a if db is BLACK else b), "3"
        return (a if da is WHITE else b), "3"
    ia, ib = abs(2 * sum(1 for c in ca if c is WHITE) - len(ca)), abs(2 * sum(1 for c in cb if c is WHITE) - len(cb))
    if ia != ib:  # equalise: the player further from equal gets the due colour
        further = a if ia > ib else b
        return (further if da is WHITE else (b if further == a else a)), "3"
    for x, y in zip(reversed(ca), reversed(cb)):
        if x is not y:  # alternate from the first difference going back
            return (a if x is BLACK else b), "3"
    ra, rb = _aro(facts, a), _aro(facts, b)
    if ra != rb:
        return (a if ra > rb else b), "3"
    pa, pb = facts.t.player(a).rating, facts.t.player(b).rating
    if pa != pb:
        return (a if pa < pb else b), "3"
    return max(a, b, key=facts.counted_tpn), "3"


def _aro(facts: RoundFacts, pid: int) -> int:
    """Art. 1: the average rating of the opponents met over the board, half up (0 without a game)."""
    player = facts.t.player(pid)
    ratings = [facts.t.player(e.opponent).rating for e in player.history[: facts.round - 1]
               if e.code.is_game and e.opponent is not None]
    if not ratings:
        return 0
    return (2 * sum(ratings) + len(ratings)) // (2 * len(ratings))


def findings_1997(facts: RoundFacts, pairing: RoundPairing) -> list[Violation]:
    """The colours of each board by art. 3."""
    return colour_findings(pairing, partial(expected_white, facts), RULE)
