"""Reading a team event: ``[settings.team]``, the ``[[teams]]`` and each round's team matches, checked line by line.

Each problem is one :class:`~swisstui.store.schema.EventFileError` naming the file, the line
and the field: a player on two rosters, a roster naming a missing player, a team of the wrong
size, a round naming an unknown team, a lineup its team may not field (:mod:`swisstui.store.lineups`).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any, Protocol

from swisstui.language import _
from swisstui.store import schema
from swisstui.store.board_results import result_codes
from swisstui.store.event import PlayerRecord
from swisstui.store.lineups import EMPTY, LINEUP_RULES, STRICT, lineup_problem
from swisstui.store.lines import Path as KeyPath
from swisstui.store.schema import EventFileError
from swisstui.store.team_records import FORFEIT_SIDES, TeamBoard, TeamMatchRecord, TeamRecord, TeamRound, TeamSettings
from engine.model.tournament import ResultCode

Take = Callable[[int, KeyPath, str, str], None]
"""Seats a player in the round (pairing number, where, what, field); an error when already seated."""


class TeamReader(Protocol):
    """What reading teams needs of the event file's reader (:class:`swisstui.store.read._Reader`)."""

    def fail(self, where: KeyPath, message: str, field: str | None = None) -> EventFileError: ...
    def tables(self, value: Any, where: KeyPath) -> list[Any]: ...
    def table(self, value: Any, where: KeyPath, allowed: tuple[str, ...]) -> dict[str, Any]: ...
    def positive(self, obj: dict[str, Any], where: KeyPath, key: str, default: Any = ..., minimum: int = 1,
                 maximum: int | None = None) -> Any: ...
    def get(self, obj: dict[str, Any], where: KeyPath, key: str, kind: str, default: Any = ...) -> Any: ...
    def choice(self, obj: dict[str, Any], where: KeyPath, key: str, choices: tuple[str, ...], default: Any = ...) -> Any: ...
    def result(self, b: dict[str, Any], bwhere: KeyPath) -> str: ...
    def check_plays(self, player: PlayerRecord, number: int, at: KeyPath, field: str) -> None: ...

    @property
    def lines(self) -> Any: ...


MAX_TEAM_SIZE = 20  # boards of a match: olympiads play 4, leagues up to 10 or 12


def read_team_settings(reader: TeamReader, settings: dict[str, Any]) -> TeamSettings | None:
    """``[settings.team]``, or None for an individual event."""
    raw = settings.get("team")
    if raw is None:
        return None
    where: KeyPath = ("settings", "team")
    t = reader.table(raw, where, schema.TEAM_SETTINGS_KEYS)
    size = reader.positive(t, where, "size", maximum=MAX_TEAM_SIZE)
    defaults = TeamSettings(size)

    def points(key: str, default: Decimal | None) -> Any:
        return reader.get(t, where, key, "points", default)

    return TeamSettings(
        size=size,
        match_win=points("match_win", defaults.match_win),
        match_draw=points("match_draw", defaults.match_draw),
        match_loss=points("match_loss", defaults.match_loss),
        bye_match_points=points("bye_match_points", defaults.bye_match_points),
        bye_game_points=points("bye_game_points", None),
        board_colours=_board_colours(reader, t, where, size),
        lineup=reader.choice(t, where, "lineup", LINEUP_RULES, STRICT),
    )


def _board_colours(reader: TeamReader, t: dict[str, Any], where: KeyPath, size: int) -> str:
    """``board_colours`` (TRF-2026 record 352): W and B, one a board; "" (left out) for W, B, W, B, ..."""
    value = str(reader.get(t, where, "board_colours", "line", "")).strip().upper()
    if value and (set(value) - {"W", "B"} or len(value) != size):
        raise reader.fail(where + ("board_colours",), _("{value}: W or B for each of the {size} boards").format(
                value=repr(value), size=size))
    return value


