"""The app draws in the terminal's encoding: ``PYTHONIOENCODING=ascii`` no longer turns ½ into ``\\xbd`` nor
pushes a column off the screen with a name that has accents (issue 29, item 13)."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from swisstui import store
from swisstui.store.event import LogEntry
from swisstui.terminal.screen_encoding import draw_in_terminal_encoding
from tests.app.tmux import Terminal

SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"


def test_with_pythonioencoding_ascii_the_app_shows_half_points_and_names_in_their_cells(tmp_path, monkeypatch):
    path = tmp_path / "weekend.toml"
    shutil.copyfile(SAMPLES / "weekend-open.toml", path)

    def rename(event):
        event.players[0].name = "Ševčík, Ľubomír"
        return LogEntry("rename", "a name with accents")

    store.update(path, rename)
    monkeypatch.setenv("PYTHONIOENCODING", "ascii")
    with Terminal(path) as term:  # 80x24: under pytest tmux hands the app COLUMNS=80 LINES=24
        term.wait_for("Next:", timeout=60)
        term.type("p")
        screen = term.wait_for("Rating", timeout=60)
        row = next(line for line in screen.splitlines() if "Ševčík" in line)
        assert row.split()[:4] == ["1", "Ševčík,", "Ľubomír", "2678"], screen
        assert screen.splitlines()[1].split()[:4] == ["No▲", "Name", "Rating", "Title"], screen
        term.type("Escape", "s")
        screen = term.wait_for("standings after round 4", timeout=60)
        assert "½" in screen and "\\x" not in screen and "\\u" not in screen, screen


def test_a_terminal_that_cannot_show_a_character_gets_one_mark_per_cell(monkeypatch):
    """Under a locale whose encoding is ASCII, what it cannot show is ``?`` cell for cell: columns stay put."""
    monkeypatch.setattr("locale.getencoding", lambda: "ANSI_X3.4-1968")
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii", errors="backslashreplace")
    assert draw_in_terminal_encoding(stream) == "cells"
    stream.write("│Ševčík 2½│漢字│e\u0301│")
    stream.flush()
    assert raw.getvalue() == b"??ev??k 2???????e?"  # box lines 1 cell, CJK 2, the combining accent 0


def test_a_stream_that_shows_everything_is_left_as_it_is():
    stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    assert draw_in_terminal_encoding(stream) == "as it is" and stream.errors == "strict"


def test_under_a_utf8_locale_an_ascii_stream_is_drawn_in_utf8(monkeypatch):
    monkeypatch.setattr("locale.getencoding", lambda: "UTF-8")
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii", errors="backslashreplace")
    assert draw_in_terminal_encoding(stream) == "utf-8"
    stream.write("2½ Ševčík")
    stream.flush()
    assert raw.getvalue() == "2½ Ševčík".encode()
