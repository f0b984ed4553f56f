"""A TRF whose record 192 names a system swisstui does not pair: read for standings and export, refused for pairing.

The code is kept as it was written (the event's system), so that the rating
report carries it back unchanged; ``pair`` and ``check`` refuse the file with
the error naming the record's line and columns, and an event imported from it
is refused at the first pairing, in the command line and in the app.
"""

from __future__ import annotations

import pytest

from engine import trf
from swisstui import store
from swisstui.session.action_errors import PairingFailed
from swisstui.session.actions import Session
from swisstui.cli import main
from tests.data_paths import dutch

SOURCE = dutch("dutch-2300007-n10-r5.trf")
CODES = ["BERGER_ROUNDROBIN", "CUSTOM_SWISS", "FIDE_DOUBLESWISS_BAKU", "CUSTOM_SWISS house-rules"]


def with_192(tmp_path, code: str, *extra: str):
    """The reference tournament with record 192 (and ``extra`` records) before its players; the 192 line number."""
    lines = SOURCE.read_text(encoding="latin-1").splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    path = tmp_path / "foreign.trf"
    path.write_text("\n".join(lines[:first] + [f"192 {code}", *extra] + lines[first:]) + "\n", encoding="utf-8")
    return path, first + 1


@pytest.mark.parametrize("code", CODES)
def test_reading_keeps_the_code_and_writing_gives_it_back(tmp_path, code):
    path, _ = with_192(tmp_path, code)
    doc = trf.load(path)
    assert doc.tournament.settings.system == code
    assert trf.dumps(doc) == path.read_text(encoding="utf-8")  # unchanged, byte for byte
    assert f"192 {code}" in trf.dumps(doc.tournament).splitlines()  # rebuilt from the model too


@pytest.mark.parametrize("command", ["pair", "check"])
def test_pairing_the_file_is_refused_at_its_record(tmp_path, capsys, command):
    path, line = with_192(tmp_path, "BERGER_ROUNDROBIN")
    args = [command, str(path)] + (["-p", str(tmp_path / "out.txt")] if command == "pair" else [])
    assert main(args) == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"{path}:{line}:5-21: pairing system code 'BERGER_ROUNDROBIN'" in err[0]
    assert not (tmp_path / "out.txt").exists()


def test_a_system_given_on_the_command_line_pairs_the_file(tmp_path, capsys):
    path, _ = with_192(tmp_path, "CUSTOM_SWISS")
    assert main(["check", str(path), "--system", "dutch"]) == 0
    assert "5 of 5 rounds identical" in capsys.readouterr().out


def test_standings_of_the_file_follow_its_list(tmp_path, capsys):
    path, _ = with_192(tmp_path, "BERGER_ROUNDROBIN", "202 SB,DE")
    assert main(["standings", str(path), "--format", "csv"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("rank,number,name,points,SB,DE,")  # the list, then each player's rating figures
    assert out[1].startswith("1,1,") and len(out) == 11


def test_import_export_and_pairing_of_the_event(tmp_path, capsys):
    path, line = with_192(tmp_path, "BERGER_ROUNDROBIN", "202 SB,DE", "142 7")  # two rounds still to pair
    event_path, report = tmp_path / "e.toml", tmp_path / "report.trf"
    assert main(["import", str(path), "-o", str(event_path)]) == 0
    err = capsys.readouterr().err
    assert f"warning: {path}:{line}:5-21: pairing system code 'BERGER_ROUNDROBIN'" in err
    assert "pairing is refused" in err
    event = store.load(event_path)
    assert event.settings.system == "BERGER_ROUNDROBIN" and event.settings.tiebreaks == ("SB", "DE")

    assert main(["export", str(event_path), "--trf", str(report)]) == 0
    written = report.read_text(encoding="utf-8").splitlines()
    assert "192 BERGER_ROUNDROBIN" in written and "202 SB,DE" in written

    assert main(["pair", str(event_path), "-p", str(tmp_path / "out.txt")]) == 2
    assert "pairing system code 'BERGER_ROUNDROBIN' (TRF record 192)" in capsys.readouterr().err
    session = Session.open(event_path)
    assert not session.system_can_pair
    with pytest.raises(PairingFailed, match="'BERGER_ROUNDROBIN' .TRF record 192. names a system swisstui does not pair"):
        session.pairing.propose()


def test_an_event_file_still_refuses_a_mistyped_system(tmp_path):
    path = tmp_path / "e.toml"
    store.save(store.new_event("Open", 5), path)
    path.write_text(path.read_text(encoding="utf-8").replace('system = "dutch-2026"', 'system = "dutsh-2026"'))
    with pytest.raises(store.EventFileError, match="unknown pairing system 'dutsh-2026'"):
        store.load(path)
