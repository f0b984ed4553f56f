"""Reading an event file: text to :class:`~swisstui.store.event.Event`, validating every value.

Every problem is reported as one :class:`~swisstui.store.schema.EventFileError` naming the
file, the line and the field; ``tomllib`` gives the values, :mod:`swisstui.store.lines` the
line each was written on.
"""

from __future__ import annotations

import copy
import os
import re
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine import systems
from engine.model.acceleration import AccelerationNotAllowed, check_baku_scoring
from swisstui.language import _
from swisstui.store.team_acceleration import check_team_acceleration
from engine.model.tournament import TITLES, Acceleration, Colour, ForbiddenPair, PointSystem, ResultCode, Settings
from engine.awards.ratings import K_FACTOR_MAX
from engine.tiebreaks import DEFAULT_EDITION, Edition, TieBreakError
from engine.trf.fields import FIDE_ID_MAX, PAIRING_NUMBER_MAX, RATING_MAX
from swisstui.store.event_tiebreaks import written_code
from swisstui.store.event import (
    ACCELERATIONS,
    CHANGE_KINDS,
    NO_RESULT,
    RATING_TYPES,
    REQUESTS,
    RESULT_KEY_LAYOUTS,
    RESULTS,
    STATUSES,
    Board,
    ChangeRecord,
    Event,
    EventInfo,
    LogEntry,
    PlayerRecord,
    RoundRecord,
    canonical_result,
    normalise_title,
)
from swisstui.store.prize_tables import read_prizes
from swisstui.store.read_matches import read_matches
from swisstui.store.read_language import read_language
from swisstui.store.read_teams import read_team_round, read_team_settings, read_teams
from swisstui.store.team_records import TeamRecord, TeamSettings
from swisstui.store import schema
from swisstui.store.lines import Path as KeyPath
from swisstui.store.parse import parse
from swisstui.store.schema import EventFileError
from swisstui.store.typed import TypedReader, describe, suggest
from swisstui.store.text_input import NotText, decode

MAX_RESULT_POINTS = 10  # points for one game: 1-½-0, 3-1-0 and the like


def load(path: str | os.PathLike[str]) -> Event:
    """Read and validate an event file."""
    return loads(read_text(Path(path)), path=str(path))


def loads(text: str, *, path: str = "<string>") -> Event:
    """Parse and validate the text of an event file; raises :class:`EventFileError` only."""
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise EventFileError(path, 1, "", _("the file is empty: an event file starts with `schema = 1`"))
    try:
        doc = parse(text)
    except tomllib.TOMLDecodeError as exc:
        line, message = _syntax_error_position(str(exc), text)
        raise EventFileError(path, line, "", _("not valid TOML: {message}").format(message=message)) from None
    except RecursionError:  # tomllib reads nested arrays and tables recursively
        raise EventFileError(path, _deepest_line(text) or 1, "", _("not valid TOML: arrays or tables nested too deep (an event file nests a few levels)")) from None
    return _Reader(doc, text, path).event()


def _deepest_line(text: str, limit: int = 50) -> int | None:
    """The line where brackets and braces first nest ``limit`` deep (strings are not told apart: a hint)."""
    depth = 0
    for n, line in enumerate(text.split("\n"), start=1):
        for ch in line:
            depth += 1 if ch in "[{" else -1 if ch in "]}" else 0
            if depth >= limit:
                return n
    return None


