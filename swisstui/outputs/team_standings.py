"""A team event's standings as plain text: match points, then game points (C.04.6 art. 1.2's two scores).

The event's primary score comes first when it is game points. The C.07 tie-breaks for teams
are not here yet: teams equal on both scores share a place. Scores come from the boards, as
the pairing reads them (:func:`swisstui.store.event_teams.team_tournament`).
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

from engine.model.team_tournament import Score, TeamTournament
from swisstui.store.event import Event
from swisstui.store.event_teams import team_tournament


def _shown(value: Fraction) -> str:
    whole, half = divmod(value * 2, 2)
    return f"{int(whole)}{'½' if half else ''}" if whole or not half else "½"


def team_tiebreaks(t: TeamTournament, tpn: int) -> tuple[Fraction, ...]:
    """Team ``tpn``'s tie-break values after the rounds ``t`` holds, higher first, in the event's list order:
    where C.07's team tie-breaks (2026 text, team competitions) are plugged in. None yet: teams equal on
    both scores share a place."""
    return ()


def team_rows(event: Event, upto: int | None = None) -> list[tuple[int, int, str, Fraction, Fraction, int]]:
    """(place, team number, name, match points, game points, matches played) for every team, best first."""
    t = team_tournament(event, through_round=upto)
    order = (t.primary, t.secondary) if t.primary is Score.GAME else (Score.MATCH, Score.GAME)
    scored = [(tuple(e.score(s) for s in order) + team_tiebreaks(t, tpn), tpn, e) for tpn, e in t.teams.items()]
    scored.sort(key=lambda row: (tuple(-v for v in row[0]), row[1]))
    rows = []
    place = 0
    for i, (key, tpn, entry) in enumerate(scored, start=1):
        if i == 1 or key != scored[i - 2][0]:
            place = i
        played = sum(1 for r in entry.rounds if r.played)
        rows.append((place, tpn, entry.name, entry.score(Score.MATCH), entry.score(Score.GAME), played))
    return rows


def team_standings_text(event: Event, upto: int | None = None) -> str:
    """The standings after round ``upto`` (default: the last paired), one team a line."""
    last = event.rounds_paired if upto is None else upto
    width = max((len(t.name) for t in event.teams), default=4)
    lines = [f"{event.name}: team standings after round {last}", "",
             f"{'Pl':>3} {'No':>3}  {'Team':<{width}}  {'MP':>4}  {'GP':>5}  {'Pld':>3}"]
    for place, tpn, name, mp, gp, played in team_rows(event, last):
        lines.append(f"{place:>3} {tpn:>3}  {name:<{width}}  {_shown(mp):>4}  {_shown(gp):>5}  {played:>3}")
    return "\n".join(lines) + "\n"


def team_standings_output(event: Event, upto: int | None, fmt: str) -> str:
    """``swisstui standings`` on a team event: the text above, or CSV (``place,number,team,mp,gp,played``)
    or JSON with the same fields; scores written as decimals."""
    last = event.rounds_paired if upto is None else upto
    rows = team_rows(event, last)
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["place", "number", "team", "mp", "gp", "played"])
        for place, tpn, name, mp, gp, played in rows:
            w.writerow([place, tpn, name, _decimal(mp), _decimal(gp), played])
        return buf.getvalue()
    if fmt == "json":
        doc = {"event": event.name, "after_round": last, "standings": [
            {"place": place, "number": tpn, "team": name, "mp": float(mp), "gp": float(gp), "played": played}
            for place, tpn, name, mp, gp, played in rows]}
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    return team_standings_text(event, last)


def _decimal(value: Fraction) -> str:
    return f"{float(value):g}"
