"""``export --trf`` checks what FIDE's rating report needs (issue 34, section 2): each missing item named,
the file written with a warning, or refused with ``--strict``; a complete event exports without a word,
and Gacrux (the FIDE TEC's checker, test-only) reads the file."""

from __future__ import annotations

import shutil
from pathlib import Path

from oracles.gacrux_tiebreaks import gacrux_rank_check, gacrux_tournament
from swisstui import store
from swisstui.cli import main
from tests.cli.norm_files import im_norm_file

SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"


def test_a_complete_event_exports_without_a_warning_and_gacrux_reads_it(tmp_path, capsys):
    path = im_norm_file(tmp_path / "york.toml", complete=True)
    out = tmp_path / "york.trf"
    assert main(["export", str(path), "--trf", str(out), "--strict"]) == 0
    assert capsys.readouterr().err == ""
    text = out.read_text()
    assert "132" in text and "102 Ann Arbiter 12345678" in text and "112 Bo Deputy 23456789" in text
    read = gacrux_tournament(text)  # raises when Gacrux refuses the file
    assert len(read["competitors"]) == 10 and read["numRounds"] == 9
    assert read["tournamentInfo"] | {} == {"fullName": "York Norm Open", "site": "York", "federation": "ENG",
                                            "startDate": "2026-05-01", "endDate": "2026-05-09",
                                            "typeOfTournament": "FIDE_DUTCH_2026"}
    assert [r["startTime"] for r in read["rounds"]] == [f"2026-05-0{n}" for n in range(1, 10)]
    assert read["timeControl"]["description"].startswith("90 min/40 moves")
    assert len([g for g in read["gameList"] if g["played"]]) == 9
    assert gacrux_rank_check(text, rounds=9).identical  # the ranks written are the ones Gacrux computes


def test_players_without_a_fide_id_are_named(tmp_path, capsys):
    path = im_norm_file(tmp_path / "york.toml", complete=True)

    def strip(event):
        for p in event.players:
            if p.id == 3:  # rated, so known to FIDE: the ID is missing, not the player
                p.fide_id = None
            if p.id == 4:  # a new player: FIDE registers them from the report's federation, birth date and sex
                p.fide_id, p.rating, p.birth, p.sex = None, 0, "", ""
        return store.LogEntry("edit", "FIDE IDs left out")

    store.update(path, strip)
    out = tmp_path / "york.trf"
    assert main(["export", str(path), "--trf", str(out)]) == 0
    err = capsys.readouterr().err
    assert "the rating report lacks what FIDE needs: 001 player 3 (Player 3): rated 2400 but no FIDE ID; " \
           "001 player 4 (Player 4): no FIDE ID, and a new player's birth date, sex " in err
    assert out.exists()


def test_strict_refuses_and_writes_nothing(tmp_path, capsys):
    path = im_norm_file(tmp_path / "york.toml")  # no round dates, no time control, no FIDE IDs
    out = tmp_path / "york.trf"
    assert main(["export", str(path), "--trf", str(out), "--strict"]) == 3
    err = capsys.readouterr().err
    assert "--strict: the rating report lacks what FIDE needs: 122 time control; 132 round dates (rounds 1-9); " \
           "001 player 1 (Applicant, Ann): rated 2200 but no FIDE ID;" in err
    assert "nothing written" in err and not out.exists()


def test_the_samples_name_what_they_lack(tmp_path, capsys):
    said = {}
    for name in ("club-rapid", "weekend-open", "open-300"):
        path = tmp_path / f"{name}.toml"
        shutil.copy(SAMPLES / f"{name}.toml", path)
        assert main(["export", str(path), "--trf", str(tmp_path / f"{name}.trf")]) == 0
        said[name] = capsys.readouterr().err
    assert "052 end date; 102 chief arbiter's FIDE ID (Jansen, Wim); 132 round dates (rounds 1-3) (" \
        in said["club-rapid"]
    assert "102 chief arbiter's FIDE ID (Dubois, Claire); 132 round dates (rounds 1-4) (" in said["weekend-open"]
    assert "022 city; 032 federation; 042 start date; 052 end date; 102 chief arbiter (name and FIDE ID); " \
           "122 time control; 132 round dates (rounds 1-5) (" in said["open-300"]
