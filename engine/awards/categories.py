"""Who belongs to which category of an event: rating bands, unrated players, age, sex, federation, club.

A category is a set of conditions that must all hold (an empty category holds
everybody); a player belongs to every category they qualify for. Ages follow
FIDE's age rules, which go by the year of birth alone:

* an under-N category (``U8`` ... ``U20``) takes those who had not reached the
  age N before 1 January of the year the event starts (D.04.07 art. 6, the rule
  of FIDE's youth championships): born in that year minus N or later;
* an N-plus category (``50+``, ``65+``) takes those who are N or older in the
  year the event starts (D.04.03 art. 2, the senior championships): born in that
  year minus N or earlier.

Nothing here reads a file: the event's categories arrive as :class:`Category`.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

_AGE = re.compile(r"^(?:[Uu](\d{1,3})|(\d{1,3})\+)$")
_YEAR = re.compile(r"^\s*(\d{4})(?:$|[/.-])")


@dataclass(frozen=True)
class Applicant:
    """What a category looks at, for one player."""

    id: int
    rating: int = 0
    national_rating: int = 0
    birth: str = ""
    sex: str = ""
    federation: str = ""
    club: str = ""


@dataclass(frozen=True)
class Category:
    """Conditions a player must all meet; ``None`` or an empty tuple leaves a condition out.

    ``rating_min``/``rating_max`` take only rated players unless ``include_unrated``;
    ``unrated`` keeps only players without a rating. ``rating`` says which rating the
    bands look at: ``"fide"`` (the player's rating) or ``"national"``.
    """

    name: str
    rating_min: int | None = None
    rating_max: int | None = None
    unrated: bool = False
    include_unrated: bool = False
    rating: str = "fide"
    age: str = ""
    born_from: dt.date | None = None
    born_to: dt.date | None = None
    sex: str = ""
    federations: tuple[str, ...] = ()
    clubs: tuple[str, ...] = ()


def age_band(text: str) -> tuple[str, int]:
    """``("under", N)`` for ``U<N>``, ``("over", N)`` for ``<N>+``; ``ValueError`` for anything else."""
    match = _AGE.match(text.strip())
    if match is None:
        raise ValueError(f"age {text!r}: expected U<age> (U8, U18) or <age>+ (50+, 65+)")
    if match.group(1) is not None:
        return "under", int(match.group(1))
    return "over", int(match.group(2))


def birth_year(birth: str) -> int | None:
    """The year of a birth date written ``YYYY``, ``YYYY/MM/DD`` or ``YYYY-MM-DD``; ``None`` when unknown."""
    match = _YEAR.match(birth)
    if match is None or int(match.group(1)) == 0:
        return None
    return int(match.group(1))


def birth_date(birth: str) -> tuple[dt.date, dt.date] | None:
    """The earliest and latest day a birth could be: one day for a full date, a whole year for a year."""
    year = birth_year(birth)
    if year is None:
        return None
    digits = re.findall(r"\d+", birth)
    if len(digits) >= 3:
        try:
            day = dt.date(year, int(digits[1]), int(digits[2]))
            return day, day
        except ValueError:
            pass
    return dt.date(year, 1, 1), dt.date(year, 12, 31)


def qualifies(player: Applicant, category: Category, event_year: int | None) -> bool:
    """Whether ``player`` meets every condition of ``category``; an unknown birth meets no age condition."""
    rating = player.national_rating if category.rating == "national" else player.rating
    if category.unrated and rating:
        return False
    if category.rating_min is not None or category.rating_max is not None:
        if not rating:
            if not category.include_unrated:
                return False
        elif not (category.rating_min or 0) <= rating <= (category.rating_max if category.rating_max is not None else rating):
            return False
    if category.sex and player.sex.strip().lower()[:1] != category.sex.lower()[:1]:
        return False
    if category.federations and player.federation.strip().upper() not in category.federations:
        return False
    if category.clubs and player.club.strip().casefold() not in {c.casefold() for c in category.clubs}:
        return False
    return _age_qualifies(player, category, event_year)


def _age_qualifies(player: Applicant, category: Category, event_year: int | None) -> bool:
    if not (category.age or category.born_from or category.born_to):
        return True
    span = birth_date(player.birth)
    if span is None:
        return False
    earliest, latest = span
    if category.born_from is not None and earliest < category.born_from:
        return False
    if category.born_to is not None and latest > category.born_to:
        return False
    if category.age:
        if event_year is None:
            return False
        kind, years = age_band(category.age)
        if kind == "under":
            return earliest.year >= event_year - years
        return latest.year <= event_year - years
    return True


def members(players: list[Applicant], category: Category, event_year: int | None) -> list[int]:
    """The ids of the players in ``category``, in the order given."""
    return [p.id for p in players if qualifies(p, category, event_year)]
