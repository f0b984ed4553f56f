"""Names and event details that look like markup are shown as typed, on every screen.

A player called ``Smith, [/b]`` once stopped the players, standings, cross-table
and results screens drawing (a closing tag with no opening one), and ``[red]``
vanished into a colour. The rule (:mod:`swisstui.widgets.plain`): text from the
event is never read as markup anywhere. The app is driven through every screen
and pane with such names, and the source is checked for the ways markup gets in.
"""

from __future__ import annotations

import ast
import asyncio
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.systems import generate
from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.dialogs import ConfirmScreen
from tests.app.screen_text import burst, notifications, raised, screen_text, wait_for_notification

SOURCE = Path(__file__).resolve().parents[2] / "swisstui"
SIZE = (160, 50)
MARKUP_NAMES = (
    "Smith, [/b]", "[red]Red[/red]", "[b]Bold", "Lee [link=x]y", "Ann [/]", "Key \\[x]",
    "[@click=app.quit]Q", ":smile: Face", "[on red]x", "[", "Vo, ]", "Kim [$accent]",
)
SCREEN_KEYS = ("h", "p", "g", "r", "s", "x", "t", "d", "escape", "question_mark", "escape")
REVIEW_KEYS = ("right", "down", "down", "down", "a", "c", "escape")


def event_with_names(path: Path, names, event_name: str = "[b]Open [/b] ]", city: str = "[/i]Leiden") -> Path:
    """Three rounds played of five, so that every screen has data and round 4 can be paired."""
    t = generate.generate(len(names), 3, 7)
    event = store.Event.from_tournament(t, name=event_name)
    event.settings = replace(event.settings, rounds=5)
    for player, name in zip(event.players, names):
        player.name = name
    event.info.city = city
    event.info.chief_arbiter = "[/]Arbiter"
    store.save(event, path)
    return path


async def visit_every_screen(app, pilot, check=lambda: None) -> list[str]:
    """Every screen and every pane of the review; the text each showed (``check`` is called on each)."""
    seen = []
    for key in SCREEN_KEYS:
        await burst(pilot, key)
        seen.append(screen_text(app))
        check()
    await burst(pilot, "n")
    await app.workers.wait_for_complete()
    await burst(pilot)
    for key in REVIEW_KEYS:
        await burst(pilot, key)
        seen.append(screen_text(app))
        check()
    return seen


async def test_markup_in_names_is_shown_as_typed_on_every_screen(tmp_path):
    path = event_with_names(tmp_path / "e.toml", MARKUP_NAMES)
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        seen = await visit_every_screen(app, pilot)
        assert "[b]Open [/b] ]" in seen[0]  # the header and the home screen's facts
        players, crosstable = seen[1], seen[5]
        for name in MARKUP_NAMES:
            assert name in players and name in crosstable, name
        await burst(pilot, "escape", "p")
        await burst(pilot, "w")  # withdraw the first player, "Smith, [/b]"
        assert isinstance(app.screen, ConfirmScreen) and "Smith, [/b]" in screen_text(app)
        await burst(pilot, "y")
        await wait_for_notification(pilot, "Smith, [/b] withdrawn")  # the withdrawal is saved first, then said
        assert "Smith, [/b] withdrawn (u undoes)" in notifications(app)
        assert not any(n.markup for n in raised(app))  # drawn as plain text
    assert app._exception is None
    assert store.load(path).player(1).withdrawn  # and the event still opens


# What markup, emoji codes and odd text look like: brackets, backslashes, tags, any character.
MARKUP_PIECES = st.sampled_from(["[", "]", "[/]", "[/b]", "[b]", "[red]", "[@click=app.quit]", "[link=x]",
                                 "\\", ":smile:", "[$accent]", "[on red]", "&", "<b>", "=", "'", '"'])
FUZZED_NAME = st.lists(MARKUP_PIECES | st.text(st.characters(exclude_categories=("Cs", "Cc")), max_size=4),
                       min_size=1, max_size=5).map("".join).filter(lambda s: s.strip() != "")


@pytest.mark.slow
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(FUZZED_NAME, min_size=8, max_size=12), event_name=FUZZED_NAME)
def test_fuzzed_names_open_on_every_screen(tmp_path_factory, names, event_name):
    path = event_with_names(tmp_path_factory.mktemp("fuzz") / "e.toml", names, event_name, city=event_name)

    async def drive() -> None:
        app = SwissApp(path, pair_in_child=False)
        async with app.run_test(size=SIZE) as pilot:
            await visit_every_screen(app, pilot)
        assert app._exception is None

    asyncio.run(drive())


def _calls(tree: ast.AST, names: set[str]):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if called in names:
                yield node, called


def test_the_source_never_hands_event_text_to_a_markup_reader():
    """Statics, labels and option lists are plain; border titles go through plain(); tables are the plain ones."""
    problems = []
    for path in sorted(SOURCE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(SOURCE.parent)
        for node, called in _calls(tree, {"Static", "Label", "OptionList"}):
            if not any(k.arg == "markup" and getattr(k.value, "value", None) is False for k in node.keywords):
                problems.append(f"{where}:{node.lineno}: {called}(...) without markup=False")
        for node, called in _calls(tree, {"DataTable", "Table", "grid"}):
            if called == "grid" and getattr(node.func.value, "id", "") == "PlainTable":
                continue
            if path.name not in ("table.py", "plain.py"):
                problems.append(f"{where}:{node.lineno}: {called}(...) reads str cells as markup: use the plain one")
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(getattr(t, "attr", "") == "border_title" for t in node.targets):
                value = node.value
                if not (isinstance(value, ast.Call) and getattr(value.func, "id", "") == "plain"):
                    problems.append(f"{where}:{node.lineno}: border_title set without plain()")
    assert not problems, "\n".join(problems)