def read_teams(reader: TeamReader, doc: dict[str, Any], team: TeamSettings | None, total_rounds: int,
               by_id: dict[int, PlayerRecord]) -> list[TeamRecord]:
    """The ``[[teams]]``: pairing numbers unique, every player on one team at most, rosters of the event's size."""
    raw_teams = reader.tables(doc.get("teams", []), ("teams",))
    if raw_teams and team is None:
        raise reader.fail(("teams", 0), _("teams need the event's team size: add [settings.team] with size = the "
                                          "boards of a match"), field="settings.team.size")
    teams: list[TeamRecord] = []
    seen: dict[int, int] = {}
    team_of: dict[int, tuple[int, KeyPath]] = {}
    for i, raw in enumerate(raw_teams):
        where: KeyPath = ("teams", i)
        t = reader.table(raw, where, schema.TEAM_KEYS)
        tid = reader.positive(t, where, "id", maximum=999)  # TRF-2026 record 310: team number in columns 5-7
        if tid in seen:
            line = reader.lines.nearest(("teams", seen[tid], "id"))
            raise reader.fail(where + ("id",), _("team number {tid} is already used by the team on line {line}").format(
                    tid=tid, line=line))
        seen[tid] = i
        name = reader.get(t, where, "name", "line")
        if not name.strip():
            raise reader.fail(where + ("name",), _("a team needs a name"))
        members: dict[str, list[int]] = {}
        for key in ("roster", "reserves"):
            ids = reader.get(t, where, key, "ints", [] if key == "reserves" else ...)
            for j, pid in enumerate(ids):
                at = where + (key, j)
                if pid not in by_id:
                    raise reader.fail(at, _("team {tid} ({name}) names player {pid}, who is not among the [[players]]").format(
                            tid=tid, name=name, pid=pid))
                if pid in team_of:
                    other, other_at = team_of[pid]
                    raise reader.fail(at, _("player {pid} is on the roster of team {other} (line {line}) and of team "
                                            "{tid}: a player plays for one team").format(
                            pid=pid, other=other, line=reader.lines.nearest(other_at), tid=tid))
                team_of[pid] = (tid, at)
            members[key] = list(ids)
        assert team is not None
        if len(members["roster"]) != team.size:
            raise reader.fail(where + ("roster",), _("team {tid} ({name}) has {count} players on its roster; the "
                                                     "event's teams have {size} (settings.team.size)").format(
                    tid=tid, name=name, count=len(members['roster']), size=team.size))
        withdrawn_after = reader.positive(t, where, "withdrawn_after", None, minimum=0)
        if withdrawn_after is not None and withdrawn_after > total_rounds:
            raise reader.fail(where + ("withdrawn_after",), _("round {withdrawn_after} is beyond the {total_rounds} "
                                                              "rounds of the event").format(
                    withdrawn_after=withdrawn_after, total_rounds=total_rounds))
        teams.append(TeamRecord(
            id=tid, name=name,
            short=reader.get(t, where, "short", "line", ""),
            federation=reader.get(t, where, "federation", "line", ""),
            club=reader.get(t, where, "club", "line", ""),
            captain=reader.get(t, where, "captain", "line", ""),
            roster=members["roster"], reserves=members["reserves"], withdrawn_after=withdrawn_after,
        ))
    return teams


