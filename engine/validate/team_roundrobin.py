"""The independent check of a team round robin's round: the pairs and colours of the Berger table
(C.05 Annex 1) for the teams' numbers.

Shares no code with ``engine.systems.roundrobin``: the table's closed forms of
:mod:`engine.validate.roundrobin` (which round two numbers meet in, who is named first) are
applied to the teams, and the meetings are read again from the teams' rounds. A pair's first
team has White on board 1 (C.04.6(2026) art. 1.6: a team's colour is its first board's).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.model.team_tournament import RoundKind, TeamTournament
from engine.model.wording import _, ngettext
from engine.validate.roundrobin import scheduled_round, table_opponent, table_round


def check_team_round_robin(event: TeamTournament, pairs: Iterable[tuple[int, int]], cycles: int,
                           forfeited: Iterable[tuple[int, int, str]] = ()) -> list[str]:
    """Every way the round's pairing (``(white, black)``, black 0 for the bye) departs from the table of
    ``cycles`` cycles, one line each naming the Annex; an empty list when it is the table's row. ``forfeited``:
    the matches (white, black, the side that lost) a withdrawn team loses by forfeit when the regulations say
    so (C.06 art. 5.4, ``left_games_forfeited``): each must be the table's pair of the round, lost by a team
    that withdrew."""
    teams = sorted(event.teams)
    count = len(teams)
    if teams != list(range(1, count + 1)) or count < 3:
        return [_("C.05 Annex 1: the teams' numbers are not 1 to {count}, each once (3 teams at least)").format(
            count=count)]
    cycle = count + count % 2 - 1
    rounds = cycle * cycles
    rnd = event.rounds_played + 1
    if rnd > rounds:
        return [ngettext("C.05 Annex 1: a round robin of {count} teams in {cycles} cycle has {rounds} rounds, not "
                         "{round}",
                         "C.05 Annex 1: a round robin of {count} teams in {cycles} cycles has {rounds} rounds, not "
                         "{round}", cycles).format(count=count, cycles=cycles, rounds=rounds, round=rnd)]
    want, reverse = scheduled_round(count, rounds, rnd)
    away = event.absent_next
    problems: list[str] = []
    seen: dict[int, int] = {}
    first_of_cycle = rnd - (rnd - 1) % cycle  # the event's first round of this pair's cycle
    for white, black in sorted(pairs):  # in number order, so the findings read the same every time
        for team in (white, black):
            if team:
                seen[team] = seen.get(team, 0) + 1
                if team in away:
                    problems.append(_("team {team} is absent from round {round} and cannot be paired").format(
                        team=team, round=rnd))
        if black == 0:
            if table_opponent(count, rounds, rnd, white) != count + 1:
                problems.append(_("C.05 Annex 1: team {team} has the bye of round {round}, not its table's round "
                                  "off").format(team=white, round=rnd))
            continue
        r, first, second = table_round(count, white, black)
        if reverse:
            first, second = second, first
        if r != want:
            problems.append(_("C.05 Annex 1: teams {first} and {second} meet in the table's round {table}, not in "
                              "round {round} (the table's {want})").format(first=white, second=black, table=r,
                                                                            round=rnd, want=want))
        elif (white, black) != (first, second):
            problems.append(_("C.05 Annex 1: in round {round} team {first} has White on board 1 against {second}")
                            .format(round=rnd, first=first, second=second))
        history = event.teams[white].rounds[first_of_cycle - 1:] if white in event.teams else []
        if any(past.kind is RoundKind.MATCH and past.opponent == black for past in history):
            problems.append(_("C.05 Annex 1: teams {first} and {second} have already met in this cycle").format(
                first=white, second=black))
    problems += _forfeited_problems(event, forfeited, seen, count, rnd, want, reverse)
    for team, times in sorted(seen.items()):
        if times > 1:
            problems.append(_("team {team} is paired {count} times in round {round}").format(team=team, count=times,
                                                                                              round=rnd))
    for team in teams:
        if team in away or team in seen:
            continue
        other = table_opponent(count, rounds, rnd, team)
        if other == count + 1 or other not in away:  # its match or its round off is due
            problems.append((_("C.05 Annex 1: team {team} is not paired in round {round} (its table opponent: the "
                               "bye)") if other == count + 1 else
                             _("C.05 Annex 1: team {team} is not paired in round {round} (its table opponent: team "
                               "{other})")).format(team=team, round=rnd, other=other))
    return problems


def _forfeited_problems(event: TeamTournament, forfeited: Iterable[tuple[int, int, str]], seen: dict[int, int],
                        count: int, rnd: int, want: int, reverse: bool) -> list[str]:
    """The matches a withdrawal forfeits (C.06 art. 5.4): each lost by a team that withdrew, under regulations
    that forfeit them, and the table's pair of the round; ``seen`` counts their teams as paired."""
    problems: list[str] = []
    for white, black, side in sorted(forfeited):
        lost, other = (white, black) if side == "white" else (black, white)
        for team in (lost, other):
            seen[team] = seen.get(team, 0) + 1
        if not event.left_games_forfeited:
            problems.append(_("C.06 art. 5.4: match {first}-{second} is forfeited, and the regulations leave a "
                              "withdrawn team's matches not played").format(first=white, second=black))
        if lost not in event.withdrawn:
            problems.append(_("team {team} has not withdrawn, and loses match {first}-{second} by forfeit").format(
                team=lost, first=white, second=black))
        r, first, second = table_round(count, white, black)
        if reverse:
            first, second = second, first
        if r != want or (white, black) != (first, second):
            problems.append(_("C.05 Annex 1: the forfeited match {first}-{second} is not the table's pair of round "
                              "{round}").format(first=white, second=black, round=rnd))
    return problems
