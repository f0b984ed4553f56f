"""``swisstui norms``: the title norms of an event file (B.01 1.4) as text, CSV and JSON."""

from __future__ import annotations

import csv
import io
import json

from swisstui.cli import main
from tests.cli.norm_files import im_norm_file


def test_the_im_norm_made_in_the_last_round_as_text(tmp_path, capsys):
    path = im_norm_file(tmp_path / "york.toml")
    assert main(["norms", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "Title norms after round 9 of 9 · host federation ENG"
    # only the norm made is listed; the out-of-reach ones need --all
    assert "   1  Applicant, Ann           ENG  IM   made          5½/9  Ra 2383  Rp 2463" in out
    assert "GM " not in out
    assert main(["norms", str(path), "--round", "8"]) == 0
    before = capsys.readouterr().out
    assert "IM   needs 1/1     4½/8  Ra 2379  Rp 2422" in before
    assert "needs 1 of the 1 round left" in before
    assert main(["norms", str(path), "--all"]) == 0
    assert "B.01 1.4.5 GM opponents: 2 of 9, a third and at least 3 needed (3)" in capsys.readouterr().out


def test_csv_has_a_row_per_player_and_norm(tmp_path, capsys):
    path = im_norm_file(tmp_path / "york.toml")
    assert main(["norms", str(path), "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    # the applicant, the two FMs and the WGM seek GM and IM norms (no player's sex is given, so no WGM or WIM
    # norm), the four IMs the GM norm only, the two GMs none: 4 x 2 + 4 = 12
    assert len(rows) == 12
    assert sorted(r["norm"] for r in rows if r["number"] == "2") == []  # a GM
    first = rows[0]
    assert (first["number"], first["norm"], first["status"], first["points"], first["ra"], first["rp"]) == \
        ("1", "IM", "made", "5.5", "2383", "2463")


def test_json_holds_the_norm_report_forms_data(tmp_path, capsys):
    path = im_norm_file(tmp_path / "york.toml")
    assert main(["norms", str(path), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["host_federation"] == "ENG" and doc["after_round"] == 9
    made = [n for n in doc["norms"] if n["status"] == "made"]
    assert len(made) == 1
    cert = made[0]["certificate"]
    assert cert["event"] | {} == {
        "name": "York Norm Open", "city": "York", "host_federation": "ENG", "start": "2026-05-01",
        "end": "2026-05-09", "rounds": 9, "system": "Swiss", "players": 10, "rated_players": 10,
        "chief_arbiter": "Ann Arbiter 12345678", "deputy_arbiters": []}
    assert [o["result"] for o in cert["opponents"]] == ["1", "½", "1", "½", "0", "1", "½", "0", "1"]
    assert cert["counts"]["federations"] == ["ENG", "ESP", "FRA", "GER", "ITA", "NED", "POL"]
    out = [n for n in doc["norms"] if n["status"] == "out of reach"]
    assert all("certificate" not in n for n in out)
    gm = next(n for n in out if n["number"] == 1)
    assert [c["state"] for c in gm["conditions"] if c["article"] == "B.01 1.4.5"] == ["ok", "failed"]


def test_a_round_not_paired_is_refused(tmp_path, capsys):
    path = im_norm_file(tmp_path / "york.toml")
    assert main(["norms", str(path), "--round", "10"]) == 2
    assert "--round 10: the event has 9 rounds paired" in capsys.readouterr().err
