"""``swisstui prizes``: the prize list from real standings (shared, tie-break, categories), provisional lists,
a category's standings, and its errors."""

from __future__ import annotations

import csv
import io
import json


from swisstui.cli import main

# A and C score 1½, B 1, D 0; BH puts A (2.5) before C (1.5). C and D are U1800.
EVENT = '''schema = 1
[event]
name = "Prize Test"
start = 2026-05-02

[settings]
rounds = 2
tiebreaks = ["BH"]

[prizes]
tie_rule = "{rule}"
places = [100, 60]

[[categories]]
name = "U1800"
rating_max = 1799
prizes = [50]

[[categories]]
name = "Seniors"
age = "65+"

[[players]]
id = 1
name = "A"
rating = 2000

[[players]]
id = 2
name = "B"
rating = 1900
birth = "2010"

[[players]]
id = 3
name = "C"
rating = 1700

[[players]]
id = 4
name = "D"
rating = 1600
birth = "1960/03/01"

[[rounds]]
number = 1
published = true
boards = [{{ board = 1, white = 1, black = 2, result = "1-0" }}, {{ board = 2, white = 3, black = 4, result = "1-0" }}]

[[rounds]]
number = 2
published = true
boards = [{{ board = 1, white = 1, black = 3, result = "1/2-1/2" }}, {{ board = 2, white = 2, black = 4, result = "1-0" }}]
'''


def _event(tmp_path, rule: str = "shared"):
    path = tmp_path / "EVENT.toml"
    path.write_text(EVENT.format(rule=rule), encoding="utf-8")
    return path


def _run(capsys, *argv: str) -> str:
    assert main(["prizes", *argv]) == 0
    return capsys.readouterr().out


def _paid(out: str) -> list[tuple[str, str, str, str]]:
    return [(r["list"], r["place"], r["number"], r["paid"]) for r in csv.DictReader(io.StringIO(out))]


def test_tied_winners_share_and_the_category_prize_goes_on(tmp_path, capsys):
    # By worth: 100 -> A, 60 -> C (2nd), U1800's 50 -> D (C holds a prize). A and C tie on 1½: 160 / 2 = 80 each.
    out = _run(capsys, str(_event(tmp_path)), "--format", "csv")
    assert out.splitlines()[0] == "list,place,prize_amount,prize_name,number,name,points,paid,shared_with"
    assert _paid(out) == [("Overall", "1", "1", "80"), ("Overall", "2", "3", "80"), ("U1800", "1", "4", "50")]


def test_by_tie_break_the_tied_winners_keep_their_places(tmp_path, capsys):
    out = _run(capsys, str(_event(tmp_path, "tiebreak")), "--format", "csv")
    assert _paid(out) == [("Overall", "1", "1", "100"), ("Overall", "2", "3", "60"), ("U1800", "1", "4", "50")]


def test_before_the_last_round_the_list_is_provisional(tmp_path, capsys):
    path = str(_event(tmp_path))
    out = _run(capsys, path, "--round", "1")
    assert "(provisional)" in out and "PROVISIONAL: after round 1 of 2" in out
    # After round 1: A and C 1 point each (BH 0 both; A first by pairing order), B and D 0: A and C share 160.
    assert "provisional" not in _run(capsys, path).lower()
    doc = json.loads(_run(capsys, path, "--round", "1", "--format", "json"))
    assert doc["provisional"] is True and doc["tie_rule"] == "shared"
    assert [(p["list"], p["number"], p["paid"]) for p in doc["prizes"]] == [
        ("Overall", 1, 80), ("Overall", 3, 80), ("U1800", 4, 50)]


def test_a_category_s_standings(tmp_path, capsys):
    out = _run(capsys, str(_event(tmp_path)), "--category", "u1800", "--format", "json")
    doc = json.loads(out)
    assert doc["category"] == "U1800"
    assert [(s["category_rank"], s["rank"], s["number"], s["points"]) for s in doc["standings"]] == [
        (1, 2, 3, 1.5), (2, 4, 4, 0.0)]
    # 65+: born 1960, 66 in 2026; nobody else has a birth year that old.
    # The text names each member's overall place, even when the row above it holds another (C is 2nd, D 4th).
    text = _run(capsys, str(_event(tmp_path)), "--category", "U1800")
    assert [line.split()[:3] for line in text.splitlines()[6:8]] == [["1", "2", "3"], ["2", "4", "4"]]
    # After round 1, A and C share 1st place (1 point, BH 0 each): C's row still says 1.
    text = _run(capsys, str(_event(tmp_path)), "--category", "U1800", "--round", "1")
    assert [line.split()[:3] for line in text.splitlines()[6:8]] == [["1", "1", "3"], ["2", "3", "4"]]
    text = _run(capsys, str(_event(tmp_path)), "--category", "Seniors")
    assert "Seniors · standings after round 2" in text and "  D  " in text and "  A  " not in text


def test_an_unknown_category_or_round_is_a_usage_error(tmp_path, capsys):
    path = str(_event(tmp_path))
    assert main(["prizes", path, "--category", "U1600"]) == 2
    assert "no such category (the event's: U1800, Seniors)" in capsys.readouterr().err
    assert main(["prizes", path, "--round", "3"]) == 2
    assert "--round 3: the event has 2 rounds paired" in capsys.readouterr().err
