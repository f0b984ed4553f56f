"""A Double-Swiss (C.04.5) from the command line: ``new --system double-swiss``, the session's games rows,
``result`` a game or a match at once, standings, the TRF written and read back, the published pairings."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import trf
from swisstui import store
from swisstui.cli import main
from swisstui.session.actions import Session


def _paired_event(tmp_path: Path, players: int = 7) -> Path:
    path = tmp_path / "ds.toml"
    assert main(["new", str(path), "--name", "Double open", "--rounds", "5", "--system", "double-swiss"]) == 0
    session = Session.open(path)
    for i in range(1, players + 1):
        session.players.add(f"Player {i}")
    session.pairing.propose()
    session.pairing.confirm()
    return path


def test_new_makes_a_double_swiss_and_confirm_stores_two_games_a_match(tmp_path: Path) -> None:
    path = _paired_event(tmp_path)
    event = store.load(path)
    assert event.settings.system == "double-swiss-2026"
    assert event.settings.points.pab_points == 1.5  # C.04.5 art. 1.4 as restated: a game won and one drawn
    rnd = event.round(1)
    assert rnd is not None and not rnd.boards and rnd.bye == 7
    # C.04.5 preface: two games, colours alternating; art. 4 initial colour: TPN 1 (odd) has White first.
    assert [(g.white, g.black) for g in rnd.matches[0].games] == [(1, 4), (4, 1)]
    assert "games = [" in path.read_text(encoding="utf-8")


def test_result_takes_both_games_a_total_or_one_game_and_corrections_need_a_reason(tmp_path: Path, capsys) -> None:
    path = _paired_event(tmp_path)
    assert main(["result", str(path), "1", "1", "2-0"]) == 0
    assert main(["result", str(path), "1", "2", "1-0", "1/2-1/2"]) == 0
    assert main(["result", str(path), "1", "3", "--game", "1", "0-1"]) == 0
    rnd = store.load(path).round(1)
    assert rnd is not None
    assert [g.result for g in rnd.matches[0].games] == ["1-0", "0-1"]  # 2-0 for White of game 1
    assert [g.result for g in rnd.matches[1].games] == ["1-0", "1/2-1/2"]
    assert [g.result for g in rnd.matches[2].games] == ["0-1", ""]
    capsys.readouterr()
    assert main(["result", str(path), "1", "2", "1½-½"]) == 2  # a win and a draw: in which order?
    assert "more than one pair of games" in capsys.readouterr().err
    assert main(["result", str(path), "1", "1", "1-1"]) == 2
    assert main(["result", str(path), "1", "1", "1/2-1/2", "1/2-1/2"]) == 2  # a correction
    assert "a correction needs a reason" in capsys.readouterr().err
    assert main(["result", str(path), "1", "1", "1/2-1/2", "1/2-1/2", "--reason", "score sheets"]) == 0


def test_standings_count_game_points_and_the_bye_is_one_and_a_half(tmp_path: Path, capsys) -> None:
    path = _paired_event(tmp_path)
    for match, games in ((1, ["1-0", "1/2-1/2"]), (2, ["0-1", "0-1"]), (3, ["1/2-1/2", "1/2-1/2"])):
        assert main(["result", str(path), "1", str(match), *games]) == 0
    t = Session.open(path).tournament()
    # match 1: 1-4, 1 scores 1½; match 2: 5-2, White of game 1 loses game 1 and wins game 2 (1-1);
    # match 3: 3-6, two draws; 7 has the bye.
    assert [str(t.score(p)) for p in range(1, 8)] == ["1.5", "1.0", "1.0", "0.5", "1.0", "1.0", "1.5"]


def test_the_trf_export_writes_two_columns_a_match_and_import_reads_the_games_back(tmp_path: Path) -> None:
    path = _paired_event(tmp_path)
    for match in (1, 2, 3):
        assert main(["result", str(path), "1", str(match), "1-0", "+/-"]) == 0
    out = tmp_path / "ds.trf"
    assert main(["export", str(path), "--trf", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "192 FIDE_DOUBLESWISS" in text
    first = next(line for line in text.splitlines() if line.startswith("001    1"))
    assert first.split()[-6:] == ["4", "w", "1", "4", "b", "-"]  # game 2: 4 (White) wins by forfeit
    again = tmp_path / "again.toml"
    assert main(["import", str(out), "-o", str(again)]) == 0
    rnd = store.load(again).round(1)
    assert rnd is not None
    assert [[(g.white, g.black, g.result) for g in m.games] for m in rnd.matches][0] == [(1, 4, "1-0"), (4, 1, "+/-")]
    assert trf.loads(text).tournament.player(1).entry(1).games  # read back as a match of two games


def test_published_pairings_show_both_games_and_the_match_score(tmp_path: Path) -> None:
    path = _paired_event(tmp_path)
    assert main(["result", str(path), "1", "1", "1-0", "1/2-1/2"]) == 0
    out = tmp_path / "pub"
    assert main(["publish", str(path), "--to", str(out), "--round", "1"]) == 0
    lines = (out / "round-1-pairings.txt").read_text(encoding="utf-8").splitlines()
    game1 = next(x for x in lines if x.split()[:3] == ["1", "1", "1"])
    game2 = next(x for x in lines if x.split()[:2] == ["2", "4"])
    assert "1-0" in game1 and "Player 4" in game1
    assert "½-½" in game2 and game2.rstrip().endswith("1½-½")
    assert "Pairing-allocated bye: Player 7 (7)" in lines


@pytest.mark.parametrize("bad", ["x-y", "3"])
def test_result_refuses_what_is_no_result(tmp_path: Path, bad: str, capsys) -> None:
    path = _paired_event(tmp_path)
    assert main(["result", str(path), "1", "1", bad]) == 2
    assert capsys.readouterr().err.startswith("swisstui result: ")


def test_pair_explain_names_the_articles_of_each_step(tmp_path: Path, capsys) -> None:
    path = _paired_event(tmp_path)
    for match in (1, 2, 3):
        assert main(["result", str(path), "1", str(match), "1-0", "1/2-1/2"]) == 0
    capsys.readouterr()
    assert main(["pair", str(path), "--explain"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0] == "4" and out.splitlines()[-1].endswith(" 0")  # three matches and the bye
    for article in ("C.04.5 art. 3.3", "C.04.5 art. 3.4", "C.04.5 art. 3.6", "C.04.5 art. 4"):
        assert article in err, article
