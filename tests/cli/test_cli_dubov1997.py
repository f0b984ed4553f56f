"""pair / check / generate with the 1997 Dubov text (``dubov-1997``): the same protocol as the 2026 edition."""

from dataclasses import replace

from engine import trf
from engine.model.tournament import Colour, ResultCode, RoundEntry
from swisstui.cli import main
from tests.cli.test_cli_pairing import read_pairs
from tests.engine.test_dubov1997 import record


def black_column_round(tmp_path, system: str = "dubov-1997"):
    # The round of test_dubov1997.test_black_column_by_rating_and_aro_not_by_tpn, solved there by hand:
    # 1997 art. 6.2 pairs 4-2, 3-1, 5-7, 6-8; the 2026 edition 4-1, 3-2, 6-7, 5-8.
    t = record([2400, 2400, 2300, 2200, 2000, 2100, 1900, 1800],
               [[(1, 5, "1"), (2, 6, "1"), (7, 3, "0"), (8, 4, "0")]], system=system)
    src = tmp_path / "in.trf"
    src.write_text(trf.dumps(t))
    return src


def test_pair_system_dubov_1997_pairs_by_the_1997_text(tmp_path):
    src = black_column_round(tmp_path, system="dubov-2026")
    out = tmp_path / "out.txt"
    assert main(["pair", "--system", "dubov-1997", str(src), "-p", str(out)]) == 0
    games, byes = read_pairs(out.read_text())
    assert {frozenset(g) for g in games} == {frozenset(p) for p in [(4, 2), (3, 1), (5, 7), (6, 8)]}
    assert byes == set()
    # the same file by the 2026 edition, which it names in record 192
    assert main(["pair", str(src), "-p", str(out)]) == 0
    games, _ = read_pairs(out.read_text())
    assert {frozenset(g) for g in games} == {frozenset(p) for p in [(4, 1), (3, 2), (6, 7), (5, 8)]}


def test_pair_reads_custom_swiss_dubov_1997_from_the_file(tmp_path):
    src = black_column_round(tmp_path)
    assert "192 CUSTOM_SWISS dubov-1997" in src.read_text().splitlines()
    out = tmp_path / "out.txt"
    assert main(["pair", str(src), "-p", str(out)]) == 0
    games, _ = read_pairs(out.read_text())
    assert {frozenset(g) for g in games} == {frozenset(p) for p in [(4, 2), (3, 1), (5, 7), (6, 8)]}


def test_pair_explain_cites_the_1997_articles(tmp_path, capsys):
    src = black_column_round(tmp_path)
    assert main(["pair", str(src), "-p", str(tmp_path / "out.txt"), "--explain"]) == 0
    err = capsys.readouterr().err  # the explanation always goes to standard error
    for words in ("Dubov 1997 art. 1", "Dubov 1997 art. 6.2", "White column by ARO: 4 (1800), 3 (1900)",
                  "Black column by R: 2 (2400), 1 (2400)", "Dubov 1997 art. 3)"):
        assert words in err
    assert "C.04.4.1" not in err  # nothing of the 2026 edition


def test_generate_system_dubov_1997_writes_custom_swiss_and_checks_clean(tmp_path, capsys):
    path = tmp_path / "g.trf"
    assert main(["generate", "--players", "21", "--rounds", "7", "--seed", "3", "--system", "dubov-1997",
                 "-o", str(path)]) == 0
    assert "192 CUSTOM_SWISS dubov-1997" in path.read_text().splitlines()
    assert trf.load(path).tournament.settings.system == "dubov-1997"
    assert main(["check", str(path)]) == 0
    assert "7 of 7 rounds identical" in capsys.readouterr().out


def test_check_finds_a_round_the_1997_text_pairs_otherwise(tmp_path, capsys):
    # round 2 played as the 2026 edition pairs it: checked by the 1997 text it differs (round 1 of the
    # hand record is not the art. 5 pairing either)
    src = black_column_round(tmp_path, system="dubov-2026")
    out = tmp_path / "out.txt"
    assert main(["pair", str(src), "-p", str(out)]) == 0
    games, _ = read_pairs(out.read_text())
    t = trf.load(src).tournament
    hist = {p.id: list(p.history) for p in t.players}
    for white, black in games:
        hist[white].append(RoundEntry(black, Colour.WHITE, ResultCode.parse("=")))
        hist[black].append(RoundEntry(white, Colour.BLACK, ResultCode.parse("=")))
    played = replace(t, settings=replace(t.settings, system="dubov-1997"),
                     players=tuple(replace(p, history=tuple(hist[p.id])) for p in t.players))
    two = tmp_path / "two.trf"
    two.write_text(trf.dumps(played))
    assert main(["check", str(two)]) != 0
    text = capsys.readouterr().out
    assert "round 2: differs" in text and "ours 4-2, not recorded" in text


def test_a_round_the_text_cannot_pair_is_proposed_with_each_broken_limitation_named(tmp_path, capsys):
    # Chapter 9: "A situation which cannot be directly resolved by using the given instructions, the referee
    # should proceed wisely and impartially". Four players have all met after three rounds: round 4 can only
    # repeat games; the fewest is two, each named with art. 2.1, and the colour limits are kept.
    t = record([2400, 2300, 2200, 2100], [[(1, 4, "1"), (2, 3, "=")], [(3, 1, "0"), (4, 2, "=")],
                                           [(1, 2, "="), (3, 4, "1")]], total=5)
    src, out = tmp_path / "in.trf", tmp_path / "out.txt"
    src.write_text(trf.dumps(t))
    assert main(["pair", str(src), "-p", str(out), "--explain"]) == 0
    err = capsys.readouterr().err
    warnings = [line for line in err.splitlines() if line.startswith("warning: round 4")]
    assert len(warnings) == 2 and all("Dubov 1997 art. 2.1:" in w and "meet a second time" in w for w in warnings)
    assert "no pairing keeps every limitation of art. 2: the arbiter decides (chapter 9)" in err
    games, _ = read_pairs(out.read_text())
    assert len(games) == 2
    colours = {1: "WBW", 2: "WBB", 3: "BWW", 4: "BWB"}
    for white, black in games:  # 2 and 3 had the same colour twice: art. 2.4 still kept
        assert not colours[white].endswith("WW") and not colours[black].endswith("BB")


def test_generate_says_which_limitation_a_round_could_not_keep(tmp_path, capsys):
    out = tmp_path / "g.trf"
    assert main(["generate", "--players", "7", "--rounds", "9", "--seed", "19", "--system", "dubov-1997",
                 "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "warning: no pairing kept every limitation in round 7: Dubov 1997 art. 2.1" in err
    assert trf.loads(out.read_text()).tournament.rounds_played == 9
