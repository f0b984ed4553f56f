"""The one-line header every screen shares: event · system · round k of n."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class EventHeader(Static):
    """Left: the event, its system and the round; right: what this screen shows."""

    DEFAULT_CSS = """
    EventHeader {
        dock: top;
        height: 1;
        background: $panel;
        color: $foreground;
        text-style: bold;
    }
    """

    def __init__(self, title: str = "", **kwargs) -> None:
        super().__init__("", markup=False, **kwargs)
        self.screen_title = title
        self._shown: Text | None = None

    def on_mount(self) -> None:
        self.refresh_header()

    def on_resize(self) -> None:
        self.refresh_header()

    def refresh_header(self, title: str | None = None) -> None:
        if title is not None:
            self.screen_title = title
        session = getattr(self.app, "session", None)
        left = session.headline() if session is not None else "swisstui"
        right = self.screen_title
        width = max(self.size.width, 1)
        gap = 3  # keep the two halves visibly apart
        room = width - len(right) - 2 - gap
        if len(left) > room and session is not None:
            # Shorten the event's name first: the system and the round are the key information.
            name = session.event.name
            rest = left[len(name):]
            keep = max(4, room - len(rest))
            left = (name[: keep - 1] + "…" if keep < len(name) else name) + rest
        if len(left) > room:
            left = left[: max(0, room - 1)] + "…"
        text = Text(" " + left)
        text.append(" " * max(gap, width - len(left) - len(right) - 2))
        text.append(right + " ", style="italic")
        if text == self._shown:
            return
        self._shown = text
        # One line, docked: its text never changes the layout, so the screen is not laid out again
        # (after a result key that would redraw every row of the table below).
        self.update(text, layout=False)
