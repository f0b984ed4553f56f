"""Published lists: what files appear, what they hold, and the text forms as snapshots.

The snapshots in ``snapshots/`` were read line by line against the engine's
standings (themselves checked against the TEC's tie-break checker); regenerate
them after an intended change with ``SWISSTUI_UPDATE_SNAPSHOTS=1``.
"""

from __future__ import annotations

import csv
import os
import re
from pathlib import Path

import pytest

from engine.awards.standings import standings
from swisstui.outputs.publish import KINDS, publish
from tests.publish.conftest import TIEBREAKS, finished_event

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"


def test_every_list_in_every_form(published):
    out, paths = published
    names = sorted(p.name for p in paths)
    lists = [f"round-5-{k}.{ext}" for k in KINDS for ext in ("html", "txt", "csv") if (k, ext) != ("cards", "csv")]
    paper = [f"round-5-{k}.html" for k in ("slips", "scoresheets", "wall")]
    assert names == sorted([*lists, *paper, "index.html"])
    assert sorted(p.name for p in out.iterdir()) == sorted([*lists, "index.html", "paper"])  # no temporary file left
    assert sorted(p.name for p in (out / "paper").iterdir()) == sorted(paper)


@pytest.mark.parametrize("kind", ["pairings", "alphabetical", "standings", "crosstable", "cards"])
def test_text_snapshots(published, kind):
    out, _ = published
    got = (out / f"round-5-{kind}.txt").read_text(encoding="utf-8")
    snap = SNAPSHOTS / f"{kind}.txt"
    if os.environ.get("SWISSTUI_UPDATE_SNAPSHOTS"):
        snap.write_text(got, encoding="utf-8")
    assert got == snap.read_text(encoding="utf-8")


def test_standings_csv_has_a_rank_on_every_row_and_one_column_per_tiebreak(published):
    out, _ = published
    rows = list(csv.reader((out / "round-5-standings.csv").open(encoding="utf-8")))
    assert rows[0] == ["Rk", "No", "Name", "Rtg", "Fed", "Pts", *TIEBREAKS]
    s = standings(finished_event().to_tournament())
    assert [(int(r[0]), int(r[1])) for r in rows[1:]] == [(row.rank, row.player) for row in s.rows]


def test_pairings_follow_the_published_board_order(published):
    out, _ = published
    event = finished_event()
    rows = list(csv.reader((out / "round-5-pairings.csv").open(encoding="utf-8")))[1:]
    assert [(int(r[1]), int(r[7])) for r in rows] == [(b.white, b.black) for b in event.round(5).boards]


def test_alphabetical_list_finds_every_player(published):
    out, _ = published
    rows = list(csv.reader((out / "round-5-alphabetical.csv").open(encoding="utf-8")))[1:]
    names = [r[0] for r in rows]
    assert names == sorted(names, key=str.casefold) and len(rows) == 10
    event = finished_event()
    for r in rows:
        board = event.round(5).board_of(int(r[1]))
        if board is not None:
            assert int(r[2]) == board.number
            assert r[3] == ("White" if board.white == int(r[1]) else "Black")


def test_html_is_self_contained(published):
    out, _ = published
    for page in out.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert not re.search(r"<(link|script|img|iframe)\b", html, re.I), page.name
        assert not re.search(r"src\s*=|url\(|@import", html, re.I), page.name
        # links only between the pages of the folder, by file name
        assert all(re.fullmatch(r"(index|round-5-[a-z]+|paper/round-5-[a-z]+)\.(html|txt|csv)", h)
                   for h in re.findall(r'href\s*=\s*"([^"]*)"', html)), page.name
        assert "prefers-color-scheme: dark" in html and "@media print" in html


def test_names_are_escaped(tmp_path):
    event = finished_event()
    event.players[0].name = "<b>Tricky</b> & Co"
    publish(event, tmp_path)
    html = (tmp_path / "round-5-standings.html").read_text(encoding="utf-8")
    assert "<b>Tricky" not in html and "&lt;b&gt;Tricky&lt;/b&gt; &amp; Co" in html


def test_nothing_to_publish_before_round_one(tmp_path):
    from swisstui.store.event import new_event
    with pytest.raises(ValueError, match="not paired"):
        publish(new_event("Empty", 5), tmp_path)
