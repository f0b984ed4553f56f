"""What an event file may hold: its schema version, the migrations from older versions, the keys
of each table, and the errors reading and saving report.

The key sets are the one list of what each table may contain: the reader refuses any other
key ("unknown key; did you mean ...?") and ``tests/store/test_docs.py`` checks that
``docs/event-format.md`` documents every one of them. Adding a setting starts here (see
*Adding a key* in ``docs/event-format.md``).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from swisstui.store.event import PLAYER_FIELDS

SCHEMA_VERSION = 1

MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""``MIGRATIONS[v]`` turns a parsed document of schema ``v`` into one of schema ``v + 1``.

Loading applies them in turn up to :data:`SCHEMA_VERSION`; the next save writes
the current schema. Add one whenever the format changes incompatibly (a key renamed
or given another meaning); a new optional key with a default needs none.
"""

# -- the keys of each table ------------------------------------------------------------

TOP_KEYS = ("schema", "event", "settings", "prizes", "categories", "players", "teams", "forbidden", "rounds", "log")
EVENT_KEYS = (
    "name", "city", "federation", "start", "end", "chief_arbiter", "deputy_arbiters", "time_control", "tournament_type",
    "revision",
)
SETTINGS_KEYS = (
    "system", "rounds", "initial_colour", "scoring", "tiebreaks", "tiebreak_edition", "acceleration", "virtual_points",
    "fide_mode", "result_keys", "colour_seed", "bye_limit", "rating_type", "options", "team",
    "language",
)
TEAM_SETTINGS_KEYS = ("size", "match_win", "match_draw", "match_loss", "bye_match_points", "bye_game_points",
                      "board_colours", "lineup")
TEAM_KEYS = ("id", "name", "short", "federation", "club", "captain", "roster", "reserves", "withdrawn_after")
VIRTUAL_POINTS_KEYS = ("player", "points", "first_round", "last_round")
SCORING_KEYS = ("win", "draw", "loss", "absent", "pab", "half_bye", "full_bye", "forfeit_win")
PLAYER_KEYS = ("id", "entry", *PLAYER_FIELDS, "status", "withdrawn_after", "fixed_board")
FORBIDDEN_KEYS = ("players", "first_round", "last_round")
ROUND_KEYS = (
    "number", "date", "published", "boards", "games", "bye", "byes", "team_matches", "team_boards", "team_bye",
    "absent_teams", "changes",
)
TEAM_MATCH_KEYS = ("match", "white", "black", "forfeit")
TEAM_BOARD_KEYS = ("match", "board", "white", "black", "result")
BOARD_KEYS = ("board", "white", "black", "result")
GAME_KEYS = ("match", "game", "white", "black", "result")
CHANGE_KEYS = ("kind", "reason", "board", "old", "new", "by", "at")
LOG_KEYS = ("action", "text", "round", "by", "at")
PRIZES_KEYS = ("tie_rule", "prefer", "eligible", "places")
PRIZE_KEYS = ("amount", "name")
CATEGORY_KEYS = (
    "name", "rating_min", "rating_max", "unrated", "include_unrated", "rating", "age", "born_from", "born_to", "sex",
    "federation", "club", "prizes",
)

KEY_SETS: dict[str, tuple[str, ...]] = {
    "": TOP_KEYS,
    "event": EVENT_KEYS,
    "settings": SETTINGS_KEYS,
    "settings.scoring": SCORING_KEYS,
    "settings.virtual_points": VIRTUAL_POINTS_KEYS,
    "settings.team": TEAM_SETTINGS_KEYS,
    "players": PLAYER_KEYS,
    "teams": TEAM_KEYS,
    "forbidden": FORBIDDEN_KEYS,
    "rounds": ROUND_KEYS,
    "rounds.boards": BOARD_KEYS,
    "rounds.games": GAME_KEYS,
    "rounds.team_matches": TEAM_MATCH_KEYS,
    "rounds.team_boards": TEAM_BOARD_KEYS,
    "rounds.changes": CHANGE_KEYS,
    "log": LOG_KEYS,
    "prizes": PRIZES_KEYS,
    "prizes.places": PRIZE_KEYS,
    "categories": CATEGORY_KEYS,
    "categories.prizes": PRIZE_KEYS,
}
"""Every table of the format by its dotted name, with the keys it may hold."""

SCORING_DEFAULTS = {"pab": "win", "half_bye": "draw", "full_bye": "win", "forfeit_win": "win"}
"""The scoring keys that default to another one's value (C.04.1 art. 3 for the PAB)."""


# -- errors ---------------------------------------------------------------------


class EventFileError(Exception):
    """A problem with an event file, as one line: ``path:line: field: message``."""

    def __init__(self, path: str | os.PathLike[str], line: int | None, field: str, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.field = field
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class ConflictError(EventFileError):
    """Somebody else saved a newer revision since this copy was loaded."""


class LockTimeout(EventFileError):
    """Another process held the event's lock for too long."""


class SaveError(EventFileError):
    """The operating system refused the write (disk full, permissions); the old file is intact."""


class ExistsError(EventFileError):
    """A new event was to be written where a file already is: nothing was written."""


class ReadOnlyError(SaveError):
    """The event file is read-only: it is left as it is and nothing is saved."""
