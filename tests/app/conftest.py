"""Event files for the application tests, written through the real store."""

from __future__ import annotations

from pathlib import Path

import pytest

from swisstui import store
from swisstui.store.event import PlayerRecord

NINE = (
    ("Amber, J.", 2402, "IM", "ENG"),
    ("Lindqvist, E.", 2390, "FM", "SWE"),
    ("Kovacs, A.", 2311, "FM", "HUN"),
    ("Okafor, N.", 2250, "", "NGR"),
    ("Sato, K.", 2204, "", "JPN"),
    ("Ruiz, P.", 2150, "", "ESP"),
    ("Nowak, T.", 2011, "", "POL"),
    ("Berg, L.", 1950, "", "NOR"),
    ("Dubois, C.", 1820, "", "FRA"),
)


def write_event(path: Path, players=NINE, rounds: int = 5, name: str = "Spring Open") -> Path:
    event = store.new_event(name, rounds)
    for i, (pname, rating, title, fed) in enumerate(players, start=1):
        event.players.append(PlayerRecord(id=i, name=pname, rating=rating, title=title, federation=fed))
    store.save(event, path)
    return path


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    return write_event(tmp_path / "spring.toml")


@pytest.fixture
def empty_event(tmp_path: Path) -> Path:
    return write_event(tmp_path / "empty.toml", players=())


ROUND_ONE = ((1, 5), (6, 2), (3, 7), (8, 4))


def write_round(path: Path, number: int, boards, bye: int | None = None, results=()) -> Path:
    """Record a round as if it had been paired and published (results optional, board order kept)."""
    from swisstui.store.event import Board

    event = store.load(path)
    rnd = event.ensure_round(number)
    rnd.boards = [Board(i, w, b, results[i - 1] if i <= len(results) else "")
                  for i, (w, b) in enumerate(boards, start=1)]
    rnd.bye = bye
    rnd.published = True
    store.save(event, path)
    return path


@pytest.fixture
def round_one(event_file: Path) -> Path:
    """Nine players, round 1 published without results, player 9 with the bye."""
    return write_round(event_file, 1, ROUND_ONE, bye=9)


@pytest.fixture(autouse=True)
def private_preferences(tmp_path, monkeypatch):
    """Every app test gets its own preferences file: no test reads or writes the user's."""
    monkeypatch.setenv("SWISSTUI_CONFIG", str(tmp_path / "preferences.toml"))
    monkeypatch.delenv("SWISSTUI_THEME", raising=False)


@pytest.fixture(autouse=True)
def record_notifications(monkeypatch):
    """Keep every notification an app raises on its collection (``.raised``), timed out or not."""
    from textual.notifications import Notifications

    add = Notifications.add

    def recording_add(self, notification):
        self.__dict__.setdefault("raised", []).append(notification)
        return add(self, notification)

    monkeypatch.setattr(Notifications, "add", recording_add)


@pytest.fixture(autouse=True)
def pauses_wait_for_keys(monkeypatch):
    """``pilot.pause()`` first waits until every key sent has been dealt with, then pauses as before.

    Textual's pause counts the app as idle when its process gets no CPU time for 20 ms, which on a
    loaded machine happens while keys still wait in the app's typeahead queue: an assertion after
    ``press(...); pause()`` then reads the screen before the keys have reached it.
    """
    from textual.pilot import Pilot

    from tests.app.screen_text import keys_handled

    pause = Pilot.pause

    async def pause_after_keys(self, delay=None):
        await self._wait_for_screen()  # the keys sent reach the app's typeahead queue
        await keys_handled(self.app)
        await pause(self, delay)

    monkeypatch.setattr(Pilot, "pause", pause_after_keys)


@pytest.fixture(autouse=True)
def keys_wait_for_the_app_not_the_clock(monkeypatch):
    """``pilot.press`` hands each key over once the app has dealt with the one before, as before, but
    finds that out from the app (its key queue empty, no message or callback pending anywhere, the
    screen drawn, any animation done) instead of sleeping until the process looks idle: Textual
    sleeps at least twice 20 ms a key for that, which made typing a player's name take a second."""
    from textual import events
    from textual.app import App
    from textual.keys import _character_to_key, _get_unicode_name_from_key
    from textual.pilot import Pilot

    from tests.app.screen_text import keys_handled

    original = App._press_keys

    async def settled(app) -> None:
        """The app's own test of quiet (swisstui.terminal.typeahead): several turns of the loop with nothing pending."""
        settle = getattr(app, "_settled", None)
        if settle is not None:
            await settle()

    async def press_keys(self, keys) -> None:
        import unicodedata

        from textual.keys import REPLACED_KEYS

        keys = list(keys)
        if any(key.startswith("wait:") for key in keys):  # a test that asks for time between keys gets it
            await original(self, keys)
            return
        pilot = Pilot(self)
        for key in keys:
            if len(key) == 1 and not key.isalnum():
                key = _character_to_key(key)
            original_key = REPLACED_KEYS.get(key, key)
            try:
                char = unicodedata.lookup(_get_unicode_name_from_key(original_key))
            except KeyError:
                char = key if len(key) == 1 else None
            key_event = events.Key(key, char)
            key_event.set_sender(self)
            self._driver.send_message(key_event)
            await pilot._wait_for_screen()  # the app has taken the key from its queue
            await keys_handled(self)  # and handed it to the widget it goes to
            await settled(self)  # which has dealt with it: no message or callback left anywhere
            self.screen._on_timer_update()  # the screen drawn as it now is (Textual's pause does the same)
            await settled(self)
            await self._animator.wait_until_complete()

    monkeypatch.setattr(App, "_press_keys", press_keys)
