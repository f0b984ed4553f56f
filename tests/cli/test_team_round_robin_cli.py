"""An 8-team, 4-board team round robin run from the command line: ``new --system berger-teams``, ``team
import``, ``team draw --seed``, ``team pair`` seven times, ``team result`` board by board, ``team standings``.

Each command reads the event file from disk and writes it back. Every round must be the Berger table's
row for the teams' numbers (Gacrux's schedule, ``tests/data/berger/rr-08.csv``); the standings printed
must be the test's own count (tests/app/test_team_round_robin.py holds the results and works them out).
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from engine.systems.roundrobin import numbers
from swisstui.cli import main
from swisstui.session.actions import Session
from tests.app.test_team_round_robin import CLUBS, RESULTS, gacrux_schedule


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_a_league_of_eight_clubs_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event, teams = str(tmp_path / "league.toml"), tmp_path / "teams.csv"
    with teams.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["team", "board", "name", "rating"])
        for t, club in enumerate(CLUBS):
            w.writerows([club, b, f"{club} {b}", 2300 - 30 * t - 10 * b] for b in range(1, 5))
    out = cli(capsys, "new", event, "--system", "berger-teams", "--team-size", "4", "--name", "Club league",
              "--rounds", "1")
    assert out.endswith(": Club league, 1 rounds, team-berger, teams of 4 boards\n")  # the draw sets the rounds
    cli(capsys, "team", event, "import", str(teams))
    out = cli(capsys, "team", event, "draw", "--seed", "2026")
    drawn = numbers.draw_by_lot(list(range(1, 9)), 2026)
    assert out.splitlines()[0] == "team numbers drawn with seed 2026 (recorded in the event's log); 7 rounds"
    assert out.splitlines()[1:] == [f"{new:3d}  {CLUBS[old - 1]}" for old, new in
                                    sorted(drawn.items(), key=lambda kv: kv[1])]
    table = gacrux_schedule(8, "single")
    for rnd in range(1, 8):
        cli(capsys, "team", event, "pair")
        stored = Session.open(Path(event)).event.recorded_round(rnd).team
        assert {(m.white, m.black) for m in stored.matches} == table[rnd - 1], f"round {rnd}"
        for match in stored.matches:
            low, high = sorted((match.white, match.black))
            for board, mark in enumerate(RESULTS[(low, high)], start=1):
                white_team, _ = match.side_of_board(board)
                won, lost = ("1-0", "0-1") if white_team == low else ("0-1", "1-0")
                result = {"1": won, "=": "1/2-1/2", "0": lost}[mark]
                cli(capsys, "team", event, "result", str(rnd), str(match.number), str(board), result)
    lines = cli(capsys, "team", event, "standings").splitlines()
    assert lines[2].split() == ["Pl", "No", "Team", "MP", "GP", "Pld", "MPVGP", "EDE", "EMGSB"]
    # place, number, match points, game points (the test's own count, tests/app/test_team_round_robin.py)
    assert [tuple(line.split()[i] for i in (0, 1, 3, 4)) for line in lines[3:11]] == [
        ("1", "2", "11", "16"), ("2", "6", "8", "15"), ("3", "7", "8", "15"), ("4", "3", "7", "14"),
        ("5", "1", "6", "13"), ("6", "8", "6", "13"), ("7", "4", "5", "14½"), ("8", "5", "5", "11½")]
    rows = list(csv.reader(cli(capsys, "standings", event, "--format", "csv").splitlines()))
    assert [r[:2] for r in rows[1:]] == [["1", "2"], ["2", "6"], ["3", "7"], ["4", "3"], ["5", "1"], ["6", "8"],
                                         ["7", "4"], ["8", "5"]]


def test_new_takes_a_team_list_and_refuses_a_buchholz(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = str(tmp_path / "league.toml")
    assert main(["new", event, "--name", "L", "--rounds", "7", "--system", "berger-teams", "--team-size", "4",
                 "--tiebreaks", "BH:GP"]) != 0
    assert "--tiebreaks: BH:GP must not be used in round robins (C.07 art. 8)" in capsys.readouterr().err
    cli(capsys, "new", event, "--name", "L", "--rounds", "7", "--system", "berger-teams", "--team-size", "4",
        "--tiebreaks", "EDE,MPvGP")
    assert Session.open(Path(event)).event.settings.tiebreaks == ("EDE", "MPVGP")



def test_the_team_trf_keeps_the_round_robin_and_its_import_pairs_on_by_the_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event, trf, back = (str(tmp_path / n) for n in ("league.toml", "league.trf", "back.toml"))
    cli(capsys, "new", event, "--name", "L", "--rounds", "7", "--system", "berger-teams", "--team-size", "2")
    for club in CLUBS:
        cli(capsys, "team", event, "add", club, "--player", f"{club} 1,2000", "--player", f"{club} 2,1900")
    cli(capsys, "team", event, "draw", "--keep")
    for rnd in (1, 2):
        cli(capsys, "team", event, "pair")
        for match in Session.open(Path(event)).event.recorded_round(rnd).team.matches:
            for board in (1, 2):
                cli(capsys, "team", event, "result", str(rnd), str(match.number), str(board), "1-0")
    cli(capsys, "export", event, "--trf", trf)
    assert [line for line in Path(trf).read_text(encoding="latin-1").splitlines() if line.startswith("192")] == \
        ["192 FIDE_TEAM_ROUNDROBIN"]  # ours: ETT26 names no team round robin (docs/systems.md)
    cli(capsys, "import", trf, "-o", back)
    assert Session.open(Path(back)).event.settings.system == "team-berger"
    cli(capsys, "team", back, "pair")
    stored = Session.open(Path(back)).event.recorded_round(3).team
    assert {(m.white, m.black) for m in stored.matches} == gacrux_schedule(8, "single")[2]
