"""C.04.6(2026) art. 2.3.5-2.3.7: what one pair of a bracket costs on [C8], [C9] and [C10].

Kept apart from the search so that the bracket's matching (:mod:`.pairing`) and the
review's explanation (:mod:`.narrate`) count the same failures the same way.
"""

from __future__ import annotations

from engine.systems.team.facts import TeamFacts


def pair_failures(a: TeamFacts, b: TeamFacts, *, a_upfloats: bool, b_upfloats: bool,
                  type_b: bool, last_two: bool) -> tuple[int, int, int]:
    """([C8], [C9], [C10]) failures of pairing ``a`` with ``b``.

    Art. 4.3.2-4.3.4 grant every preference of a pair but when both teams want the same
    colour, so a pair fails [C8] (art. 2.3.5) exactly then, one team unfulfilled, and
    [C9] (art. 2.3.6, type B) when both of those preferences are strong (4.3.4 grants a
    strong one over a mild one). [C10] (art. 2.3.7) counts each upfloater whose opponent
    floated in the previous round (art. 1.5), except in the last two rounds.
    """
    c8 = c9 = c10 = 0
    pa, pb = a.preference, b.preference
    if pa is not None and pb is not None and pa[0] == pb[0]:
        c8 = 1
        if type_b and pa[1] == 2 and pb[1] == 2:
            c9 = 1
    if not last_two:
        c10 = int(a_upfloats and b.floated) + int(b_upfloats and a.floated)
    return c8, c9, c10
