"""A team event's standings as plain text: the primary score, the secondary, then the event's C.07 team tie-breaks.

The event's primary score comes first when it is game points (C.04.6 art. 1.2). The ranking is the
engine's (:func:`engine.tiebreaks.team_order.team_standings`: C.07 art. 4.2 with the team tie-breaks of
art. 12-13 and art. 6-9 on a team's score); nothing here orders teams. Teams the list leaves tied share
their place. Scores come from the boards, as the pairing reads them
(:func:`swisstui.store.event_teams.team_tournament`).
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from engine.model.team_tournament import Score, TeamTournament
from engine.tiebreaks import Value
from engine.tiebreaks.team_order import TeamStandings, team_standings
from engine.tiebreaks.team_spec import TeamTieBreak, parse_team_list
from swisstui.store.event import Event
from swisstui.store.event_teams import team_tournament
from swisstui.language import N_

GROUP_NOTE = N_("EDE, TBR, BBE, DE: place among the teams tied when it was applied; blank: it did not separate them")
"""What a tie-break decided inside a tied group shows (C.07 art. 13.3, 12.2-12.3), as DE does for players."""


def _shown(value: Fraction) -> str:
    whole, half = divmod(value * 2, 2)
    return f"{int(whole)}{'½' if half else ''}" if whole or not half else "½"


def team_tiebreaks(event: Event, upto: int | None = None) -> TeamStandings:
    """The engine's team standings after round ``upto`` (default: the last paired) with the event's tie-break
    list: the order, the ranks (teams still tied share one) and every tie-break's value."""
    return _standings(event, upto)[1]


def _standings(event: Event, upto: int | None) -> tuple[TeamTournament, TeamStandings]:
    last = event.rounds_paired if upto is None else upto
    t = team_tournament(event, through_round=last)
    return t, team_standings(t, parse_team_list(event.settings.tiebreaks), last)


Row = tuple[int, int, str, Fraction, Fraction, int]


@dataclass(frozen=True)
class TeamTable:
    """The team standings after a round, built from one team tournament: the tournament (its primary score),
    the engine's standings (order, ranks, tie-break values) and the rows :func:`team_rows` gives. A screen
    that shows all three asks for this once, so the tournament and the tie-breaks are computed once a draw."""

    tournament: TeamTournament
    standings: TeamStandings
    rows: list[Row]


def team_table(event: Event, upto: int | None = None) -> TeamTable:
    """The standings after round ``upto`` (default: the last paired) with the tournament they come from."""
    t, s = _standings(event, upto)
    return TeamTable(t, s, _rows(t, s))


def tiebreak_cell(tb: TeamTieBreak, value: Value) -> str:
    """One value as the standings show it: ``13.5``, ``4``; blank when there is none, or when a tie-break
    decided inside a tied group (EDE, TBR, BBE, DE) did not separate it."""
    v = value.value
    if v is None or (tb.group and v == 0):
        return ""
    if isinstance(v, int):
        return str(v)
    if tb.acronym in ("AOB", "SSSC"):
        return f"{Decimal(v).quantize(Decimal('0.01'))}"
    text = f"{Decimal(v).normalize():f}"
    return text


def tiebreak_cells(s: TeamStandings, tpn: int) -> list[str]:
    """Team ``tpn``'s tie-break values, in the list's order."""
    return [tiebreak_cell(tb, v) for tb, v in zip(s.tiebreaks, s.values[tpn])]


def team_rows(event: Event, upto: int | None = None) -> list[Row]:
    """(place, team number, name, match points, game points, matches played) for every team, best first:
    the engine's order and ranks (:func:`team_tiebreaks`)."""
    return _rows(*_standings(event, upto))


def _rows(t: TeamTournament, s: TeamStandings) -> list[Row]:
    rows = []
    for tpn in s.order:
        entry = t.teams[tpn]
        played = sum(1 for r in entry.rounds if r.played)
        rows.append((s.rank[tpn], tpn, entry.name, entry.score(Score.MATCH), entry.score(Score.GAME), played))
    return rows


def team_standings_text(event: Event, upto: int | None = None) -> str:
    """The standings after round ``upto`` (default: the last paired), one team a line, a column per tie-break."""
    last = event.rounds_paired if upto is None else upto
    width = max((len(t.name) for t in event.teams), default=4)
    t, s = _standings(event, last)
    codes = [tb.code for tb in s.tiebreaks]
    widths = [max(len(c), 6) for c in codes]
    head = "".join(f"  {c:>{w}}" for c, w in zip(codes, widths))
    lines = [f"{event.name}: team standings after round {last}", "",
             f"{'Pl':>3} {'No':>3}  {'Team':<{width}}  {'MP':>4}  {'GP':>5}  {'Pld':>3}{head}"]
    for place, tpn, name, mp, gp, played in _rows(t, s):
        cells = "".join(f"  {c:>{w}}" for c, w in zip(tiebreak_cells(s, tpn), widths))
        lines.append(f"{place:>3} {tpn:>3}  {name:<{width}}  {_shown(mp):>4}  {_shown(gp):>5}  {played:>3}{cells}".rstrip())
    if any(tb.group for tb in s.tiebreaks):
        lines += ["", GROUP_NOTE]
    return "\n".join(lines) + "\n"


def team_standings_output(event: Event, upto: int | None, fmt: str) -> str:
    """``swisstui standings`` on a team event: the text above, or CSV (``place,number,team,mp,gp,played`` and
    one column per tie-break, named by its code) or JSON with the same fields (``tiebreaks``: code to value);
    scores written as decimals."""
    last = event.rounds_paired if upto is None else upto
    if fmt not in ("csv", "json"):
        return team_standings_text(event, last)
    t, s = _standings(event, last)
    rows = _rows(t, s)
    codes = [tb.code for tb in s.tiebreaks]
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["place", "number", "team", "mp", "gp", "played", *codes])
        for place, tpn, name, mp, gp, played in rows:
            w.writerow([place, tpn, name, _decimal(mp), _decimal(gp), played, *tiebreak_cells(s, tpn)])
        return buf.getvalue()
    if fmt == "json":
        doc = {"event": event.name, "after_round": last, "standings": [
            {"place": place, "number": tpn, "team": name, "mp": float(mp), "gp": float(gp), "played": played,
             "tiebreaks": dict(zip(codes, tiebreak_cells(s, tpn)))}
            for place, tpn, name, mp, gp, played in rows]}
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    return team_standings_text(event, last)


def _decimal(value: Fraction) -> str:
    return f"{float(value):g}"
