"""The title norms of an event (B.01 1.4, :mod:`engine.norms`) as the arbiter reads them: text, CSV, JSON.

The event file gives what the norms read besides the players: the host federation
(``[event] federation``), the rounds, whether the system is a Swiss (a round robin
may not use the exemption of 1.4.3 (d)), and the norm report form's fields (name,
city, dates, arbiters). The JSON holds, for each norm made, the form's data
(:func:`engine.norms.certificate.certificate`).
"""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal
from fractions import Fraction
from typing import Any

from engine.model import catalogue
from engine.model.explain import points_text
from engine.model.tournament import Tournament
from engine.norms import NormEvent, NormVerdict, Status, event_norms
from engine.norms.certificate import certificate
from engine.norms.rules import REGULATIONS
from swisstui.store.event import Event

CSV_HEADER = ("after_round", "number", "name", "federation", "norm", "status", "games", "points", "ra", "rp",
              "needed", "remaining", "reason")


def points(value: Fraction) -> str:
    """A score as the arbiter writes it (``5½``)."""
    return points_text(Decimal(value.numerator) / value.denominator)


def norm_event(event: Event) -> NormEvent:
    """What :mod:`engine.norms` reads of the event besides the players."""
    info = event.info
    system = catalogue.find(event.settings.system)
    return NormEvent(
        rounds=event.settings.rounds, federation=info.federation.strip().upper(),
        swiss=system is None or not system.round_robin, name=event.name, city=info.city,
        start=info.start.isoformat() if info.start else "", end=info.end.isoformat() if info.end else "",
        chief_arbiter=info.chief_arbiter, deputy_arbiters=tuple(info.deputy_arbiters),
    )


def verdicts(event: Event, t: Tournament, after: int) -> list[NormVerdict]:
    """Every player's norms after round ``after``: the made first, then the reachable, then the rest,
    each in pairing-number order (the arbiter looks for the first two)."""
    order = {Status.MADE: 0, Status.REACHABLE: 1, Status.OUT: 2}
    return sorted(event_norms(t, norm_event(event), after), key=lambda v: (order[v.status], v.player))


def headline(event: Event, after: int) -> str:
    """One line: after which round, the host federation, and whether 1.4.3 (d) exempts the event."""
    host = event.info.federation.strip().upper() or "not set"  # the details screen (d) sets it
    return f"Title norms after round {after} of {event.settings.rounds} · host federation {host}"


def status_text(v: NormVerdict) -> str:
    """``made``, ``needs 1½ of 2`` or ``out``: the status column."""
    if v.status is Status.REACHABLE and v.needed is not None:
        return f"needs {points(v.needed)}/{v.remaining}"
    return "made" if v.status is Status.MADE else "reachable" if v.status is Status.REACHABLE else "out"


def as_text(event: Event, t: Tournament, after: int, all_players: bool = False) -> str:
    """The norms for people: the made and the reachable, then (``all_players``) the others with the reason."""
    lines = [headline(event, after), f"({REGULATIONS})", ""]
    shown = [v for v in verdicts(event, t, after) if all_players or v.status is not Status.OUT]
    if not shown:
        lines.append("No player has made a norm or can still make one "
                     "(--all lists every player's norms with the condition that failed).")
    for v in shown:
        p = t.player(v.player)
        lines.append(f"{v.player:>4}  {p.name:<24.24} {p.federation:<3}  {v.norm:<3}  {status_text(v):<13} "
                     f"{points(v.score)}/{len(v.games)}  Ra {v.ratings.average or '-'}  "
                     f"Rp {v.performance or '-'}")
        lines.append(f"      {v.reason}")
    return "\n".join(lines) + "\n"


def as_csv(event: Event, t: Tournament, after: int) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_HEADER)
    for v in verdicts(event, t, after):
        p = t.player(v.player)
        w.writerow([after, v.player, p.name, p.federation, v.norm, v.status.value, len(v.games), float(v.score),
                    v.ratings.average, v.performance, "" if v.needed is None else float(v.needed), v.remaining,
                    v.reason])
    return buf.getvalue()


def as_json(event: Event, t: Tournament, after: int) -> str:
    ne = norm_event(event)
    rows: list[dict[str, Any]] = []
    for v in verdicts(event, t, after):
        p = t.player(v.player)
        row: dict[str, Any] = {
            "number": v.player, "name": p.name, "federation": p.federation, "norm": v.norm,
            "status": v.status.value, "games": len(v.games), "points": float(v.score),
            "ra": v.ratings.average, "rp": v.performance, "remaining": v.remaining,
            "needed": None if v.needed is None else float(v.needed), "needed_average": v.needed_average,
            "counted_games": v.counted, "made_after": v.made_after,  # B.01 1.4.1 (c)-(e)
            "exempt_1_4_3_d": v.exemption == "1.4.3 (d)", "exemption": v.exemption or None, "reason": v.reason,
            "conditions": [{"article": f"B.01 {c.article}", "name": c.name, "state": c.state.value, "text": c.text}
                           for c in v.conditions],
        }
        if v.status is Status.MADE:
            row["certificate"] = certificate(t, v, ne)
        rows.append(row)
    return json.dumps({"event": event.name, "after_round": after, "rounds": event.settings.rounds,
                       "host_federation": ne.federation, "regulations": REGULATIONS, "norms": rows},
                      indent=2, ensure_ascii=False) + "\n"
