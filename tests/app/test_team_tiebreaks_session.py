"""A team event's tie-break list, set through the session, ranks its standings everywhere as Gacrux's checker does.

Two reference tournaments of tests/data/team/ are run through the session (``run`` of
test_team_session: teams registered, rounds paired, every board entered, matches forfeited whole)
with a C.07 team list set before round 1; our standings (the command line's, the published page's)
are then compared with Gacrux's tie-break checker (the FIDE TEC's, test-only) on the team TRF our
own export writes: every rank and every value. Gacrux reads the file we write, not the reference.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest

from oracles.tiebreak_values import gacrux_tiebreaks
from swisstui import store
from swisstui.cli import main
from swisstui.outputs.team_publish import board_standings, team_standings_sheet
from swisstui.outputs.team_standings import team_standings_output, team_tiebreaks
from swisstui.outputs.team_trf_export import export_team_trf
from swisstui.session.action_errors import ActionError
from swisstui.session.actions import Session
from swisstui.store.schema import EventFileError
from tests.app.test_team_session import DATA, run

LIST = "EDE,MPvGP,BH:GP/C1,EMGSB/C1,SB:MP,BC,TBR,BBE"
"""Art. 13.3.1, 13.1, art. 8 on game points with Cut-1, 13.2.2, art. 9.1 on match points, 12.1-12.3."""


def _with_list(codes: str):
    def before_pair(file: Path, rnd: int) -> None:
        if rnd == 1:  # C.07 art. 4.1: the list is published before round 1 (FIDE mode keeps it then)
            Session.open(file).settings.set_tiebreaks(codes)
    return before_pair


def _ours(acronym: str, value: object) -> Decimal | None:
    """Our value as Gacrux prints it (SSSC and AOB rounded as it rounds them)."""
    if value is None:
        return None
    d = Decimal(str(value))
    return d.quantize(Decimal("0.01"), ROUND_HALF_UP) if acronym in ("SSSC", "AOB") else d


@pytest.mark.slow
@pytest.mark.parametrize("name", ["team-d-0053.trf", "team-d-0013.trf"])
def test_team_standings_equal_gacrux_on_our_team_trf(tmp_path: Path, name: str) -> None:
    """team-d-0053: match points first, matches forfeited whole (330); team-d-0013: 330 too."""
    session, ref, differing = run(DATA / name, tmp_path, _with_list(LIST))
    assert differing == [] and session.event.rounds_paired == ref.rounds
    event = Session.open(session.path).event
    assert event.settings.tiebreaks == ("EDE", "MPVGP", "BH:GP/C1", "EMGSB/C1", "SB:MP", "BC", "TBR", "BBE")
    text, _, _ = export_team_trf(event)
    for after in (3, ref.rounds):
        ours = team_tiebreaks(event, after)
        codes = [tb.code for tb in ours.tiebreaks]
        ranks, values = gacrux_tiebreaks(text, codes, rounds=after)
        assert ours.rank == ranks, after
        compared = 0
        for tpn in ours.order:
            for i, tb in enumerate(ours.tiebreaks):
                if not tb.group:  # EDE, TBR, BBE are places in a tied group: compared through the ranks
                    assert _ours(tb.acronym, ours.values[tpn][i].value) == Decimal(str(values[tpn][i])), (tpn, tb)
                    compared += 1
        assert compared == 5 * len(ours.order)
        # the command line's places are those ranks, in the engine's order
        csv_lines = team_standings_output(event, after, "csv").splitlines()
        assert csv_lines[0] == "place,number,team,mp,gp,played," + ",".join(codes)
        assert [(int(line.split(",")[1]), int(line.split(",")[0])) for line in csv_lines[1:]] == \
            [(t, ranks[t]) for t in ours.order]
    sheet = team_standings_sheet(event, ref.rounds)
    assert sheet.columns[6:] == codes
    assert [int(r[1]) for r in sheet.rows] == list(ours.order)
    assert [r[0].rstrip("=") for r in sheet.rows] == [str(ranks[t]) for t in ours.order]


def _league(folder: Path, tiebreaks: str | None = None) -> Session:
    from swisstui.store.team_records import TeamSettings

    event = store.new_event("League", 3, system="fide-team")
    event.team = TeamSettings(2)
    store.create(event, folder / "league.toml")
    session = Session.open(folder / "league.toml")
    for t in range(1, 5):
        session.teams.add(f"T{t}", [{"name": f"P{t}{b}", "rating": 2000 - 100 * t - b} for b in range(2)])
    if tiebreaks is not None:
        session.settings.set_tiebreaks(tiebreaks)
    return session


def test_the_settings_take_team_codes_and_refuse_the_individual_only_ones_with_the_engines_reason(
        tmp_path: Path) -> None:
    session = _league(tmp_path)
    session.settings.set_tiebreaks("mpvgp, EMMSB/C1, EDE/P, BH:GP/C1, BC, TBR, BBE, SSSC/K3")
    assert Session.open(session.path).event.settings.tiebreaks == (
        "MPVGP", "EMMSB/C1", "EDE/P", "BH:GP/C1", "BC", "TBR", "BBE", "SSSC/K3")
    with pytest.raises(ActionError, match=r"ARO needs a team rating.*art\. 10"):
        session.settings.set_tiebreaks("MPvGP,ARO")
    with pytest.raises(ActionError, match=r"KS is for round robins only \(C\.07 art\. 9\.2\)"):
        session.settings.set_tiebreaks("KS")
    with pytest.raises(ActionError, match=r"EMMSB names its scores itself"):
        session.settings.set_tiebreaks("EMMSB:GP")
    with pytest.raises(ActionError, match=r"WIN counts matches and takes no ':GP'"):
        session.settings.set_tiebreaks("WIN:GP")
    assert Session.open(session.path).event.settings.tiebreaks[0] == "MPVGP"  # nothing changed by a refusal


def test_an_individual_event_still_refuses_the_team_codes(event_file: Path) -> None:
    with pytest.raises(ActionError, match="EMMSB"):
        Session.open(event_file).settings.set_tiebreaks("EMMSB")


def test_new_takes_team_codes_and_refuses_a_rating_tiebreak(tmp_path: Path, capsys) -> None:
    path = tmp_path / "league.toml"
    assert main(["new", str(path), "--name", "League", "--rounds", "5", "--system", "fide-team", "--team-size", "4",
                 "--tiebreaks", "EDE,MPvGP,EMGSB/C1"]) == 0
    assert store.load(path).settings.tiebreaks == ("EDE", "MPVGP", "EMGSB/C1")
    assert main(["new", str(tmp_path / "other.toml"), "--name", "X", "--rounds", "5", "--system", "fide-team",
                 "--team-size", "4", "--tiebreaks", "MPvGP,TPR"]) != 0
    assert "--tiebreaks: TPR needs a team rating" in capsys.readouterr().err
    assert not (tmp_path / "other.toml").exists()


def test_an_event_file_with_a_rating_tiebreak_for_teams_is_refused_at_the_field(tmp_path: Path) -> None:
    session = _league(tmp_path, "MPvGP,BH:GP")
    text = session.path.read_text(encoding="utf-8")
    assert 'tiebreaks = ["MPVGP", "BH:GP"]' in text
    session.path.write_text(text.replace('"BH:GP"', '"ARO"'), encoding="utf-8")
    with pytest.raises(EventFileError, match=r"league\.toml:12: settings\.tiebreaks: ARO needs a team rating"):
        store.load(session.path)


def test_the_command_line_standings_take_another_team_list(tmp_path: Path, capsys) -> None:
    session = _league(tmp_path, "MPvGP")
    session.teams.pair()
    for m in session.event.recorded_round(1).team.matches:
        session.teams.set_result(1, m.number, 1, "1-0")
        session.teams.set_result(1, m.number, 2, "1/2-1/2")
    assert main(["standings", str(session.path), "--tiebreaks", "BC,TBR", "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "place,number,team,mp,gp,played,BC,TBR"
    assert main(["standings", str(session.path), "--tiebreaks", "ARO"]) != 0
    assert "ARO needs a team rating" in capsys.readouterr().err


def test_published_board_standings_are_the_engines_with_the_players_ratings(tmp_path: Path) -> None:
    session = _league(tmp_path)
    session.teams.pair()
    matches = session.event.recorded_round(1).team.matches
    for m in matches:
        session.teams.set_result(1, m.number, 1, "1-0")
        session.teams.set_result(1, m.number, 2, "0-1")
    event = Session.open(session.path).event
    sheet = board_standings(event, 1)
    assert sheet.columns == ["Bd", "Rk", "Name", "Team", "Pts", "Rds", "%", "Rtd", "Perf"]
    board1 = [r for r in sheet.rows if r[0] == "1"]
    # board 1: the winners first, each performance their opponent's rating + 800 (B.02 8.1.1: dp(1.0) = 800)
    winners = {event.player(m.boards[0].white).name: event.player(m.boards[0].black).rating for m in matches}
    assert {r[2]: int(r[8]) for r in board1[:2]} == {n: r + 800 for n, r in winners.items()}
    assert [r[1] for r in board1] == ["1", "2", "3", "4"] and all(r[7] == "1" for r in board1)
    assert {r[4] for r in board1[:2]} == {"1"} and {r[6] for r in board1[:2]} == {"100"}
