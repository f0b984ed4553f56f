"""The event's language (its file, `new`, `publish`, the settings screen) reaching every page written for the
players, and the arbiter's language chosen in the app reaching the screens and the pairing's child process.

The event is the weekend open of tests/data/format-2026-11 (64 players, four rounds, 20-22 November 2026).
French words expected are the catalogue's (swisstui/locale/fr), looked up here by their English, so that a
test reads what a French arbiter or player would and never a word typed twice.
"""

from __future__ import annotations

import re
import shutil
import tomllib
import threading
import urllib.request
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from swisstui import language, store
from swisstui.app import SwissApp
from swisstui.cli import main
from swisstui.store.schema import EventFileError
from swisstui.terminal import preferences
from tests.app.clipping import clipped, drawn_cut
from tests.app.conftest import (  # noqa: F401 - the app tests' fixtures: private preferences, keys that wait
    keys_wait_for_the_app_not_the_clock,
    pauses_wait_for_keys,
    private_preferences,
    record_notifications,
)
from tests.app.screen_text import choose_line, screen_lines, screen_text, wait_until
from tests.language.pseudo import WORD, event_words, tiebreak_names, unmarked

DATA = Path(__file__).resolve().parents[1] / "data" / "format-2026-11"
WEEKEND = DATA / "weekend-open.toml"


@pytest.fixture
def weekend(tmp_path: Path) -> Path:
    path = tmp_path / "weekend.toml"
    shutil.copy(WEEKEND, path)
    return path


def in_french(path: Path) -> Path:
    event = store.load(path)
    event.language = "fr"
    store.save(event, path)
    return path


def french(message: str, context: str | None = None) -> str:
    catalogue = language.translations("fr")
    return catalogue.pgettext(context, message) if context else catalogue.gettext(message)


# -- the event file --------------------------------------------------------------------------------


def test_the_language_is_written_in_the_settings_and_read_back():
    event = store.new_event("Open de Gand", 5)
    event.language = "fr"
    text = store.dumps(event)
    assert tomllib.loads(text)["settings"]["language"] == "fr"
    assert store.loads(text).language == "fr"


@pytest.mark.parametrize("name", ["weekend-open.toml", "club-rapid.toml", "open-300.toml"])
def test_an_english_event_is_written_byte_for_byte_as_before(name: str):
    """Files written before the setting existed read as English and are written back unchanged."""
    text = (DATA / name).read_text(encoding="utf-8")
    event = store.loads(text)
    assert event.language == "en"
    assert store.dumps(event) == text


@pytest.mark.parametrize("code", ["xx", "FR", "fr_FR"])
def test_a_language_without_a_catalogue_names_file_line_field_and_the_languages(tmp_path: Path, code: str):
    text = WEEKEND.read_text(encoding="utf-8").replace('[settings]\n', f'[settings]\nlanguage = "{code}"\n', 1)
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index(f'language = "{code}"') + 1
    with pytest.raises(EventFileError) as caught:
        store.load(path)
    err = caught.value
    assert (err.path, err.line, err.field) == (str(path), line, "settings.language")
    assert repr(code) in err.message
    for code_there, name in language.LANGUAGES.items():
        assert f'"{code_there}" ({name})' in err.message


# -- the command line ------------------------------------------------------------------------------


def test_new_takes_the_pages_language(tmp_path: Path, capsys):
    assert main(["new", str(tmp_path / "fr.toml"), "--name", "Open de Gand", "--rounds", "5", "--language", "fr"]) == 0
    assert store.load(tmp_path / "fr.toml").language == "fr"
    assert main(["new", str(tmp_path / "en.toml"), "--name", "Ghent Open", "--rounds", "5"]) == 0
    assert store.load(tmp_path / "en.toml").language == "en"
    assert "language" not in (tmp_path / "en.toml").read_text(encoding="utf-8")