class _RoundTeams:
    """Where each team already is in one round, so a team placed twice is reported with both places."""

    def __init__(self, reader: TeamReader, number: int, teams: dict[int, TeamRecord]) -> None:
        self.reader = reader
        self.number = number
        self.teams = teams
        self.taken: dict[int, str] = {}

    def take(self, value: Any, at: KeyPath, what: str, field: str, forfeited: bool = False) -> int:
        """Place team ``value``; ``forfeited``: in a match it lost whole by forfeit, which a team round robin
        records for a withdrawn team's match when its regulations say so (``left-games``, C.06 art. 5.4)."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.reader.fail(at, _("expected a team number, got {value}").format(value=repr(value)), field=field)
        if value not in self.teams:
            raise self.reader.fail(at, _("team {value} does not exist (no [[teams]] entry has id = {value})").format(
                    value=value), field=field)
        if value in self.taken:
            raise self.reader.fail(at, _("team {value} is twice in round {number} ({taken} and {what})").format(
                    value=value, number=self.number, taken=self.taken[value], what=what),
                                   field=field)
        team = self.teams[value]
        if not team.plays_in(self.number) and what != "absent_teams" and not forfeited:
            raise self.reader.fail(at, _("team {value} withdrew after round {withdrawn_after} but is paired in round "
                                         "{number}").format(
                    value=value, withdrawn_after=team.withdrawn_after, number=self.number), field=field)
        self.taken[value] = what
        return value


def read_team_round(reader: TeamReader, t: dict[str, Any], where: KeyPath, number: int, published: bool,
                    team: TeamSettings | None, teams: dict[int, TeamRecord], take: Take,
                    by_id: dict[int, PlayerRecord]) -> TeamRound:
    """A round's ``team_matches``, ``team_boards``, ``team_bye`` and ``absent_teams``."""
    keys = [k for k in ("team_matches", "team_boards", "team_bye", "absent_teams") if k in t]
    if not keys:
        return TeamRound()
    if team is None:
        raise reader.fail(where + (keys[0],), _("a round of team matches needs [settings.team] and [[teams]]"))
    for key in ("boards", "games", "bye"):
        if key in t:
            raise reader.fail(where + (key,), _("round {number} holds team matches: its boards are written in "
                                                "team_boards, its bye as team_bye").format(number=number))
    placed = _RoundTeams(reader, number, teams)
    matches: list[TeamMatchRecord] = []
    for j, raw in enumerate(reader.tables(t.get("team_matches", []), where + ("team_matches",))):
        mwhere = where + ("team_matches", j)
        m = reader.table(raw, mwhere, schema.TEAM_MATCH_KEYS)
        match_no = reader.positive(m, mwhere, "match")
        if match_no != len(matches) + 1:
            raise reader.fail(mwhere + ("match",), _("match {match_no} follows match {count}: number the matches 1, "
                                                     "2, ... in publishing order").format(
                    match_no=match_no, count=len(matches)))
        forfeit = reader.choice(m, mwhere, "forfeit", FORFEIT_SIDES, "")
        white = placed.take(reader.get(m, mwhere, "white", "int"), mwhere + ("white",), f"match {match_no}",
                            "rounds.team_matches.white", forfeit in ("white", "both"))
        black = placed.take(reader.get(m, mwhere, "black", "int"), mwhere + ("black",), f"match {match_no}",
                            "rounds.team_matches.black", forfeit in ("black", "both"))
        if forfeit and not published:
            raise reader.fail(mwhere + ("forfeit",), _("round {number} is not published, so no match is forfeited yet").format(
                    number=number))
        matches.append(TeamMatchRecord(match_no, white, black, forfeit=forfeit))
    _read_boards(reader, t, where, number, published, team, teams, matches, take, by_id)
    bye = None
    if "team_bye" in t:
        bye = placed.take(t["team_bye"], where + ("team_bye",), "the bye", "rounds.team_bye")
    absent = []
    for j, value in enumerate(reader.get(t, where, "absent_teams", "ints", [])):
        absent.append(placed.take(value, where + ("absent_teams", j), "absent_teams", "rounds.absent_teams"))
    return TeamRound(matches, bye, absent)


