"""``swisstui generate --teams N --boards B --rounds R -o EVENT.toml``: a random team event, played through the
session's team path, written as an event file every other command reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.model.team_tournament import Score
from swisstui import store
from swisstui.cli import main
from swisstui.store.event_teams import team_tournament


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_random_team_event_is_paired_and_played_to_its_last_round(tmp_path: Path, capsys) -> None:
    path = tmp_path / "random.toml"
    code, out, err = run(capsys, "generate", "--teams", "7", "--boards", "3", "--rounds", "4", "--seed", "11",
                         "-o", str(path))
    assert code == 0, err
    assert "7 teams of 3 boards, 4 rounds" in out
    event = store.load(path)
    assert event.settings.system == "fide-team" and event.team is not None and event.team.size == 3
    assert [len(t.roster) for t in event.teams] == [3] * 7
    assert event.rounds_paired == 4
    for number in range(1, 5):
        rnd = event.round(number)
        assert rnd is not None
        placed = [t for m in rnd.team.matches for t in m.teams] + ([rnd.team.bye] if rnd.team.bye else [])
        assert sorted(placed + rnd.team.absent) == list(range(1, 8))  # seven teams: one bye or absence a round
        assert all(m.finished for m in rnd.team.matches)
        for m in rnd.team.matches:  # the team "with White" has White on boards 1, 3 (C.04.6 art. 1.6)
            for b in m.boards:
                white_team = m.white if b.board % 2 else m.black
                assert b.white in event.team_record(white_team).board_order
    teams = team_tournament(event).teams  # each board gives out one point but for a double forfeit
    games = sum(len(m.boards) for r in event.rounds for m in r.team.matches)
    byes = sum(1 for r in event.rounds if r.team.bye is not None)
    assert 0 < sum(e.score(Score.GAME) for e in teams.values()) <= games + 3 * byes
    again = tmp_path / "again.toml"
    run(capsys, "generate", "--teams", "7", "--boards", "3", "--rounds", "4", "--seed", "11", "-o", str(again))
    assert store.dumps(store.load(again)).replace(str(again), "") == store.dumps(event).replace(str(path), "")


def test_bad_team_generation_arguments_are_refused_in_one_line(tmp_path: Path, capsys) -> None:
    path = tmp_path / "x.toml"
    code, _, err = run(capsys, "generate", "--teams", "1", "--rounds", "3", "-o", str(path))
    assert code != 0 and "need 2 to" in err and not path.exists()
    code, _, err = run(capsys, "generate", "--teams", "6", "--players", "10", "--rounds", "3", "-o", str(path))
    assert code != 0 and "--players and --teams" in err and not path.exists()
    code, _, err = run(capsys, "generate", "--rounds", "3", "-o", str(path))
    assert code != 0 and "--players N" in err
