"""``swisstui standings`` and ``swisstui publish``: standings after any round, for people and programs."""

from __future__ import annotations

import argparse
import csv
import io
import json

import pytest

from engine import trf
from engine.awards.standings import standings
from swisstui.cli.errors import CliError
from swisstui.cli.standings import cmd_publish, cmd_standings
from tests.data_paths import dutch

FILE = dutch("dutch-2300007-n10-r5.trf")


def run(capsys, **kw) -> str:
    args = argparse.Namespace(**{"round": None, "tiebreaks": None, "format": "text", **kw})
    assert cmd_standings(args) == 0
    return capsys.readouterr().out


def test_csv_header_and_rows_from_a_trf_file(capsys):
    out = run(capsys, input=FILE, tiebreaks="BH/C1,BH,SB", format="csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["rank", "number", "name", "points", "BH/C1", "BH", "SB",
                       "rating", "rated_games", "aro", "performance", "k", "rating_change"]
    s = standings(trf.load(FILE).tournament, tiebreaks="BH/C1,BH,SB")
    assert [(int(r[0]), int(r[1])) for r in rows[1:]] == [(row.rank, row.player) for row in s.rows]
    assert rows[1][3:7] == ["5", "11.5", "14.0", "14.0"]


def test_json_after_an_earlier_round(capsys):
    doc = json.loads(run(capsys, input=FILE, tiebreaks="PS,WIN", format="json", round=3))
    assert doc["after_round"] == 3 and doc["tiebreaks"] == ["PS", "WIN"]
    top = doc["standings"][0]
    assert top["number"] == 1 and top["points"] == 3.0 and top["tiebreaks"] == {"PS": 6.0, "WIN": 3}


def test_text_names_the_list(capsys):
    out = run(capsys, input=FILE, tiebreaks="BH/C1,BH")
    assert "standings after round 5" in out and "Tie-breaks in order: BH/C1, BH" in out


def test_a_bad_code_is_a_usage_error(capsys):
    with pytest.raises(CliError) as exc:
        run(capsys, input=FILE, tiebreaks="BH,XX")
    assert exc.value.code == 2 and "XX" in str(exc.value)


def test_publish_writes_the_lists(tmp_path, capsys):
    from swisstui import store
    from swisstui.store.event import Event

    event = Event.from_tournament(trf.load(FILE).pairing_tournament(), name="Ref")
    path = tmp_path / "ref.toml"
    store.save(event, path)
    assert cmd_publish(argparse.Namespace(event=path, to=tmp_path / "out", round=4, url="", language=None)) == 0
    assert (tmp_path / "out" / "round-4-standings.html").is_file()
    assert "21 files" in capsys.readouterr().out  # 17 lists, the 3 pages of paper for the hall and the index


