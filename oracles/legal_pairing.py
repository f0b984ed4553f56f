"""Whether a complete pairing exists under a hand text's limitations, found by networkx.

An engine that proposes a round with a limitation relaxed (chapter 9 of the 1997 Dubov text)
must do so only when no complete pairing keeps them all. This answers that question with no
code of the engine: each pair is judged by the validator's own checks (no second game, no
players kept apart, the colour limits), the bye by its PAB rule, and a maximum matching of
networkx says whether everybody can be placed.
"""

from __future__ import annotations

import networkx as nx

from engine.model.tournament import Tournament
from engine.validate.check import check_colour_limits, check_forbidden_pair, check_no_rematch
from engine.validate.facts import RoundFacts


def legal_pairing_exists(t: Tournament) -> bool:
    """A complete pairing of the next round within arts. 2.1-2.4 (rematch, kept apart, colour limits)."""
    facts = RoundFacts(t, t.next_round, t.settings.system)
    ids = [p.id for p in t.to_pair()]

    def may(white: int, black: int) -> bool:
        return not (check_no_rematch(facts, 1, white, black) or check_forbidden_pair(t, t.next_round, 1, white, black)
                    or check_colour_limits(facts, 1, white, black))

    g = nx.Graph()
    g.add_nodes_from(ids)
    g.add_edges_from((a, b) for i, a in enumerate(ids) for b in ids[i + 1:] if may(a, b) or may(b, a))
    if len(ids) % 2:
        g.add_edges_from(("PAB", a) for a in ids if facts.pab_blocker(a) is None)
    return len(nx.max_weight_matching(g, maxcardinality=True)) * 2 == len(ids) + len(ids) % 2


def named_players(relaxed: tuple[str, ...]) -> set[int]:
    """The players of the limitations a relaxed round names ("Dubov 1997 art. 2.1: 4-7 meet a second
    time", "... 9 gets the bye ..."): every number after the article."""
    import re

    return {int(n) for line in relaxed for n in re.findall(r"\b\d+\b", line.split(": ", 1)[-1])}


def only_what_was_named(findings, relaxed: tuple[str, ...]) -> bool:
    """A relaxed round's findings are the limitations it named: absolute, and about named players only
    (one broken colour limit is two findings, the third colour and two equal preferences)."""
    from engine.validate.violations import Severity

    named = named_players(relaxed)
    return all(v.severity is Severity.ABSOLUTE and set(v.players) <= named for v in findings)
