"""The publication's prize list: written for an event with prizes, linked from the index, absent otherwise."""

from __future__ import annotations

import csv
import io

from swisstui import store
from swisstui.outputs.publish import publish
from tests.cli.test_cli_prizes import EVENT


def _event(tmp_path, text: str):
    path = tmp_path / "EVENT.toml"
    path.write_text(text, encoding="utf-8")
    return store.load(path)


def test_an_event_with_prizes_publishes_its_prize_list(tmp_path):
    out = tmp_path / "pub"
    written = publish(_event(tmp_path, EVENT.format(rule="shared")), out, 1)
    assert {p.name for p in written} >= {"round-1-prizes.html", "round-1-prizes.txt", "round-1-prizes.csv"}
    rows = list(csv.reader(io.StringIO((out / "round-1-prizes.csv").read_text(encoding="utf-8"))))
    assert rows[0] == ["List", "Place", "Prize", "No", "Name", "Pts", "Paid", "Shared with"]
    # After round 1, A and C (1 point each) share 100 + 60; D (U1800) takes the 50.
    assert [(r[0], r[3], r[6]) for r in rows[1:]] == [("Overall", "1", "80"), ("Overall", "3", "80"), ("U1800", "4", "50")]
    assert "PROVISIONAL: after round 1 of 2" in (out / "round-1-prizes.txt").read_text(encoding="utf-8")
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="round-1-prizes.html"' in index and 'href="round-1-prizes.csv"' in index


def test_an_event_without_prizes_publishes_none(tmp_path):
    text = EVENT.format(rule="shared")
    text = text[: text.index("[prizes]")] + text[text.index("[[players]]"):]
    out = tmp_path / "pub"
    publish(_event(tmp_path, text), out, 2)
    assert not list(out.glob("*prizes*"))
    assert "prizes" not in (out / "index.html").read_text(encoding="utf-8")


def test_a_tie_break_that_cannot_be_computed_leaves_points_alone_and_says_so(tmp_path):
    from dataclasses import replace

    from swisstui.outputs.prize_report import prize_report

    event = _event(tmp_path, EVENT.format(rule="tiebreak"))
    event.settings = replace(event.settings, tiebreaks=("KS",))  # a round-robin tie-break in a Swiss
    report = prize_report(event)
    assert report.notes == ("tie-breaks not applied: KS is defined for round robins only (C.07 art. 9.2)",)
    assert [(a.player, a.amount) for a in report.awards][:2] == [(1, 100), (3, 60)]
    written = publish(event, tmp_path / "pub", 2)
    assert "tie-breaks not applied" in (tmp_path / "pub" / "round-2-prizes.txt").read_text(encoding="utf-8")
    assert len(written) > 1
