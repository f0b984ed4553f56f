"""Writing an event file: the event as TOML data, then laid out for people.

:func:`document` turns an :class:`~swisstui.store.event.Event` into plain TOML data (tables,
arrays, strings, numbers, dates) with the keys in the order the file lists them. tomli-w
writes every key and value of it, so every string escape is a TOML writer's; :func:`dumps`
only adds what a generic writer cannot know: a section per table, one board per line with
its numbers in columns, the header comment and the note on unset scoring keys.

Reading the text back with ``tomllib`` gives exactly :func:`document` again
(``tests/store/test_writer.py`` checks it on every sample and on generated events).
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import tomli_w

from engine.model.tournament import Colour
from engine.tiebreaks import DEFAULT_EDITION
from swisstui.store.event import REQUEST_NAMES, ChangeRecord, Event, LogEntry, PlayerRecord, RoundRecord
from swisstui import language
from swisstui.store import schema
from swisstui.store.prize_tables import prizes_document
from swisstui.store.team_records import TeamRecord, TeamRound, TeamSettings

HEADER = "# swisstui event file: see docs/event-format.md before editing by hand."

ROWS = frozenset({"boards", "games", "virtual_points", "team_matches", "team_boards"})
"""Arrays of tables written as one inline table per line inside ``[...]``."""

ALIGNED = frozenset({"boards", "games", "team_matches", "team_boards"})
"""Row arrays whose numbers are right-aligned in columns, so a round reads like a pairing list."""

INLINE = frozenset({"byes"})
"""Tables written inline on their key's line (``byes = { 2 = "half" }``) rather than as a section."""


# -- the document ------------------------------------------------------------------


def document(event: Event) -> dict[str, Any]:
    """The event as TOML data, keys in file order; empty optional keys are left out."""
    doc: dict[str, Any] = {
        "schema": schema.SCHEMA_VERSION,
        "event": _event(event),
        "settings": _settings(event),
        **prizes_document(event.prizes),
    }
    return doc | _given(
        players=[_player(p) for p in event.players],
        teams=[_team(t) for t in event.teams],
        forbidden=[
            {"players": sorted(pair.players), "first_round": pair.first_round, **_given(last_round=pair.last_round)}
            for pair in event.forbidden
        ],
        rounds=[_round(rnd) for rnd in event.rounds],
        log=[_log(entry) for entry in event.log],
    )


def _given(**values: Any) -> dict[str, Any]:
    """The values that are set: not ``None``, not empty text, not an empty list or table."""
    return {key: value for key, value in values.items() if value is not None and value not in ("", [], {})}


def _event(event: Event) -> dict[str, Any]:
    info = event.info
    return {
        "name": event.name,
        **_given(
            city=info.city,
            federation=info.federation,
            start=info.start,
            end=info.end,
            chief_arbiter=info.chief_arbiter,
            deputy_arbiters=list(info.deputy_arbiters),
            time_control=info.time_control,
            tournament_type=info.tournament_type,
        ),
        "revision": event.revision,
    }


def _settings(event: Event) -> dict[str, Any]:
    """``[settings]``: a new setting is one more key here, in ``schema.SETTINGS_KEYS`` and in the reader."""
    s = event.settings
    virtual_points = [
        {"player": a.player, "points": _points(a.points), "first_round": a.first_round, "last_round": a.last_round}
        for a in event.acceleration_table()
    ]
    return {
        "system": s.system,
        "rounds": s.rounds,
        "initial_colour": "white" if s.initial_colour is Colour.WHITE else "black",
        "tiebreaks": list(s.tiebreaks),
        # written only for an event that follows an earlier text of C.07
        **_given(tiebreak_edition=None if s.tiebreak_edition == DEFAULT_EDITION.value else s.tiebreak_edition),
        "acceleration": event.acceleration,
        **_given(virtual_points=virtual_points),
        "fide_mode": event.fide_mode,
        "result_keys": event.result_keys,
        **_given(colour_seed=s.colour_seed),
        **_given(bye_limit=event.bye_limit),
        **_given(rating_type=None if event.rating_type == "standard" else event.rating_type),
        # omitted for English, so that every file written before the setting existed stays byte-identical
        **_given(language=None if event.language == language.DEFAULT else event.language),
        "scoring": {
            key: _points(getattr(s.points, key)) for key in schema.SCORING_KEYS if getattr(s.points, key) is not None
        },
        # the system's options set otherwise than their defaults, as ``maxi = "yes"`` (the catalogue names them)
        **_given(options=dict(sorted(s.options.items())) or None),
        **_given(team=None if event.team is None else _team_settings(event.team)),
    }


