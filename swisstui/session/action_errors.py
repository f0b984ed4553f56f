"""The errors the user interface sees: whatever the engine, the store or the system refuses, in one line.

:mod:`swisstui.session.actions` raises only these (screens import them from there); the text of each
is what the arbiter reads, so it says why in the words of the part that refused.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from swisstui import store
from swisstui.language import _, ngettext


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


class ProposalStale(ActionError):
    """The event changed since the proposal was made in a way that can change the pairing: nothing published."""

    def __init__(self, round_number: int, changes: list[str]) -> None:
        self.round, self.changes = round_number, changes
        more = len(changes) - 3
        shown = "; ".join(changes[:3]) + (ngettext("; and {count} more", "; and {count} more", more).format(count=more)
                                          if more > 0 else "")
        super().__init__(_("round {round} not published: the event changed since it was paired ({changes}): "
                           "pair it again").format(round=round_number, changes=shown))


class PairingCancelled(ActionError):
    """The arbiter left the review before the engine finished."""


@contextmanager
def store_errors(path: Path) -> Iterator[None]:
    """The store's and the operating system's refusals as :class:`ActionError`, in the same words."""
    try:
        yield
    except store.ReadOnlyError as err:  # the arbiter made the file read-only: respected, nothing saved
        raise NotSaved(str(err)) from err
    except store.SaveError as err:  # the system refused the write (disk full): the file is as it was
        raise NotSaved(_("not saved: {reason}").format(reason=err)) from err
    except store.EventFileError as err:
        raise EventFileProblem(str(err)) from err
    except OSError as err:  # disk full, permission denied: nothing was saved, say so
        raise NotSaved(_("not saved: {file}: {reason}").format(file=path, reason=err.strerror or err)) from err


class ResultChanged(ActionError):
    """Another result was entered on the board since the arbiter looked at it: nothing was written."""

    def __init__(self, round_number: int, board: int, seen: str, now: str) -> None:
        self.round, self.board, self.seen, self.now = round_number, board, seen, now
        none = _("no result")
        super().__init__(_("round {round}, board {board} has {now} now (entered meanwhile, you saw {seen}): "
                           "nothing was saved").format(round=round_number, board=board, now=now or none,
                                                        seen=seen or none))


class EditConflict(ActionError):
    """A field the arbiter changed was changed by someone else meanwhile: both values, nothing written."""

    def __init__(self, player: str, clashes: list[tuple[str, object, object]]) -> None:
        self.player, self.clashes = player, clashes  # (field, the value in the file now, the arbiter's)
        said = "; ".join(_("{field} is {now} in the file, yours is {mine}").format(field=field, now=repr(now),
                                                                                    mine=repr(mine))
                         for field, now, mine in clashes)
        super().__init__(_("{player} was changed meanwhile: {changes}: nothing was saved").format(player=player,
                                                                                                  changes=said))
