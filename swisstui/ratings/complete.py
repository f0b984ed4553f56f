"""Registration rows completed from the FIDE rating list: what the arbiter did not have to type.

A registration list often holds little more than FIDE IDs (an entry form, a club's
spreadsheet). Each row with a FIDE ID gets what it leaves empty from the newest list held:
name, federation, title, sex, birth year, and the rating of the event's type with its K
(an unrated 0 is empty too). What the row gives is never overwritten: the arbiter's file wins. Nothing
happens when no list was ever imported.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from typing import Any

from swisstui.ratings.db import ListPlayer, RatingsDb, Unreadable


@dataclass(frozen=True)
class Completion:
    row: int  # index into the players completed
    fields: tuple[str, ...]  # the fields filled, e.g. ("name", "rating")


@dataclass
class Completed:
    """The outcome for a whole list: the month used (``None``: no list held or none needed)."""

    month: str | None = None
    rows: list[Completion] = field(default_factory=list)
    unknown: list[int] = field(default_factory=list)  # rows whose FIDE ID the list does not hold
    error: str = ""  # the database could not be read


def _sex(value: str) -> str:
    """The list's M/F as the event and TRF write it (m/w)."""
    return {"M": "m", "F": "w"}.get(value, "")


def _filled(player: dict[str, Any], found: ListPlayer, rating_type: str) -> list[str]:
    offered = {
        "name": found.name,
        "federation": found.federation,
        "title": found.best_title,
        "sex": _sex(found.sex),
        "birth": str(found.birth) if found.birth else "",
        "rating": found.rating(rating_type),
        "k_factor": found.k(rating_type) if found.rating(rating_type) else 0,
    }
    filled = []
    for key, value in offered.items():
        if value and not player.get(key):
            player[key] = value
            filled.append(key)
    return filled


def complete_players(players: list[dict[str, Any]], rating_type: str = "standard",
                     db: RatingsDb | None = None) -> Completed:
    """Fill the empty fields of the rows with a FIDE ID from the newest list held, in place."""
    wanted = [i for i, p in enumerate(players) if p.get("fide_id")]
    db = db or RatingsDb()
    if not wanted or not db.exists():
        return Completed()
    try:
        result = Completed(db.list_info().month)
        for i in wanted:
            found = db.by_id(int(players[i]["fide_id"]), result.month)
            if found is None:
                result.unknown.append(i)
                continue
            filled = _filled(players[i], found, rating_type)
            if filled:
                result.rows.append(Completion(i, tuple(filled)))
        return result
    except LookupError:
        return Completed()
    except sqlite3.Error as err:  # the rows stay as the file gives them; one problem line says why
        return Completed(error=str(err) if isinstance(err, Unreadable) else f"{db.path}: cannot be read: {err}")
    finally:
        db.close()