def test_the_commands_on_the_command_line(tmp_path, capsys):
    from swisstui import store
    from swisstui.cli import main

    event = tmp_path / "club.toml"
    assert main(["new", str(event), "--name", "Club", "--rounds", "5", "--tiebreaks", "bh/c1,BH,SB,DE"]) == 0
    assert store.load(event).settings.tiebreaks == ("BH/C1", "BH", "SB", "DE")
    assert main(["new", str(tmp_path / "x.toml"), "--name", "X", "--rounds", "5", "--tiebreaks", "KS"]) == 2
    assert "KS is for round robins only" in capsys.readouterr().err
    assert main(["standings", str(FILE), "--tiebreaks", "BH", "--format", "csv", "--round", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith("rank,number,name,points,BH,rating,")
    assert main(["standings", str(tmp_path / "missing.toml")]) == 5


def test_publish_on_the_command_line(tmp_path, capsys):
    from swisstui import store
    from swisstui.cli import main
    from swisstui.store.event import Event

    path = tmp_path / "ref.toml"
    store.save(Event.from_tournament(trf.load(FILE).pairing_tournament(), name="Ref"), path)
    assert main(["publish", str(path), "--to", str(tmp_path / "web")]) == 0
    assert (tmp_path / "web" / "round-5-crosstable.txt").is_file()
    assert main(["publish", str(path), "--round", "9", "--to", str(tmp_path / "web")]) == 2


def test_rating_figures_in_csv_and_json(tmp_path, capsys):
    from tests.cli.test_cli_prizes import EVENT

    path = tmp_path / "EVENT.toml"
    path.write_text(EVENT.format(rule="shared"), encoding="utf-8")
    rows = {r["number"]: r for r in csv.DictReader(io.StringIO(run(capsys, input=path, format="csv")))}
    # A (2000): beat B (1900): D +100, band 99-106, 0.64 -> +0.36; drew C (1700): D +300, band 291-302, 0.85
    # -> -0.35; K 20 x 0.01 = +0.2. ARO (1900 + 1700) / 2 = 1800, 75 %: dp 193 -> 1993.
    a = rows["1"]
    assert (a["rating"], a["rated_games"], a["aro"], a["performance"], a["k"], a["rating_change"]) == (
        "2000", "2", "1800", "1993", "20", "+0.2")
    # B (1900, born 2010: under 18 in 2026, K 40): lost to A, D -100 -> 0.36, -0.36; beat D (1600), D +300 -> 0.85,
    # +0.15; 40 x -0.21 = -8.4. ARO (2000 + 1600) / 2 = 1800, 50 % -> 1800.
    b = rows["2"]
    assert (b["k"], b["rating_change"], b["aro"], b["performance"]) == ("40", "-8.4", "1800", "1800")
    # C (1700, K 20): beat D (1600) +0.36, drew A (2000): D -300 -> 0.15, +0.35; 20 x 0.71 = +14.2.
    # D (1600, K 20): lost to C -0.36, lost to B (1900) -0.15; 20 x -0.51 = -10.2.
    doc = json.loads(run(capsys, input=path, format="json"))
    assert {r["number"]: r["rating"]["rating_change"] for r in doc["standings"]} == {1: 0.2, 3: 14.2, 2: -8.4, 4: -10.2}


def test_the_player_card_shows_the_rating_figures(tmp_path):
    from swisstui import store
    from swisstui.outputs.prize_report import event_year
    from swisstui.outputs.standings_view import card_lines
    from tests.cli.test_cli_prizes import EVENT

    path = tmp_path / "EVENT.toml"
    path.write_text(EVENT.format(rule="shared"), encoding="utf-8")
    event = store.load(path)
    t = event.to_tournament()
    s = standings(t, 2)
    year = event_year(event)  # 2026, from [event] start
    assert card_lines(s, t, 1, year)[2] == "Rating: 2 rated games, ARO 1800, TPR 1993, K 20, change +0.2"
    # B was born in 2010: a junior in 2026 (K 40), not when the card is not told the year (K 20: 20 x -0.21).
    assert card_lines(s, t, 2, year)[2] == "Rating: 2 rated games, ARO 1800, TPR 1800, K 40, change -8.4"
    assert card_lines(s, t, 2)[2].endswith("K 20, change -4.2")
    # The line under it says where K came from (B.02 art. 8.3.3): the event holds no K of the list here.
    assert card_lines(s, t, 2, year)[3] == "  K 40: to the end of the year they turn 18, rated below 2300 (B.02 art. 8.3.3)"
    assert card_lines(s, t, 1, year)[3] == "  K 20: rated below 2400 (B.02 art. 8.3.3)"
    event.player(2).k_factor = 20  # the list's K, as registration from the list or 'ratings update' keeps it
    t = event.to_tournament()
    assert card_lines(standings(t, 2), t, 2, year)[2:4] == [
        "Rating: 2 rated games, ARO 1800, TPR 1800, K 20, change -4.2",
        "  K 20: the player's K in the FIDE list (B.02 art. 8.3.3)"]
    assert all(len(line) <= 80 for line in card_lines(s, t, 2, year)[:4])


def test_rating_changes_read_alike_in_one_column():
    """Issue 30 item 5: "+34" beside "+5.4"; every change now has its decimal."""
    from decimal import Decimal

    from swisstui.outputs.standings_view import signed

    assert [signed(Decimal(x)) for x in ("34", "5.4", "-10", "0", "0.25", "-8.40")] == \
        ["+34.0", "+5.4", "-10.0", "0.0", "+0.25", "-8.4"]
    assert signed(None) == ""
