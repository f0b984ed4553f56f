"""Team round robins (C.05 Annex 1 for teams): the Berger table's rows for the teams' numbers, the
validator's check of them, and the team tie-breaks a round robin refuses.

The rounds are compared with Gacrux's schedules (``tests/data/berger/rr-NN.csv``), not with our own
table: a team round robin is the players' table with the teams' numbers.
"""

from __future__ import annotations

import csv
from fractions import Fraction

import pytest

from engine import systems
from engine.model.team_tournament import RoundKind, TeamEntry, TeamRound, TeamTournament
from engine.systems.roundrobin.teams import NoTableRound, pair_team, pair_team_double
from engine.tiebreaks.team_round_robin import team_misplaced
from engine.tiebreaks.team_spec import parse_team
from engine.validate.team import validate_team_round
from tests.data_paths import berger


def gacrux(teams: int, order: str) -> list[set[tuple[int, int]]]:
    """Gacrux's rounds for ``teams`` numbers (``single`` or ``double-fide``), the bye as ``(team, 0)``."""
    rounds: dict[int, set[tuple[int, int]]] = {}
    with berger(teams).open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["system"] == order:
                rounds.setdefault(int(row["round"]), set()).add((int(row["white"]), int(row["black"])))
    return [rounds[r] for r in sorted(rounds)]


def league(teams: int, rounds: int) -> TeamTournament:
    return TeamTournament({t: TeamEntry(t, f"Club {t}", (4 * t - 3, 4 * t - 2, 4 * t - 1, 4 * t))
                           for t in range(1, teams + 1)}, total_rounds=rounds, team_size=4)


def play(event: TeamTournament, pairs: set[tuple[int, int]]) -> None:
    """Record a round: every match won 2½-1½ by the team with White on board 1; the bye a round off."""
    for white, black in pairs:
        if black == 0:
            event.teams[white].rounds.append(TeamRound(RoundKind.BYE))
            continue
        event.teams[white].rounds.append(TeamRound(RoundKind.MATCH, black, True, True, Fraction(5, 2), Fraction(2)))
        event.teams[black].rounds.append(TeamRound(RoundKind.MATCH, white, True, False, Fraction(3, 2), Fraction(0)))


def paired(made: object) -> set[tuple[int, int]]:
    return {(m.white, m.black) for m in made.matches}  # type: ignore[attr-defined]


@pytest.mark.parametrize("teams", range(3, 25))
def test_every_round_of_a_single_league_is_gacruxs_row(teams: int) -> None:
    info = systems.get("berger-teams")
    expected = gacrux(teams, "single")
    event = league(teams, len(expected))
    for rnd, want in enumerate(expected, start=1):
        made = info.pair_teams(event)
        assert made.round == rnd and paired(made) == want, f"round {rnd}"
        assert validate_team_round(info, event, paired(made)) == [], f"round {rnd}"
        play(event, want)


@pytest.mark.parametrize("teams", range(3, 25))
def test_every_round_of_a_double_league_is_gacruxs_row_in_the_recommended_order(teams: int) -> None:
    info = systems.get("berger-teams-double")
    expected = gacrux(teams, "double-fide")
    event = league(teams, len(expected))
    for rnd, want in enumerate(expected, start=1):
        assert paired(info.pair_teams(event)) == want, f"round {rnd}"
        assert validate_team_round(info, event, want) == [], f"round {rnd}"
        play(event, want)


def test_the_first_named_team_has_white_on_board_1_and_the_odd_team_a_round_off() -> None:
    # C.05 Annex 1, 7 or 8: round 2 is 8-5, 6-4, 7-3, 1-2; with seven teams 8 is the bye: 5 has the round off
    event = league(7, 7)
    play(event, gacrux(7, "single")[0])
    made = pair_team(event)
    assert [(m.white, m.black) for m in made.matches] == [(6, 4), (7, 3), (1, 2), (5, 0)]


def test_an_absent_teams_match_is_left_off_and_its_opponent_not_paired() -> None:
    event = league(8, 7)
    event.absent_next = frozenset({4})
    made = pair_team(event)  # round 1: 1-8, 2-7, 3-6, 4-5
    assert paired(made) == {(1, 8), (2, 7), (3, 6)} and made.idle == (5,)
    assert validate_team_round(systems.get("team-berger"), event, paired(made)) == []


