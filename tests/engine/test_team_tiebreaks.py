"""Team standings and board standings (C.07 2026 art. 12-13, art. 6-9 on team scores, art. 10.2).

The numbers are worked out by hand from the players' rows and 310 records of
tests/data/team/team-d-0031.trf (12 teams, 4 boards, 5 rounds, match points first,
every match played) and team-d-0003.trf (game points first, byes, withdrawals).
Team 1 of team-d-0031 met 7, 4, 3, 2, 5 and scored 4, 2.5, 4, 2, 3.5 game points
(16), 2, 2, 2, 1, 2 match points (9); the opponents finished on 5, 6, 6, 9, 6 match
points and 9, 13, 12.5, 14, 13 game points.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from engine.model.team_tournament import Score
from engine.tiebreaks.board_standings import board_standings
from engine.tiebreaks.spec import TieBreakError
from engine.tiebreaks.team_order import team_standings
from engine.tiebreaks.team_spec import is_team_code, parse_team, parse_team_list
from engine.trf.team_read import read_team_trf

DATA = Path(__file__).resolve().parents[1] / "data" / "team"


def _read(name: str):
    text = (DATA / name).read_text(encoding="latin-1")
    return text, read_team_trf(text, name)


def _values(name: str, codes: str) -> dict[int, list[Decimal | int | None]]:
    _, tt = _read(name)
    st = team_standings(tt, parse_team_list(codes))
    return {t: [v.value for v in st.values[t]] for t in st.order}


def test_team_one_by_hand():
    v = _values("team-d-0031.trf", "MPvGP,BH,SB,EMMSB,EMGSB,EGMSB,EGGSB,BH:GP,BC,SSSC")[1]
    assert v == [
        16,                                  # 13.1: game points, match points deciding
        32,                                  # 8.1 on MP: 5 + 6 + 6 + 9 + 6
        55,                                  # 9.1 on MP: 5×2 + 6×2 + 6×2 + 9×1 + 6×2
        55,                                  # 13.2.1 is the same product
        98,                                  # 13.2.2: 5×4 + 6×2.5 + 6×4 + 9×2 + 6×3.5
        109,                                 # 13.2.3: 9×2 + 13×2 + 12.5×2 + 14×1 + 13×2
        192,                                 # 13.2.4: 9×4 + 13×2.5 + 12.5×4 + 14×2 + 13×3.5
        Decimal("61.5"),                     # 8.1 on GP: 9 + 13 + 12.5 + 14 + 13
        41,                                  # 12.1: 1×3 + 2×5 + 3×4 + 4×4
        32,                                  # 13.4: 16 + 32 / floor(2×5 / 4)
    ]


def test_primary_tie_broken_each_way():
    # teams 1 and 2 both have 9 match points and drew their match 2-2 (round 4)
    _, tt = _read("team-d-0031.trf")
    by_gp = team_standings(tt, parse_team_list("EDE,MPvGP"))
    assert by_gp.order[:2] == (1, 2) and by_gp.rank[1] == 1 and by_gp.rank[2] == 2
    assert [v.value for v in by_gp.values[1]] == [0, 16]  # EDE separates nobody: 1-1, then 2-2
    by_boards = team_standings(tt, parse_team_list("BC"))  # team 2's board count is 34, team 1's 41
    assert by_boards.order[:2] == (2, 1)


def test_direct_encounter_between_teams_that_never_met():
    # teams 3, 4 and 5 finish on 6 match points without having met (opponents 9 6 1 7 2,
    # 10 1 2 12 8, 11 2 12 6 1): art. 6.3 can place none of them, they share third place
    _, tt = _read("team-d-0031.trf")
    st = team_standings(tt, parse_team_list("DE"))
    assert [st.score[t] for t in (3, 4, 5)] == [6, 6, 6]
    assert [st.rank[t] for t in (3, 4, 5)] == [3, 3, 3]
    assert [st.values[t][0].value for t in (3, 4, 5)] == [0, 0, 0]
    # the next tie-break then splits them: game points 12.5, 13, 13
    st = team_standings(tt, parse_team_list("DE,MPvGP"))
    assert [st.rank[t] for t in (3, 4, 5)] == [5, 3, 3]


def test_game_points_primary_and_a_bye():
    # record 192 FIDE_TEAM_TYPEA_GP_MP: game points decide; team 16 had the bye in round 3
    _, tt = _read("team-d-0003.trf")
    st = team_standings(tt, parse_team_list("BH"))
    assert st.primary is Score.GAME
    assert st.score[16] == 10 and st.secondary[16] == 3
    bye = next(p for p in st.values[16][0].parts if p.round == 3)
    assert bye.value == 10  # 16.4.2: own 10 game points, under the cap of a draw (2) per round
    assert "16.4.2" in bye.what


def test_board_standings_by_hand():
    text, tt = _read("team-d-0031.trf")
    ratings = {int(line[4:8]): int(line[48:52]) for line in text.splitlines() if line.startswith("001")}
    boards = board_standings(tt, ratings)
    assert sorted(boards) == [1, 2, 3, 4]
    first = boards[2][0]
    # player 2 won all five games on board 2 against 2068, 2302, 2355, 2443, 2182: 2270 + 800
    assert (first.player, first.team, first.points, first.games, first.performance) == (2, 1, 5, 5, 3070)
    one = next(x for x in boards[1] if x.player == 1)
    # 3/5 against 2123, 2380, 2422, 2504, 2195: 2325 + dp(0.60) = 72 (B.02 8.1.1)
    assert (one.points, one.performance, one.percentage) == (3, 2397, 60)
    assert all(len(lines) == 12 for lines in boards.values())  # every team's player on every board


def test_board_minimum_games():
    text, tt = _read("team-d-0031.trf")
    assert board_standings(tt, {}, min_games=6) == {}


@pytest.mark.parametrize("code, message", [
    ("ARO", "team rating"), ("KS", "round robins"), ("BH:XP", "MP or GP"), ("EMGSB:GP", "names its scores"),
    ("BC/C1", "does not take /C1"), ("WIN:GP", "counts matches"), ("XYZ", "unknown team tie-break"),
])
def test_refused_codes(code, message):
    with pytest.raises(TieBreakError, match=message):
        parse_team(code)


def test_codes_as_written():
    assert [tb.code for tb in parse_team_list("PTS,bh:gp/c1,EMGSB/C1,MPvGP,EDE/P")] == [
        "BH:GP/C1", "EMGSB/C1", "MPVGP", "EDE/P"]
    assert is_team_code("EMGSB/C1") and is_team_code("bbe") and not is_team_code("BH:GP")


def test_board_chains_of_ede():
    # teams 1 and 2: 9 match points each, their match of round 4 drawn 2-2, so EDE leaves them
    # tied (13.3.1). Boards of that match for team 1: 0, 1, 0, 1; for team 2: 1, 0, 1, 0.
    _, tt = _read("team-d-0031.trf")
    assert team_standings(tt, parse_team_list("EDE")).rank[1] == team_standings(
        tt, parse_team_list("EDE")).rank[2] == 1
    for code in ("EDEBT", "EDEBB"):  # board count 1×1 + 3×1 = 4 against 2×1 + 4×1 = 6: lower wins (12.1)
        st = team_standings(tt, parse_team_list(code))
        assert (st.rank[2], st.rank[1]) == (1, 2), code
    for code in ("EDET", "EDEB"):  # board 1 won by team 2 (12.2); boards 1-3: 2 against 1 (12.3)
        st = team_standings(tt, parse_team_list(code))
        assert (st.rank[2], st.rank[1]) == (1, 2), code


def test_wins_are_matches_when_game_points_decide():
    # team-d-0003 (game points first): team 1 has 22 match points from 11 rounds (its 310
    # record), 11 matches won, all over the board; art. 7 counts them, not all-boards wins
    _, tt = _read("team-d-0003.trf")
    st = team_standings(tt, parse_team_list("WIN,WON"))
    wins = sum(1 for r in tt.teams[1].rounds if r.match_points == 2)
    assert [v.value for v in st.values[1]] == [wins, wins]
    assert wins == 11


def test_sssc_factor_is_the_tournaments():
    # 13.4: the highest primary score achievable in the tournament (5 rounds × 2 MP) over the
    # highest game points of one match (4): 2, after round 2 as after round 5. Team 1 after
    # round 2: 6.5 game points; Buchholz 1 + 2 (team 7 lost 0-4 then drew 2-2, team 4 won
    # 3.5-0.5 then lost) = 3; 6.5 + 3 / 2, and with a factor of 4 set by the rules 6.5 + 3 / 4
    _, tt = _read("team-d-0031.trf")
    st = team_standings(tt, parse_team_list("SSSC,SSSC/K4"), after=2)
    assert st.secondary[1] == Decimal("6.5")
    assert [v.value for v in st.values[1]] == [Decimal("8"), Decimal("7.25")]


def test_group_values_say_with_whom():
    # EDE's shown value is a place inside the tied group; team 11 is alone on 1 match point
    _, tt = _read("team-d-0031.trf")
    st = team_standings(tt, parse_team_list("EDE"))
    assert (st.values[11][0].value, st.values[11][0].note) == (0, "not tied")
    assert st.values[3][0].note == "tied with 4, 5"
