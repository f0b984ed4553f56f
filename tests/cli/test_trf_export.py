"""TRF export: whole or nothing, never over an event, everything TRF can carry, a warning for what it cannot.

Every export reads back through our own import; the bbpPairings dialect writes
round blocks and a record 192 that bbpPairings v6 accepts.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from engine import trf
from swisstui import store
from swisstui.cli import main
from swisstui.store.event import Board, PlayerRecord
from swisstui.outputs.trf_export import ExportError, export_trf
from tests.store.test_writer import events

SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"
# A bbpPairings round block: opponent, colour, a result code (never blank).
BBP_BLOCK = re.compile(r"^(?:  (?:0000|[ \d]{3}\d) [wb-] [10=+\-WDLHFUZ])*$")


@pytest.fixture
def weekend(tmp_path) -> Path:
    """Four rounds of seven played; players 4 and 50 withdrew after round 1."""
    path = tmp_path / "weekend.toml"
    shutil.copyfile(SAMPLES / "weekend-open.toml", path)
    assert [p.id for p in store.load(path).players if p.withdrawn] == [4, 50]
    return path


def one_error(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


def test_export_never_replaces_the_event(weekend, tmp_path, capsys):
    before = weekend.read_bytes()
    assert main(["export", str(weekend), "--trf", str(weekend)]) == 2
    assert "is the event being exported" in one_error(capsys)
    other = tmp_path / "other.toml"
    shutil.copyfile(SAMPLES / "club-rapid.toml", other)
    assert main(["export", str(weekend), "--trf", str(other)]) == 2
    assert "is an event file" in one_error(capsys)
    assert weekend.read_bytes() == before and other.read_bytes() == (SAMPLES / "club-rapid.toml").read_bytes()


def test_export_onto_a_full_disk_leaves_the_old_file_whole(weekend, tmp_path, capsys, monkeypatch):
    out = tmp_path / "out.trf"
    out.write_text("the previous export\n")

    def no_room(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", no_room)
    assert main(["export", str(weekend), "--trf", str(out)]) == 5
    assert "No space left on device" in one_error(capsys)
    assert out.read_text() == "the previous export\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.trf", "weekend.toml"]  # no partial file


@pytest.mark.parametrize("dialect", ["trf26", "javafo", "bbp"])
def test_withdrawn_players_are_not_paired_from_the_export(weekend, tmp_path, capsys, dialect):
    out = tmp_path / "out.trf"
    assert main(["export", str(weekend), "--trf", str(out), "--dialect", dialect]) == 0
    capsys.readouterr()
    assert main(["pair", str(out)]) == 0
    pairs = [line.split() for line in capsys.readouterr().out.splitlines()[1:]]
    paired = {int(x) for pair in pairs for x in pair} - {0}
    assert not paired & {4, 50} and len(paired) == 62 - 2  # 64 players, 2 withdrawn, 2 half-point byes
    assert main(["import", str(out), "-o", str(tmp_path / "back.toml")]) == 0
    back = store.load(tmp_path / "back.toml")
    if dialect == "bbp":  # no record for later rounds: back as absent from round 5, not paired there either
        assert {pid for pid, code in back.round(5).requests.items() if code.value == "Z"} == {4, 50}
        return
    assert [p.id for p in back.players if p.withdrawn] == [4, 50]  # withdrawn, not merely absent from round 5
    assert not {4, 50} & set(back.round(5).requests)


def test_the_bbp_dialect_is_what_bbppairings_reads(weekend, tmp_path):
    """No block with a blank result (bbp v6 refuses a cut-short block), 192 a code it accepts (spec/trf.md 2.2)."""
    out = tmp_path / "out.trf"
    assert main(["export", str(weekend), "--trf", str(out), "--dialect", "bbp"]) == 0
    lines = out.read_text().splitlines()
    assert "192 FIDE_DUTCH" in lines
    players = [line for line in lines if line.startswith("001")]
    assert len(players) == 64
    for line in players:
        assert BBP_BLOCK.match(line[89:]), line
    withdrawn = next(line for line in players if line[4:8] == "   4")
    assert withdrawn[89:].endswith("  0000 - Z  0000 - Z  0000 - Z  0000 - Z")  # rounds 2-4 and round 5 to pair
    assert not [line for line in lines if line.startswith("240")]  # the record bbpPairings may not take


def test_values_longer_than_their_column_are_cut_with_a_warning_and_the_rest_read_back(weekend, tmp_path, capsys):
    event = store.load(weekend)
    event.players[1].name = "Abercrombie-Fitzwilliam, Maximilian J."
    event.players[4].sex = "x"
    event.players[5].federation = "NORW"
    event.players[6].birth = "1990-01-01 (approx.)"
    event.players[7].fide_id = 99999999999
    event.players[7].rating = 9999
    store.save(event, weekend)
    out = tmp_path / "out.trf"
    assert main(["export", str(weekend), "--trf", str(out)]) == 0
    # the line on the rating report's missing records (round dates, ...) is tested on its own below
    warnings = [w for w in capsys.readouterr().err.splitlines() if "rating report" not in w]
    assert all(w.startswith(f"warning: {weekend}: ") for w in warnings) and len(warnings) == 4, warnings
    text = "\n".join(warnings)
    for expected in ("player 2: name 'Abercrombie-Fitzwilliam, Maximilian J.' cut to TRF's 33", "player 5: sex 'x'",
                     "player 6: federation 'NORW' cut to TRF's 3", "player 7: birth '1990-01-01 (approx.)' cut"):
        assert expected in text
    assert main(["import", str(out), "-o", str(tmp_path / "back.toml")]) == 0
    back = store.load(tmp_path / "back.toml")
    assert back.player(2).name == "Abercrombie-Fitzwilliam, Maximilian J."[:33]
    assert (back.player(6).federation, back.player(7).birth) == ("NOR", "1990/01/01")
    assert (back.player(8).fide_id, back.player(8).rating) == (99999999999, 9999)  # the largest TRF holds
    cut = {2, 5, 6, 7}
    for before, after in zip(store.load(weekend).players, back.players):  # everything else TRF carries
        if before.id not in cut:
            assert after.registration() == before.registration(), before.id
    # TRF has no withdrawal: a withdrawn player comes back absent from the round to pair
    assert {p.id for p in back.players if p.withdrawn} == {4, 50}


def test_birth_dates_are_written_as_trf_says(weekend, tmp_path):
    """TRF-2026 record 001 columns 70-79 hold YYYY/MM/DD; the form takes YYYY-MM-DD (or the TRF way)."""
    event = store.load(weekend)
    event.players[0].birth = "1987-03-09"
    event.players[1].birth = "1955"
    event.players[2].birth = "1974/00/00"
    store.save(event, weekend)
    out = tmp_path / "out.trf"
    assert main(["export", str(weekend), "--trf", str(out)]) == 0
    lines = {int(line[4:8]): line for line in out.read_text(encoding="utf-8").splitlines() if line.startswith("001 ")}
    assert [lines[pid][69:79].rstrip() for pid in (1, 2, 3)] == ["1987/03/09", "1955", "1974/00/00"]
    assert main(["import", str(out), "-o", str(tmp_path / "back.toml")]) == 0
    back = store.load(tmp_path / "back.toml")
    assert [back.player(pid).birth for pid in (1, 2, 3)] == ["1987/03/09", "1955", "1974/00/00"]


def test_values_no_event_needs_in_memory_are_written_as_far_as_they_fit_and_named(weekend):
    """The entry paths refuse them (tests/store/test_trf_values.py); an event built in code still exports."""
    event = store.load(weekend)
    event.players[0].name = "Smith,\nJohn"
    event.players[2].rating = 12000
    event.players[3].fide_id = 10**11
    event.info.city = "Ghent\r\nBelgium"
    result = export_trf(event)
    text = "\n".join(result.warnings)
    for expected in ("player 1: line breaks", "player 3: rating 12000 does not fit", "player 4: FIDE id 100000000000",
                     "record 022: line breaks"):
        assert expected in text
    assert len(result.warnings) == 4
    assert "022 Ghent  Belgium" in result.text.splitlines()
    assert trf.loads(result.text).tournament.by_id[1].name == "Smith, John"


def test_a_round_without_every_result_is_left_out_with_a_warning(tmp_path, capsys):
    path = tmp_path / "club.toml"
    shutil.copyfile(SAMPLES / "weekend-open.toml", path)
    event = store.load(path)
    last = event.round(event.rounds_paired)
    last.boards[0] = Board(last.boards[0].number, last.boards[0].white, last.boards[0].black, "")
    store.save(event, path)
    out = tmp_path / "out.trf"
    assert main(["export", str(path), "--trf", str(out)]) == 0
    assert "round 4 paired but not every result is in" in capsys.readouterr().err
    assert trf.load(out).tournament.rounds_played == 3


def test_games_scored_as_lost_read_back(weekend, tmp_path):
    event = store.load(weekend)
    boards = event.round(1).boards
    for board, result in zip(boards, ("0-0", "1/2-0", "0-1/2")):
        board.result = result
    store.save(event, weekend)
    out = tmp_path / "out.trf"
    assert main(["export", str(weekend), "--trf", str(out)]) == 0
    assert main(["import", str(out), "-o", str(tmp_path / "back.toml")]) == 0
    assert [b.result for b in store.load(tmp_path / "back.toml").round(1).boards[:3]] == ["0-0", "1/2-0", "0-1/2"]


def test_a_score_trf_cannot_print_is_refused_naming_the_player(weekend, tmp_path, capsys):
    text = weekend.read_text(encoding="utf-8").replace("win = 1.0", "win = 9.75", 1)
    weekend.write_text(text, encoding="utf-8")
    out = tmp_path / "out.trf"
    assert main(["export", str(weekend), "--trf", str(out)]) == 3
    line = one_error(capsys)
    assert re.search(r"player \d+: a score of \d+\.\d\d does not fit TRF's 4-character points column", line), line
    assert not out.exists()


def _reimports(text: str) -> None:
    t = trf.loads(text).pairing_tournament()
    event = store.Event.from_tournament(t, name=t.name or "x")
    event.players.append(PlayerRecord(id=len(event.players) + 1, name="late"))  # and it is an ordinary event
    store.loads(store.dumps(event))


@pytest.mark.slow
@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(events())
def test_every_event_exports_to_trf_our_import_reads_or_says_why_not(event):
    for dialect in ("trf26", "javafo", "bbp"):
        try:
            done = export_trf(event, dialect)
        except ExportError as err:
            assert "\n" not in str(err) and str(err).endswith("nothing written")
            continue
        _reimports(done.text)


def _as_written(event, bbp: bool = False) -> dict:
    """What a TRF round trip must give back: players field by field, every round written, the settings.

    ``bbp``: bbpPairings refuses a blank round block, so a round a player was not paired in is
    written ``0000 - Z`` and comes back as a zero-point bye (the same absence: no game, no points);
    and it takes no record for a later round, so a withdrawn player comes back absent from the round
    to pair (not paired there either) instead of withdrawn.
    """
    players = [(p.id, p.name, p.rating, p.title, p.federation, p.fide_id, p.birth, p.sex,
                "left" if bbp and p.status == "withdrawn" else p.status,
                None if bbp else p.withdrawn_after) for p in event.players]

    def requests(r) -> dict:
        if not bbp or not r.boards:
            return dict(r.requests)
        placed = {pid for b in r.boards for pid in (b.white, b.black)} | {r.bye}
        return {pid: code for pid, code in r.requests.items() if code.value != "Z"} | {
            p.id: "absent" for p in event.players if p.id not in placed and r.requests.get(p.id) in (None,)
            or p.id not in placed and r.requests.get(p.id).value == "Z"}

    rounds = [(r.number, [(b.white, b.black, b.result) for b in r.boards], r.bye, requests(r))
              for r in event.rounds if r.boards and all(b.result for b in r.boards) or not r.boards]
    s = event.settings
    return {"players": players, "rounds": rounds,
            "settings": (s.rounds, s.system, s.initial_colour, s.points, s.tiebreaks, s.accelerations)}


@pytest.mark.parametrize("dialect", ["trf26", "javafo", "bbp"])
@pytest.mark.parametrize("sample", ["club-rapid", "weekend-open", "open-300"])
def test_every_sample_comes_back_from_every_dialect_field_by_field(sample, dialect, tmp_path):
    """Export, then import: the same players (withdrawals and the round they left after included),
    rounds, results, byes and requests; only a round still missing results is not written (TRF holds
    rounds played), and the event's own details travel in the header records."""
    src = tmp_path / f"{sample}.toml"
    shutil.copyfile(SAMPLES / f"{sample}.toml", src)
    out, back = tmp_path / f"{sample}.trf", tmp_path / "back.toml"
    assert main(["export", str(src), "--trf", str(out), "--dialect", dialect]) == 0
    assert main(["import", str(out), "-o", str(back)]) == 0
    before, after = _as_written(store.load(src), dialect == "bbp"), _as_written(store.load(back), dialect == "bbp")
    if dialect == "bbp":  # withdrawn players are back as absent from the round to pair: the same, there
        gone = {p[0] for p in before["players"] if p[8] == "left"}
        after["players"] = [p[:8] + (("left",) if p[0] in gone and p[8] == "active" else (p[8],)) + p[9:]
                            for p in after["players"]]
        after["rounds"] = [(n, boards, bye, {pid: c for pid, c in req.items() if pid not in gone or boards})
                           for n, boards, bye, req in after["rounds"]]
    if dialect == "bbp":  # bbpPairings reads no 162/XXS: the scoring travels in its BB? lines
        assert before["settings"][3] == after["settings"][3]
    assert before["players"] == after["players"]
    assert before["rounds"] == after["rounds"]
    assert before["settings"][:3] == after["settings"][:3] and before["settings"][4:] == after["settings"][4:]


