"""A team event and its TRF-2026 file: ``export --trf`` writes it, ``import`` reads it back, Gacrux pairs it.

The seven reference tournaments of tests/data/team/ (README.md there) are imported and written
back; an event the session ran round by round (tests/app/test_team_session.py's ``run``) is written
and read back, and before each of its rounds Gacrux, the FIDE technical commission's engine, pairs
our export: its pairing must be the one the session stored.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.awards.ratings import event_ratings
from engine.trf.team_load import read_team_document
from swisstui import store
from swisstui.cli import main
from swisstui.outputs.trf_export import export_trf
from swisstui.store.event import Event
from tests.app.test_team_session import run

DATA = Path(__file__).resolve().parents[1] / "data" / "team"
FILES = sorted(p.name for p in DATA.glob("*.trf"))


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def view(event: Event) -> dict[str, Any]:
    """What a team event holds that TRF-2026 can say, in a form two events compare by. Matches are keyed by
    their teams (TRF numbers no match); a withdrawn team is absent from each round it does not play
    (TRF-2026 has no record telling the two apart)."""
    assert event.team is not None
    rounds = []
    for number in range(1, event.rounds_paired + 2):
        rnd = event.round(number)
        absent = {t.id for t in event.teams if not t.plays_in(number)} | set(rnd.team.absent if rnd else ())
        matches = {} if rnd is None else {
            (m.white, m.black): ([(b.board, b.white, b.black, b.result) for b in m.boards], m.forfeit)
            for m in rnd.team.matches}
        rounds.append((matches, rnd.team.bye if rnd else None, sorted(absent)))
    s = event.settings
    return {
        "settings": (s.rounds, s.system, s.options, s.initial_colour, event.team),
        "players": [(p.id, p.registration()) for p in sorted(event.players, key=lambda p: p.id)],
        "teams": [(t.id, t.name, t.short, t.roster, t.reserves) for t in event.teams],
        "rounds": rounds,
    }


def exported(event: Event) -> str:
    done = export_trf(event)
    return done.text


def imported(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, stem: str) -> Event:
    trf, toml = tmp_path / f"{stem}.trf", tmp_path / f"{stem}.toml"
    trf.write_text(text, encoding="latin-1")
    code, out, err = cli(capsys, "import", str(trf), "-o", str(toml))
    assert code == 0, err
    return store.load(toml)


@pytest.mark.parametrize("name", FILES)
def test_a_reference_team_file_is_imported_whole_and_written_back(tmp_path: Path, name: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    original = (DATA / name).read_text(encoding="latin-1")
    event = imported(tmp_path, capsys, original, "first")
    ref = read_team_document(original)
    assert event.team is not None and len(event.teams) == len(ref.tournament.teams)
    assert event.rounds_paired == ref.tournament.rounds_played
    text = exported(event)
    ours = read_team_document(text)
    # every team's rounds (opponent, colour, boards with each player's result, scores) as the file has them
    assert ours.tournament.teams == ref.tournament.teams
    assert [(p.id, p.registration) for p in ours.players] == [(p.id, p.registration) for p in ref.players]
    assert set(ours.forfeits) == set(ref.forfeits)
    assert ours.tournament.absent_next == ref.tournament.absent_next
    # event -> TRF -> event: the same event, and the same file again
    again = imported(tmp_path, capsys, text, "second")
    assert view(again) == view(event)
    assert exported(again) == text


@pytest.mark.slow
def test_an_event_the_session_ran_is_written_and_read_back_without_loss(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    session, _, differing = run(DATA / "team-d-0053.trf", tmp_path)  # byes, withdrawal, forfeits, a forfeited match
    assert differing == []
    event = session.event
    event.info.city = "Leeds"
    event.players[0].fide_id, event.players[0].birth, event.players[0].title = 1503014, "1990/04/01", "FM"
    text = exported(event)
    assert "022 Leeds" in text and "330 " in text and "320 " in text
    again = imported(tmp_path, capsys, text, "back")
    assert view(again) == view(event)
    assert again.info.city == "Leeds" and again.players[0].registration() == event.players[0].registration()


def gacrux_pairs(trf: Path) -> set[tuple[int, int]]:
    """Gacrux's pairing of the next round of ``trf`` (record 192 names the system): (white, black), black 0 the bye."""
    done = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-p", "-i", str(trf)],
                          capture_output=True, text=True, timeout=600)
    data = json.loads(done.stdout)
    assert data["status"]["code"] == 0, data["status"]
    return {(int(w), int(b)) for w, b in data["pairingResult"]["pairs"]}


