"""Leaving FIDE mode: two explicit confirmations and a reason, all recorded."""

from __future__ import annotations

from textual.message_pump import MessagePump

from swisstui.language import N_, _
from swisstui.screens.base import event_app, open_session
from swisstui.screens.dialogs import AskScreen, ConfirmScreen

FIRST = N_("FIDE mode refuses the pairing changes the FIDE rules forbid. "
           "Leave it for this event?")
SECOND = N_("Really leave FIDE mode? Pairings changed outside it may not be valid for "
            "FIDE rating; leaving is recorded in the event.")


def leave_fide_mode(node: MessagePump) -> None:
    """Start the leave-FIDE-mode dialog in ``node``'s application (a no-op when already off)."""
    if not open_session(node).fide_mode:
        node.app.notify(_("FIDE mode is already off"), timeout=3)
        return
    node.app.run_worker(_leave(node), group="dialog")


async def _leave(node: MessagePump) -> None:
    app = node.app
    if not await app.push_screen_wait(ConfirmScreen(_(FIRST), _("Leave FIDE mode (1 of 2)"))):
        return
    if not await app.push_screen_wait(ConfirmScreen(_(SECOND), _("Leave FIDE mode (2 of 2)"))):
        return
    reason = await app.push_screen_wait(AskScreen(_("Why is FIDE mode left? (kept in the event)"), _("Reason")))
    if reason:
        session = open_session(node)
        event_app(node).act(lambda: session.settings.leave_fide_mode(reason), done=_("FIDE mode left (recorded)"))
