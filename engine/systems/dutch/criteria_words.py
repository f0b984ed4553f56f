"""The Dutch criteria's failures in words, for the reasons a proposed pair was not kept (C.04.3 art. 2.3-2.4).

Each criterion compared on a bracket's candidate ([C10]-[C21]) is told as a whole sentence with the count
in it, so that the count decides the form ("1 player", "2 players") in every language.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from engine.model.explain import points_text
from engine.model.wording import _, ngettext

# A candidate's failure on one criterion: a count, or for [C19]/[C21] the score differences, highest first.
# The same criterion always holds the same kind, so two values of it compare.
Failure = int | list[Decimal]

_COUNTED: dict[str, Callable[[int], str]] = {
    "C10": lambda n: ngettext("{n} topscorer with a colour difference beyond 2",
                              "{n} topscorers with a colour difference beyond 2", n),
    "C11": lambda n: ngettext("{n} topscorer with the same colour three times running",
                              "{n} topscorers with the same colour three times running", n),
    "C12": lambda n: ngettext("{n} player without their colour preference",
                              "{n} players without their colour preference", n),
    "C13": lambda n: ngettext("{n} player without their strong colour preference",
                              "{n} players without their strong colour preference", n),
    "C14": lambda n: ngettext("{n} resident floating down for the second round running",
                              "{n} residents floating down for the second round running", n),
    "C15": lambda n: ngettext("{n} opponent of moved-down players who also floated up last round",
                              "{n} opponents of moved-down players who also floated up last round", n),
    "C16": lambda n: ngettext("{n} resident floating down as they did two rounds ago",
                              "{n} residents floating down as they did two rounds ago", n),
    "C17": lambda n: ngettext("{n} opponent of moved-down players who also floated up two rounds ago",
                              "{n} opponents of moved-down players who also floated up two rounds ago", n),
}
"""A criterion's failures counted, in words (the count decides the form: "1 player", "2 players")."""
_DIFFERENCES: dict[str, Callable[[], str]] = {
    "C19": lambda: _("score differences {n} for opponents of moved-down players who floated up last round"),
    "C21": lambda: _("score differences {n} for opponents of moved-down players who floated up two rounds ago"),
}
"""[C19] and [C21] fail by score differences, listed highest first."""


class Fields(dict[str, object]):
    """The fields of a sentence known so far: one filled later (the pair, by the caller) stays ``{pair}``."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def wording(c: str, value: Failure) -> str:
    """Criterion ``c`` failed ``value`` times (or by those score differences), as words."""
    if isinstance(value, int):
        return _COUNTED[c](value).format(n=value)
    return _DIFFERENCES[c]().format(n=amount(c, value))


def amount(c: str, value: Failure) -> str:
    """Only the number (or the differences) of ``value``: what the pairing kept makes possible."""
    if isinstance(value, list):
        return "[" + ", ".join(points_text(v) for v in value) + "]" if value else _("none")
    return str(value)


def too_few_pairs(pair: str, count: int) -> str:
    """[C6]: keeping ``pair``, the bracket cannot make the ``count`` legal pairs the kept pairing makes."""
    return ngettext("{pair} not kept: keeping it, the bracket cannot make {count} legal pair",
                    "{pair} not kept: keeping it, the bracket cannot make {count} legal pairs", count).format(
        pair=pair, count=count)