def _team_settings(team: TeamSettings) -> dict[str, Any]:
    """``[settings.team]``: every value written, so a file says what its matches score."""
    return {
        "size": team.size,
        "match_win": _points(team.match_win),
        "match_draw": _points(team.match_draw),
        "match_loss": _points(team.match_loss),
        "bye_match_points": _points(team.bye_match_points),
        **_given(bye_game_points=None if team.bye_game_points is None else _points(team.bye_game_points),
                 board_colours=team.board_colours, lineup="" if team.lineup == "strict" else team.lineup),
    }


def _team(t: TeamRecord) -> dict[str, Any]:
    return {
        "id": t.id,
        "name": t.name,
        **_given(short=t.short, federation=t.federation, club=t.club, captain=t.captain),
        "roster": list(t.roster),
        **_given(reserves=list(t.reserves), withdrawn_after=t.withdrawn_after),
    }


def _team_round(team: TeamRound) -> dict[str, Any]:
    """A round's team matches (a row each, ``forfeit`` only where a match was forfeited whole), their boards,
    the bye and the absent teams."""
    return _given(
        team_matches=[{"match": m.number, "white": m.white, "black": m.black, **_given(forfeit=m.forfeit)}
                      for m in team.matches],
        team_boards=[{"match": m.number, "board": b.board, "white": b.white, "black": b.black, "result": b.result}
                     for m in team.matches for b in m.boards],
        team_bye=team.bye,
        absent_teams=list(team.absent),
    )


def _points(value: Decimal | int) -> Decimal:
    """Points in plain decimal notation (``10.0``, never ``1E+1``), however the file wrote them."""
    return Decimal(format(Decimal(value), "f"))


def _player(p: PlayerRecord) -> dict[str, Any]:
    # A name is never empty and a rating of 0 (unrated) is set: both always written.
    # The entry number is written only once it differs from the pairing number (after a renumbering).
    # A national rating of 0 (none) and a K of 0 (not known) are left out: most events have none.
    fields = p.registration() | {"national_rating": p.national_rating or None, "k_factor": p.k_factor or None}
    return {"id": p.id, **_given(entry=p.entry if p.entry != p.id else None), **_given(**fields),
            "status": p.status, **_given(withdrawn_after=p.withdrawn_after, fixed_board=p.fixed_board or None)}


def _round(rnd: RoundRecord) -> dict[str, Any]:
    return {
        "number": rnd.number,
        **_given(date=rnd.date),
        "published": rnd.published,
        **_given(
            boards=[{"board": b.number, "white": b.white, "black": b.black, "result": b.result} for b in rnd.boards],
            # a pairing of several games (a match): one row a game, numbered within its match
            games=[
                {"match": m.number, "game": i, "white": g.white, "black": g.black, "result": g.result}
                for m in rnd.matches
                for i, g in enumerate(m.games, start=1)
            ],
            bye=rnd.bye,
            byes={str(pid): REQUEST_NAMES[code] for pid, code in sorted(rnd.requests.items())},
        ),
        **_team_round(rnd.team),
        **_given(changes=[_change(c) for c in rnd.changes]),
    }


def _change(change: ChangeRecord | str) -> dict[str, Any]:
    if isinstance(change, str):  # a bare reason is accepted in memory
        change = ChangeRecord(kind="other", reason=change)
    return {
        "kind": change.kind,
        **_given(board=change.board, old=change.old, new=change.new),
        "reason": change.reason,
        **_given(by=change.by, at=change.at),
    }


def _log(entry: LogEntry) -> dict[str, Any]:
    return {
        **_given(at=entry.at, round=entry.round),
        "action": entry.action,
        **_given(text=entry.text, by=entry.by),
    }


# -- the text ------------------------------------------------------------------------


def dumps(event: Event) -> str:
    """The text of the event file, laid out for people: one board per line, keys in a fixed order."""
    return render(document(event))


def render(doc: Mapping[str, Any]) -> str:
    """The text of the event file whose :func:`document` is ``doc``."""
    unset = [key for key in schema.SCORING_KEYS if key not in doc["settings"]["scoring"]]
    notes = {}
    if unset:
        notes["settings.scoring"] = "# not set: " + ", ".join(f"{k} = {schema.SCORING_DEFAULTS[k]}" for k in unset)
    # Player numbers line up across every round of the event, board numbers within a round.
    player_width = max((len(str(p["id"])) for p in doc.get("players", ())), default=1)
    layout = _Layout(notes, {"white": player_width, "black": player_width})
    return "\n".join([HEADER, *layout.table(doc, "")]) + "\n"


