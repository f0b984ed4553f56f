"""TRF export writes every player field TRF-2026 has a place for, and import reads them back.

Record 001 holds sex (column 10) and the birth date or year (70-79); TRF26's national rating support
holds the national rating (49-52) and number (58-68) in a record under the rating federation's code,
named by record 172. The club has no place in TRF26: it is not written, and not invented.
"""

from __future__ import annotations

import contextlib
import io

import pytest

from engine import trf
from engine.trf import TrfError
from swisstui import store
from swisstui.cli import main
from swisstui.store.event import PLAYER_FIELDS

EVENT = '''schema = 1
[event]
name = "National Fields"
federation = "{federation}"
start = 2026-05-02

[settings]
rounds = 2

[[players]]
id = 1
name = "Berg, Anna"
rating = 2105
title = "WFM"
federation = "GER"
fide_id = 24601234
birth = "1990/05/12"
sex = "w"
club = "SK Riverside"
national_id = "10234-567"
national_rating = 2051

[[players]]
id = 2
name = "Dahl, Ben"
rating = 1720
federation = "DEN"
fide_id = 1507777
birth = "1961"
sex = "m"
club = "Lakeside"
national_id = "P99"
national_rating = 1698

[[players]]
id = 3
name = "Eck, Cleo"
federation = "GER"
birth = "2011/02/28"
sex = "w"
national_rating = 1210

[[players]]
id = 4
name = "Falk, Dan"
rating = 1500

[[rounds]]
number = 1
published = true
boards = [{{ board = 1, white = 1, black = 3, result = "1-0" }}, {{ board = 2, white = 4, black = 2, result = "1/2-1/2" }}]
'''


def _export(tmp_path, capsys, federation: str = "GER") -> tuple[str, str]:
    path = tmp_path / "event.toml"
    path.write_text(EVENT.format(federation=federation), encoding="utf-8")
    assert main(["export", str(path), "--trf", str(tmp_path / "out.trf")]) == 0
    return (tmp_path / "out.trf").read_text(encoding="utf-8"), capsys.readouterr().err


def _col(line: str, first: int, last: int) -> str:
    return line[first - 1:last]


def test_export_writes_sex_birth_and_the_national_records(tmp_path, capsys):
    text, _ = _export(tmp_path, capsys)
    lines = text.splitlines()
    assert "172 GER FIDE" in lines  # the players were ranked by FIDE rating
    first = lines.index(next(line for line in lines if line.startswith("001    1")))
    player, national = lines[first], lines[first + 1]
    assert (_col(player, 10, 10), _col(player, 70, 79)) == ("w", "1990/05/12")
    assert _col(national, 1, 8) == "GER    1"
    assert (_col(national, 49, 52), _col(national, 58, 68).strip(), _col(national, 70, 79)) == (
        "2051", "10234-567", "1990/05/12")
    dahl = next(line for line in lines if line.startswith("GER    2"))
    assert (_col(dahl, 10, 10), _col(dahl, 49, 52), _col(dahl, 58, 68).strip()) == ("m", "1698", "P99")
    assert not any(line.startswith("GER    4") for line in lines)  # nothing national to say for Falk
    assert "Riverside" not in text and "Lakeside" not in text  # TRF26 has no place for a club


def test_export_import_round_trip_keeps_every_field_but_the_club(tmp_path, capsys):
    _export(tmp_path, capsys)
    assert main(["import", str(tmp_path / "out.trf"), "-o", str(tmp_path / "back.toml")]) == 0
    before, after = store.load(tmp_path / "event.toml"), store.load(tmp_path / "back.toml")
    fields = [f for f in PLAYER_FIELDS if f != "club"]
    assert [[getattr(p, f) for f in fields] for p in after.players] == [
        [getattr(p, f) for f in fields] for p in before.players]
    assert before.players[0].national_rating == 2051 and before.players[1].national_id == "P99"
    assert [p.club for p in after.players] == ["", "", "", ""]
    assert after.info.federation == "GER"