@pytest.mark.slow
@pytest.mark.parametrize("name", ["team-d-0053.trf", "team-d-0013.trf"])
def test_gacrux_pairs_each_round_of_our_export_as_the_session_did(tmp_path: Path, name: str) -> None:
    """Before each round, the event the session keeps is exported; Gacrux pairs the file, the session the event."""
    theirs: dict[int, set[tuple[int, int]]] = {}

    def before_pair(file: Path, rnd: int) -> None:
        trf = tmp_path / f"before-{rnd}.trf"
        trf.write_text(exported(store.load(file)), encoding="latin-1")
        theirs[rnd] = gacrux_pairs(trf)

    session, ref, differing = run(DATA / name, tmp_path, before_pair)
    assert differing == []
    for rnd in range(1, ref.rounds + 1):
        stored = session.event.recorded_round(rnd).team
        ours = {(m.white, m.black) for m in stored.matches} | ({(stored.bye, 0)} if stored.bye else set())
        assert ours == theirs[rnd], rnd


def test_a_failed_import_names_file_line_and_columns_and_writes_nothing(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    lines = (DATA / "team-d-0031.trf").read_text(encoding="latin-1").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("310"))
    lines[at] = lines[at][:73] + "  999" + lines[at][78:]
    bad, out = tmp_path / "bad.trf", tmp_path / "bad.toml"
    bad.write_text("\n".join(lines) + "\n", encoding="latin-1")
    code, _, err = cli(capsys, "import", str(bad), "-o", str(out))
    assert code == 3 and f"{bad}:{at + 1}:74-77: team" in err and "999" in err
    assert not out.exists()
    # a team of the wrong size (a board's player left off record 310); an existing event file stays as it was
    lines[at] = (DATA / "team-d-0031.trf").read_text(encoding="latin-1").splitlines()[at][:88]
    bad.write_text("\n".join(lines) + "\n", encoding="latin-1")
    out.write_text("kept", encoding="utf-8")
    code, _, err = cli(capsys, "import", str(bad), "-o", str(out), "--force")
    assert code == 3 and f"{bad}:{at + 1}:74-" in err and "3 players for 4 boards" in err
    assert out.read_text(encoding="utf-8") == "kept"


def test_the_players_board_games_are_their_own_rated_games(tmp_path: Path) -> None:
    """Each player's rounds in the individual view are the file's 001 record (opponent and result, round by
    round), and the rating figures count each game played over the board (B.02: forfeits and byes are not rated)."""
    session, ref, _ = run(DATA / "team-d-0031.trf", tmp_path)
    event = session.event
    t = event.to_tournament()
    ours = {old: new + 1 for new, old in enumerate(p for _, (_, roster) in sorted(ref.teams.items()) for p in roster)}
    figures = event_ratings(t)
    for old, (_, _, games) in ref.players.items():
        history = t.player(ours[old]).history
        assert [(ours.get(opp), code) for opp, _, code in games] == \
            [(e.opponent, e.code.value) for e in history], old
        # every player of this file is rated (072 = 062): each game over the board is a rated game
        assert figures[ours[old]].games == sum(1 for opp, _, code in games if opp and code in "10="), old
    assert sum(f.games for f in figures.values()) > 0


