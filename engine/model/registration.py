"""What an arbiter registers about a player: the one definition of those fields.

The engine's :class:`engine.model.tournament.Player` and the application's
``swisstui.store.event.PlayerRecord`` both hold these fields, beside what each adds (the
pairing number, the status, the history; the entry number and the round of a
withdrawal). Both are dataclasses other code constructs by position (``Player(3,
"Ann", 2105)``) and a frozen and a mutable dataclass cannot share a base, so each
declares the fields in its body and :func:`check_declares` proves, when the module
defining it is imported, that the declarations are these: the same names in the same
order, the same types and defaults. A field added here and not there (or there and
not here) stops the import with the field named. The event file's key set, its
writer, the TRF conversion and the CSV import read :data:`REGISTRATION_FIELDS`.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class Registration:
    """A player as registered, from the FIDE list or by hand; nothing that a round changes."""

    name: str
    rating: int = 0
    title: str = ""
    federation: str = ""
    fide_id: int | None = None
    birth: str = ""
    sex: str = ""
    club: str = ""
    national_id: str = ""  # the national federation's identifier (TRF26 national-rating record)
    national_rating: int = 0  # 0: none
    k_factor: int = 0  # the FIDE list's K for the event's rating type (B.02 art. 8.3.3); 0: not known

    def values(self) -> dict[str, Any]:
        """The fields and their values, in :data:`REGISTRATION_FIELDS` order."""
        return {name: getattr(self, name) for name in REGISTRATION_FIELDS}


REGISTRATION_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(Registration))
"""The registration fields in the order the event file lists them."""


def check_declares(cls: type, after: str) -> None:
    """``TypeError`` unless dataclass ``cls`` declares the registration fields right after its field ``after``.

    Compared: the names in order, the written types and the defaults.
    """
    declared = list(fields(cls))
    start = [f.name for f in declared].index(after) + 1
    found = declared[start: start + len(REGISTRATION_FIELDS)]
    for i, want in enumerate(fields(Registration)):
        got = found[i] if i < len(found) else None
        if got is None or got.name != want.name:
            where = got.name if got is not None else "nothing"
            raise TypeError(f"{cls.__name__}: registration field {want.name!r} expected after "
                            f"{after!r} in engine.model.registration's order, found {where!r}")
        if str(got.type) != str(want.type) or got.default != want.default:
            default = "no default" if want.default is MISSING else repr(want.default)
            raise TypeError(f"{cls.__name__}.{want.name}: declared as {got.type} = {got.default!r}, "
                            f"the registration has {want.type} with {default}")
