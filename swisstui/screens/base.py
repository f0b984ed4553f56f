"""What every full screen of the application shares: the header and the footer."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Footer

from swisstui.widgets.header import EventHeader


class BaseScreen(Screen):
    """A full screen with the event header on top and the key footer at the bottom.

    Subclasses compose their body in :meth:`compose_body` and reload their data
    from ``self.app.session`` in :meth:`refresh_data`, which runs when the
    screen is shown and after every action, so a screen never shows stale state.
    """

    TITLE_TEXT = ""
    set_up = False  # True once on_mount built the widgets refresh_data fills

    def compose(self) -> ComposeResult:
        yield EventHeader(self.TITLE_TEXT)
        yield from self.compose_body()
        yield Footer(compact=True)

    def compose_body(self) -> ComposeResult:
        return iter(())

    @property
    def session(self):
        return self.app.session

    def on_screen_resume(self) -> None:
        self.refresh_all()

    def on_unmount(self) -> None:
        self.set_up = False

    def refresh_all(self) -> None:
        # A reload can arrive between composing and on_mount, or while the screen is torn down.
        if not self.set_up or not self.is_attached:
            return
        try:
            header = self.query_one(EventHeader)
        except NoMatches:
            return
        header.refresh_header(self.header_title())
        self.refresh_data()

    def header_title(self) -> str:
        return self.TITLE_TEXT

    def refresh_data(self) -> None:
        pass
