"""The title norms made, published with the event's last round (``round-N-norms``), linked from the index."""

from __future__ import annotations

import csv
import io

from swisstui import store
from swisstui.outputs.publish import publish
from tests.cli.norm_files import im_norm_file


def test_the_last_round_publishes_the_norms_made(tmp_path):
    path = im_norm_file(tmp_path / "york.toml", complete=True)
    out = tmp_path / "site"
    written = publish(store.load(path), out, 9)
    assert {p.name for p in written} >= {"round-9-norms.html", "round-9-norms.txt", "round-9-norms.csv"}
    rows = list(csv.reader(io.StringIO((out / "round-9-norms.csv").read_text())))
    assert rows == [["No", "Name", "Fed", "FIDE ID", "Norm", "Games", "Pts", "Ra", "Rp"],
                    ["1", "Applicant, Ann", "ENG", "4100001", "IM", "9", "5.5", "2383", "2463"]]
    text = (out / "round-9-norms.txt").read_text()
    assert "host federation ENG" in text and "No title norm was made" not in text
    assert 'href="round-9-norms.html"' in (out / "index.html").read_text()


def test_no_norms_list_before_the_last_round_and_a_note_when_none_was_made(tmp_path):
    path = im_norm_file(tmp_path / "york.toml", results="1=1=01=00")  # the last round lost: no norm
    out = tmp_path / "site"
    assert not any("norms" in p.name for p in publish(store.load(path), out, 8))
    publish(store.load(path), out, 9)
    text = (out / "round-9-norms.txt").read_text()
    assert "No title norm was made in this event." in text
