"""Notices of one kind raised in quick succession collapse into one, with a count.

Sixteen players registered one after the other each said "... registered as number N" in a
toast of its own, and the toasts stacked up over the screen for seconds. Now a notice raised
while the previous one of its kind is still shown takes that one's place:
"registered 16 players · last: Zhou, W. registered as number 16". The kind is a series the
caller names (a text with ``{n}``, the count; without it the latest notice alone is shown, as
for "sorted by Rating" after "sorted by Name"), or else the message itself: the same message
again ("all results in", typed three times) shows once, with ×3.
"""

from __future__ import annotations

from textual.app import App
from textual.notifications import Notification, Notify, SeverityLevel

from swisstui.language import _


def collapsed_text(message: str, series: str | None, count: int) -> str:
    """What one toast says for ``count`` notices of a kind, the last being ``message``."""
    if count == 1 or (series and "{n}" not in series):
        return message  # a series without a count: the latest notice stands for the others
    if series:
        return _("{series} · last: {message}").format(series=series.format(n=count), message=message)
    return _("{message} (×{count})").format(message=message, count=count)


class CollapsingNotices(App):
    """An app whose ``notify`` collapses a series of notices of one kind into a single toast."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._series_shown: dict[tuple[str, str], tuple[Notification, int]] = {}
        self._superseded: set[str] = set()  # raised, then replaced before the app took them in

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True, series: str | None = None) -> None:
        """Plain text always (``markup`` is ignored: messages carry names and file names, never
        markup; "Smith, [/b] withdrawn" would raise while drawn), collapsed with the notice of
        the same kind (``series``, else the same message) while that one is still shown."""
        self.notice(message, title=title, severity=severity, timeout=timeout, series=series)

    def notice(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, series: str | None = None) -> Notification:
        """:meth:`notify`, returning the notice, which :meth:`withdraw_notice` takes off the screen."""
        kind = (severity, series or message)
        self._series_shown = {k: v for k, v in self._series_shown.items() if not v[0].has_expired}
        count = 1
        if kind in self._series_shown:
            previous, seen = self._series_shown[kind]
            count = seen + 1
            self._forget(previous, refresh=False)  # the new toast's arrival redraws the rack
        notification = Notification(collapsed_text(message, series, count), title, severity,
                                    self.NOTIFICATION_TIMEOUT if timeout is None else timeout, markup=False)
        self._series_shown[kind] = (notification, count)
        self.post_message(Notify(notification))
        return notification

    def withdraw_notice(self, notification: Notification) -> None:
        """Take a notice off the screen before its time (what it said no longer holds: it was undone)."""
        self._series_shown = {k: v for k, v in self._series_shown.items() if v[0] is not notification}
        self._forget(notification, refresh=True)

    def _forget(self, notification: Notification, refresh: bool) -> None:
        """Off the screen, or, still on its way to the app, dropped when it arrives."""
        if notification.has_expired:
            return  # gone already
        if notification in self._notifications:
            self._unnotify(notification, refresh=refresh)
        else:
            self._superseded.add(notification.identity)

    def _on_notify(self, event: Notify) -> None:
        """Take in a notice, unless a later one of its kind replaced it while it waited in the queue."""
        if event.notification.identity in self._superseded:
            self._superseded.discard(event.notification.identity)
            return
        super()._on_notify(event)