class _Layout:
    """Lays TOML data out as sections and lines; every key and value is written by tomli-w."""

    def __init__(self, notes: Mapping[str, str], widths: Mapping[str, int]) -> None:
        self.notes = notes  # a comment line closing the named section
        self.widths = widths  # the least width of a column of aligned rows
        self.keys: dict[str, str] = {}  # tomli-w's text of each key: bare where TOML allows, else quoted

    def table(self, table: Mapping[str, Any], name: str) -> list[str]:
        """The key lines of a table, then its sub-tables and arrays of tables as sections."""
        lines: list[str] = []
        sections: list[tuple[str, str, Mapping[str, Any] | list[str]]] = []  # a table, or its lines kept
        for key, value in table.items():
            path = f"{name}.{key}" if name else key
            if isinstance(value, Mapping) and key not in INLINE:
                sections.append(("[{}]", path, value))
            elif _is_tables(value) and key not in ROWS:
                if not name:  # [[players]], [[rounds]]...: one section per entry, kept from the last save
                    lines_of = [self.entry(path, i, item) for i, item in enumerate(value)]
                    sections.extend(("[[{}]]", path, item_lines) for item_lines in lines_of)
                    continue
                sections.extend(("[[{}]]", path, item) for item in value)
            elif key in ROWS:
                lines += [f"{self.key(key)} = [", *self.rows(value, aligned=key in ALIGNED), "]"]
            else:
                lines.append(f"{self.key(key)} = {self.value(value)}")
        if name in self.notes:
            lines.append(self.notes[name])
        for bracket, path, sub in sections:
            lines += ["", bracket.format(path), *(sub if isinstance(sub, list) else self.table(sub, path))]
        return lines

    def entry(self, path: str, index: int, item: Mapping[str, Any]) -> list[str]:
        """The lines of one top-level ``[[path]]`` entry; the same as last time when the entry is.

        A results screen saves the whole file on every key, yet one board changed: the lines
        of every other player and round are those of the previous save. Entries are compared
        by value (the document gives each key one type), with the widths they were laid out in.
        """
        widths = tuple(self.widths.items())
        kept = _entries.get((path, index))
        if kept is not None and kept[1] == widths and kept[0] == item:
            return kept[2]
        lines = self.table(item, path)
        _entries[(path, index)] = (item, widths, lines)
        return lines

    def rows(self, rows: list[Mapping[str, Any]], *, aligned: bool) -> list[str]:
        cells = [{k: self.value(v) for k, v in row.items()} for row in rows]
        widths: dict[str, int] = {}
        if aligned:  # integers right-aligned to the widest of their column
            for key, first in rows[0].items():
                if type(first) is int:
                    widths[key] = max(self.widths.get(key, 0), *(len(cell[key]) for cell in cells))
        return [
            "  { " + ", ".join(f"{self.key(k)} = {text:>{widths.get(k, 0)}}" for k, text in cell.items()) + " },"
            for cell in cells
        ]

    def value(self, value: Any) -> str:
        """One value as TOML; tables inline, arrays on one line."""
        kind = type(value)
        if kind is str or kind is int:
            return _remembered_literal(value)
        if isinstance(value, Mapping):
            return "{ " + ", ".join(f"{self.key(k)} = {self.value(v)}" for k, v in value.items()) + " }"
        if isinstance(value, list | tuple):
            return "[" + ", ".join(self.value(v) for v in value) + "]"
        return _literal(value)  # not remembered: Decimal("1.0") == Decimal("1.00") but they are written apart

    def key(self, key: str) -> str:
        text = self.keys.get(key)
        if text is None:
            text = self.keys[key] = tomli_w.dumps({key: 0}).removesuffix(" = 0\n")
        return text


def inline(value: Any) -> str:
    """One value as TOML on one line, tables inline, every key and value written by tomli-w (the history's values)."""
    return _Layout({}, {}).value(value)


def _literal(value: Any) -> str:
    """tomli-w's text for one value; a date-time keeps RFC 3339's ``T`` (tomli-w writes a space)."""
    text = tomli_w.dumps({"v": value}).removeprefix("v = ").removesuffix("\n")
    if isinstance(value, dt.datetime):
        text = text.replace(" ", "T", 1)
    return text


# Names, numbers and results repeat within a file and from one save to the next (a results
# screen saves on every key): tomli-w writes each once. typed: 1 and True are written apart.
_remembered_literal = functools.lru_cache(maxsize=8192, typed=True)(_literal)


_entries: dict[tuple[str, int], tuple[Mapping[str, Any], tuple, list[str]]] = {}
"""The last lines written for each top-level entry, by array and position (see :meth:`_Layout.entry`)."""


def _is_tables(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, Mapping) for v in value)