def test_a_withdrawal_is_written_as_absent_from_every_round_left(weekend):
    """TRF has no withdrawal: a withdrawn player is absent (Z) from the round to pair and from every
    round after it (record 240), which reads back as withdrawn; an engine pairing round 5 skips them."""
    text = export_trf(store.load(weekend)).text
    later = [line for line in text.splitlines() if line.startswith("240 Z")]
    assert later == [f"240 Z {r:03d}    4   50" for r in (5, 6, 7)]
    doc = trf.loads(text)
    assert [p.id for p in doc.tournament.players if p.withdrawn] == [4, 50]
    assert 4 not in {p.id for p in doc.tournament.to_pair()}  # withdrawn, and absent from round 5 as written
    # written again from what was read: the same records, once
    assert trf.dumps(doc).count("240 Z 006") == 1


def test_export_names_the_records_the_rating_report_lacks_and_still_writes_the_file(weekend, tmp_path, capsys):
    """Issue 30 item 8: no round dates meant no record 132, and not a word; the file is FIDE's rating report."""
    out = tmp_path / "report.trf"
    event = store.load(weekend)
    assert event.rounds_paired == 4 and not any(rnd.date for rnd in event.rounds)
    event.info.deputy_arbiters = ["Aerts, Bram 203111", "Claes, Dirk"]
    store.save(event, weekend)
    assert main(["export", str(weekend), "--trf", str(out)]) == 0
    warning = one_error(capsys)
    assert "rating report lacks what FIDE needs" in warning
    assert "132 round dates (rounds 1-4)" in warning
    assert "102 chief arbiter's FIDE ID (Dubois, Claire)" in warning
    assert "112 deputy arbiter's FIDE ID (Claes, Dirk)" in warning and "Aerts" not in warning
    for present in ("022", "032", "042", "052", "122"):
        assert present not in warning  # the sample has city, federation, dates and time control
    text = out.read_text()
    assert text.startswith("012 Autumn Weekend Open") and not any(line.startswith("132") for line in text.splitlines())


def test_an_event_with_every_record_exports_without_the_report_warning(weekend, tmp_path, capsys):
    import datetime as dt

    event = store.load(weekend)
    event.info.chief_arbiter = "Dubois, Claire (203001)"
    for rnd in event.rounds:
        rnd.date = dt.date(2026, 11, 19 + rnd.number)
    store.save(event, weekend)
    assert main(["export", str(weekend), "--trf", str(tmp_path / "report.trf")]) == 0
    assert "rating report" not in capsys.readouterr().err
    assert export_trf(store.load(weekend)).missing == []
