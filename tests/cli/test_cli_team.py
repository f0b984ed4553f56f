"""A team event from the command line: ``new --team-size``, ``team EVENT ACTION``, and ``pair`` on a team TRF file."""

from __future__ import annotations

from pathlib import Path

import pytest

from swisstui import store
from swisstui.cli import main
from tests.engine.test_team_pairing import before_round, recorded_rounds

DATA = Path(__file__).resolve().parents[1] / "data" / "team"

CSV = """team,board,name,rating,federation
Alpha,1,"Ash, A.",2100,ENG
Alpha,2,"Birch, B.",2000,ENG
Alpha,3,"Reserve, R.",1500,ENG
Beta,1,"Cedar, C.",1900,SCO
Beta,2,"Dogwood, D.",1800,SCO
Gamma,1,"Elm, E.",1700,WLS
Gamma,2,"Fir, F.",1600,WLS
Delta,1,"Gum, G.",1550,IRL
Delta,2,"Hazel, H.",1450,IRL
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def league(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "league.toml"
    code, out, _ = run(capsys, "new", str(path), "--name", "League", "--rounds", "3", "--system", "fide-team",
                       "--team-size", "2", "--team_colours", "B")
    assert code == 0 and "teams of 2 boards" in out
    (tmp_path / "teams.csv").write_text(CSV, encoding="utf-8")
    code, out, _ = run(capsys, "team", str(path), "import", str(tmp_path / "teams.csv"))
    assert code == 0 and "4 teams registered" in out
    return path


def test_new_makes_a_team_event_with_its_settings(league: Path) -> None:
    event = store.load(league)
    assert event.team is not None and event.team.size == 2 and event.settings.options == {"team_colours": "B"}
    alpha = event.team_record(1)
    assert (alpha.name, alpha.roster, alpha.reserves) == ("Alpha", [1, 2], [3])
    assert event.player(3).federation == "ENG" and event.player(4).rating == 1900


def test_new_refuses_a_team_size_for_players_and_teams_without_one(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "new", str(tmp_path / "a.toml"), "--name", "A", "--rounds", "3", "--team-size", "4")
    assert code == 2 and "--team-size: the dutch-2026 system pairs players" in err
    code, _, err = run(capsys, "new", str(tmp_path / "b.toml"), "--name", "B", "--rounds", "3", "--system", "fide-team")
    assert code == 2 and "give the boards of a match" in err
    assert not (tmp_path / "a.toml").exists() and not (tmp_path / "b.toml").exists()


def test_a_bad_csv_names_the_line_and_column_and_registers_nothing(league: Path, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    before = league.read_text(encoding="utf-8")
    bad = tmp_path / "bad.csv"
    bad.write_text("team,board,name,rating\nEpsilon,1,Ivy,1400\nEpsilon,2,Jay,strong\n", encoding="utf-8")
    code, _, err = run(capsys, "team", str(league), "import", str(bad))
    assert code == 3 and f"{bad}:3: rating: expected a number, got 'strong'" in err
    bad.write_text("team,board,name\nEpsilon,1,Ivy\nEpsilon,3,Jay\n", encoding="utf-8")
    code, _, err = run(capsys, "team", str(league), "import", str(bad))
    assert code == 3 and f"{bad}:3: board: team Epsilon has no board 2" in err
    bad.write_text("team,board,name\nEpsilon,1,Ivy\nZeta,1,Kim\nZeta,2,Lee\n", encoding="utf-8")
    code, _, err = run(capsys, "team", str(league), "import", str(bad))
    assert code == 3 and "team Epsilon has no board 2" in err
    assert league.read_text(encoding="utf-8") == before  # nothing registered, not even Zeta


def test_a_round_paired_played_and_standing_from_the_command_line(league: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "team", str(league), "pair")
    assert code == 0
    # C.04.6 art. 3: round 1 pairs the top half against the bottom half, 1-3 and 2-4
    assert "match 1: 1 Alpha - 3 Gamma" in out and "match 2: 4 Delta - 2 Beta" in out
    assert "board 2: 7 Fir, F. - 2 Birch, B." in out  # the team with White on board 1 has Black on board 2
    code, _, err = run(capsys, "team", str(league), "lineup", "1", "1", "2,1")
    assert code == 2 and "breaks its board order" in err
    code, out, _ = run(capsys, "team", str(league), "lineup", "1", "1", "1,3")
    assert code == 0
    code, out, _ = run(capsys, "team", str(league), "result", "1", "1", "1", "1-0")
    assert code == 0 and "match 1 - 0 (1 board to play)" in out
    code, out, _ = run(capsys, "team", str(league), "result", "1", "1", "2", "1/2-1/2")
    assert "match 1½ - ½" in out
    code, _, err = run(capsys, "team", str(league), "pair")
    assert code == 2 and "match 2 (4-2), board 1 has no result" in err
    code, out, _ = run(capsys, "team", str(league), "forfeit", "1", "2", "white")
    assert code == 0
    code, out, _ = run(capsys, "team", str(league), "standings")
    # by hand: Alpha won 1½-½ (2 MP), Beta won by forfeit (2 MP, 2 GP), Gamma ½, Delta 0; the catalogue's list:
    # MPvGP the game points, after one round Cut-1 drops the only opponent (EMGSB/C1, BH:MP/C1 0), EDE not needed
    assert out.splitlines()[2:] == [
        " Pl  No  Team     MP     GP  Pld   MPVGP  EMGSB/C1  BH:MP/C1     EDE",
        "  1   2  Beta      2      2    0       2         0         0",
        "  2   1  Alpha     2     1½    1     1.5         0         0",
        "  3   3  Gamma     0      ½    1     0.5         0         0",
        "  4   4  Delta     0      0    0       0         0         0",
        "",
        "EDE, TBR, BBE, DE: place among the teams tied when it was applied; blank: it did not separate them",
    ]
    # pair EVENT.toml prints the next round and stores nothing; team pair stores the same pairing
    before = league.read_text(encoding="utf-8")
    code, printed, _ = run(capsys, "pair", str(league))
    assert code == 0 and league.read_text(encoding="utf-8") == before
    run(capsys, "team", str(league), "pair")
    stored = store.load(league).recorded_round(2).team
    assert printed.splitlines() == [str(len(stored.matches))] + [f"{m.white} {m.black}" for m in stored.matches]


def test_pair_on_a_team_trf_file_answers_the_checkers_protocol(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Each round of a reference file, cut as it stood before the round, paired as Gacrux paired it."""
    text = (DATA / "team-d-0053.trf").read_text(encoding="latin-1")
    for rnd, expected in sorted(recorded_rounds(text).items()):
        cut = tmp_path / f"r{rnd}.trf"
        cut.write_text(before_round(text, rnd), encoding="latin-1")
        code, out, _ = run(capsys, "pair", str(cut), "-p", "-")
        lines = out.splitlines()
        assert code == 0 and int(lines[0]) == len(expected)
        assert {tuple(map(int, line.split())) for line in lines[1:]} == expected, rnd


def test_pair_refuses_a_team_file_naming_a_missing_player(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = before_round((DATA / "team-d-0031.trf").read_text(encoding="latin-1"), 2)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("310"))
    lines[at] = lines[at][:73] + "  999" + lines[at][78:]
    bad = tmp_path / "bad.trf"
    bad.write_text("\n".join(lines) + "\n", encoding="latin-1")
    code, _, err = run(capsys, "pair", str(bad))
    assert code == 3 and f"{bad}" in err and "999" in err
