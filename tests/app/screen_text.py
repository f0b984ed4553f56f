"""The text an arbiter would see: the app's current screen as plain lines (for assertions)."""

from __future__ import annotations


def screen_lines(app) -> list[str]:
    """Every row of the visible screen, modal dialogs included, as plain text."""
    strips = app.screen._compositor.render_strips()
    return ["".join(seg.text for seg in strip).rstrip() for strip in strips]


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


def notifications(app) -> list[str]:
    """The messages of the notifications currently shown."""
    return [n.message for n in app._notifications]


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


async def settle(pilot) -> None:
    """Wait until the app has handled every key it received."""
    app = pilot.app
    for _ in range(200):
        await pilot.pause()
        if not getattr(app, "keys_pending", 0) and not app._message_queue.qsize():
            break
    await pilot.pause()