def read_text(path: Path) -> str:
    """The file's text; :class:`EventFileError` when it is missing, unreadable or not UTF-8."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise EventFileError(path, None, "", _("no such event file")) from None
    except OSError as exc:
        raise EventFileError(path, None, "", _("cannot read: {reason}").format(reason=exc.strerror or exc)) from None
    try:
        return decode(data, latin1=False, utf16=False)
    except NotText as exc:
        raise EventFileError(path, exc.line, "", exc.message) from None


_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


def _syntax_error_position(message: str, text: str) -> tuple[int | None, str]:
    match = _POSITION.search(message)
    if match is not None:
        return int(match.group(1)), f"{message[: match.start()]} (column {match.group(2)})"
    if message.endswith("(at end of document)"):
        last = len(text.rstrip("\n").split("\n"))
        return last, message.replace("(at end of document)", "(at the end of the file)")
    return None, message


class _Reader(TypedReader):
    """Turns a parsed document into an Event, reporting the first problem with its line."""

    team: TeamSettings | None = None  # a team event's settings, read before its rounds
    teams_by_id: dict[int, TeamRecord]  # its teams by pairing number (set by :meth:`event` before the rounds)

    # -- the document --------------------------------------------------------------------

    def event(self) -> Event:
        doc = self.migrate(self.doc)
        self.table(doc, (), schema.TOP_KEYS)
        name, info, revision = self.event_table(doc)
        settings, fide_mode, result_keys, bye_limit, rating_type = self.settings_table(doc)
        players = self.players(doc, settings.rounds)
        by_id = {p.id: p for p in players}
        settings = replace(settings, accelerations=self.virtual_points(doc["settings"], settings.rounds, by_id))
        forbidden = self.forbidden(doc, by_id)
        team = read_team_settings(self, doc["settings"])
        teams = read_teams(self, doc, team, settings.rounds, by_id)
        self.team, self.teams_by_id = team, {t.id: t for t in teams}
        rounds = self.rounds(doc, settings.rounds, by_id)
        log = self.log(doc)
        prizes = read_prizes(self, doc)
        return Event(
            name=name,
            settings=settings,
            players=players,
            rounds=rounds,
            forbidden=forbidden,
            info=info,
            log=log,
            revision=revision,
            fide_mode=fide_mode,
            result_keys=result_keys,
            bye_limit=bye_limit,
            prizes=prizes,
            rating_type=rating_type,
            language=read_language(self, doc["settings"]),
            team=team,
            teams=teams,
        )

    def migrate(self, doc: dict[str, Any]) -> dict[str, Any]:
        if "schema" not in doc:
            raise EventFileError(self.path, 1, "schema", _("missing: an event file starts with `schema = {schema_version}`").format(schema_version=schema.SCHEMA_VERSION))
        version = self.get(doc, (), "schema", "int")
        if version > schema.SCHEMA_VERSION:
            raise self.fail(
                ("schema",),
                _("version {version} is newer than this swisstui understands ({schema_version}); upgrade swisstui").format(version=version, schema_version=schema.SCHEMA_VERSION),
            )
        if version < 1:
            raise self.fail(("schema",), _("expected a version of at least 1, got {version}").format(version=version))
        if version < schema.SCHEMA_VERSION:
            doc = copy.deepcopy(doc)  # the parsed sections are shared (store.parse): migrate a copy
        while version < schema.SCHEMA_VERSION:
            migration = schema.MIGRATIONS.get(version)
            if migration is None:
                raise self.fail(("schema",), _("no migration from version {version} to {number}").format(version=version, number=version + 1))
            doc = migration(doc)
            version += 1
            doc["schema"] = version
        return doc

    def event_table(self, doc: dict[str, Any]) -> tuple[str, EventInfo, int]:
        if "event" not in doc:
            raise self.fail((), _("missing [event] table"), field="event")
        where: KeyPath = ("event",)
        t = self.table(doc["event"], where, schema.EVENT_KEYS)
        name = self.get(t, where, "name", "line")
        info = EventInfo(
            city=self.get(t, where, "city", "line", ""),
            federation=self.get(t, where, "federation", "line", ""),
            start=self.get(t, where, "start", "date", None),
            end=self.get(t, where, "end", "date", None),
            chief_arbiter=self.get(t, where, "chief_arbiter", "line", ""),
            deputy_arbiters=list(self.get(t, where, "deputy_arbiters", "lines", [])),
            time_control=self.get(t, where, "time_control", "line", ""),
            tournament_type=self.get(t, where, "tournament_type", "line", ""),
        )
        if info.start and info.end and info.end < info.start:
            raise self.fail(where + ("end",), _("the event ends ({end}) before it starts ({start})").format(end=info.end, start=info.start))
        revision = self.positive(t, where, "revision", 0, minimum=0)
        return name, info, revision

    def settings_table(self, doc: dict[str, Any]) -> tuple[Settings, bool, str, int | None, str]:
        if "settings" not in doc:
            raise self.fail((), _("missing [settings] table"), field="settings")
        where: KeyPath = ("settings",)
        # an option's id as a key of [settings]: the files written before [settings.options] (``maxi = true``)
        t = self.table(doc["settings"], where, schema.SETTINGS_KEYS + tuple(sorted(systems.option_ids())))
        rounds = self.positive(t, where, "rounds")
        system_name = self.get(t, where, "system", "str", systems.SYSTEMS[0].id)
        try:
            system = systems.get(system_name).id
        except systems.UnknownSystem as exc:
            if not systems.is_trf_code(system_name):
                raise self.fail(where + ("system",), str(exc)) from None
            system = system_name.strip()  # imported from a TRF file: kept for standings and export, never paired
        colour = self.choice(t, where, "initial_colour", ("white", "black"), "white")
        points = PointSystem()
        if "scoring" in t:
            swhere = where + ("scoring",)
            s = self.table(t["scoring"], swhere, schema.SCORING_KEYS)
            values = {key: self.get(s, swhere, key, "points", None) for key in schema.SCORING_KEYS}
            for key, value in values.items():
                if value is not None and value > MAX_RESULT_POINTS:
                    raise self.fail(swhere + (key,), _("expected at most {max_result_points} points for one result, got {value}").format(max_result_points=MAX_RESULT_POINTS, value=describe(value)))
            points = PointSystem(**{k: v for k, v in values.items() if v is not None})
        tiebreaks = self.tiebreak_list(t, where, system)
        edition = self.choice(t, where, "tiebreak_edition", tuple(e.value for e in Edition), DEFAULT_EDITION.value)
        acceleration = self.choice(t, where, "acceleration", ACCELERATIONS, "none")
        if acceleration == "baku":
            try:
                check_baku_scoring(points)
            except AccelerationNotAllowed as err:
                raise self.fail(where + ("acceleration",), str(err)) from None
        fide_mode = self.get(t, where, "fide_mode", "bool", True)
        result_keys = self.choice(t, where, "result_keys", RESULT_KEY_LAYOUTS, "default")
        options = self.system_options(t, where, system)
        colour_seed = self.get(t, where, "colour_seed", "int", None)  # club: the drawn first colour (S6.2)
        bye_limit = self.get(t, where, "bye_limit", "int", None)
        if bye_limit is not None and bye_limit < 0:
            raise self.fail(where + ("bye_limit",), _("expected 0 or more byes, got {bye_limit}").format(bye_limit=bye_limit))
        settings = Settings(
            rounds=rounds,
            system=system,
            initial_colour=Colour.WHITE if colour == "white" else Colour.BLACK,
            points=points,
            tiebreaks=tiebreaks,
            tiebreak_edition=edition,
            acceleration=acceleration,
            options=options,
            colour_seed=colour_seed,
        )
        try:
            check_team_acceleration(settings)  # C.04.7 art. 1.4.4: a team event with game points first
        except ValueError as err:
            raise self.fail(where + ("acceleration",), str(err)) from None
        rating_type = self.choice(t, where, "rating_type", RATING_TYPES, "standard")  # which FIDE rating registers
        return settings, fide_mode, result_keys, bye_limit, rating_type

    def system_options(self, t: dict[str, Any], where: KeyPath, system: str) -> dict[str, str]:
        """``[settings.options]``: the values of the options the event's system has (its catalogue entry's).

        A file of the earlier format wrote a yes/no option as a boolean key of ``[settings]``
        itself (``maxi = true``): read as that option, on or off.
        """
        info = systems.find(system)
        offered = info.options if info is not None else ()
        options: dict[str, str] = {}
        for key in sorted(set(t) & systems.option_ids()):
            on = self.get(t, where, key, "bool")
            # an earlier reader took the key for any system (a TRF "CUSTOM_SWISS club maxi"), where it paired nothing
            if on and key in {o.id for o in offered if o.switch}:
                options[key] = "yes"
        if "options" not in t:
            return options
        owhere = where + ("options",)
        ids = tuple(o.id for o in offered)
        table = self.table(t["options"], owhere, ids)
        for option in offered:
            if option.id in table:
                options[option.id] = self.choice(table, owhere, option.id, option.values)
        return options

    def tiebreak_list(self, t: dict[str, Any], where: KeyPath, system: str) -> tuple[str, ...]:
        """The ordered tie-break list (C.07 art. 4.1): MTB26 codes the engine knows, in their written form; a
        team event's are C.07's team codes (art. 12-13, and art. 6-9 on a team score)."""
        codes = []
        for i, code in enumerate(self.get(t, where, "tiebreaks", "strs", [])):
            try:
                codes.append(written_code(code, system))
            except TieBreakError as exc:
                raise self.fail(where + ("tiebreaks", i), str(exc)) from None
        return tuple(codes)

    def virtual_points(self, t: dict[str, Any], total_rounds: int, by_id: dict[int, PlayerRecord]) -> tuple[Acceleration, ...]:
        """Explicit acceleration points per player and rounds (TRF 250 / XXA), as imported."""
        where: KeyPath = ("settings", "virtual_points")
        found = []
        for i, raw in enumerate(self.tables(t.get("virtual_points", []), where)):
            at = where + (i,)
            v = self.table(raw, at, schema.VIRTUAL_POINTS_KEYS)
            player = self.player_ref(self.get(v, at, "player", "int"), at + ("player",), by_id)
            points = self.get(v, at, "points", "points")
            first = self.positive(v, at, "first_round")
            last = self.positive(v, at, "last_round")
            if last < first:
                raise self.fail(at + ("last_round",), _("last round {last} is before first round {first}").format(last=last, first=first))
            if last > total_rounds:
                raise self.fail(at + ("last_round",), _("round {last} is beyond the {total_rounds} rounds in settings.rounds").format(last=last, total_rounds=total_rounds))
            found.append(Acceleration(player, points, first, last))
        return tuple(found)

    def players(self, doc: dict[str, Any], total_rounds: int) -> list[PlayerRecord]:
        players: list[PlayerRecord] = []
        seen: dict[int, int] = {}
        entries: dict[int, int] = {}
        for i, raw in enumerate(self.tables(doc.get("players", []), ("players",))):
            where: KeyPath = ("players", i)
            t = self.table(raw, where, schema.PLAYER_KEYS)
            pid = self.positive(t, where, "id", maximum=PAIRING_NUMBER_MAX)  # TRF columns 5-8
            if pid in seen:
                line = self.lines.nearest(("players", seen[pid], "id"))
                raise self.fail(where + ("id",), _("pairing number {pid} is already used by the player on line {line}").format(pid=pid, line=line))
            seen[pid] = i
            entry = self.positive(t, where, "entry", pid)  # unwritten: the same as the pairing number
            if entry in entries:
                line = self.lines.nearest(("players", entries[entry]))
                raise self.fail(where + ("entry" if "entry" in t else "id",),
                                _("entry number {entry} is already the player's on line {line}").format(entry=entry, line=line), field="players.entry")
            entries[entry] = i
            name = self.get(t, where, "name", "line")
            if not name.strip():
                raise self.fail(where + ("name",), _("a player needs a name"))
            raw_title = self.get(t, where, "title", "line", "")
            try:
                title = normalise_title(raw_title)
            except ValueError:
                raise self.fail(
                    where + ("title",), _("unknown title {raw_title} (known: {listed}){suggestion}").format(raw_title=repr(raw_title), listed=', '.join(TITLES), suggestion=suggest(raw_title, TITLES))
                ) from None
            status = self.choice(t, where, "status", STATUSES, "active")
            withdrawn_after = self.positive(t, where, "withdrawn_after", None, minimum=0)
            if status == "withdrawn" and withdrawn_after is None:
                raise self.fail(
                    where + ("status",),
                    _("player {pid} is withdrawn: add withdrawn_after = the last round played (0 = none)").format(pid=pid),
                    field="players.withdrawn_after",
                )
            if status != "withdrawn" and withdrawn_after is not None:
                raise self.fail(where + ("withdrawn_after",), _("only a withdrawn player has it (player {pid} is \"{status}\")").format(pid=pid, status=status))
            if withdrawn_after is not None and withdrawn_after > total_rounds:
                raise self.fail(where + ("withdrawn_after",), _("round {withdrawn_after} is beyond the {total_rounds} rounds of the event").format(withdrawn_after=withdrawn_after, total_rounds=total_rounds))
            players.append(
                PlayerRecord(
                    id=pid,
                    name=name,
                    rating=self.positive(t, where, "rating", 0, minimum=0, maximum=RATING_MAX),  # TRF 49-52
                    title=title,
                    federation=self.get(t, where, "federation", "line", ""),
                    fide_id=self.positive(t, where, "fide_id", None, maximum=FIDE_ID_MAX),  # TRF 58-68
                    birth=self.get(t, where, "birth", "line", ""),
                    sex=self.get(t, where, "sex", "line", ""),
                    club=self.get(t, where, "club", "line", ""),
                    national_id=self.get(t, where, "national_id", "line", ""),
                    national_rating=self.positive(t, where, "national_rating", 0, minimum=0, maximum=RATING_MAX),
                    k_factor=self.positive(t, where, "k_factor", 0, minimum=0, maximum=K_FACTOR_MAX),
                    status=status,
                    withdrawn_after=withdrawn_after,
                    entry=entry,
                    fixed_board=self.positive(t, where, "fixed_board", None, minimum=1) or 0,  # 0: none
                )
            )
        return players

    def player_ref(self, value: Any, where: KeyPath, by_id: dict[int, PlayerRecord], field: str | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(where, _("expected a pairing number, got {value}").format(value=describe(value)), field=field)
        if value not in by_id:
            raise self.fail(where, _("player {value} does not exist").format(value=value), field=field)
        return value

    def forbidden(self, doc: dict[str, Any], by_id: dict[int, PlayerRecord]) -> list[ForbiddenPair]:
        pairs: list[ForbiddenPair] = []
        for i, raw in enumerate(self.tables(doc.get("forbidden", []), ("forbidden",))):
            where: KeyPath = ("forbidden", i)
            t = self.table(raw, where, schema.FORBIDDEN_KEYS)
            ids = self.get(t, where, "players", "ints")
            for j, pid in enumerate(ids):
                self.player_ref(pid, where + ("players", j), by_id, field="forbidden.players")
            if len(set(ids)) < 2:
                raise self.fail(where + ("players",), _("name at least two different players"))
            first = self.positive(t, where, "first_round", 1)
            last = self.positive(t, where, "last_round", None)
            if last is not None and last < first:
                raise self.fail(where + ("last_round",), _("last round {last} is before first round {first}").format(last=last, first=first))
            pairs.append(ForbiddenPair(frozenset(ids), first, last))
        return pairs

    def rounds(self, doc: dict[str, Any], total_rounds: int, by_id: dict[int, PlayerRecord]) -> list[RoundRecord]:
        rounds: list[RoundRecord] = []
        for i, raw in enumerate(self.tables(doc.get("rounds", []), ("rounds",))):
            where: KeyPath = ("rounds", i)
            t = self.table(raw, where, schema.ROUND_KEYS)
            number = self.positive(t, where, "number")
            if rounds and number == rounds[-1].number:
                raise self.fail(where + ("number",), _("round {number} appears twice").format(number=number))
            if rounds and number < rounds[-1].number:
                raise self.fail(where + ("number",), _("rounds out of order: round {number} comes after round {previous}").format(number=number, previous=rounds[-1].number))
            if number > total_rounds:
                raise self.fail(where + ("number",), _("round {number} is beyond the {total_rounds} rounds in settings.rounds").format(number=number, total_rounds=total_rounds))
            rnd = self.round(t, where, number, by_id)
            if rnd.paired:
                paired = {r.number for r in rounds if r.paired}
                missing = next((n for n in range(1, number) if n not in paired), None)
                if missing is not None:
                    raise self.fail(where + ("number",), _("round {number} is paired but round {missing} is not").format(number=number, missing=missing))
            rounds.append(rnd)
        return rounds

    def round(self, t: dict[str, Any], where: KeyPath, number: int, by_id: dict[int, PlayerRecord]) -> RoundRecord:
        published = self.get(t, where, "published", "bool", False)
        date = self.get(t, where, "date", "date", None)
        seats = _Seats(self, number)
        boards = self.boards(t, where, seats, published, by_id)
        if boards and "games" in t:
            raise self.fail(where + ("games",), _("round {number} has boards: a round holds boards (one game a pairing) or games of matches, not both").format(number=number))
        matches = read_matches(self, t, where, number, seats.take, published, by_id)
        bye = None
        if "bye" in t:
            if isinstance(t["bye"], dict | list):
                raise self.fail(where + ("bye",), _("the pairing-allocated bye is one pairing number, with no result"))
            bye = self.player_ref(t["bye"], where + ("bye",), by_id)
            seats.take(bye, where + ("bye",), "the bye", "rounds.bye")
            self.check_plays(by_id[bye], number, where + ("bye",), "rounds.bye")
        requests = self.requests(t, where, seats, by_id)
        team = read_team_round(self, t, where, number, published, self.team, self.teams_by_id, seats.take, by_id)
        changes = self.changes(t, where)
        rnd = RoundRecord(number, boards, bye, requests, published, changes, date, matches, team)
        if published and not rnd.paired:
            raise self.fail(where + ("published",), _("round {number} has no pairing to publish").format(number=number))
        return rnd

    def boards(self, t: dict[str, Any], where: KeyPath, seats: _Seats, published: bool,
               by_id: dict[int, PlayerRecord]) -> list[Board]:
        number = seats.round
        boards: list[Board] = []
        # Players who may not be paired in this round (C.04.2 art. 3.2): usually none or a few.
        gone = {pid for pid, p in by_id.items() if p.withdrawn_after is not None and not p.plays_in(number)}
        for j, raw in enumerate(self.tables(t.get("boards", []), where + ("boards",))):
            board = _board_in_order(raw, boards[-1].number if boards else 0, by_id, gone, seats.taken, published)
            if board is not None:
                seats.taken[board.white] = seats.taken[board.black] = f"board {board.number}"
                boards.append(board)
                continue
            # Something is wrong with this board, or it is written in a form the quick check does
            # not know (an alias for a result): the careful reading says which, with its line.
            bwhere = where + ("boards", j)
            b = self.table(raw, bwhere, schema.BOARD_KEYS)
            board_no = self.positive(b, bwhere, "board")
            if boards and board_no == boards[-1].number:
                raise self.fail(bwhere + ("board",), _("board {board_no} appears twice in round {number}").format(board_no=board_no, number=number))
            if boards and board_no < boards[-1].number:
                raise self.fail(bwhere + ("board",), _("board {board_no} listed after board {number}: list boards in publishing order").format(board_no=board_no, number=boards[-1].number))
            sides = {}
            for side in ("white", "black"):
                value = self.get(b, bwhere, side, "int")
                if value == 0:
                    raise self.fail(
                        bwhere + (side,),
                        _("0 is not a player: the pairing-allocated bye is written `bye = <player>` in the round, without a result"),
                    )
                sides[side] = self.player_ref(value, bwhere + (side,), by_id)
            white, black = sides["white"], sides["black"]
            if white == black:
                raise self.fail(bwhere + ("black",), _("player {white} cannot play against themself").format(white=white))
            result = self.result(b, bwhere)
            if result and not published:
                raise self.fail(bwhere + ("result",), _("round {number} is not published, so it cannot have results yet").format(number=number))
            for side, pid in (("white", white), ("black", black)):
                seats.take(pid, bwhere + (side,), f"board {board_no}", f"rounds.boards.{side}")
                self.check_plays(by_id[pid], number, bwhere + (side,), f"rounds.boards.{side}")
            boards.append(Board(board_no, white, black, result))
        return boards

    def result(self, b: dict[str, Any], bwhere: KeyPath) -> str:
        raw_result = self.get(b, bwhere, "result", "str", NO_RESULT)
        try:
            return canonical_result(raw_result)
        except ValueError:
            known = ", ".join(f'"{r}"' for r in RESULTS)
            raise self.fail(
                bwhere + ("result",),
                _("unknown result {raw_result}{suggestion} (known: {known}, or \"\" before the game ends)").format(raw_result=repr(raw_result), suggestion=suggest(raw_result, list(RESULTS)), known=known),
            ) from None

    def requests(self, t: dict[str, Any], where: KeyPath, seats: _Seats, by_id: dict[int, PlayerRecord]) -> dict[int, ResultCode]:
        requests: dict[int, ResultCode] = {}
        if "byes" not in t:
            return requests
        rwhere = where + ("byes",)
        raw_requests = t["byes"]
        if not isinstance(raw_requests, dict):
            raise self.fail(rwhere, _("expected a table like {{ 7 = \"half\" }}, got {raw_requests}").format(raw_requests=describe(raw_requests)))
        for key, value in raw_requests.items():
            at = rwhere + (key,)
            if not key.isdigit():
                raise self.fail(at, _("expected a pairing number as key, got {key}").format(key=repr(key)), field="rounds.byes")
            pid = self.player_ref(int(key), at, by_id, field="rounds.byes")
            if value not in REQUESTS:
                listed = ", ".join(f'"{n}"' for n in REQUESTS)
                raise self.fail(at, _("player {pid}: {value} is not one of {listed}").format(pid=pid, value=describe(value), listed=listed), field="rounds.byes")
            seats.take(pid, at, f'"{value}" in byes', "rounds.byes")
            requests[pid] = REQUESTS[value]
        return requests

    def changes(self, t: dict[str, Any], where: KeyPath) -> list[ChangeRecord]:
        changes = []
        for j, raw in enumerate(self.tables(t.get("changes", []), where + ("changes",))):
            cwhere = where + ("changes", j)
            c = self.table(raw, cwhere, schema.CHANGE_KEYS)
            changes.append(
                ChangeRecord(
                    kind=self.choice(c, cwhere, "kind", CHANGE_KINDS),
                    reason=self.get(c, cwhere, "reason", "line"),
                    board=self.positive(c, cwhere, "board", None),
                    old=self.get(c, cwhere, "old", "line", ""),
                    new=self.get(c, cwhere, "new", "line", ""),
                    by=self.get(c, cwhere, "by", "line", ""),
                    at=self.get(c, cwhere, "at", "datetime", None),
                )
            )
        return changes

    def check_plays(self, player: PlayerRecord, number: int, at: KeyPath, field: str) -> None:
        if not player.plays_in(number):
            raise self.fail(at, _("player {id} withdrew after round {withdrawn_after} but is paired in round {number}").format(id=player.id, withdrawn_after=player.withdrawn_after, number=number), field=field)

    def log(self, doc: dict[str, Any]) -> list[LogEntry]:
        entries = []
        for i, raw in enumerate(self.tables(doc.get("log", []), ("log",))):
            where: KeyPath = ("log", i)
            t = self.table(raw, where, schema.LOG_KEYS)
            entries.append(
                LogEntry(
                    action=self.get(t, where, "action", "line"),
                    text=self.get(t, where, "text", "line", ""),
                    round=self.positive(t, where, "round", None),
                    by=self.get(t, where, "by", "line", ""),
                    at=self.get(t, where, "at", "datetime", None),
                )
            )
        return entries


_BOARD_KEYS = frozenset(schema.BOARD_KEYS)
_CANONICAL_RESULTS = frozenset((NO_RESULT, *RESULTS))


def _board_in_order(b: Any, last: int, by_id: dict[int, PlayerRecord], gone: set[int], taken: dict[int, str],
                    published: bool) -> Board | None:
    """The board when every check of :meth:`_Reader.boards` passes, else ``None``; no message, no line.

    Reading a 2,000-player event checks 11,000 boards on every save: this is the same checks
    in one step, for the boards that pass them all (nearly always all of them).
    """
    if type(b) is not dict or not b.keys() <= _BOARD_KEYS:
        return None
    number, white, black, result = b.get("board"), b.get("white"), b.get("black"), b.get("result", NO_RESULT)
    if type(number) is not int or type(white) is not int or type(black) is not int or type(result) is not str:
        return None
    if number <= last or white == black or result not in _CANONICAL_RESULTS or (result and not published):
        return None
    if white not in by_id or black not in by_id or white in gone or black in gone or white in taken or black in taken:
        return None
    return Board(number, white, black, result)


class _Seats:
    """Where each player already is in one round, so a player placed twice is reported with both places."""

    def __init__(self, reader: _Reader, round_number: int) -> None:
        self.reader = reader
        self.round = round_number
        self.taken: dict[int, str] = {}

    def take(self, pid: int, at: KeyPath, what: str, field: str) -> None:
        if pid in self.taken:
            raise self.reader.fail(at, _("player {pid} is twice in round {round} ({taken} and {what})").format(pid=pid, round=self.round, taken=self.taken[pid], what=what), field=field)
        self.taken[pid] = what
