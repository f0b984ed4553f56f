"""pair / generate with a hand-pairing text that leaves a round no pairing within its limits."""

from __future__ import annotations

import pytest

from engine import trf
from swisstui.cli import main
from tests.cli.test_cli_pairing import read_pairs
from tests.engine.handmade import build

# 2 and 3 had Black twice, 1 and 4 White twice, and 1-3, 2-4, 3-4, 1-2 have been played
SAME = [["1-3 0-1", "4-2 0-1"], ["4-3 0-1", "1-2 0-1"]]


@pytest.mark.parametrize("system, rule", [("lim-2026", "C.04.4.3 art. 2.1, 5.1.1"),
                                          ("lim-seed", "Lim (seed) sections 9.1, 12.1(a)")])
def test_pair_names_each_broken_limitation_with_the_texts_article(tmp_path, capsys, system, rule):
    # Seed 000, 12.1: "(a) no player shall be given the same colour in three successive rounds";
    # round 3 of five has no pairing that keeps it (the others have met): 2-3 and 1-4 are proposed,
    # one third colour in each, and pair says so (before: exit 3, "no legal pairing").
    src, out = tmp_path / "in.trf", tmp_path / "out.txt"
    src.write_text(trf.dumps(build(range(1, 5), SAME, total_rounds=5, system=system)))
    assert main(["pair", str(src), "-p", str(out), "--explain"]) == 0
    err = capsys.readouterr().err
    warnings = [line for line in err.splitlines() if line.startswith("warning: round 3")]
    assert warnings == [f"warning: round 3: no pairing keeps every limitation; not kept: {rule}: 3 gets black a "
                        "third time in a row",
                        f"warning: round 3: no pairing keeps every limitation; not kept: {rule}: 1 gets white a "
                        "third time in a row"]
    assert f"not kept: 3 gets black a third time in a row ({rule})" in err  # the explanation
    games, _ = read_pairs(out.read_text())
    assert sorted(tuple(sorted(g)) for g in games) == [(1, 4), (2, 3)]


@pytest.mark.parametrize("system, first", [
    ("lim-2026", "round 7: C.04.4.3 art. 1.1: 1 gets the bye though it may not have one"),
    ("lim-seed", "round 7: Lim (seed) section 8.2: 1 gets the bye though it may not have one"),
    ("club", "round 8: club S2.1: 1-2 meet a second time")])
def test_generate_goes_on_and_says_which_rule_was_relaxed(tmp_path, capsys, system, first):
    # Seven players and nine rounds: the field runs out of new opponents and byes. Before, the
    # event stopped ("the median group cannot be paired", "the tournament cannot continue").
    out = tmp_path / "g.trf"
    assert main(["generate", "--players", "7", "--rounds", "9", "--seed", "1", "--system", system,
                 "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert f"warning: no pairing kept every limitation in {first}" in err.splitlines()
    assert trf.loads(out.read_text()).tournament.rounds_played == 9