def test_standings_of_a_team_event_are_the_teams(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``swisstui standings EVENT``: every team's match and game points as the reference file's 310 records."""
    session, ref, _ = run(DATA / "team-d-0053.trf", tmp_path)
    code, out, _ = cli(capsys, "standings", str(session.path), "--format", "csv")
    assert code == 0
    rows = [line.split(",") for line in out.splitlines()]
    assert rows[0] == ["place", "number", "team", "mp", "gp", "played"]
    text = (DATA / "team-d-0053.trf").read_text(encoding="latin-1")
    expected = {int(line[4:7]): (float(line[54:60]), float(line[61:67])) for line in text.splitlines()
                if line.startswith("310")}
    assert {int(r[1]): (float(r[3]), float(r[4])) for r in rows[1:]} == expected
    mp = [float(r[3]) for r in rows[1:]]
    assert mp == sorted(mp, reverse=True)
    code, out, _ = cli(capsys, "standings", str(session.path))
    assert code == 0 and "team standings after round 8" in out


def test_an_export_with_a_reserve_on_a_board_writes_the_reserve_after_the_roster(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "league.toml"
    assert cli(capsys, "new", str(path), "--name", "League", "--rounds", "3", "--system", "fide-team",
               "--team-size", "2")[0] == 0
    teams_csv = "team,board,name,rating\n" + "".join(f"T{t},{b},P{t}{b},{2000 - 10 * t - b}\n"
                                                     for t in range(1, 5) for b in (1, 2, 3))
    (tmp_path / "teams.csv").write_text(teams_csv, encoding="utf-8")
    assert cli(capsys, "team", str(path), "import", str(tmp_path / "teams.csv"))[0] == 0
    code, _, err = cli(capsys, "export", str(path), "--trf", str(tmp_path / "before.trf"))
    assert code == 0 and "reserves 3 not written" in err
    assert cli(capsys, "team", str(path), "pair")[0] == 0
    assert cli(capsys, "team", str(path), "lineup", "1", "1", "1,3")[0] == 0
    for m in store.load(path).recorded_round(1).team.matches:
        for board in (1, 2):
            assert cli(capsys, "team", str(path), "result", "1", str(m.number), str(board), "1-0")[0] == 0
    code, _, err = cli(capsys, "export", str(path), "--trf", str(tmp_path / "after.trf"))
    assert code == 0 and "reserves 3 not written" not in err
    text = (tmp_path / "after.trf").read_text(encoding="latin-1")
    team1 = next(line for line in text.splitlines() if line.startswith("310   1 "))
    assert team1.split()[-3:] == ["1", "2", "3"]  # record 310: the roster, then the reserve who played
    assert not any(line.startswith("300") for line in text.splitlines())  # 1 and 3 sat in board order
    again = imported(tmp_path, capsys, text, "back")
    assert again.recorded_round(1).team.match_of(1).lineup(1) == [1, 3]  # type: ignore[union-attr]
    assert again.team_record(1).reserves == [3]


def test_board_colours_other_than_w_and_b_a_board_are_refused_naming_the_line(tmp_path: Path,
                                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "league.toml"
    assert cli(capsys, "new", str(path), "--name", "League", "--rounds", "3", "--system", "fide-team",
               "--team-size", "4")[0] == 0
    text = path.read_text(encoding="utf-8")
    for bad in ("WBX W", "WBW"):
        edited = text.replace("[settings.team]\n", f'[settings.team]\nboard_colours = "{bad}"\n')
        line = edited.splitlines().index(f'board_colours = "{bad}"') + 1
        path.write_text(edited, encoding="utf-8")
        with pytest.raises(store.EventFileError) as err:
            store.load(path)
        assert f"{path}:{line}" in str(err.value) and "board_colours" in str(err.value) and "4 boards" in str(err.value)
    path.write_text(text.replace("[settings.team]\n", '[settings.team]\nboard_colours = "wbbw"\n'), encoding="utf-8")
    event = store.load(path)
    assert event.team is not None and event.team.board_colours == "WBBW"
    code, _, err = cli(capsys, "export", str(path), "--trf", str(tmp_path / "x.trf"), "--dialect", "bbp")
    assert code == 3 and "no team records" in err


def test_standings_players_gives_each_players_rated_games_of_a_team_event(tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """``standings EVENT --players``: the players' own standings, with the rating figures of their board games."""
    session, ref, _ = run(DATA / "team-d-0031.trf", tmp_path)
    code, out, _ = cli(capsys, "standings", str(session.path), "--players", "--format", "csv")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    games = {int(r[1]): int(r[rows[0].index("rated_games")]) for r in rows[1:]}
    points = {int(r[1]): float(r[3]) for r in rows[1:]}
    ours = {old: new + 1 for new, old in enumerate(p for _, (_, roster) in sorted(ref.teams.items()) for p in roster)}
    text = (DATA / "team-d-0031.trf").read_text(encoding="latin-1")
    for line in text.splitlines():
        if line.startswith("001"):
            old = int(line[4:8])
            played = sum(1 for g in ref.players[old][2] if g[0] and g[2] in "10=")
            assert (games[ours[old]], points[ours[old]]) == (played, float(line[80:84])), old
