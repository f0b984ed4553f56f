"""import / export / new through the command line, on the reference tournaments."""

import pytest

from engine import trf
from swisstui import store
from swisstui.cli import main
from tests.data_paths import BURSTEIN, DUTCH, dutch, tournaments

FIXTURES = tournaments(DUTCH) + tournaments(BURSTEIN)


def player_lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines() if line.startswith("001")]


@pytest.mark.slow
def test_every_fixture_survives_trf_toml_trf(tmp_path):
    """Every player line comes back field for field through an event file."""
    assert len(FIXTURES) == 300
    event = tmp_path / "e.toml"
    out = tmp_path / "out.trf"
    for path in FIXTURES:
        assert main(["import", str(path), "-o", str(event), "--force"]) == 0
        assert main(["export", str(event), "--trf", str(out)]) == 0
        written = out.read_text()
        original = path.read_text()
        assert player_lines(written) == player_lines(original), path.name
        # the point system survives too: a 3-1-0 file keeps its 162 record
        if "162  W 3.0" in original:
            assert "162  W 3.0    D 1.0" in written, path.name


def test_import_infers_the_initial_colour_and_keeps_the_event_loadable(tmp_path, capsys):
    path = dutch("dutch-2300007-n10-r5.trf")
    event_path = tmp_path / "e.toml"
    assert main(["import", str(path), "-o", str(event_path)]) == 0
    event = store.load(event_path)
    t = event.to_tournament()
    assert len(t.players) == 10 and t.rounds_played == 5
    reference = trf.load(path).tournament
    assert [t.score(p.id) for p in t.players] == [reference.score(p.id) for p in reference.players]
    # player 1 (odd TPN) had White in round 1 of this file
    assert t.settings.initial_colour.value == "w"
    assert "imported" in capsys.readouterr().out


def test_import_refuses_to_overwrite_and_a_failed_import_changes_nothing(tmp_path, capsys):
    event_path = tmp_path / "e.toml"
    assert main(["new", str(event_path), "--name", "Club", "--rounds", "5"]) == 0
    before = event_path.read_bytes()
    path = dutch("dutch-2300007-n10-r5.trf")
    assert main(["import", str(path), "-o", str(event_path)]) == 2
    assert "already exists" in capsys.readouterr().err
    bad = tmp_path / "bad.trf"
    bad.write_text(path.read_text().replace("Test0003 Player0003               2103", "Test0003 Player0003               21x3"))
    assert main(["import", str(bad), "-o", str(event_path), "--force"]) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "bad.trf:4:" in err[0]
    assert event_path.read_bytes() == before


def test_new_creates_a_loadable_event(tmp_path):
    path = tmp_path / "club.toml"
    assert main(["new", str(path), "--name", "Club Night", "--rounds", "7", "--initial-colour", "black"]) == 0
    event = store.load(path)
    assert event.name == "Club Night"
    assert event.settings.rounds == 7
    assert event.settings.system == "dutch-2026"
    assert event.settings.initial_colour.value == "b"


def test_bad_event_file_exits_3_with_location(tmp_path, capsys):
    path = tmp_path / "broken.toml"
    assert main(["new", str(path), "--name", "Club", "--rounds", "5"]) == 0
    path.write_text(path.read_text().replace("rounds = 5", 'rounds = "five"'))
    assert main(["export", str(path), "--trf", str(tmp_path / "x.trf")]) == 3
    err = capsys.readouterr().err.strip()
    assert "broken.toml:" in err and "rounds" in err
    assert not (tmp_path / "x.trf").exists()


def test_export_and_import_agree_on_an_event_with_no_player(tmp_path, capsys):
    event, trf_path, back = tmp_path / "empty.toml", tmp_path / "empty.trf", tmp_path / "back.toml"
    assert main(["new", str(event), "--name", "Spring Open", "--rounds", "7"]) == 0
    assert main(["export", str(event), "--trf", str(trf_path)]) == 0
    assert main(["import", str(trf_path), "-o", str(back)]) == 0, capsys.readouterr().err
    imported = store.load(back)
    assert (imported.name, imported.settings.rounds, imported.players) == ("Spring Open", 7, [])
    again = tmp_path / "again.trf"
    assert main(["export", str(back), "--trf", str(again)]) == 0
    assert again.read_text(encoding="utf-8") == trf_path.read_text(encoding="utf-8")


def test_an_absent_player_written_0000_dash_dash_is_read_wherever_a_trf_is(tmp_path, capsys):
    """bbpPairings' and JaVaFo's generators write ``0000 - -`` for a player absent from a round."""
    from engine import trf
    from engine.awards.standings import standings

    path = tmp_path / "absent.trf"
    assert main(["generate", "--players", "6", "--rounds", "3", "--seed", "3", "-o", str(path)]) == 0
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    row = next(i for i, line in enumerate(lines) if line.startswith("001    3"))
    assert lines[row][91:99] == "0000 - Z"  # player 3 did not play round 1
    lines[row] = lines[row][:91] + "0000 - -" + lines[row][99:]
    path.write_text("".join(lines), encoding="utf-8")
    expected = {row.player: row.points for row in standings(trf.load(path).pairing_tournament(), 3).rows}
    assert expected[3] == 1
    for command in (["check", str(path)], ["standings", str(path), "--format", "csv"]):
        assert main(command) == 0, capsys.readouterr().err
    shown = capsys.readouterr().out.splitlines()
    header = next(i for i, line in enumerate(shown) if line.startswith("rank,number,name,points"))
    got = {int(r.split(",")[1]): float(r.split(",")[3]) for r in shown[header + 1:]}
    assert got == {pid: float(points) for pid, points in expected.items()}
    event = tmp_path / "absent.toml"
    assert main(["import", str(path), "-o", str(event)]) == 0, capsys.readouterr().err
    first = store.load(event).round(1)
    assert first.board_of(3) is None and first.bye != 3 and 3 not in first.requests
