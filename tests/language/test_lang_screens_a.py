"""The screens of home, players, score groups, results, standings, cross-table, details, history and help
(with their dialogs) in the arbiter's language: no word left out of the catalogue, nothing cut at 80x24
in French and German, and real French words where the catalogue has them.

Words allowed on a screen besides the event's data (``event_words``):
- the history's lines and the home screen's recent changes: the history file's records, shown as written;
- single letters: the keys the footer and the hints name (``h``, ``p``, ``^p``).
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from swisstui import language
from swisstui.app import SwissApp
from tests.app.clipping import clipped, drawn_cut
from tests.app.screen_text import burst, screen_text
from tests.language.pseudo import WORD, event_words, screen_unmarked

SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"
SIZE = (80, 24)
VISITS = (("h",), ("p",), ("p", "a"), ("p", "w"), ("p", "f"), ("p", "i"), ("p", "B"), ("p", "number_sign"),
          ("g",), ("r",), ("r", "o"), ("r", "j"), ("r", "c"), ("r", "c", "1"), ("s",), ("x",), ("d",), ("l",),
          ("l", "u"), ("question_mark",))
"""The keys that open each screen and dialog, from the home screen."""


def _copy(sample: str, tmp_path: Path) -> Path:
    path = tmp_path / f"{sample}.toml"
    shutil.copyfile(SAMPLES / f"{sample}.toml", path)
    return path


def _recorded(path: Path) -> set[str]:
    """The words of the event's log: the history file's records, shown as written."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    texts = [str(v) for entry in data.get("log", []) for v in entry.values()]
    return {w for text in texts for w in WORD.findall(text)} | {w.capitalize() for t in texts for w in WORD.findall(t)}


def _allowed(app, path: Path) -> set[str]:
    words = event_words(path) | _recorded(path)
    words |= set(WORD.findall(app.session.event.settings.system))  # the system's id, as files and --system name it
    # The header shortens the event's name ("Club Ra…"), the home screen the file's path: any start of theirs.
    for name in WORD.findall(app.session.event.name) + WORD.findall(str(path)):
        words |= {name[:n] for n in range(1, len(name) + 1)}
    return words


async def _visit(app, pilot, keys: tuple[str, ...]) -> None:
    await burst(pilot, "h")
    await burst(pilot, *keys)


@pytest.mark.slow
@pytest.mark.parametrize("sample", ["club-rapid", "weekend-open", "open-300"])
async def test_every_screen_shows_only_words_from_the_catalogue(sample, tmp_path, pseudo):
    path = _copy(sample, tmp_path)
    app = SwissApp(path, pair_in_child=False)
    found = []
    async with app.run_test(size=SIZE) as pilot:
        allowed = _allowed(app, path)
        for keys in VISITS:
            await _visit(app, pilot, keys)
            if type(app.screen).__name__ == "HistoryScreen":  # the history's rows are the file's records
                table = app.screen.query_one("#history")
                allowed |= {w for row in range(table.row_count) for w in WORD.findall(
                    " ".join(str(c) for c in table.get_row_at(row)))}
                allowed |= set(WORD.findall(str(app.screen.query_one("#history-note").render())))
            words = [w for w in screen_unmarked(app, allowed) if len(w) > 1]
            if words:
                found.append(f"{' '.join(keys)} ({type(app.screen).__name__}): {words}\n{screen_text(app)}")
            await burst(pilot, "escape", "escape")
    assert not found, "\n".join(found)


@pytest.mark.slow
@pytest.mark.parametrize("code", ["fr", "de"])
@pytest.mark.parametrize("sample", ["club-rapid", "weekend-open", "open-300"])
async def test_every_screen_is_whole_at_80x24_in_french_and_german(sample, code, tmp_path):
    path = _copy(sample, tmp_path)
    language.set_arbiter_language(code)
    try:
        app = SwissApp(path, pair_in_child=False)
        problems = []
        async with app.run_test(size=SIZE) as pilot:
            for keys in VISITS:
                await _visit(app, pilot, keys)
                problems += [f"{' '.join(keys)}: {p}" for p in clipped(app) + drawn_cut(app)]
                await burst(pilot, "escape", "escape")
    finally:
        language.set_arbiter_language("en")
    assert not problems, "\n".join(problems)


async def test_the_standings_and_home_read_in_french(tmp_path):
    path = _copy("weekend-open", tmp_path)
    language.set_arbiter_language("fr")
    try:
        app = SwissApp(path, pair_in_child=False)
        async with app.run_test(size=SIZE) as pilot:
            await burst(pilot, "h")
            home = screen_text(app)
            await burst(pilot, "s")
            standings = screen_text(app)
            await burst(pilot, "p")
            players = screen_text(app)
    finally:
        language.set_arbiter_language("en")
    assert "classement" in standings.lower() and "Standings" not in standings
    assert "Prochaine étape" in home and "Joueurs" in home and "Next:" not in home
    assert "joueurs" in players and "Nom" in players


@pytest.mark.parametrize("kind", ["new", "broken"])
async def test_the_new_event_and_load_error_screens_show_only_words_from_the_catalogue(kind, tmp_path, pseudo):
    path = tmp_path / "spring.toml"
    if kind == "broken":
        path.write_text('name = "Spring"\nrounds = "seven"\n', encoding="utf-8")
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot)
        assert type(app.screen).__name__ == ("NewEventScreen" if kind == "new" else "LoadErrorScreen")
        # the path, which the dialog wraps anywhere ("/tmp/.../sp" then "ring.toml"): any piece of its words
        allowed = {name[i:j] for name in WORD.findall(str(path))
                   for i in range(len(name)) for j in range(i + 1, len(name) + 1)}
        if kind == "broken":  # the store's line names the file, the line and the field as the file writes them
            allowed |= {"schema"}
        else:  # the systems' ids, as the event file and --system take them
            allowed |= set(WORD.findall(str(app.screen.query(".hint").first().render())))
        words = [w for w in screen_unmarked(app, allowed) if len(w) > 1]
        shown = screen_text(app)
    assert not words, f"{words}\n{shown}"


@pytest.mark.parametrize("code", ["en", "fr", "de", "es"])
def test_the_historys_times_fit_their_column_in_every_language(code):
    """A change's time, "28 Nov 14:03:05", in the arbiter's language and in the 15 cells of the When column
    for every month (strftime's %b would be English whatever the language; a full name would be cut)."""
    import datetime as dt

    from swisstui.screens.history import FIXED_WIDTHS, when
    from swisstui.session.actions import HistoryLine

    language.set_arbiter_language(code)
    try:
        times = [when(HistoryLine(revision=1, at=dt.datetime(2026, month, 28, 14, 3, 5).astimezone(), by="", action="",
                                  round=None, text="", undone=False, undoes=None)) for month in range(1, 13)]
    finally:
        language.set_arbiter_language("en")
    assert all(len(t) <= FIXED_WIDTHS["When"] for t in times), times
    assert times[4].split()[1] == {"en": "May", "fr": "mai", "de": "Mai", "es": "may"}[code]
