"""Typed access to a parsed TOML document: each value checked, each failure one located error.

:class:`TypedReader` is what :mod:`swisstui.store.read` builds an event with: ``get`` a value
of a kind, a ``positive`` integer, a ``choice`` among names, a ``table`` with known keys; a
value of another kind is an :class:`~swisstui.store.schema.EventFileError` naming the file,
the line (found in the text only when a problem is reported) and the field.
"""

from __future__ import annotations

import datetime as dt
import difflib
from decimal import Decimal
from typing import Any

from engine.trf.fields import text_problem
from swisstui.language import _
from swisstui.store.lines import Lines, Path as KeyPath, locate
from swisstui.store.schema import EventFileError


def describe(value: Any) -> str:
    """A value as the error message shows it: as written in TOML where that is short, else its kind."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("a table")
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    return str(value)


def suggest(word: str, choices: list[str] | tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return _("; did you mean {word}?").format(word=repr(close[0])) if close else ""


MISSING = object()
MAX_POINTS = 100  # any number of points an event file holds (virtual points, scoring)


class TypedReader:
    """Reads values of a parsed document by type; each failure is an error naming the file, the line and the field."""

    def __init__(self, doc: dict[str, Any], text: str, path: str) -> None:
        self.doc = doc
        self.text = text
        self.path = path
        self._lines: Lines | None = None

    @property
    def lines(self) -> Lines:
        if self._lines is None:
            self._lines = locate(self.text)
        return self._lines

    def fail(self, where: KeyPath, message: str, field: str | None = None) -> EventFileError:
        if field is None:
            field = ".".join(str(part) for part in where if isinstance(part, str))
        return EventFileError(self.path, self.lines.nearest(where), field, message)

    # -- typed access ---------------------------------------------------------------

    def table(self, value: Any, where: KeyPath, allowed: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, _("expected a table, got {value}").format(value=describe(value)))
        for key in value:
            if key not in allowed:
                raise self.fail(where + (key,), _("unknown key{suggestion}").format(suggestion=suggest(key, allowed)))
        return value

    def tables(self, value: Any, where: KeyPath) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, _("expected a list of tables, got {value}").format(value=describe(value)))
        return value

    def get(self, obj: dict[str, Any], where: KeyPath, key: str, kind: str, default: Any = MISSING) -> Any:
        if key not in obj:
            if default is MISSING:
                raise self.fail(where + (key,), _("missing (required in this table)"), field=self._field(where, key))
            return default
        value = obj[key]
        at = where + (key,)
        if kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise self.fail(at, _("expected an integer, got {value}").format(value=describe(value)))
        elif kind in ("str", "line"):
            if not isinstance(value, str):
                raise self.fail(at, _("expected a string in quotes, got {value}").format(value=describe(value)))
            if kind == "line":
                self._check_line(value, at)
        elif kind == "bool":
            if not isinstance(value, bool):
                raise self.fail(at, _("expected true or false, got {value}").format(value=describe(value)))
        elif kind == "points":
            if isinstance(value, bool) or not isinstance(value, int | Decimal):
                raise self.fail(at, _("expected a number of points, got {value}").format(value=describe(value)))
            if not Decimal(value).is_finite() or value < 0:
                raise self.fail(at, _("expected a number of points, got {value}").format(value=describe(value)))
            value = Decimal(value)
            # Totals must print in a TRF points column and add up exactly: hundredths at most.
            if value > MAX_POINTS or value != value.quantize(Decimal("0.01")):
                raise self.fail(at, _("expected points from 0 to {max_points} in steps of 0.01 at most, got {value}").format(
                        max_points=MAX_POINTS, value=describe(value)))
        elif kind == "date":
            if isinstance(value, dt.datetime) or not isinstance(value, dt.date):
                raise self.fail(at, _("expected a date like 2026-03-14 (without quotes), got {value}").format(
                        value=describe(value)))
        elif kind == "datetime":
            if not isinstance(value, dt.datetime):
                raise self.fail(at, _("expected a date and time like 2026-03-14T18:30:00Z (without quotes), got "
                                      "{value}").format(value=describe(value)))
        elif kind in ("strs", "lines"):
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise self.fail(at, _("expected a list of strings, got {value}").format(value=describe(value)))
            if kind == "lines":
                for i, item in enumerate(value):
                    self._check_line(item, at + (i,))
        elif kind == "ints":
            if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                raise self.fail(at, _("expected a list of integers, got {value}").format(value=describe(value)))
        else:  # pragma: no cover - programming error
            raise AssertionError(kind)
        return value

    def _check_line(self, value: str, at: KeyPath) -> None:
        """One line of text: a control character would break a TRF line or reach the terminal as a command."""
        problem = text_problem(value)
        if problem is not None:
            raise self.fail(at, f"{describe(value)} {problem}")

    @staticmethod
    def _field(where: KeyPath, key: str) -> str:
        return ".".join([str(part) for part in where if isinstance(part, str)] + [key])

    def positive(self, obj: dict[str, Any], where: KeyPath, key: str, default: Any = MISSING, minimum: int = 1,
                 maximum: int | None = None) -> Any:
        value = self.get(obj, where, key, "int", default)
        if value is not None and value is not default and value < minimum:
            raise self.fail(where + (key,), _("expected an integer of at least {minimum}, got {value}").format(
                    minimum=minimum, value=value))
        if maximum is not None and value is not None and value is not default and value > maximum:
            raise self.fail(where + (key,), _("expected an integer from {minimum} to {maximum}, got {value}").format(
                    minimum=minimum, maximum=maximum, value=value))
        return value

    def choice(self, obj: dict[str, Any], where: KeyPath, key: str, choices: tuple[str, ...], default: Any = MISSING) -> Any:
        value = self.get(obj, where, key, "str", default)
        if value is not default and value not in choices:
            listed = ", ".join(f'"{c}"' for c in choices)
            raise self.fail(where + (key,), _("{value} is not one of {listed}{suggestion}").format(
                    value=repr(value), listed=listed, suggestion=suggest(value, choices)))
        return value
