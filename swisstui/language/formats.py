"""Dates and numbers as the language in force writes them ("29 novembre 2026", "12,5"), for the screens
and the published pages.

The separators and the date's pattern are entries of the catalogue (a context names each), so that a
translator sets them with the words and no table here has to know every language. Scores keep their
halves (``2½``) in every language: the sign is the same in each of them; a score with a fraction other
than a half (a tie-break such as ``12.25``) takes the language's decimal separator. Files another program
reads (CSV, JSON, TRF) never pass through here.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation
from typing import Any

from engine.model.explain import points_text
from swisstui.language import NC_, pgettext

MONTHS = (NC_("month", "January"), NC_("month", "February"), NC_("month", "March"), NC_("month", "April"), NC_("month", "May"), NC_("month", "June"), NC_("month", "July"),
          NC_("month", "August"), NC_("month", "September"), NC_("month", "October"), NC_("month", "November"), NC_("month", "December"))


def decimal_separator() -> str:
    return pgettext("decimal separator", ".")


def number_text(value: Any, places: int | None = None) -> str:
    """``value`` with the language's decimal separator (``places`` digits after it when given)."""
    try:
        d = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return str(value)
    text = f"{d:.{places}f}" if places is not None else format(d.normalize(), "f")
    return text.replace(".", decimal_separator())


def score_text(value: Any) -> str:
    """A score as an arbiter writes it (``2½``); a value with another fraction in the language's decimals."""
    return points_text(value).replace(".", decimal_separator())


def month_name(month: int) -> str:
    return pgettext("month", MONTHS[month - 1])


def date_text(day: dt.date) -> str:
    """A day in full as the language writes it ("29 November 2026", "29. November 2026")."""
    pattern = pgettext("date", "{day} {month} {year}")
    return pattern.format(day=day.day, month=month_name(day.month), year=day.year)


def dates_text(start: dt.date | None, end: dt.date | None) -> str:
    """An event's days: one day, or the first and the last ("" when neither is known)."""
    if start and end and start != end:
        return pgettext("date range", "{start} – {end}").format(start=date_text(start), end=date_text(end))
    day = start or end
    return date_text(day) if day else ""
