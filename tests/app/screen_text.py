"""The text an arbiter would see: the app's current screen as plain lines (for assertions)."""

from __future__ import annotations


def screen_lines(app) -> list[str]:
    """Every row of the visible screen, modal dialogs included, as plain text."""
    strips = app.screen._compositor.render_strips()
    return ["".join(seg.text for seg in strip).rstrip() for strip in strips]


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


def raised(app) -> list:
    """Every notification the app has raised since it started, in order, shown or timed out since.

    A toast disappears after its timeout (2 to 10 seconds), and a loaded machine can take longer
    than that between the key that raised it and the assertion that reads it: tests read this
    record (kept by ``record_notifications`` in conftest.py), never only what is still shown.
    """
    return list(getattr(app._notifications, "raised", ()))


def notifications(app) -> list[str]:
    """The messages of every notification raised so far (see :func:`raised`)."""
    return [n.message for n in raised(app)]


async def wait_until(pilot, condition, what: str, limit: float = 60.0) -> None:
    """Pause until ``condition()`` holds: for work the app finishes on its own (a worker, a timer).

    The limit only turns a hang into a failure naming ``what``; a passing test never waits for it.
    """
    from time import monotonic

    deadline = monotonic() + limit
    while not condition():
        assert monotonic() < deadline, f"still waiting after {limit:.0f} s for {what}"
        await pilot.pause(0.05)


async def wait_for_notification(pilot, text: str) -> list[str]:
    """Pause until a notification containing ``text`` has been raised; the messages raised so far."""
    await wait_until(pilot, lambda: any(text in n for n in notifications(pilot.app)),
                     f"a notification with {text!r} (raised: {notifications(pilot.app)})")
    return notifications(pilot.app)


def key_event(key: str):
    """The Key event a terminal gives for ``key`` (a character, or a key name like ``tab``)."""
    from textual import events
    from textual.keys import _character_to_key

    if len(key) == 1:
        return events.Key(key if key.isalnum() else _character_to_key(key), key)
    chars = {"tab": "\t", "enter": "\r", "escape": "\x1b", "space": " ", "backspace": "\x7f"}
    return events.Key(key, chars.get(key))


async def burst(pilot, *keys: str) -> None:
    """Send ``keys`` in one burst, as a paste or a slow SSH link delivers them.

    Every key is queued before the app handles the first one (``pilot.press``
    instead waits for the app to go idle after each key, which is slow typing).
    """
    app = pilot.app
    for key in keys:
        app.post_message(key_event(key))
    await settle(pilot)


async def palette_searched(pilot) -> None:
    """Wait until the command palette has finished searching for what was typed (it searches in a worker)."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def keys_handled(app, limit: float = 60.0) -> None:
    """Wait until the app has handed over and dealt with every key it received (typeahead drained).

    ``pilot.pause()`` alone decides the app is idle when the process gets no CPU time for a moment,
    which on a loaded machine happens while keys still wait in the app's queue.
    """
    import asyncio
    from time import monotonic

    deadline = monotonic() + limit
    while not getattr(app, "keys_handled", True) and monotonic() < deadline:
        await asyncio.sleep(0.01)


async def settle(pilot) -> None:
    """Wait until the app has handled every key it received and the messages they caused."""
    await keys_handled(pilot.app)
    await pilot.pause()


async def downs_to_setting(pilot, option_id: str) -> int:
    """How many ``down`` keys take the settings list from its first line to ``option_id`` (asked of the screen
    itself, so that a setting added above does not move what a test presses)."""
    from textual.widgets import OptionList

    await pilot.press("t")
    await pilot.pause()
    options = pilot.app.screen.query_one(OptionList)
    index = next(i for i in range(options.option_count) if options.get_option_at_index(i).id == option_id)
    await pilot.press("escape")
    await pilot.pause()
    return index


async def choose_line(pilot, option_id: str) -> None:
    """On the settings screen, highlight the line ``option_id`` and press enter."""
    from textual.widgets import OptionList

    menu = pilot.app.screen.query_one(OptionList)
    menu.highlighted = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == option_id)
    await pilot.press("enter")
    await pilot.pause()


async def open_import(pilot, file_name: str) -> None:
    """From the home screen: the players (p), import (i), ``file_name`` typed and entered: the preview."""
    await pilot.press("p", "i")
    await pilot.pause()
    await pilot.press(*file_name, "enter")
    await pilot.pause()