def test_new_refuses_a_language_without_a_catalogue_and_names_those_there_are(tmp_path: Path, capsys):
    assert main(["new", str(tmp_path / "x.toml"), "--name", "X", "--rounds", "5", "--language", "nl"]) == 2
    said = capsys.readouterr().err
    assert "--language" in said and "'nl'" in said and "fr (Français)" in said and "de (Deutsch)" in said
    assert not (tmp_path / "x.toml").exists()


def test_publish_speaks_the_events_language_and_language_overrides_it_for_one_run(weekend: Path, tmp_path: Path):
    in_french(weekend)
    before = weekend.read_bytes()
    assert main(["publish", str(weekend), "--to", str(tmp_path / "fr")]) == 0
    assert '<html lang="fr">' in (tmp_path / "fr" / "round-4-standings.html").read_text(encoding="utf-8")
    assert main(["publish", str(weekend), "--to", str(tmp_path / "de"), "--language", "de"]) == 0
    assert '<html lang="de">' in (tmp_path / "de" / "round-4-standings.html").read_text(encoding="utf-8")
    assert weekend.read_bytes() == before  # the override is for the run: the event keeps its language


# -- the pages -------------------------------------------------------------------------------------


def test_the_trf_and_the_csv_files_are_the_same_whatever_the_language(weekend: Path, tmp_path: Path):
    """What other programs read (the rating report, the lists' CSV) is never translated."""
    from swisstui.outputs.publish import publish
    from swisstui.outputs.trf_export import export_trf

    english = store.load(weekend)
    french_event = store.load(in_french(weekend))
    assert export_trf(french_event).text == export_trf(english).text
    publish(english, tmp_path / "en")
    publish(french_event, tmp_path / "fr")
    for csv in sorted((tmp_path / "en").glob("*.csv")):
        assert (tmp_path / "fr" / csv.name).read_bytes() == csv.read_bytes(), csv.name


def _published(path: Path, out: Path) -> dict[str, str]:
    from swisstui.outputs.publish import publish

    publish(store.load(path), out)
    return {str(p.relative_to(out)): p.read_text(encoding="utf-8") for p in out.rglob("*.html")}


def _visible(html: str) -> str:
    """The page's text as a reader sees it: the tags out (a date range is two spans, each day kept whole)."""
    return re.sub(r"<[^>]+>", "", html)


def test_a_french_events_pages_index_and_paper_are_french(weekend: Path, tmp_path: Path):
    """The arbiter reads English; the event's players read French: every page says so and writes its dates so."""
    pages = _published(in_french(weekend), tmp_path / "out")
    assert {"index.html", "round-4-standings.html", "paper/round-4-wall.html"} <= set(pages)
    days = f"20 {french('November', 'month')} 2026 – 22 {french('November', 'month')} 2026"
    assert days == "20 novembre 2026 – 22 novembre 2026"
    for name, text in pages.items():
        assert '<html lang="fr">' in text, name
    for name in ("index.html", "round-4-standings.html", "round-4-pairings.html", "paper/round-4-wall.html"):
        assert days in _visible(pages[name]), name
    assert language.current_code() == "en"  # the screens' language is the arbiter's again afterwards


def test_an_english_events_pages_stay_english_under_a_french_arbiter(weekend: Path, tmp_path: Path):
    language.set_arbiter_language("fr")
    pages = _published(weekend, tmp_path / "out")
    assert all('<html lang="en">' in text for text in pages.values())
    assert "20 November 2026 – 22 November 2026" in _visible(pages["round-4-standings.html"])
    assert language.current_code() == "fr"


def test_a_round_robins_schedule_speaks_the_events_language(tmp_path: Path):
    from swisstui.outputs.round_robin_publish import publish_schedule
    from tests.publish.round_robin_event import played_round_robin

    path = in_french(played_round_robin(tmp_path / "final.toml", 6))
    written = publish_schedule(store.load(path), tmp_path / "out")
    pages = [p for p in written if p.suffix == ".html"]
    assert {"schedule.html", "schedule-round-1.html", "index.html"} <= {p.name for p in pages}
    for page in pages:
        assert '<html lang="fr">' in page.read_text(encoding="utf-8"), page.name