def _read_boards(reader: TeamReader, t: dict[str, Any], where: KeyPath, number: int, published: bool,
                 team: TeamSettings, teams: dict[int, TeamRecord], matches: list[TeamMatchRecord], take: Take,
                 by_id: dict[int, PlayerRecord]) -> None:
    """The ``team_boards`` rows into their matches: board colours by the board rule, lineups by the lineup rules."""
    rows_at: dict[int, KeyPath] = {}
    for j, raw in enumerate(reader.tables(t.get("team_boards", []), where + ("team_boards",))):
        bwhere = where + ("team_boards", j)
        b = reader.table(raw, bwhere, schema.TEAM_BOARD_KEYS)
        match_no = reader.positive(b, bwhere, "match")
        if match_no > len(matches):
            raise reader.fail(bwhere + ("match",), _("match {match_no} is not among the round's team_matches").format(
                    match_no=match_no))
        match = matches[match_no - 1]
        last = max((m.number for m in matches if m.boards), default=0)
        if match_no < last:
            raise reader.fail(bwhere + ("match",), _("a board of match {match_no} listed after match {last}'s: list "
                                                     "each match's boards together, in match order").format(
                    match_no=match_no, last=last))
        board_no = reader.positive(b, bwhere, "board")
        if board_no != len(match.boards) + 1 or board_no > team.size:
            raise reader.fail(bwhere + ("board",), _("board {board_no} of match {match_no} follows board {count}: "
                                                     "number the boards 1 to {size}").format(
                    board_no=board_no, match_no=match_no, count=len(match.boards), size=team.size))
        sides = {}
        white_team, black_team = match.side_of_board(board_no, team.board_colours)
        for side, tid in (("white", white_team), ("black", black_team)):
            pid = reader.get(b, bwhere, side, "int")
            at = bwhere + (side,)
            if pid != EMPTY:
                if pid not in by_id:
                    raise reader.fail(at, _("player {pid} does not exist").format(pid=pid))
                if pid not in teams[tid].board_order:
                    which = "White" if side == "white" else "Black"
                    raise reader.fail(at, _("player {pid} is not in team {tid} ({name}), which has {which} on board "
                                            "{board_no} (the team with White on board 1 has White on boards 1, 3, "
                                            "...)").format(
                            pid=pid, tid=tid, name=teams[tid].name, which=which, board_no=board_no))
                take(pid, at, f"match {match_no} board {board_no}", f"rounds.team_boards.{side}")
                reader.check_plays(by_id[pid], number, at, f"rounds.team_boards.{side}")
            sides[side] = pid
        result = reader.result(b, bwhere)
        if result and not published:
            raise reader.fail(bwhere + ("result",), _("round {number} is not published, so it cannot have results yet").format(
                    number=number))
        codes = result_codes(result)
        if codes is not None:
            for (side, pid), code in zip(sides.items(), codes):
                if pid == EMPTY and code is not ResultCode.FORFEIT_LOSS:
                    raise reader.fail(bwhere + ("result",), _("board {board_no} of match {match_no} has no {side} "
                                                              "player: {side} loses it by forfeit, not {result}").format(
                            board_no=board_no, match_no=match_no, side=side, result=repr(result)))
        match.boards.append(TeamBoard(board_no, sides["white"], sides["black"], result))
        rows_at[match_no] = bwhere
    for match in matches:
        if match.boards and len(match.boards) != team.size:
            raise reader.fail(rows_at[match.number], _("match {number} has {count} boards; the event's matches have "
                                                       "{size} (settings.team.size)").format(
                    number=match.number, count=len(match.boards), size=team.size),
                              field="rounds.team_boards")
        if not match.boards and not match.forfeit and published:
            raise reader.fail(where + ("team_matches", match.number - 1),
                              _("match {number} of a published round has no boards: give each team's lineup as "
                                "team_boards, or forfeit = the side that lost the match by forfeit").format(
                                      number=match.number),
                              field="rounds.team_matches")
        for tid in match.teams if match.boards else ():
            problem = lineup_problem(teams[tid], match.lineup(tid, team.board_colours), team.size, team.lineup)
            if problem is not None:
                raise reader.fail(rows_at[match.number], _("match {number}: {problem}").format(
                        number=match.number, problem=problem), field="rounds.team_boards")
