"""pair / check / generate: the JaVaFo / bbpPairings protocol other programs rely on."""

from pathlib import Path

from engine import trf

from engine.systems import replay
from swisstui.cli import main
from tests.data_paths import BURSTEIN, dutch, tournaments

FIXTURE = dutch("dutch-2300007-n10-r5.trf")


def read_pairs(text: str) -> tuple[set[tuple[int, int]], set[int]]:
    lines = text.split("\n")
    count = int(lines[0])
    games, byes = set(), set()
    for line in lines[1 : 1 + count]:
        a, b = map(int, line.split())
        if b == 0:
            byes.add(a)
        else:
            games.add((a, b))
    return games, byes


def test_pair_writes_the_reference_pairing_of_a_fixture_round(tmp_path):
    full = trf.load(FIXTURE).pairing_tournament()
    before = replay.before_round(full, 4)
    src = tmp_path / "in.trf"
    src.write_text(trf.dumps(before, dialect="javafo"))
    out = tmp_path / "out.txt"
    assert main(["pair", "--system", "dutch", str(src), "-p", str(out)]) == 0
    games, byes = read_pairs(out.read_text())
    played = replay.played_round(full, 4)
    assert games == {(b.white, b.black) for b in played.boards}
    assert byes == ({played.bye} if played.bye else set())


def test_pair_explain_prints_brackets(tmp_path, capsys):
    full = trf.load(FIXTURE).pairing_tournament()
    src = tmp_path / "in.trf"
    src.write_text(trf.dumps(replay.before_round(full, 3)))
    assert main(["pair", str(src), "-p", str(tmp_path / "out.txt"), "--explain"]) == 0
    captured = capsys.readouterr()
    assert "bracket" in captured.err.lower() and captured.out == ""


def test_pair_explain_goes_to_standard_error_wherever_the_pairing_goes(tmp_path, capsys):
    full = trf.load(FIXTURE).pairing_tournament()
    src = tmp_path / "in.trf"
    src.write_text(trf.dumps(replay.before_round(full, 3)))
    for output in ([], ["-p"], ["-p", "-"], ["-p", str(tmp_path / "out.txt")]):
        assert main(["pair", str(src), *output, "--explain"]) == 0
        captured = capsys.readouterr()
        assert "bracket" in captured.err.lower(), output
        assert "bracket" not in captured.out.lower(), output
        if output[-1:] != [str(tmp_path / "out.txt")]:
            assert captured.out.splitlines()[0].isdigit()  # the pairing, and nothing else


def test_no_legal_pairing_exits_1(tmp_path, capsys):
    # Two players who have already met: the only pairing would be a rematch (C.04.1 art. 2).
    text = (
        "012 Two players\n"
        "142 3\n"
        "152 W\n"
        "001    1      Alpha, Ann                        2100                             1.0    1     2 w 1\n"
        "001    2      Beta, Bob                         2000                             0.0    2     1 b 0\n"
    )
    src = tmp_path / "in.trf"
    src.write_text(text)
    out = tmp_path / "out.txt"
    assert main(["pair", str(src), "-p", str(out)]) == 1
    assert "no legal pairing" in capsys.readouterr().err


def test_check_reports_every_round_identical_on_a_fixture(capsys):
    assert main(["check", str(FIXTURE)]) == 0
    assert "5 of 5 rounds identical" in capsys.readouterr().out


def test_check_finds_a_round_that_differs(tmp_path, capsys):
    # Swap the colours of one round-5 game in the file: our pairing of round 5 now differs from it.
    lines = FIXTURE.read_text().splitlines()
    col = 91 + 4 * 10 + 5  # colour of round 5
    swapped = []
    for line in lines:
        if line.startswith("001") and int(line[4:8]) in (1, 2):
            c = line[col]
            line = line[:col] + {"w": "b", "b": "w"}[c] + line[col + 1 :]
        swapped.append(line)
    src = tmp_path / "swapped.trf"
    src.write_text("\n".join(swapped) + "\n")
    assert main(["check", str(src)]) == 1
    out = capsys.readouterr().out
    assert "round 5: differs" in out and "4 of 5 rounds identical" in out


def test_generate_is_reproducible_and_checks_clean(tmp_path, capsys):
    a, b = tmp_path / "a.trf", tmp_path / "b.trf"
    assert main(["generate", "--players", "15", "--rounds", "5", "--seed", "7", "-o", str(a)]) == 0
    assert main(["generate", "--players", "15", "--rounds", "5", "--seed", "7", "-o", str(b)]) == 0
    assert a.read_text() == b.read_text()
    t = trf.load(a).tournament
    assert len(t.players) == 15 and t.rounds_played == 5
    # our own checker agrees with our own generator, round by round
    assert main(["check", str(a)]) == 0
    assert "5 of 5 rounds identical" in capsys.readouterr().out


def test_pair_refuses_a_finished_event(tmp_path, capsys):
    full = trf.load(FIXTURE).pairing_tournament()
    src = tmp_path / "done.trf"
    src.write_text(trf.dumps(full))  # 142 5 with five rounds played
    # not a bad input file (3): the file is fine, there is no round left to pair
    assert main(["pair", str(src), "-p", str(tmp_path / "out.txt")]) == 2
    assert "all 5 rounds are already paired; nothing to pair" in capsys.readouterr().err


def test_every_bundled_sample_checks_clean(tmp_path, capsys):
    """A sample that ships with the program re-pairs to itself (withdrawn players' rounds included)."""
    samples = Path(__file__).resolve().parents[2] / "sample_events"
    assert main(["check", str(samples / "open-300.trf")]) == 0
    assert "5 of 5 rounds identical" in capsys.readouterr().out
    out = tmp_path / "weekend-open.trf"  # the sample whose every published round is complete
    assert main(["export", str(samples / "weekend-open.toml"), "--trf", str(out)]) == 0
    assert main(["check", str(out)]) == 0
    assert "4 of 4 rounds identical" in capsys.readouterr().out


def test_check_says_when_the_files_system_cannot_pair_yet(capsys, tmp_path):
    text = tournaments(BURSTEIN)[0].read_text()
    path = tmp_path / "dutch-2017.trf"
    path.write_text(text.replace("092 FIDE_BURSTEIN", "092 FIDE_DUTCH_2017"))
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot pair yet" in err[0]


def test_conformance_without_arguments_reads_the_fixtures_the_repository_carries(tmp_path):
    """A clone has no reference folder beside it: the default is tests/data/fixtures/dutch."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    only = tmp_path / "only.csv"
    only.write_text("file,round\ndutch-2300007-n10-r5.trf,2\n")
    proc = subprocess.run([sys.executable, "scripts/conformance.py", "--only", str(only)], cwd=root,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "identical 1/1 rounds"
