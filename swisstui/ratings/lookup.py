"""Players of the FIDE rating list offered while a name or FIDE ID is typed (the player form).

The form asks after every key, so this keeps the database open while the form is, and answers
from the index in well under a millisecond (docs/ratings.md). Each match comes as the line the
form shows and the fields it fills, in the form's own terms (text, the event's rating type).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from swisstui.ratings.db import ListPlayer, RatingsDb

MIN_NAME = 2  # letters typed before names are offered: one letter matches a hundred thousand players


@dataclass(frozen=True)
class Suggestion:
    label: str  # one line: "Carlsen, Magnus · NOR GM · 2831 · 1503014 · 1990"
    fields: dict[str, str]  # the form's fields: name, rating, title, federation, fide_id, birth, sex; and k_factor


class RatingLookup:
    """The newest list held, looked up by the start of a name or of a FIDE ID."""

    def __init__(self, db: RatingsDb, month: str, rating_type: str) -> None:
        self.db, self.month, self.rating_type = db, month, rating_type

    @classmethod
    def open(cls, rating_type: str = "standard", db: RatingsDb | None = None) -> RatingLookup | None:
        """``None`` when no list was imported: the form then offers nothing and works as without it."""
        db = db or RatingsDb()
        if not db.exists():
            return None
        try:
            return cls(db, db.list_info().month, rating_type)
        except (LookupError, sqlite3.Error):
            db.close()
            return None

    def suggest(self, text: str, limit: int = 5) -> list[Suggestion]:
        text = text.strip()
        try:
            if text.isascii() and text.isdigit():
                found = self.db.by_id(int(text), self.month)
                players = [found] if found else []
            elif len(text.replace(" ", "")) >= MIN_NAME:
                players = self.db.by_name(text, self.month, limit)
            else:
                players = []
        except sqlite3.Error:
            return []
        return [self._suggestion(p) for p in players]

    def _suggestion(self, p: ListPlayer) -> Suggestion:
        rating = p.rating(self.rating_type)
        label = " · ".join(part for part in (
            p.name, f"{p.federation} {p.best_title}".strip(), str(rating) if rating else "unrated",
            str(p.fide_id), str(p.birth or "")) if part)
        fields = {"name": p.name, "rating": str(rating) if rating else "", "title": p.best_title,
                  "federation": p.federation, "fide_id": str(p.fide_id), "birth": str(p.birth or ""),
                  "sex": {"M": "m", "F": "w"}.get(p.sex, ""), "k_factor": str(p.k(self.rating_type)) if rating else ""}
        return Suggestion(label, fields)

    def close(self) -> None:
        self.db.close()
