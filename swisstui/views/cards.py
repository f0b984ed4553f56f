"""Pairing-card data for one player: what an arbiter pairing by hand looks at.

Display only: colour preferences and floats come from the validator's facts
(:mod:`engine.validate.facts`), which read them straight from the articles;
nothing here decides a pairing.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.terms import Float
from engine.model.tournament import Colour, Points, Tournament
from engine.validate.facts import RoundFacts
from swisstui.language import _
from swisstui.outputs.names import shown_name
from swisstui.views.format import colour_letter, due_mark


@dataclass(frozen=True)
class Card:
    score: Points
    id: int
    name: str
    rating: int
    colours: str  # one letter a round: W, B (in the arbiter's language), or = for a round without a played game
    due: str  # W/B strong, W!/B! absolute, w/b mild, - none
    floats: str  # ↓3 ↑4: floats of the last two rounds
    bye: str  # "no" (translated) when no longer eligible for the pairing-allocated bye (C.04.1 art. 4)
    opponents: str
    virtual: Points = Points(0)  # acceleration points in ``score`` (C.04.7), not in the standings


def cards(t: Tournament) -> list[Card]:
    """A card for every player to be paired next round, by score group then pairing number."""
    rnd = t.next_round
    facts = RoundFacts(t, rnd, t.settings.system)
    out = []
    for score, members in t.score_groups():
        for pid in members:
            p = t.player(pid)
            history = "".join(
                colour_letter(e.colour is Colour.WHITE) if e.is_game else "="
                for e in (p.entry(r) for r in range(1, rnd))
            )
            pref = facts.preference(pid)
            floats = []
            for r in (rnd - 2, rnd - 1):
                f = facts.float_in(pid, r)
                if f is not Float.NONE:
                    floats.append(("↓" if f is Float.DOWN else "↑") + str(r))
            opps = " ".join(str(e.opponent) for e in (p.entry(r) for r in range(1, rnd)) if e.opponent)
            out.append(Card(score, pid, shown_name(t, pid), p.rating, history, due_mark(pref.colour, pref.strength),
                            " ".join(floats) or "·", "" if t.pab_eligible(pid) else _("no"), opps,
                            score - t.score(pid)))
    return out
