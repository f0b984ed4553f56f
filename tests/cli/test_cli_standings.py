"""``swisstui standings`` and ``swisstui publish``: standings after any round, for people and programs."""

from __future__ import annotations

import argparse
import csv
import io
import json

import pytest

from engine import trf
from engine.standings import standings
from swisstui.cli_errors import CliError
from swisstui.cli_standings import cmd_publish, cmd_standings
from tests.data_paths import dutch

FILE = dutch("dutch-2300007-n10-r5.trf")


def run(capsys, **kw) -> str:
    args = argparse.Namespace(**{"round": None, "tiebreaks": None, "format": "text", **kw})
    assert cmd_standings(args) == 0
    return capsys.readouterr().out


def test_csv_header_and_rows_from_a_trf_file(capsys):
    out = run(capsys, input=FILE, tiebreaks="BH/C1,BH,SB", format="csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["rank", "number", "name", "points", "BH/C1", "BH", "SB"]
    s = standings(trf.load(FILE).tournament, tiebreaks="BH/C1,BH,SB")
    assert [(int(r[0]), int(r[1])) for r in rows[1:]] == [(row.rank, row.player) for row in s.rows]
    assert rows[1][3:] == ["5", "11.5", "14.0", "14.0"]


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
    from swisstui.event import Event

    event = Event.from_tournament(trf.load(FILE).pairing_tournament(), name="Ref")
    path = tmp_path / "ref.toml"
    store.save(event, path)
    assert cmd_publish(argparse.Namespace(event=path, to=tmp_path / "out", round=4)) == 0
    assert (tmp_path / "out" / "round-4-standings.html").is_file()
    assert "18 files" in capsys.readouterr().out  # 17 lists and the index


def test_the_commands_on_the_command_line(tmp_path, capsys):
    from swisstui import store
    from swisstui.cli import main

    event = tmp_path / "club.toml"
    assert main(["new", str(event), "--name", "Club", "--rounds", "5", "--tiebreaks", "bh/c1,BH,SB,DE"]) == 0
    assert store.load(event).settings.tiebreaks == ("BH/C1", "BH", "SB", "DE")
    assert main(["new", str(tmp_path / "x.toml"), "--name", "X", "--rounds", "5", "--tiebreaks", "KS"]) == 2
    assert "KS is for round robins only" in capsys.readouterr().err
    assert main(["standings", str(FILE), "--tiebreaks", "BH", "--format", "csv", "--round", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "rank,number,name,points,BH"
    assert main(["standings", str(tmp_path / "missing.toml")]) == 5


def test_publish_on_the_command_line(tmp_path, capsys):
    from swisstui import store
    from swisstui.cli import main
    from swisstui.event import Event

    path = tmp_path / "ref.toml"
    store.save(Event.from_tournament(trf.load(FILE).pairing_tournament(), name="Ref"), path)
    assert main(["publish", str(path), "--to", str(tmp_path / "web")]) == 0
    assert (tmp_path / "web" / "round-5-crosstable.txt").is_file()
    assert main(["publish", str(path), "--round", "9", "--to", str(tmp_path / "web")]) == 2
