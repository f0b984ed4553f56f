"""Control characters never reach the terminal: every screen draws them as visible signs.

``Smith\\x1b[2J`` written to a terminal clears it. The event file refuses such a
name now (tests/store/test_trf_values.py), but files written before that rule,
file names, pasted text and an arbiter's name still bring them: every line the
app draws goes through :class:`swisstui.widgets.visible.VisibleControls`. These
tests look at the segments the app would write, on every screen and pane.
"""

from __future__ import annotations

from rich.segment import Segment
from textual import events
from textual.color import Color
from textual.widgets import Input

from engine.trf.fields import CONTROL
from swisstui.store import event as event_module
from swisstui.app import SwissApp
from swisstui.store import typed
from swisstui.widgets.visible import VisibleControls, visible
from tests.app.test_markup_names import event_with_names, visit_every_screen
from tests.app.screen_text import burst, screen_text

SIZE = (160, 50)
NAMES = ("Smith\x1b[2J", "Lee\x1b]0;pwned\x07", "Csi\x9b31m", "Bell\x07Bo", "Del\x7fa", "Sep\u2028x",
         "Back\bspace", "Rlo\u202eevil", "Iso\u2067x\u2069y", "Plain, Ann", "Brown, Bo", "Kim, Li")


def raw_controls(app) -> list[str]:
    """Lines of the current screen that would write a control character to the terminal."""
    strips = app.screen._compositor.render_strips()
    lines = ["".join(seg.text for seg in strip if not seg.control) for strip in strips]
    return [line for line in lines if CONTROL.search(line)]


def test_a_control_character_becomes_a_sign_and_the_line_keeps_its_width():
    segments = [Segment("ab\x1b[2J"), Segment("  "), Segment("\x9bx   ")]
    shown = VisibleControls().apply(segments, Color(0, 0, 0))
    assert "".join(s.text for s in shown) == "ab␛[2J  �x "  # one cell per sign, the padding gives way
    assert sum(s.cell_length for s in shown) == sum(s.cell_length for s in segments)
    assert visible("a\tb\nc\x7f") == "a␉b␊c␡"
    bidi = [Segment("Rlo\u202eevil"), Segment("  \u2066x\u2069    ")]  # an override, an isolate, padding
    assert "".join(s.text for s in VisibleControls().apply(bidi, Color(0, 0, 0))) == "Rlo�evil  �x� "
    plain = [Segment("Plain, Ann")]
    assert VisibleControls().apply(plain, Color(0, 0, 0)) is plain


async def test_names_from_a_file_written_before_the_rule_show_as_signs_on_every_screen(tmp_path, monkeypatch):
    for module in (typed, event_module):  # the reader and the import of an earlier version
        monkeypatch.setattr(module, "text_problem", lambda text: None)
    path = event_with_names(tmp_path / "old.toml", NAMES, event_name="Open\x1b[5m", city="Gent\x1b[H")
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        seen = []
        for text in await visit_every_screen(app, pilot, check=lambda: seen.append(raw_controls(app))):
            assert not any(CONTROL.search(line) for line in text.split("\n"))
        assert seen and not any(seen), seen
        await burst(pilot, "escape", "escape", "p")
        assert "Smith␛[2J" in screen_text(app) and "Csi�31m" in screen_text(app)
        assert "Rlo�evil" in screen_text(app) and "Iso�x�y" in screen_text(app)  # not drawn backwards
    assert app._exception is None


async def test_the_refusal_of_such_a_file_is_drawn_without_the_character(tmp_path):
    path = tmp_path / "open\x1b[2J.toml"
    path.write_text('schema = 1\n[event]\nname = "Open"\n[settings]\nrounds = 5\n'
                    '[[players]]\nid = 1\nname = "Smith\\u001b[2J"\n', encoding="utf-8")
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "players.name" in text and "ESC (U+001B)" in text
        assert "open␛[2J.toml" in text  # the file name, as the error names it
        assert not raw_controls(app)


async def test_text_pasted_into_a_form_is_drawn_as_signs(tmp_path):
    path = event_with_names(tmp_path / "e.toml", NAMES[-3:])
    app = SwissApp(path, pair_in_child=False, arbiter="Arb\x1b[31m")
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "p", "a")
        app.screen.query_one("#f-name", Input).post_message(events.Paste("Smith\x1b[2J"))
        await burst(pilot)
        assert "Smith␛[2J" in screen_text(app)
        assert not raw_controls(app)
