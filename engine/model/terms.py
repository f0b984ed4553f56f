"""The words of the pairing rules that the pairing systems and the independent validator both speak.

Types only, each defined once: a float's direction (C.04.3 art. 1.4) and how
strongly a player wants a colour (art. 1.7). Each side works out which applies
to a player in its own code (``engine.systems.brackets`` and ``colours`` for the
systems, ``engine.validate.facts`` for the validator), so the validator still
repeats no computation of the code it checks; sharing the names lets the
explanation, the validator and the screens compare and show them alike.
"""

from __future__ import annotations

import enum


class Float(enum.Enum):
    """The float a player received in a round (art. 1.4.2-1.4.4); NONE when they did not float."""

    DOWN = "down"
    UP = "up"
    NONE = ""


class Strength(enum.IntEnum):
    """How strongly a player wants a colour; the order is what art. 5.2.2 compares (higher is stronger)."""

    NONE = 0  # art. 1.7.4: no game played yet
    MILD = 1  # art. 1.7.3
    STRONG = 2  # art. 1.7.2
    ABSOLUTE = 3  # art. 1.7.1
