"""Leaving FIDE mode: two explicit confirmations and a reason, all recorded."""

from __future__ import annotations

from swisstui.screens.dialogs import AskScreen, ConfirmScreen

FIRST = ("FIDE mode refuses the pairing changes the FIDE rules forbid. "
         "Leave it for this event?")
SECOND = ("Really leave FIDE mode? Pairings changed outside it may not be valid for "
          "FIDE rating; leaving is recorded in the event.")


def leave_fide_mode(app) -> None:
    """Start the leave-FIDE-mode dialog on ``app`` (a no-op when already off)."""
    if not app.session.fide_mode:
        app.notify("FIDE mode is already off", timeout=3)
        return
    app.run_worker(_leave(app), group="dialog")


async def _leave(app) -> None:
    if not await app.push_screen_wait(ConfirmScreen(FIRST, "Leave FIDE mode (1 of 2)")):
        return
    if not await app.push_screen_wait(ConfirmScreen(SECOND, "Leave FIDE mode (2 of 2)")):
        return
    reason = await app.push_screen_wait(AskScreen("Why is FIDE mode left? (kept in the event)", "Reason"))
    if reason:
        app.run_session_action(app.session.leave_fide_mode, reason, done="FIDE mode left (recorded)")
