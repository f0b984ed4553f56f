"""C.04.6(2026) art. 4: which team of a match has White on board 1.

No colour is absolute for teams (Preface): the allocation runs after the whole round is
paired (art. 3.3.2 step 4) and always decides.
"""

from __future__ import annotations

from engine.systems.team.facts import TeamFacts

_OTHER = {"w": "b", "b": "w"}


def first_team(a: TeamFacts, b: TeamFacts, secondary_used: bool) -> bool:
    """Art. 4.2: is ``a`` the first-team? Higher primary score (4.2.1), then higher
    secondary score unless the competition does not use it (4.2.2), then smaller TPN (4.2.3).

    The scores as scored: C.04.7 art. 1.5 lists what the pairing score (virtual points
    included) is for - the scoregroups, their order, the board order - and colours are
    not on the list (Gacrux reads it so too)."""
    if a.primary != b.primary:
        return a.primary > b.primary
    if secondary_used and a.secondary != b.secondary:
        return a.secondary > b.secondary
    return a.tpn < b.tpn


def allocate(a: TeamFacts, b: TeamFacts, *, secondary_used: bool, type_b: bool,
             initial_white: bool) -> tuple[int, int, str]:
    """(team with White on board 1, the other, the rule of art. 4.3 that decided)."""
    first, second = (a, b) if first_team(a, b, secondary_used) else (b, a)
    fp, sp = first.preference, second.preference

    def give(colour: str, rule: str) -> tuple[int, int, str]:
        return (first.tpn, second.tpn, rule) if colour == "w" else (second.tpn, first.tpn, rule)

    if first.matches_played == 0 and second.matches_played == 0:
        # 4.3.1: an odd TPN takes the initial-colour (drawn by lot, art. 4.1), an even one the other
        initial = "w" if initial_white else "b"
        return give(initial if first.tpn % 2 == 1 else _OTHER[initial], "4.3.1")
    if fp is not None and sp is None:
        return give(fp[0], "4.3.2")                       # 4.3.2 only one preference
    if fp is None and sp is not None:
        return give(_OTHER[sp[0]], "4.3.2")
    if fp is not None and sp is not None and fp[0] != sp[0]:
        return give(fp[0], "4.3.3")                       # 4.3.3 opposite preferences
    if type_b and fp is not None and sp is not None:
        if fp[1] == 2 and sp[1] != 2:                     # 4.3.4 (type B) one strong preference
            return give(fp[0], "4.3.4")
        if fp[1] != 2 and sp[1] == 2:
            return give(_OTHER[sp[0]], "4.3.4")
    if first.colour_difference != second.colour_difference:
        # 4.3.5 White to the lower colour difference
        return give("w" if first.colour_difference < second.colour_difference else "b", "4.3.5")
    fs, ss = first.colours, second.colours
    for i in range(1, min(len(fs), len(ss)) + 1):
        if fs[-i] != ss[-i]:
            return give(_OTHER[fs[-i]], "4.3.6")          # 4.3.6 alternate to the last difference
    if fp is not None:
        return give(fp[0], "4.3.7")                       # 4.3.7 the first-team's preference
    if fs:
        return give(_OTHER[fs[-1]], "4.3.8")              # 4.3.8 alternate the first-team
    if ss:
        return give(ss[-1], "4.3.9")                      # 4.3.9 alternate the other team
    raise AssertionError("art. 4.3.1 covers two teams that have never played")
