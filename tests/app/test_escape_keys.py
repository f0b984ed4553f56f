"""Escape and the key typed after it, arriving in one read, are read as those two keys."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual import events
from textual._xterm_parser import XTermParser

from swisstui.terminal.escape_keys import EscapeFirstParser
from tests.app.tmux import Terminal

SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"


def read(parser_class: type[XTermParser], data: str) -> list[str]:
    """The keys (and pastes) a parser makes of ``data`` read at once, the input then ending."""
    parser = parser_class()
    made = [*parser.feed(data), *parser.feed("")]
    return [m.key if isinstance(m, events.Key) else f"paste {m.text!r}" for m in made
            if isinstance(m, (events.Key, events.Paste))]


@pytest.mark.parametrize("data, keys", [
    ("\x1bp", ["escape", "p"]),
    ("\x1b\r", ["escape", "enter"]),
    ("\x1b1", ["escape", "1"]),
    ("\x1b?", ["escape", "question_mark"]),
    ("\x1b\t", ["escape", "tab"]),
    ("\x1bS", ["escape", "S"]),
    ("\x1b ", ["escape", "space"]),
    ("\x1b[", ["escape", "left_square_bracket"]),
    ("]\x1b[", ["right_square_bracket", "escape", "left_square_bracket"]),
    ("\x1b]", ["escape", "right_square_bracket"]),
    ("\x1b\x1bp", ["escape", "escape", "p"]),
])
def test_escape_then_a_key_in_one_read_is_escape_then_that_key(data, keys):
    assert read(EscapeFirstParser, data) == keys


def test_textuals_own_parser_loses_or_changes_those_keys():
    """What the keys were read as before: why swisstui reads them itself."""
    assert read(XTermParser, "\x1bp") == ["alt+p"]
    assert read(XTermParser, "\x1b\r") == ["enter"]
    assert read(XTermParser, "\x1b1") == ["inverted_exclamation_mark"]
    assert read(XTermParser, "]\x1b[") == ["right_square_bracket", "left_square_bracket"]


@pytest.mark.parametrize("data, keys", [
    ("\x1b", ["escape"]),
    ("\x1b\x1b", ["escape", "escape"]),
    ("\x1b[A\x1b[B", ["up", "down"]),
    ("\x1bOA", ["up"]),
    ("\x1b[Z", ["shift+tab"]),
    ("\x1b[15~", ["f5"]),
    ("\x1b[1;5C", ["ctrl+right"]),
    ("a\x1b[200~x y\x1b[201~b", ["a", "paste 'x y'", "b"]),
])
def test_sequences_the_terminal_sends_for_other_keys_and_pastes_read_as_before(data, keys):
    assert read(EscapeFirstParser, data) == keys == read(XTermParser, data)


def test_escape_and_the_next_key_typed_in_one_write_in_a_real_terminal(tmp_path):
    """Over SSH Escape and a quick next key arrive together: both must act, as typed slowly.

    Textual alone read Escape, a as alt+a: the search took the a, emptied the list, and no form opened.
    """
    path = tmp_path / "club.toml"
    shutil.copyfile(SAMPLES / "club-rapid.toml", path)
    with Terminal(path) as term:
        term.wait_for("Next: Round 4")
        term.type("p")
        term.wait_for("Costa, Julia", "Gruber, Emil")
        term.type("/costa")
        term.wait_gone("Gruber, Emil")
        term.type("Escape", "a")  # clear the search, then add a player: one write
        term.wait_for("Add player")
        term.type("Escape")
        screen = term.wait_gone("Add player")
        assert "Gruber, Emil" in screen and "costa" not in screen  # the search was cleared
