"""The session's refusals and the store's load errors in the arbiter's language.

What the session refuses (an ``ActionError`` the app shows in a notification) and what the store
finds wrong in an event file (a ``file:line: field: message`` line on the load-error screen) are
sentences of the catalogue: the app shows them translated, the file, line, field and values as
written. The command line never sets a language, so the same sentences reach scripts in English.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from swisstui import language, store
from swisstui.session.actions import ActionError, Session
from swisstui.session.player_import import read_players_csv
from swisstui.session.prize_actions import check_category
from swisstui.store.event import Board, PlayerRecord
from swisstui.store.result_keys import RESULT_KINDS
from engine.model.tournament import TITLES
from tests.app.conftest import record_notifications
from tests.app.screen_text import notifications, screen_text, wait_until
from tests.language.pseudo import WORD, unmarked

PLAYERS = (("Amber, J.", 2402, "IM", "ENG"), ("Lindqvist, E.", 2390, "FM", "SWE"),
           ("Kovacs, A.", 2311, "FM", "HUN"), ("Okafor, N.", 2250, "", "NGR"))
DATA = {word for name, _rating, title, fed in PLAYERS for word in WORD.findall(f"{name} {title} {fed}")}
"""The event's own words: they stay as they are in every language."""


def paired_event(path: Path) -> Path:
    """Four players, round 1 of 5 published, no result in yet."""
    event = store.new_event("Spring Open", 5)
    for i, (name, rating, title, fed) in enumerate(PLAYERS, start=1):
        event.players.append(PlayerRecord(id=i, name=name, rating=rating, title=title, federation=fed))
    rnd = event.ensure_round(1)
    rnd.boards = [Board(1, 1, 3), Board(2, 4, 2)]
    rnd.published = True
    store.save(event, path)
    return path


def broken_event(path: Path) -> Path:
    """An event file whose number of rounds is a word: the reader refuses it on its line."""
    good = paired_event(path).read_text(encoding="utf-8")
    path.write_text(good.replace("rounds = 5", 'rounds = "five"', 1), encoding="utf-8")
    return path


def refusal(operation) -> str:
    with pytest.raises(ActionError) as caught:
        operation()
    return str(caught.value)


# -- a real language -------------------------------------------------------------------


@pytest.mark.usefixtures(record_notifications.__name__)
async def test_a_result_for_a_board_that_does_not_exist_is_refused_in_french(tmp_path):
    from swisstui.app import SwissApp

    path = paired_event(tmp_path / "spring.toml")
    language.set_arbiter_language("fr")
    app = SwissApp(path, watch_interval=0, pair_in_child=False)
    async with app.run_test(size=(120, 30)) as pilot:
        assert not app.act(lambda: app.session.results.set_result(1, 9, RESULT_KINDS[0]))
        await wait_until(pilot, lambda: notifications(app), "the refusal's notification")
    assert "la ronde 1 n'a pas d'échiquier 9" in notifications(app)


@pytest.mark.parametrize(("code", "said"), [
    ("fr", "settings.rounds: attendu un entier, trouvé 'five'"),
    ("de", "settings.rounds: erwartet eine ganze Zahl, gefunden 'five'"),
    ("es", "settings.rounds: se esperaba un entero, se encontró 'five'"),
])
async def test_an_event_file_that_does_not_load_says_why_in_the_arbiters_language(tmp_path, code, said):
    from swisstui.app import SwissApp
    from swisstui.screens.load_error import LoadErrorScreen

    path = broken_event(tmp_path / "spring.toml")
    line = next(n for n, text in enumerate(path.read_text().splitlines(), start=1) if "five" in text)
    language.set_arbiter_language(code)
    app = SwissApp(path, watch_interval=0, pair_in_child=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, LoadErrorScreen), "the load-error screen")
        assert f"spring.toml:{line}: {said}" in screen_text(app)  # file, line, field and value as written


def test_the_session_speaks_the_language_in_force_and_english_again_after(tmp_path):
    session = Session.open(paired_event(tmp_path / "spring.toml"))
    language.set_arbiter_language("de")
    assert refusal(lambda: session.players.request(2, 9, None)) == "das Turnier hat nur 5 Runden"
    language.set_arbiter_language("en")
    assert refusal(lambda: session.players.request(2, 9, None)) == "the event has only 5 rounds"


# -- the command line stays English ------------------------------------------------------


