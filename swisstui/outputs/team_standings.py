"""A team event's standings as plain text: match points, then game points (C.04.6 art. 1.2's two scores).

The event's primary score comes first when it is game points. An event with a tie-break list is
ranked by its primary score and that list, C.07's team tie-breaks (art. 4.2, 12, 13), each value
shown; without one, teams equal on both scores share a place. Scores come from the boards, as
the pairing reads them (:func:`swisstui.store.event_teams.team_tournament`).
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

from engine.model.team_tournament import Score
from engine.tiebreaks.team_order import TeamStandings, team_standings
from engine.tiebreaks.team_spec import parse_team_list
from engine.tiebreaks.values import Value
from swisstui.store.event import Event
from swisstui.store.event_teams import team_tournament


def _shown(value: Fraction) -> str:
    whole, half = divmod(value * 2, 2)
    return f"{int(whole)}{'½' if half else ''}" if whole or not half else "½"


def ranked(event: Event, upto: int | None = None) -> TeamStandings | None:
    """The teams ranked by the event's primary score and its C.07 team tie-break list (art. 4.2, 12, 13:
    :func:`engine.tiebreaks.team_order.team_standings`), or None when the event names no tie-break."""
    tiebreaks = parse_team_list(event.settings.tiebreaks)
    if not tiebreaks:
        return None
    return team_standings(team_tournament(event, through_round=upto), tiebreaks)


def _value(value: Value) -> str:
    if value.value is None:
        return "-"
    return f"{float(value.value):g}"


def team_rows(event: Event, upto: int | None = None) -> list[tuple[int, int, str, Fraction, Fraction, int]]:
    """(place, team number, name, match points, game points, matches played) for every team, best first:
    by the event's tie-break list when it has one, else match points then game points."""
    t = team_tournament(event, through_round=upto)
    standings = ranked(event, upto)
    if standings is not None:
        return [(standings.rank[tpn], tpn, t.teams[tpn].name, t.teams[tpn].score(Score.MATCH),
                 t.teams[tpn].score(Score.GAME), sum(1 for r in t.teams[tpn].rounds if r.played))
                for tpn in standings.order]
    order = (t.primary, t.secondary) if t.primary is Score.GAME else (Score.MATCH, Score.GAME)
    scored = [(tuple(e.score(s) for s in order), tpn, e) for tpn, e in t.teams.items()]
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
    standings = ranked(event, last)
    codes = [tb.code for tb in standings.tiebreaks] if standings is not None else []
    lines = [f"{event.name}: team standings after round {last}", "",
             f"{'Pl':>3} {'No':>3}  {'Team':<{width}}  {'MP':>4}  {'GP':>5}  {'Pld':>3}"
             + "".join(f"  {code:>6}" for code in codes)]
    for place, tpn, name, mp, gp, played in team_rows(event, last):
        values = standings.values[tpn] if standings is not None else ()
        lines.append(f"{place:>3} {tpn:>3}  {name:<{width}}  {_shown(mp):>4}  {_shown(gp):>5}  {played:>3}"
                     + "".join(f"  {_value(v):>6}" for v in values))
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
