"""pair / check / generate with the Dubov system (C.04.4.1): the same protocol as Dutch."""

from engine import trf

from engine.systems import replay
from swisstui.cli import main
from tests.cli.test_cli_pairing import read_pairs
from tests.data_paths import DUBOV

FIXTURE = DUBOV / "dubovsim-232-p018-r09-s23263232.trf"


def test_pair_system_dubov_writes_the_reference_round(tmp_path):
    full = trf.load(FIXTURE).pairing_tournament()
    src = tmp_path / "in.trf"
    src.write_text(trf.dumps(replay.before_round(full, 8), dialect="javafo"))
    out = tmp_path / "out.txt"
    assert main(["pair", "--system", "dubov", str(src), "-p", str(out)]) == 0
    games, byes = read_pairs(out.read_text())
    played = replay.played_round(full, 8)
    assert games == {(b.white, b.black) for b in played.boards} and byes == set()


def test_pair_explain_tells_the_dubov_steps(tmp_path, capsys):
    full = trf.load(FIXTURE).pairing_tournament()
    src = tmp_path / "in.trf"
    src.write_text(trf.dumps(replay.before_round(full, 8)))
    assert main(["pair", "--system", "dubov", str(src), "-p", str(tmp_path / "out.txt"), "--explain"]) == 0
    out = capsys.readouterr().err  # the explanation always goes to standard error
    for words in ("ARO", "upfloats", "White seekers", "S1 by ARO", "passed over", "C.04.4.1 art. 5.2"):
        assert words in out


def test_check_reads_the_system_from_the_file(capsys):
    # record 092 names Dubov in free text: checked as Dubov without --system (every round of
    # these two files is a consensus round of both reference engines)
    for name, rounds in (("dubovsim-259-p018-r05-s20263259.trf", 5), ("dubov-226-p010-r09-s20260226.trf", 9)):
        assert main(["check", str(DUBOV / name)]) == 0
        assert f"{rounds} of {rounds} rounds identical" in capsys.readouterr().out


def test_generate_system_dubov_writes_fide_dubov_and_checks_clean(tmp_path, capsys):
    path = tmp_path / "g.trf"
    assert main(["generate", "--players", "15", "--rounds", "5", "--seed", "3", "--system", "dubov",
                 "-o", str(path)]) == 0
    assert "192 FIDE_DUBOV" in path.read_text().splitlines()
    assert trf.load(path).tournament.settings.system == "dubov-2026"
    assert main(["check", str(path)]) == 0
    assert "5 of 5 rounds identical" in capsys.readouterr().out
