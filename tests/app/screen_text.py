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