@pytest.mark.slow
def test_the_command_line_prints_english_whatever_the_language_set(tmp_path):
    """Scripts read the command line's output: SWISSTUI_LANGUAGE and the locale change none of it."""
    script = Path(sys.executable).parent / "swisstui"
    env = {**os.environ, "SWISSTUI_LANGUAGE": "fr", "LANGUAGE": "fr", "LC_ALL": "fr_FR.UTF-8", "LANG": "fr_FR.UTF-8"}
    broken = broken_event(tmp_path / "broken.toml")
    swiss = paired_event(tmp_path / "swiss.toml")
    loading = subprocess.run([str(script), "standings", str(broken)], capture_output=True, text=True, env=env,
                             timeout=120)
    drawing = subprocess.run([str(script), "draw", str(swiss)], capture_output=True, text=True, env=env, timeout=120)
    assert loading.returncode == 3 and "settings.rounds: expected an integer, got 'five'" in loading.stderr
    assert drawing.returncode != 0 and "numbers are drawn by lot in a round robin" in drawing.stderr, drawing.stderr


# -- no word left unmarked -------------------------------------------------------------


def session_refusals(path: Path) -> dict[str, str]:
    """A sample of what the session refuses, by what was asked."""
    session = Session.open(path)
    session.players.withdraw(4)
    return {
        "a board that does not exist": refusal(lambda: session.results.set_result(1, 9, RESULT_KINDS[0])),
        "pairing with results missing": refusal(session.pairing.check_can_pair),
        "withdrawing twice": refusal(lambda: session.players.withdraw(4)),
        "a round after the last": refusal(lambda: session.players.request(2, 9, None)),
        "an unknown rating type": refusal(lambda: session.settings.set_rating_type("weekly")),
        "drawing a Swiss's numbers": refusal(lambda: session.players.draw_numbers(7)),
        "a pair with itself": refusal(lambda: session.players.forbid(1, 1)),
        "allowing a pair never kept apart": refusal(lambda: session.players.forbid(1, 2, forbidden=False)),
        "a correction without a reason": refusal(lambda: (session.results.set_result(1, 1, RESULT_KINDS[0]),
                                                          session.results.set_result(1, 1, RESULT_KINDS[1]))),
        "a player without a name": refusal(lambda: session.players.add("  ")),
    }


BAD_FILES = {
    "a word for a number": ('rounds = 5', 'rounds = "five"'),
    "an unknown key": ('rounds = 5', 'rounds = 5\nroudns = 5'),
    "an unknown title": ('title = "IM"', 'title = "XM"'),
    "a negative rating": ('rating = 2402', 'rating = -3'),
    "the end before the start": ('name = "Spring Open"', 'name = "Spring Open"\nstart = 2026-03-14\nend = 2026-03-01'),
    "a board twice": ("board = 2", "board = 1"),
    "a player against themself": ("black = 3", "black = 1"),
}


def load_errors(path: Path) -> dict[str, str]:
    """What the reader says of a few broken files: the message after ``file:line: field:``."""
    good = path.read_text(encoding="utf-8")
    found = {}
    for what, (old, new) in BAD_FILES.items():
        assert old in good, old
        with pytest.raises(store.EventFileError) as caught:
            store.loads(good.replace(old, new, 1), path=str(path))
        found[what] = caught.value.message
    return found


def import_findings() -> list[str]:
    text = ("Name,Rating,Birth,Sex,Fed,FIDE ID\nAmber J.,2402,1990,m,ENG,\n"
            "Ruiz P.,35000,1990,m,ESP,\nSato K.,2204,31.02.1990,m,JPN,\nBerg L.,1950,1990,x,NOR,\n"
            "Nowak T.,2011,1990,m,POLAND,\nDubois C.,1820,1990,m,FRA,12x\n")
    return read_players_csv(text, "entries.csv").problems


def test_the_sample_of_refusals_is_all_marked(tmp_path, pseudo):
    said = {**session_refusals(paired_event(tmp_path / "spring.toml")),
            **load_errors(tmp_path / "spring.toml"),
            **{f"import {n}": line for n, line in enumerate(import_findings())},
            **{f"category {field}": why for field, why in
               check_category({"name": "", "band": "1600-99x", "age": "U99", "prizes": "100, 200"})[1].items()}}
    # the data named: players, the file and its fields, the values typed
    allowed = DATA | set(TITLES) | {"spring", "toml", "entries", "csv", "five", "roudns", "rounds", "XM", "weekly",
                                    "x", "POLAND", "rating", "birth", "sex", "federation", "fide", "id", "U", "m",
                                    "w", "J", "P", "K", "L", "T", "C"}
    assert len(said) >= 25
    left = {what: words for what, text in said.items() if (words := unmarked(text, allowed))}
    assert not left, "\n".join(f"{what}: {words} in {said[what]!r}" for what, words in left.items())
