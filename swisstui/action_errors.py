"""The errors the user interface sees: whatever the engine, the store or the system refuses, in one line.

:mod:`swisstui.actions` raises only these (screens import them from there); the text of each
is what the arbiter reads, so it says why in the words of the part that refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from swisstui import store


class ActionError(Exception):
    """An operation the arbiter asked for cannot be done; the text says why, in one line."""


class FideModeRefusal(ActionError):
    """FIDE mode forbids this operation."""


class ByeLimitReached(ActionError):
    """One more bye passes the event's limit; the arbiter may confirm the exception."""


class EventFileProblem(ActionError):
    """The event file does not load, or changed on disk so that it cannot be saved (a conflict, a lock held
    too long); the text names the file, the line and the field."""


class NotSaved(ActionError):
    """The operating system refused to write (disk full, permissions): nothing was saved."""


class PairingFailed(ActionError):
    """The engine gave no pairing: none is legal, the system cannot pair yet, or its process failed."""


class PairingCancelled(ActionError):
    """The arbiter left the review before the engine finished."""


@contextmanager
def store_errors(path: Path) -> Iterator[None]:
    """The store's and the operating system's refusals as :class:`ActionError`, in the same words."""
    try:
        yield
    except store.ReadOnlyError as err:  # the arbiter made the file read-only: respected, nothing saved
        raise NotSaved(str(err)) from err
    except store.EventFileError as err:
        raise EventFileProblem(str(err)) from err
    except OSError as err:  # disk full, permission denied: nothing was saved, say so
        raise NotSaved(f"not saved: {path}: {err.strerror or err}") from err
