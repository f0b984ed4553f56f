"""Team TRF-2026 files (C.02.03 Annex A records 001, 142, 152, 162, 192, 240, 310, 320, 330, 352, 362)
written by engine/trf/team_write.py and read back by engine/trf/team_load.py without loss, Gacrux
pairing the files we write as the reference tournaments record, and bad files refused with the
line and columns.

tests/data/team/ holds seven of the reference tournaments (its README): every round-192 code, byes,
absent and withdrawn teams, board forfeits and forfeited matches (330).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from engine.model.registration import Registration
from engine.model.team_tournament import (
    BoardGame,
    ColourType,
    RoundKind,
    Score,
    TeamEntry,
    TeamRound,
    TeamTournament,
)
from engine.model.tournament import ResultCode
from engine.trf.errors import TrfError
from engine.trf.team_document import (
    ForfeitedMatch,
    TeamDetails,
    TeamEventHeader,
    TeamPlayer,
    TeamTrfDocument,
    before_round,
)
from engine.trf.team_load import read_team_document
from engine.trf.team_read import read_team_trf
from engine.trf.team_write import system_code, write_team_trf
from oracles.gacrux_team import recorded_rounds, round_checks

DATA = Path(__file__).resolve().parents[1] / "data" / "team"
FILES = sorted(DATA.glob("*.trf"))


def _lines(name: str) -> list[str]:
    return (DATA / name).read_text(encoding="latin-1").splitlines()


def _refused(lines: list[str]) -> TrfError:
    with pytest.raises(TrfError) as err:
        read_team_document("\n".join(lines) + "\n", source="bad.trf")
    return err.value


def _index(lines: list[str], prefix: str) -> int:
    return next(i for i, x in enumerate(lines) if x.startswith(prefix))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_team_file_is_read_written_and_read_back_equal(path: Path) -> None:
    text = path.read_text(encoding="latin-1")
    doc = read_team_document(text, source=path.name)
    written = write_team_trf(doc)
    assert read_team_document(written, source="written") == doc
    # the text itself: the file's, but 0000 where it left an empty opponent's column "   0"
    assert written.splitlines() == [ln.replace("     0 - ", "  0000 - ") for ln in text.splitlines()]
    assert read_team_trf(written) == read_team_trf(text)


def test_the_document_keeps_what_the_pairing_model_does_not() -> None:
    doc = read_team_document((DATA / "team-d-0053.trf").read_text(encoding="latin-1"))
    assert doc.header.name == "Gacrux C.04.6 corpus dev s90260055"
    assert doc.header.start == "2026/03/01" and doc.header.chief_arbiter == "Simulated Arbiter"
    assert doc.board_colours == "WBWB"
    assert doc.details[1].short_name == "SUI12" and doc.details[1].strength == 2200 and doc.details[1].rank == 1
    first = doc.players[0]
    assert (first.id, first.registration.name, first.registration.rating, first.registration.fide_id) == (
        1, "Schmidt, Ida T01B1", 2380, 10550001)
    assert doc.game_scoring[-1] == ("P", Fraction(1, 2))
    # the 330 record "-+ 007 5 3": team 3, with Black on board 1, won the forfeited match
    assert [(f.round, f.white, f.black, f.kind) for f in doc.forfeits] == [(7, 5, 3, "-+")]
    assert system_code(doc.tournament) == "FIDE_TEAM_MP_GP"


def test_match_points_of_record_362_are_applied_written_and_read_back() -> None:
    lines = _lines("team-d-0031.trf")
    i = _index(lines, "352")
    plain = read_team_document("\n".join(lines) + "\n")
    lines.insert(i + 1, "362 TW 3.0   TD 1.0   TL 0.0")
    for tpn, team in plain.tournament.teams.items():  # the 310 totals the file states, for 3/1/0
        wins = sum(1 for r in team.rounds if r.match_points == 2)
        draws = sum(1 for r in team.rounds if r.match_points == 1)
        j = _index(lines, f"310 {tpn:3d}")
        lines[j] = lines[j][:54] + f"{3 * wins + draws:6.1f}" + lines[j][60:]
    doc = read_team_document("\n".join(lines) + "\n")
    assert doc.match_scoring == (Fraction(3), Fraction(1), Fraction(0))
    given = {r.match_points for t in doc.tournament.teams.values() for r in t.rounds}
    assert given == {Fraction(3), Fraction(1), Fraction(0)}
    written = write_team_trf(doc)
    assert "362 TW 3.0   TD 1.0   TL 0.0" in written.splitlines()
    assert read_team_document(written) == doc


def test_a_document_cut_before_a_round_is_the_file_as_it_stood() -> None:
    doc = read_team_document((DATA / "team-d-0053.trf").read_text(encoding="latin-1"))
    cut = before_round(doc, 7)
    assert cut.tournament.rounds_played == 6
    assert cut.tournament.absent_next == frozenset({10})     # 240 Z 007 10
    assert cut.forfeits == ()                                # the forfeit was in round 7
    written = write_team_trf(cut)
    assert "240 Z 007   10" in written.splitlines()
    assert "320  1.0  2.0 015 000 014 013 012 009" in written.splitlines()
    assert read_team_document(written) == cut


@pytest.mark.slow  # 51 Gacrux runs, a child process each: some 30 seconds
def test_gacrux_pairs_every_round_of_the_files_we_write_as_recorded_and_as_we_do(tmp_path: Path) -> None:
    compared = 0
    for path in FILES:
        text = path.read_text(encoding="latin-1")
        doc = read_team_document(text, source=path.name)
        for check in round_checks(doc, recorded_rounds(text), tmp_path, path.stem):
            assert check.gacrux == check.recorded, (path.name, check.round)
            assert check.ours == check.recorded, (path.name, check.round)
            compared += 1
    assert compared == 51


def test_a_team_naming_a_missing_player_is_refused_at_the_players_columns() -> None:
    lines = _lines("team-d-0031.trf")
    i = _index(lines, "310   3")
    lines[i] = lines[i][:78] + " 999" + lines[i][82:]   # board 2
    err = _refused(lines)
    assert (err.line, err.columns) == (i + 1, (79, 82))
    assert "team 3 names player 999, who has no 001 record" in err.what


def test_a_team_of_the_wrong_size_is_refused() -> None:
    lines = _lines("team-d-0031.trf")
    i = _index(lines, "310   2")
    lines[i] = lines[i][:-5]                              # three players for four boards
    err = _refused(lines)
    assert (err.line, err.columns) == (i + 1, (74, 87))
    assert "team 2 lists 3 players for 4 boards" in err.what
    with pytest.raises(TrfError):                          # the pairing's reader refuses it too
        read_team_trf("\n".join(lines))


def test_a_player_on_two_rosters_is_refused_at_the_second() -> None:
    lines = _lines("team-d-0031.trf")
    i, j = _index(lines, "310   2"), _index(lines, "310   1")
    lines[i] = lines[i][:83] + lines[j][73:77] + lines[i][87:]   # team 1's first player on team 2's board 3
    err = _refused(lines)
    assert (err.line, err.columns) == (i + 1, (84, 87))
    assert "player 1 is on the rosters of teams 1 and 2" in err.what


def test_team_match_points_the_results_do_not_make_are_refused() -> None:
    lines = _lines("team-d-0031.trf")
    i = _index(lines, "310   4")
    lines[i] = lines[i][:54] + "  99.0" + lines[i][60:]
    err = _refused(lines)
    assert (err.line, err.columns) == (i + 1, (55, 60))
    assert "team 4's match points are '99.0'" in err.what


def test_a_330_record_the_board_results_do_not_make_is_refused() -> None:
    lines = _lines("team-d-0053.trf")
    i = _index(lines, "330")
    lines[i] = "330 +- 007   5   3"                     # the boards say team 3 won it
    err = _refused(lines)
    assert (err.line, err.columns) == (i + 1, (5, 18))
    assert "players' results make 330 -+ 007 5 3" in err.what


def test_a_330_record_for_a_match_played_is_refused() -> None:
    lines = _lines("team-d-0031.trf")
    lines.append("330 +- 001   1   7")
    err = _refused(lines)
    assert err.line == len(lines)
    assert "no forfeited match" in err.what


def test_a_board_whose_two_sides_disagree_is_refused_at_the_round() -> None:
    lines = _lines("team-d-0031.trf")
    i = _index(lines, "001    2 ")
    block = 91 + 10 * 2                                    # round 3
    result = lines[i][block + 7]
    lines[i] = lines[i][:block + 7] + ("1" if result != "1" else "0") + lines[i][block + 8:]
    err = _refused(lines)
    assert (err.line, err.columns) == (i + 1, (112, 119))
    assert "round 3:" in err.what


def test_a_colour_off_record_352_is_refused() -> None:
    lines = _lines("team-d-0031.trf")
    i = _index(lines, "001    2 ")
    block = 91                                             # round 1, board 2 of team 1
    opp = int(lines[i][block:block + 4])
    j = _index(lines, f"001 {opp:4d} ")
    swap = {"w": "b", "b": "w"}
    lines[i] = lines[i][:block + 5] + swap[lines[i][block + 5]] + lines[i][block + 6:]
    lines[j] = lines[j][:block + 5] + swap[lines[j][block + 5]] + lines[j][block + 6:]
    err = _refused(lines)
    assert err.line == i + 1 and err.columns == (97, 97)
    assert "off record 352" in err.what


def test_a_bye_record_naming_the_wrong_team_is_refused() -> None:
    lines = _lines("team-d-0053.trf")
    i = _index(lines, "320")
    lines[i] = lines[i][:14] + "014" + lines[i][17:]        # round 1's bye went to team 15
    err = _refused(lines)
    assert (err.line, err.columns) == (i + 1, (15, 17))
    assert "the players' records give it to 15" in err.what


def test_a_players_points_the_results_do_not_make_are_refused() -> None:
    lines = _lines("team-d-0031.trf")
    i = _index(lines, "001    3 ")
    lines[i] = lines[i][:80] + "12.5" + lines[i][84:]
    err = _refused(lines)
    assert (err.line, err.columns) == (i + 1, (81, 84))
    assert "player 3's points are '12.5'" in err.what


def test_a_lineup_record_300_the_boards_contradict_or_naming_another_teams_player_is_refused() -> None:
    lines = _lines("team-d-0031.trf")
    lines.append("300 001   1   7    2    1    3    4")          # boards 1 and 2 swapped: the 001 records disagree
    err = _refused(lines)
    assert "round 1: board 1 of team 1 faces player 26" in err.what
    lines[-1] = "300 001   1   7    1    2    3    5"          # player 5 plays for team 2
    err = _refused(lines)
    assert (err.line, err.columns) == (len(lines), (32, 35))
    assert "record 300: player 5 is not a player of team 1" in err.what
    lines[-1] = "300 001   1   7    1    2    3"               # three boards of four
    err = _refused(lines)
    assert err.line == len(lines) and "record 300 gives team 1 3 boards in round 1" in err.what


def test_a_forfeited_match_without_its_330_cannot_be_written() -> None:
    doc = read_team_document((DATA / "team-d-0053.trf").read_text(encoding="latin-1"))
    with pytest.raises(ValueError, match="team 3, round 7: a match not played against team 5"):
        write_team_trf(dataclasses.replace(doc, forfeits=()))


def test_an_absence_record_naming_a_team_that_played_is_refused() -> None:
    lines = _lines("team-d-0053.trf")
    i = _index(lines, "240 Z 002")
    lines[i] = "240 Z 002    2    4"                      # team 4 played round 2
    err = _refused(lines)
    assert (err.line, err.columns) == (i + 1, (16, 19))
    assert "team 4 was absent from round 2" in err.what


def test_a_teams_half_point_bye_is_refused_not_dropped() -> None:
    lines = _lines("team-d-0031.trf")
    lines.append("240 H 006    3")
    err = _refused(lines)
    assert (err.line, err.columns) == (len(lines), (5, 5))


def _hand_made() -> TeamTrfDocument:
    """Three teams of two boards, two rounds, built as the app will build it: round 1 team 1 beats
    team 2 1.5-0.5 (team 1 White on board 1), team 3 has the bye; round 2 team 1 loses to team 3 by
    forfeit (team 3 White on board 1), team 2 has the bye."""
    w, l, d = ResultCode.WIN, ResultCode.LOSS, ResultCode.DRAW
    fw, fl = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS
    bye = TeamRound(RoundKind.BYE, game_points=Fraction(1), match_points=Fraction(1))
    teams = {
        1: TeamEntry(1, "Alpha", (1, 2), [
            TeamRound(RoundKind.MATCH, 2, True, True, Fraction(3, 2), Fraction(2),
                      boards=(BoardGame(1, 1, 3, True, w), BoardGame(2, 2, 4, False, d))),
            TeamRound(RoundKind.MATCH, 3, False, None, Fraction(0), Fraction(0),
                      boards=(BoardGame(1, 1, 5, None, fl), BoardGame(2, 2, 6, None, fl)))]),
        2: TeamEntry(2, "Beta", (3, 4), [
            TeamRound(RoundKind.MATCH, 1, True, False, Fraction(1, 2), Fraction(0),
                      boards=(BoardGame(1, 3, 1, False, l), BoardGame(2, 4, 2, True, d))),
            bye]),
        3: TeamEntry(3, "Gamma", (5, 6), [
            bye,
            TeamRound(RoundKind.MATCH, 1, False, None, Fraction(2), Fraction(2), forfeit_win=True,
                      boards=(BoardGame(1, 5, 1, None, fw), BoardGame(2, 6, 2, None, fw)))]),
    }
    t = TeamTournament(teams, total_rounds=3, team_size=2, colour_type=ColourType.B, primary=Score.GAME,
                       bye_match_points=Fraction(1), bye_game_points=Fraction(1), absent_next=frozenset({2}))
    players = tuple(TeamPlayer(i, Registration(f"Player, {i}", rating=2000 + i, federation="SUI", fide_id=100 + i,
                                               birth="2001/02/03", sex="w", title="WFM"))
                    for i in range(1, 7))
    return TeamTrfDocument(t, players, TeamEventHeader(name="Club league", chief_arbiter="A. Arbiter",
                                                       deputies=("B. Deputy",), round_dates=("26/03/01", "26/03/08")),
                           {1: TeamDetails("ALP", 2002, None)}, board_colours="WB",
                           forfeits=(ForfeitedMatch(2, 3, 1, "+-"),))


def test_a_document_built_by_hand_is_written_as_trf_2026_and_read_back_equal() -> None:
    doc = _hand_made()
    text = write_team_trf(doc)
    lines = text.splitlines()
    assert "192 FIDE_TEAM_TYPEB_GP_MP" in lines and "352 WB" in lines and "142 3" in lines
    assert ("001    1 wWFM Player, 1                         2001 SUI         101 2001/02/03  1.0       "
            "   3 w 1     5 b -") in lines           # board 1 of team 1: White, then Black (330 below)
    assert "001    6 wWFM Player, 6                         2006 SUI         106 2001/02/03  1.5       0000 - U     2 b +" in lines
    assert "310   1 Alpha                            ALP     2002    2.0    1.5         1    2" in lines
    assert "320  1.0  1.0 003 002" in lines
    assert "240 Z 003    2" in lines
    assert "330 +- 002   3   1" in lines
    assert next(ln for ln in lines if ln.startswith("132"))[91:] == "26/03/01  26/03/08"  # columns 92-99, 102-109
    assert read_team_document(text) == doc


def test_a_round_whose_boards_do_not_make_its_points_is_not_written() -> None:
    doc = _hand_made()
    alpha = doc.tournament.teams[1]
    alpha.rounds[0] = dataclasses.replace(alpha.rounds[0], game_points=Fraction(2))
    with pytest.raises(ValueError, match="team 1, round 1: the boards make 1.5 game points and 2.0 match points"):
        write_team_trf(doc)


def test_a_system_code_with_a_part_the_model_does_not_keep_is_refused_not_dropped() -> None:
    lines = _lines("team-d-0031.trf")
    i = _index(lines, "192")
    lines[i] = "192 FIDE_TEAM_TYPEA_MP_GP_XX_BAKU"
    err = _refused(lines)
    assert err.line == i + 1 and err.columns[0] == 5


def test_a_bye_not_on_every_board_is_refused() -> None:
    lines = _lines("team-d-0053.trf")
    i = _index(lines, "001   58 ")                          # board 2 of team 15, which had round 1's bye
    lines[i] = lines[i][:91] + "   0 - Z" + lines[i][99:]
    lines[i] = lines[i][:80] + " 3.0" + lines[i][84:]
    err = _refused(lines)
    assert err.line == i and err.columns == (92, 99)      # reported on the line of the team's first board
    assert "team 15 has no opponent in round 1 and its players have U Z" in err.what


def test_an_unpaired_team_with_forfeit_losses_is_refused_not_written_back_as_absent() -> None:
    lines = _lines("team-d-0053.trf")
    block = 91 + 10                                            # round 2, when team 2 was absent (240 Z 002 2)
    first = _index(lines, "001    5 ")
    for i in range(first, first + 4):
        lines[i] = lines[i][:block] + "   0 - -" + lines[i][block + 8:]
    err = _refused(lines)
    assert (err.line, err.columns) == (first + 1, (102, 109))
    assert "team 2 has no opponent in round 2 and its players have -" in err.what


def test_players_with_a_game_not_one_a_board_without_a_lineup_record_are_refused_at_the_team() -> None:
    lines = _lines("team-d-0031.trf")
    i = _index(lines, "001    4 ")                           # board 4 of team 1 in round 1, made to sit out
    lines[i] = lines[i][:91] + "0000 - Z" + lines[i][99:]
    err = _refused(lines)
    assert err.line == _index(lines, "310   1 ") + 1
    assert "round 1: 3 players of team 1 have a game for 4 boards, and no record 300" in err.what


def test_a_lineup_record_leaving_out_a_player_with_a_game_is_refused() -> None:
    lines = _lines("team-d-0031.trf")
    lines.append("300 001   1   7    1    2    3    0")
    err = _refused(lines)
    assert err.line == len(lines) and "record 300 leaves out player 4 of team 1" in err.what
