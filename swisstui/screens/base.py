"""What every screen of the application shares: the application as screens see it, the header, the footer.

Screens reach the event only through :attr:`BaseScreen.session` (a :class:`~swisstui.session.actions.Session`)
and change it only through :meth:`EventApp.act`: a key press calls a screen's action, which
calls ``self.host.act(lambda: self.session.OPERATION(...))``, which calls the operation, which
saves through the store. A refusal is said in a notification and the screen shows the file as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar, cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.message_pump import MessagePump
from textual.notifications import Notification, SeverityLevel
from textual.screen import Screen
from textual.widgets import Footer, OptionList
from textual.widgets.option_list import Option

from swisstui.language import N_, _, ngettext
from swisstui.session.actions import ActionError, Session
from swisstui.terminal.theming import ThemeChoice
from swisstui.widgets.header import EventHeader
from swisstui.terminal.binding_words import BindingWords

R = TypeVar("R")


class EventApp(Protocol):
    """What screens use of the application beyond Textual's :class:`~textual.app.App`.

    :class:`swisstui.app.SwissApp` is one (``swisstui/app.py`` has the type checker check it);
    screens reach it by :func:`event_app`, as they cannot import the module that imports them.
    """

    session: Session | None  # None until an event is open (the new-event and load-error screens)
    path: Path
    pair_in_child: bool
    theme_choices: list[ThemeChoice]

    def act(self, op: Callable[[], object], done: str = "") -> bool:
        """Run a session operation: whether it was done (a refusal is said in a notification)."""
        ...

    def act_value(self, op: Callable[[], R], done: str = "") -> R | None:
        """:meth:`act` for an operation whose value the screen uses: ``None`` when refused."""
        ...

    def open_event(self) -> None: ...

    def action_show(self, name: str) -> None: ...

    def action_theme(self, choice: str) -> None: ...

    def action_language(self, code: str) -> None: ...

    def notice(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, series: str | None = None) -> Notification: ...

    def withdraw_notice(self, notification: Notification) -> None: ...


def event_app(node: MessagePump) -> EventApp:
    """The application ``node`` runs in, as an :class:`EventApp`."""
    return cast(EventApp, node.app)


def open_session(node: MessagePump) -> Session:
    """The session of the event open in ``node``'s application; a screen of the event exists only once one is."""
    session = event_app(node).session
    if session is None:
        raise RuntimeError("no event is open")
    return session


class BaseScreen(BindingWords, Screen):
    """A full screen with the event header on top and the key footer at the bottom.

    Subclasses compose their body in :meth:`compose_body` and reload their data
    from :attr:`session` in :meth:`refresh_data`, which runs when the
    screen is shown and after every action, so a screen never shows stale state.
    """

    TITLE_TEXT = ""  # marked N_("..."): looked up in the arbiter's language when shown
    SCREEN_NAME = ""  # its name in swisstui.app.SCREENS_BY_NAME, for the screens the keys open
    set_up = False  # True once on_mount built the widgets refresh_data fills

    def compose(self) -> ComposeResult:
        yield EventHeader(_(self.TITLE_TEXT) if self.TITLE_TEXT else "")
        yield from self.compose_body()
        yield Footer(compact=True)

    def compose_body(self) -> ComposeResult:
        return iter(())

    @property
    def host(self) -> EventApp:
        return event_app(self)

    @property
    def session(self) -> Session:
        return open_session(self)

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
        return _(self.TITLE_TEXT) if self.TITLE_TEXT else ""

    def publish_round(self, n: int) -> None:
        """Write round ``n``'s lists beside the event file (``EVENT-published/``) and say where, or the refusal
        (a folder that cannot be written): the standings, the team standings and the round robin's table."""
        try:
            target, written = self.session.results.publish(n)
        except ActionError as err:
            self.notify(str(err), severity="error", timeout=8)
            return
        self.notify(ngettext("round {round} published: {count} file in {folder}",
                             "round {round} published: {count} files in {folder}", len(written)).format(
            round=n, count=len(written), folder=target), timeout=6)

    def refresh_data(self) -> None:
        pass


class AfterRoundScreen(BaseScreen):
    """A screen of the event as it stood after one round, stepped with ``[`` and ``]``: the
    standings and the prize list, which show the latest round until the arbiter steps back."""

    BINDINGS = [
        Binding("left_square_bracket", "round(-1)", N_("prev round")),
        Binding("right_square_bracket", "round(1)", N_("next round")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.after: int | None = None  # None: the latest round

    def _round(self) -> int:
        latest = self.session.current_round
        return latest if self.after is None else min(self.after, latest)

    def action_round(self, delta: int) -> None:
        target = self._round() + delta
        if 1 <= target <= self.session.current_round:
            self.after = target
            self.refresh_all()


def refill_options(menu: OptionList, options: list[Option]) -> None:
    """Put ``options`` in ``menu`` after a change, the highlight kept on the line it was on (or the last)."""
    highlighted = menu.highlighted
    menu.clear_options()
    menu.add_options(options)
    menu.highlighted = 0 if highlighted is None else min(highlighted, len(options) - 1)
