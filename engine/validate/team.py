"""The absolute criteria of C.04.6 (2026) checked on a team round, recomputed from the history.

Shares no code with ``engine.systems.team``: meetings and bye rights are read again from
the teams' rounds here, so a mistake in the pairing cannot hide by being repeated.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.model.catalogue import Check, SystemInfo
from engine.model.team_tournament import RoundKind, TeamTournament
from engine.model.wording import _, ngettext
from engine.validate.team_roundrobin import check_team_round_robin


def validate_team_round(system: SystemInfo, event: TeamTournament, pairs: Iterable[tuple[int, int]],
                        forfeited: Iterable[tuple[int, int, str]] = ()) -> list[str]:
    """The rules ``system`` declares for a team round (its catalogue ``checks``) that the pairing breaks;
    ``forfeited``: a round robin's matches a withdrawn team loses by forfeit (none in a Swiss)."""
    if Check.TEAM_ABSOLUTE in system.checks:
        return check_team_round(event, pairs) + [f"match {w}-{b} forfeited by the pairing: a Swiss forfeits none"
                                                 for w, b, _ in forfeited]
    if Check.TEAM_ROUND_ROBIN_TABLE in system.checks:  # C.05 Annex 1 for the teams' numbers
        return check_team_round_robin(event, pairs, system.cycles, forfeited)
    return []


def check_team_round(event: TeamTournament, pairs: Iterable[tuple[int, int]]) -> list[str]:
    """Every rule a round's pairing (``(white, black)``, black 0 for the bye) breaks, one
    line each naming the article; an empty list when it complies."""
    problems: list[str] = []
    present = {t for t in event.teams if t not in event.absent_next}
    seen: dict[int, int] = {}
    byes: list[int] = []
    for white, black in pairs:
        for team in (white, black):
            if team == 0:
                continue
            if team not in event.teams:
                problems.append(_("team {team} is not in the tournament").format(team=team))
            elif team not in present:
                problems.append(_("team {team} is absent from this round and cannot be paired").format(team=team))
            seen[team] = seen.get(team, 0) + 1
        if black == 0:
            byes.append(white)
            continue
        if white == black:
            problems.append(_("team {team} is paired against itself").format(team=white))
            continue
        a, b = event.teams.get(white), event.teams.get(black)
        if a is not None and b is not None and any(
                r.kind is RoundKind.MATCH and r.played and r.opponent == black for r in a.rounds):
            # C.04.6(2026) art. 2.1.1 [C1]; a match lost by forfeit was no meeting
            problems.append(_("[C1] art. 2.1.1: teams {first} and {second} have already played each other").format(
                first=white, second=black))
    for team, count in sorted(seen.items()):
        if count > 1:
            problems.append(_("team {team} is paired {count} times").format(team=team, count=count))
    for team in sorted(present - set(seen)):
        problems.append(_("team {team} is present and not paired (art. 3.3.2)").format(team=team))
    if len(byes) != len(present) % 2 or len(byes) > 1:
        problems.append(ngettext("{byes} pairing-allocated byes for {count} team (art. 1.4: one when odd)",
                                 "{byes} pairing-allocated byes for {count} teams (art. 1.4: one when odd)",
                                 len(present)).format(byes=len(byes), count=len(present)))
    for team in byes:
        rounds = event.teams[team].rounds if team in event.teams else []
        if any(r.kind is RoundKind.BYE for r in rounds):
            problems.append(_("[C2] art. 2.1.2: team {team} has already received the pairing-allocated bye").format(
                team=team))
        elif any(r.kind is RoundKind.MATCH and not r.played and r.game_points > 0 and r.match_points == 2
                 for r in rounds):
            problems.append(_("[C2] art. 2.1.2: team {team} has won a match by forfeit").format(team=team))
    return problems
