"""The data of FIDE's title norm report form for a norm made (B.01 1.4; the form IT1).

The form asks for the applicant, the event (name, place, host federation, dates,
rounds, system, chief arbiter), the norm's figures (games, points, Ra, Rp, the
opponent raised to the floor) and the opponents round by round with their title,
federation, FIDE ID, rating and the result, besides the counts the checks of 1.4.3-1.4.5
read (title-holders, each title, the opponents of the applicant's and the host's
federation, the federations met, the unrated), the games the norm counts as (1.4.1
(c)-(d), 1.7) and the exemption of 1.4.3 it used. Everything here comes from the
verdict and the event; the signatures are the arbiter's.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.model.tournament import Tournament
from engine.norms import rules
from engine.norms.verdict import NormEvent, NormVerdict, Status



def certificate(t: Tournament, verdict: NormVerdict, event: NormEvent) -> dict[str, Any]:
    """The norm report form's fields for ``verdict``; ``ValueError`` unless the norm is made."""
    if verdict.status is not Status.MADE:
        raise ValueError(f"player {verdict.player}: the {verdict.norm} norm is {verdict.status.value}, not made")
    p = t.player(verdict.player)
    own = p.federation.strip().upper()
    host = event.federation.strip().upper()
    games = verdict.games
    titles = Counter(g.title for g in games if g.title)
    raised = verdict.ratings.raised
    opponents = [
        {"round": g.round, "name": g.name, "title": g.title, "federation": g.federation, "fide_id": g.fide_id,
         "rating": g.rating or None, "rating_used": verdict.ratings.used[i], "raised_to_floor": i == raised,
         "colour": g.colour, "result": "1" if g.score == 1 else "½" if g.score * 2 == 1 else "0"}
        for i, g in enumerate(games)
    ]
    return {
        "form": "FIDE title norm report form (IT1)",
        "regulations": rules.REGULATIONS,
        "norm": verdict.norm,
        "applicant": {"name": p.name, "fide_id": p.fide_id, "federation": own, "birth": p.birth,
                      "sex": p.sex, "title": p.title.strip().upper()},
        "event": {"name": event.name or t.name, "city": event.city, "host_federation": host,
                  "start": event.start, "end": event.end, "rounds": event.rounds,
                  "system": "Swiss" if event.swiss else "Round robin", "players": len(t.players),
                  "rated_players": sum(1 for x in t.players if x.rating > 0),
                  "chief_arbiter": event.chief_arbiter, "deputy_arbiters": list(event.deputy_arbiters)},
        "after_round": verdict.after_round,
        "games": len(games),
        "counted_games": verdict.counted,  # 1.4.1 (c)-(d), at most 13 (1.7)
        "made_after_round": verdict.made_after,  # 1.4.1 (e): the later games left out
        "points": float(verdict.score),
        "rating_average": verdict.ratings.average,
        "performance": verdict.performance,
        "rating_floor": rules.by_title(verdict.norm).floor,
        "raised_to_floor": None if raised is None else games[raised].name,
        "counts": {
            "title_holders": sum(1 for g in games if g.title in rules.TITLE_HOLDERS),
            "titles": {title: titles[title] for title in ("GM", "IM", "WGM", "FM", "WIM", "WFM", "CM", "WCM")
                       if titles[title]},
            "own_federation": sum(1 for g in games if g.federation == own),
            "host_federation": sum(1 for g in games if host and g.federation == host),
            "foreign": sum(1 for g in games if g.federation and g.federation not in (own, rules.NO_FEDERATION)),
            "federations": sorted({g.federation for g in games if g.federation}),
            "unrated": sum(1 for g in games if g.rating <= 0),
        },
        "swiss_exemption_1_4_3_d": verdict.exemption == "1.4.3 (d)",
        "exemption": verdict.exemption or None,  # 1.4.3 (a)-(d)
        "notes": list(verdict.notes),  # 1.4.1 (c) and 1.4.3 (e): what the title application must respect
        "opponents": opponents,
    }
