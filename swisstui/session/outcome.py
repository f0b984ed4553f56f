"""What an operation that changes the event returns: the change made, or that there was nothing to change.

A screen acts on what happened, not on the words of a message: a result entered again by
the other arbiter meanwhile is :class:`Unchanged` (nothing was written, the history has no
entry), every other call that returns is a :class:`Changed` holding what the screen needs of
it (the pairing number given, the round published, the note to show) and the history line
the change wrote. A refusal is never a value: it is an :class:`~swisstui.session.action_errors.ActionError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeAlias, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Changed(Generic[T]):
    """The change was made and saved as ``revision`` of the event; ``said`` is its line in the history."""

    value: T
    revision: int
    said: str = ""


@dataclass(frozen=True)
class Unchanged:
    """The event already held what was asked (``revision`` as read under the lock): nothing was written."""

    revision: int
    why: str = ""


Outcome: TypeAlias = Changed[T] | Unchanged
"""An operation that may find nothing to change (a result entered again) returns one of the two."""