def test_the_app_publishes_in_the_events_language(weekend: Path):
    from swisstui.session.actions import Session

    session = Session.open(in_french(weekend), "arbiter")
    folder, written = session.results.publish(4)
    assert '<html lang="fr">' in (folder / "round-4-standings.html").read_text(encoding="utf-8")
    assert "novembre" in (folder / "index.html").read_text(encoding="utf-8")


def test_the_venue_display_speaks_the_events_language(weekend: Path):
    from swisstui.web.display import make_server

    token = "lang-event-display-token-0123456789abcdef"
    server = make_server(in_french(weekend), port=0, token=token)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{server.server_address[1]}/?token={token}", timeout=30) as r:
            page = r.read().decode("utf-8")
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
    assert '<html lang="fr">' in page


# -- the pairing's child process -------------------------------------------------------------------


def test_the_pairing_child_is_told_the_arbiters_language(weekend: Path, monkeypatch):
    """The child is a fresh Python: the code goes on its command line, and its pairing is the parent's."""
    import subprocess

    from swisstui.session import pairing_process

    started: list[list[str]] = []
    popen = subprocess.Popen

    def recording(argv, *args, **kwargs):
        started.append(list(argv))
        return popen(argv, *args, **kwargs)

    monkeypatch.setattr(pairing_process.subprocess, "Popen", recording)
    event = store.load(weekend)
    event.rounds = event.rounds[:3]  # round 4 to pair again
    language.set_arbiter_language("fr")
    result = pairing_process.pair_in_child(event.to_tournament(), lambda: False)
    assert len(started) == 1 and started[0][-1].endswith("_pair_child_main('fr')")
    here = pairing_process.pair_and_explain(event.to_tournament())
    assert [(b.white, b.black) for b in result.boards] == [(b.white, b.black) for b in here.boards]
    assert result.trace == here.trace  # the same steps, worded in the same language


# -- the settings screen ---------------------------------------------------------------------------


async def _settings(app: SwissApp, pilot) -> None:
    await pilot.press("t")
    await wait_until(pilot, lambda: app.screen.query(OptionList), "the settings screen")


def body_unmarked(app, allowed: set[str]) -> list[str]:
    """The unmarked words between the header and the footer (theirs are the other screens' too: tested there).

    The hint is read as its text rather than as drawn: the themes' folder, wrapped, is cut at any letter."""
    hint = app.screen.query_one("#settings-hint", Static)
    drawn = [line for line in screen_lines(app)[1:-1] if not line.startswith(" ") or line.startswith(" ▊")]
    return unmarked("\n".join([*drawn, str(hint.render())]), allowed | tiebreak_names())