def test_a_withdrawn_teams_match_is_forfeited_when_the_regulations_say_so_and_checked_by_the_validator() -> None:
    """C.06 art. 5.4 (left-games forfeited): round 1's 4-5 with team 4 withdrawn is lost by 4, not left off."""
    info = systems.get("team-berger")
    event = league(8, 7)
    event.absent_next = event.withdrawn = frozenset({4})
    assert pair_team(event).forfeited == () and pair_team(event).idle == (5,)  # not-played: left off
    event.left_games_forfeited = True
    made = pair_team(event)
    assert paired(made) == {(1, 8), (2, 7), (3, 6)} and made.idle == ()
    assert [(m.white, m.black, m.forfeit) for m in made.forfeited] == [(4, 5, "white")]
    assert validate_team_round(info, event, paired(made), [(4, 5, "white")]) == []
    assert validate_team_round(info, event, paired(made), [(4, 5, "black")]) == [
        "team 5 has not withdrawn, and loses match 4-5 by forfeit"]
    assert validate_team_round(info, event, {(1, 8), (2, 7), (4, 5)}, [(3, 6, "white")]) == [
        "team 4 is absent from round 1 and cannot be paired", "team 3 has not withdrawn, and loses match 3-6 by forfeit"]
    event.absent_next = frozenset({4, 5})  # both away: nobody plays, nothing to forfeit
    assert pair_team(event).forfeited == () and pair_team(event).idle == ()
    assert "match 4-5 forfeited by the pairing: a Swiss forfeits none" in \
        validate_team_round(systems.get("fide-team"), event, set(), [(4, 5, "white")])


def test_the_validator_names_what_departs_from_the_table() -> None:
    info = systems.get("team-berger")
    event = league(8, 7)
    row = {(1, 8), (2, 7), (3, 6), (4, 5)}
    assert validate_team_round(info, event, row) == []
    assert validate_team_round(info, event, {(8, 1), (2, 7), (3, 6), (4, 5)}) == [
        "C.05 Annex 1: in round 1 team 1 has White on board 1 against 8"]
    assert validate_team_round(info, event, {(1, 2), (8, 7), (3, 6), (4, 5)}) == [
        "C.05 Annex 1: teams 1 and 2 meet in the table's round 2, not in round 1 (the table's 1)",
        "C.05 Annex 1: teams 8 and 7 meet in the table's round 6, not in round 1 (the table's 1)"]
    assert validate_team_round(info, event, {(1, 8), (2, 7), (3, 6)}) == [
        "C.05 Annex 1: team 4 is not paired in round 1 (its table opponent: team 5)",
        "C.05 Annex 1: team 5 is not paired in round 1 (its table opponent: team 4)"]
    odd = league(7, 7)
    assert validate_team_round(info, odd, {(1, 0), (2, 7), (3, 6), (4, 5)}) == []
    assert "C.05 Annex 1: team 2 has the bye of round 1, not its table's round off" in \
        validate_team_round(info, odd, {(2, 0), (1, 7), (3, 6), (4, 5)})


def test_the_validator_refuses_a_second_meeting_in_a_cycle() -> None:
    info = systems.get("team-berger-double")
    event = league(4, 6)
    play(event, {(1, 4), (2, 3)})
    # a hand-made round 2 that repeats 1-4 (the table's round 2 is 4-3, 1-2)
    found = validate_team_round(info, event, {(1, 4), (2, 3)})
    assert "C.05 Annex 1: teams 1 and 4 have already met in this cycle" in found


def test_numbers_off_the_table_and_a_wrong_number_of_rounds_are_refused() -> None:
    event = league(8, 7)
    event.teams[9] = event.teams.pop(8)
    with pytest.raises(NoTableRound, match="team numbers are 1 to 8, each once; the event has 1, 2, 3, 4, 5, 6, 7, 9"):
        pair_team(event)
    with pytest.raises(NoTableRound, match="a double-fide round robin of 8 teams has 14 rounds; the event announces 7"):
        pair_team_double(league(8, 7))


def test_a_team_round_robin_refuses_the_buchholz_family_and_what_is_built_of_it() -> None:
    assert team_misplaced(parse_team("BH:GP"), round_robin=True) == "BH:GP must not be used in round robins (C.07 art. 8)"
    assert team_misplaced(parse_team("SSSC"), round_robin=True) == \
        "SSSC is built of a Buchholz (C.07 art. 13.4), which round robins must not use (art. 8)"
    assert team_misplaced(parse_team("EDE"), round_robin=True) is None
    assert team_misplaced(parse_team("BH:GP"), round_robin=False) is None
    assert systems.get("berger-teams").tiebreaks == ("MPVGP", "EDE", "EMGSB")


def test_a_team_round_robin_refuses_a_tournament_of_players() -> None:
    from engine.model.tournament import Settings, Tournament

    with pytest.raises(systems.SystemNotAvailable, match="pairs teams, not players"):
        systems.get("team-berger").pair(Tournament(Settings(rounds=7, system="team-berger"), ()))