def test_a_file_without_record_032_gives_the_event_the_federation_of_172(tmp_path, capsys):
    text, _ = _export(tmp_path, capsys)
    (tmp_path / "no032.trf").write_text(text.replace("032 GER\n", ""), encoding="utf-8")
    assert main(["import", str(tmp_path / "no032.trf"), "-o", str(tmp_path / "back.toml")]) == 0
    back = store.load(tmp_path / "back.toml")
    assert back.info.federation == "GER" and back.players[0].national_rating == 2051
    assert main(["export", str(tmp_path / "back.toml"), "--trf", str(tmp_path / "again.trf")]) == 0
    assert "GER    1 w    Berg, Anna" in (tmp_path / "again.trf").read_text(encoding="utf-8")


def test_an_independent_reader_finds_sex_birth_and_national_ratings(tmp_path, capsys):
    from gacrux.trf2json import trf2json

    text, _ = _export(tmp_path, capsys)
    reader = trf2json()
    with contextlib.redirect_stdout(io.StringIO()):
        reader.parse_file(text, 0)
    assert reader.chessjson["status"]["code"] == 0
    profiles = {p["fideName"]: p for p in reader.chessjson["event"]["profiles"]}
    assert {name: (p["sex"], p["birth"].strip()) for name, p in profiles.items() if name != "Falk, Dan"} == {
        "Berg, Anna": ("w", "1990-05-12"), "Dahl, Ben": ("m", "1961"), "Eck, Cleo": ("w", "2011-02-28")}
    national = {name: [r["rating"] for r in p["rating"] if r["list"] == "GER"] for name, p in profiles.items()}
    assert national == {"Berg, Anna": [2051], "Dahl, Ben": [1698], "Eck, Cleo": [1210], "Falk, Dan": []}


def test_without_the_events_federation_the_national_records_are_left_out_and_said(tmp_path, capsys):
    text, err = _export(tmp_path, capsys, federation="")
    assert "172 " not in text and "\nGER " not in text
    assert "national ratings and IDs of 3 players not written" in err and "federation" in err


def _record(code: str, pid: int, name: str, rating: str, number: str = "", points: str = "", rank: str = "") -> str:
    """A 001 or NRS record in TRF's columns: id 5-8, name 15-47, rating 49-52, number 58-68, points 81-84."""
    return (f"{code} {pid:4d}      {name:<33} {rating:>4} NED {number:>11} {'':10} {points:>4} {rank:>4}").rstrip()


NRS_FILE = "\n".join([
    "012 Nat", "142 1", "172 NED FIDE",
    _record("001", 1, "Alpha, Ann", "2100", points="0.0", rank="1"),
    _record("NED", 1, "Alpha, Ann", "1980", number="N-77"),
    "DAT 0001 EMAIL ann@example.org",
    _record("001", 2, "Beta, Bob", "2000", points="0.0", rank="2"),
]) + "\n"


def test_a_file_read_and_written_keeps_its_records_and_its_other_lines():
    doc = trf.loads(NRS_FILE, source="nat.trf")
    ann = doc.tournament.player(1)
    assert (ann.national_rating, ann.national_id) == (1980, "N-77")
    assert doc.national_federation == "NED"
    again = trf.dumps(doc)
    assert "DAT 0001 EMAIL ann@example.org" in again  # another program's line, kept as it was
    assert again.count("172 ") == 1 and again.count("\nNED    1") == 1
    assert trf.loads(again).tournament.player(1) == ann


@pytest.mark.parametrize("bad, where", [
    (_record("NED", 9, "Nobody", "1980"), "nat.trf:5:5-8: national-rating record for player '9'"),
    (_record("NED", 1, "Alpha, Ann", "19x0"), "nat.trf:5:49-52: national rating '19x0'"),
])
def test_a_national_record_of_nobody_or_with_a_bad_rating_is_an_error_naming_line_and_columns(bad, where):
    text = NRS_FILE.replace(_record("NED", 1, "Alpha, Ann", "1980", number="N-77"), bad)
    with pytest.raises(TrfError) as caught:
        trf.loads(text, source="nat.trf")
    assert str(caught.value).startswith(where), str(caught.value)
