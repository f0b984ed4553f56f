"""``R`` on the players screen: the players' ratings, titles, federations and names from the FIDE list.

Every change is listed in a dialog first (it scrolls: a whole field can change when a new list
comes out), with what the list lacks; ``y`` applies them as one change of the history (``u``
takes it back), ``n`` or ``escape`` leaves everything as it was. Refused once round 1 is
paired (:func:`swisstui.session.rating_update.refusal`).
"""

from __future__ import annotations

import sqlite3

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from swisstui.language import N_, _
from swisstui.screens.base import event_app, open_session
from swisstui.session.rating_update import UpdatePlan, plan_update, refusal
from swisstui.ratings.db import RatingsDb, Unreadable
from swisstui.widgets.plain import plain
from swisstui.terminal.binding_words import BindingWords


class RatingUpdateScreen(BindingWords, ModalScreen[bool]):
    """The changes the list brings; y applies them, n or escape changes nothing."""

    DEFAULT_CSS = """
    RatingUpdateScreen { align: center middle; }
    RatingUpdateScreen > Vertical {
        width: 78; height: auto; max-height: 22; border: round $warning; background: $surface; padding: 0 1;
    }
    RatingUpdateScreen VerticalScroll { height: auto; max-height: 18; }
    RatingUpdateScreen .hint { color: $text-muted; }
    """
    BINDINGS = [
        Binding("y", "answer(True)", N_("apply")),
        Binding("n,escape", "answer(False)", N_("leave as it is")),
    ]

    def __init__(self, plan: UpdatePlan) -> None:
        super().__init__()
        self.plan = plan

    def compose(self) -> ComposeResult:
        plan = self.plan
        with Vertical() as box:
            box.border_title = plain(_("FIDE list {month} ({type})").format(month=plan.month, type=plan.rating_type))
            with VerticalScroll(id="rating-changes"):  # focused: ↑/↓ and pgup/pgdn scroll a long list
                yield Static("\n".join(plan.lines()), markup=False)
            yield Static(_("y apply {changes} changes to {players} players · n leave as it is · ↑/↓ scroll").format(
                changes=plan.changes, players=len(plan.updates)), classes="hint", markup=False)

    def on_mount(self) -> None:
        self.query_one("#rating-changes").focus()

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


def update_from_list(screen: Screen) -> None:
    """The players screen's ``R``: plan the update, show it, apply it on ``y``."""
    app, session = event_app(screen), open_session(screen)
    refused = refusal(session.event)
    if refused is not None:
        screen.notify(refused, severity="error", timeout=10)
        return
    db = RatingsDb()
    if not db.exists():
        screen.notify(_("no FIDE rating list imported: 'swisstui ratings import FILE' imports one"), severity="error",
                      timeout=8)
        return
    try:
        plan = plan_update(session.event, db)
    except (LookupError, sqlite3.Error) as err:
        screen.notify(str(err) if isinstance(err, Unreadable) else f"{db.path}: {err}", severity="error", timeout=8)
        return
    finally:
        db.close()
    if not plan.updates:
        lacks = len(plan.not_in_list) + len(plan.no_fide_id)
        said = (_("nothing to update: the players agree with the {month} list ({lacking} not found in it or without "
                  "FIDE ID)") if lacks else _("nothing to update: the players agree with the {month} list"))
        screen.notify(said.format(month=plan.month, lacking=lacks), timeout=5)
        return

    def answered(yes: bool | None) -> None:
        if yes:
            made = app.act_value(lambda: session.players.update_ratings(plan))
            if made is not None:
                said = made.value
                done = (_("{done}; u undoes") if session.players.numbers_in_order()
                        else _("{done}; # sorts the pairing numbers by the new ratings; u undoes"))
                screen.notify(done.format(done=said), timeout=5)

    screen.app.push_screen(RatingUpdateScreen(plan), answered)