@pytest.mark.parametrize("name", ["weekend-open.toml", "lim-maxi.toml"])  # the second: a system's own yes/no option
async def test_the_settings_screen_has_no_unmarked_word(tmp_path: Path, name: str, pseudo):
    from swisstui.terminal import theming

    weekend = tmp_path / name
    shutil.copy(DATA / name, weekend)
    allowed = (event_words(weekend) | {w for name in language.LANGUAGES.values() for w in WORD.findall(name)}
               | set(WORD.findall(str(theming.user_folder()))))  # the folder of the arbiter's themes
    app = SwissApp(weekend, watch_interval=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settings(app, pilot)
        menu = app.screen.query_one(OptionList)
        seen: list[str] = []
        for index in range(menu.option_count):  # every line, scrolled into view in turn
            menu.highlighted = index
            await pilot.pause()
            seen += body_unmarked(app, allowed)
        assert not sorted(set(seen))
        await choose_line(pilot, "tiebreaks")  # the question asked there
        question = app.screen.query(Static).first()  # the dialog's own hint is dialogs.py's, tested there
        assert not unmarked(str(question.render()), allowed | tiebreak_names())


@pytest.mark.parametrize("code", ["fr", "de"])
async def test_the_settings_screen_stays_whole_at_80x24(weekend: Path, code: str):
    language.set_arbiter_language(code)
    app = SwissApp(weekend, watch_interval=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settings(app, pilot)
        menu = app.screen.query_one(OptionList)
        for index in range(menu.option_count):
            menu.highlighted = index
            await pilot.pause()
            assert not clipped(app) and not drawn_cut(app)
            assert all(len(line) <= 80 for line in screen_lines(app))
        text = screen_text(app)
        assert french("settings") in text if code == "fr" else "Einstellungen" in text


async def test_choosing_francais_changes_the_screens_at_once_and_is_remembered(weekend: Path):
    app = SwissApp(weekend, watch_interval=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await _settings(app, pilot)
        assert f"{'Theme':<12} ● " in screen_text(app)
        await choose_line(pilot, "screens:fr")
        await wait_until(pilot, lambda: french("settings") in screen_text(app), "the screen in French")
        assert french("settings") == "paramètres"
        menu = app.screen.query_one(OptionList)
        assert str(menu.get_option_at_index(0).prompt).startswith(f"{french('Theme', 'setting')}  ")
        line = menu.get_option_at_index(menu.highlighted or 0)
        assert line.id == "screens:fr" and "● Français (langue des écrans, cet ordinateur)" in str(line.prompt)
        assert language.arbiter_code() == "fr" and preferences.saved_language() == "fr"
        catalogue = language.translations("fr")
        app_words = {b.description for bs in app._bindings.key_to_bindings.values() for b in bs if b.description}
        english = {b.description for b in SwissApp.BINDINGS if not isinstance(b, tuple) and b.description}
        assert {catalogue.gettext(d) for d in english} <= app_words  # the app's own keys, worded again
        await pilot.press("h")
        await pilot.pause()
        screen_words = {b.description for bs in app.screen._bindings.key_to_bindings.values() for b in bs}
        assert {catalogue.gettext(b.description) for b in type(app.screen).BINDINGS
                if not isinstance(b, tuple) and b.description} <= screen_words  # the home screen, made in French


async def test_choosing_the_pages_language_keeps_it_in_the_event(weekend: Path):
    app = SwissApp(weekend, watch_interval=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await _settings(app, pilot)
        await choose_line(pilot, "pages:de")
        await wait_until(pilot, lambda: store.load(weekend).language == "de", "the event saved")
        menu = app.screen.query_one(OptionList)
        line = menu.get_option_at_index(menu.highlighted or 0)
        assert line.id == "pages:de" and "● Deutsch (the published pages' language, in the event)" in str(line.prompt)
        assert language.arbiter_code() == "en"  # the screens stay the arbiter's


async def test_the_palette_offers_each_language_by_its_own_name(weekend: Path):
    from textual.command import CommandList

    from tests.app.screen_text import palette_searched

    app = SwissApp(weekend, watch_interval=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        standings = app.screen
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"deutsch")
        await palette_searched(pilot)
        options = app.screen.query_one(CommandList)
        assert [str(options.get_option_at_index(i).prompt).split("\n")[0]
                for i in range(options.option_count)] == ["Screens in Deutsch"]
        await pilot.press("enter")
        await wait_until(pilot, lambda: language.arbiter_code() == "de", "the screens in German")
        await wait_until(pilot, lambda: type(app.screen) is type(standings) and app.screen is not standings,
                         "the standings made again")
        assert preferences.saved_language() == "de"
        catalogue = language.translations("de")
        screen_words = {b.description for bs in app.screen._bindings.key_to_bindings.values() for b in bs}
        assert {catalogue.gettext(b.description) for b in type(app.screen).BINDINGS
                if not isinstance(b, tuple) and b.description} <= screen_words
