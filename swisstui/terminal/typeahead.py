"""Keys typed ahead reach the widget they would reach typed slowly.

Over SSH (or any slow link) a paste or fast typing arrives as several keys in
one read. Textual forwards each key to the widget focused *when the app reads
it*, and handles it later in that widget's own message queue. A burst is
therefore forwarded before its first key has run: in ``/wyatt`` the ``w``
reached the players table (and withdrew a player) before ``/`` had focused the
search box, and in ``a`` + ``Name<Tab>2150`` every key went to the table's
queue while the Add-player form was still being mounted.

:class:`TypeaheadApp` holds every key (and paste) in a queue and hands the next
one over only when the previous one has been dealt with completely: every
message it caused has been processed, a screen it pushed is mounted and has
given focus, callbacks scheduled meanwhile have run. Focus is then where the
key's own effects put it, exactly as when typed slowly.
"""

from __future__ import annotations

import asyncio
from collections import deque
from time import process_time

from textual import events
from textual.app import App
from textual.screen import Screen

from swisstui.terminal import escape_keys

SETTLE_LIMIT = 2.0  # seconds of this process's CPU time: never hold a key longer, even if the app stays busy
QUIET_ROUNDS = 4  # consecutive idle turns of the event loop before the app counts as settled


class TypeaheadApp(App):
    """An :class:`~textual.app.App` that dispatches keys one at a time, each after the previous has settled."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        escape_keys.install()  # Escape and the key after it in one read are two keys too
        self._typeahead: deque[events.Event] = deque()
        self._typeahead_task: asyncio.Task | None = None

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.Paste)) and not event.is_forwarded:
            self._typeahead.append(event)
            if self._typeahead_task is None or self._typeahead_task.done():
                self._typeahead_task = asyncio.create_task(self._drain_typeahead())
            return
        await super().on_event(event)

    def showing(self) -> Screen | None:
        """The screen on top, or None once the app is closing and has taken its screens down.

        Timers and the key queue keep running for a moment while the app shuts
        down; what they run must not assume a screen is still there.
        """
        stack = self._screen_stacks.get(self._current_mode)
        return stack[-1] if stack else None

    @property
    def keys_pending(self) -> int:
        """Keys received and not yet handed to a widget."""
        return len(self._typeahead)

    @property
    def keys_handled(self) -> bool:
        """Whether every key received has been handed over and dealt with (none queued, none being handled)."""
        return not self._typeahead and (self._typeahead_task is None or self._typeahead_task.done())

    async def _drain_typeahead(self) -> None:
        while self._typeahead:
            await self._settled()
            await self._while_held()
            if self._closing:
                self._typeahead.clear()
                return
            if self._typeahead:
                await App.on_event(self, self._typeahead.popleft())

    async def _while_held(self) -> None:
        """Wait while the screen is not ready for the next key (a pairing still being computed).

        A screen says so with ``holds_key(event)``. Escape is never held: typed
        after held keys it cancels them, as the screen would have cancelled.
        """
        while self._typeahead:
            head = self._typeahead[0]
            holds = getattr(self.showing(), "holds_key", None)
            if holds is None or not holds(head):
                return
            escape = next((i for i, e in enumerate(self._typeahead) if getattr(e, "key", None) == "escape"), None)
            if escape is not None:
                for _ in range(escape):
                    self._typeahead.popleft()
                return
            await asyncio.sleep(0.02)

    async def _settled(self) -> None:
        """Wait until nothing the previous key started is still on its way (at most :data:`SETTLE_LIMIT`).

        A handler that is running keeps its effects coming (mounting a screen fills
        the new widgets' queues, a focus change is a callback), so the app counts as
        settled only after several consecutive turns of the event loop in which no
        queue held a message and no callback was waiting.

        The limit is counted in the process's CPU time, not on the wall clock: on a
        loaded server the process may not run for seconds while a screen is being
        mounted, and a wall-clock limit then handed the next key to the old screen.
        This loop itself keeps the CPU clock running while the app waits on nothing.
        """
        deadline = process_time() + SETTLE_LIMIT
        quiet = 0
        while quiet < QUIET_ROUNDS and process_time() < deadline:
            await asyncio.sleep(0)
            quiet = quiet + 1 if not self._busy() else 0

    def _busy(self) -> bool:
        """Whether a message, a callback or a screen change is still pending anywhere in the app."""
        for node in [self, *list(self._registry)]:
            if node._message_queue.qsize():
                return True
            if node._next_callbacks or getattr(node, "_callbacks", None):
                return True
        return False
