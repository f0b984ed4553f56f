"""Who has White in the first game of a match (C.04.5 art. 4); the second game reverses it.

The steps, in the order the article gives them (docs/systems.md, "Double-Swiss",
says how each is read). The higher-ranked player (HRP) is the one with the higher
score, or with equal scores the smaller TPN (art. 1.2 order).

1. Neither player has played a match: the HRP has the initial colour (drawn by lot
   before round 1) when its TPN is odd, the other colour when it is even.
2. The player who had fewer Whites (in first games) gets White.
3. Going back round by round to the last round where the two had different colours,
   the one who had Black then gets White.
4. The HRP alternates from its last colour; if it has played no match, the other
   player alternates from its own.
"""

from __future__ import annotations

from engine.model.tournament import Colour
from engine.systems.doubleswiss.history import History


def higher_ranked(a: History, b: History) -> tuple[History, History]:
    """``(hrp, other)``: higher score first, then the smaller TPN (C.04.5 art. 1.2)."""
    if (a.score, -a.tpn) >= (b.score, -b.tpn):
        return a, b
    return b, a


def first_game_white(a: History, b: History, initial: Colour) -> tuple[int, int, str]:
    """``(white, black, step)`` for the first game; ``step`` names the rule of art. 4 that decided."""
    hrp, other = higher_ranked(a, b)

    def give(white_to_hrp: bool, step: str) -> tuple[int, int, str]:
        return (hrp.tpn, other.tpn, step) if white_to_hrp else (other.tpn, hrp.tpn, step)

    hrp_played, other_played = hrp.played_colours, other.played_colours
    if not hrp_played and not other_played:
        # C.04.5 art. 4 (first step): initial colour by lot, to the HRP when its TPN is odd.
        return give((hrp.tpn % 2 == 1) == (initial is Colour.WHITE), "art. 4 initial colour")
    if hrp.whites != other.whites:
        # C.04.5 art. 4: fewer Whites gets White.
        return give(hrp.whites < other.whites, "art. 4 fewer Whites")
    for mine, theirs in zip(reversed(hrp.colours), reversed(other.colours)):
        if Colour.NONE not in (mine, theirs) and mine is not theirs:
            # C.04.5 art. 4: the last round where their colours differed; Black then gets White.
            return give(mine is Colour.BLACK, "art. 4 last different colours")
    if hrp_played:
        return give(hrp_played[-1] is Colour.BLACK, "art. 4 alternation (HRP)")
    return give(other_played[-1] is Colour.WHITE, "art. 4 alternation (opponent)")
