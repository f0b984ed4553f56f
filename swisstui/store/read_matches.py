"""Reading a round's matches of several games: the ``games`` rows of ``[[rounds]]``, each checked with its line.

A row is one game: ``{ match = 1, game = 1, white = 3, black = 7, result = "1-0" }``. The
rows of a match follow each other, its games numbered 1, 2, ... in the order played; the
first game names the match's two units (players until teams are registered), and every
later game of the match is between the same two. Each problem is one
:class:`~swisstui.store.schema.EventFileError` naming the file, the line and the field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from swisstui.language import _
from swisstui.store.event import PlayerRecord
from swisstui.store.match_records import GameRecord, MatchRecord
from swisstui.store import schema
from swisstui.store.lines import Path as KeyPath
from swisstui.store.schema import EventFileError

Take = Callable[[int, KeyPath, str, str], None]
"""Seats a player in the round (pairing number, where, what, field); an error when already seated."""


class RoundReader(Protocol):
    """What reading games needs of the event file's reader (:class:`swisstui.store.read._Reader`)."""

    def fail(self, where: KeyPath, message: str, field: str | None = None) -> EventFileError: ...
    def tables(self, value: Any, where: KeyPath) -> list[Any]: ...
    def table(self, value: Any, where: KeyPath, allowed: tuple[str, ...]) -> dict[str, Any]: ...
    def positive(self, obj: dict[str, Any], where: KeyPath, key: str, default: Any = ..., minimum: int = 1,
                 maximum: int | None = None) -> Any: ...
    def get(self, obj: dict[str, Any], where: KeyPath, key: str, kind: str, default: Any = ...) -> Any: ...
    def player_ref(self, value: Any, where: KeyPath, by_id: dict[int, PlayerRecord], field: str | None = None) -> int: ...
    def result(self, b: dict[str, Any], bwhere: KeyPath) -> str: ...
    def check_plays(self, player: PlayerRecord, number: int, at: KeyPath, field: str) -> None: ...


def read_matches(reader: RoundReader, t: dict[str, Any], where: KeyPath, number: int, take: Take, published: bool,
                 by_id: dict[int, PlayerRecord]) -> list[MatchRecord]:
    """The matches of round ``number`` from its ``games`` rows, in publishing order."""
    matches: list[MatchRecord] = []
    for j, raw in enumerate(reader.tables(t.get("games", []), where + ("games",))):
        gwhere = where + ("games", j)
        g = reader.table(raw, gwhere, schema.GAME_KEYS)
        match_no = reader.positive(g, gwhere, "match")
        game_no = reader.positive(g, gwhere, "game")
        white, black = (_player(reader, g, gwhere, side, by_id) for side in ("white", "black"))
        if white == black:
            raise reader.fail(gwhere + ("black",), _("player {white} cannot play against themself").format(white=white))
        result = reader.result(g, gwhere)
        if result and not published:
            raise reader.fail(gwhere + ("result",), _("round {number} is not published, so it cannot have results yet").format(
                    number=number))
        game = GameRecord(white, black, result)
        if not matches or match_no != matches[-1].number:
            if matches and match_no < matches[-1].number:
                raise reader.fail(gwhere + ("match",), _("match {match_no} listed after match {number}: list matches "
                                                         "in publishing order, each match's games together").format(
                        match_no=match_no, number=matches[-1].number))
            if game_no != 1:
                raise reader.fail(gwhere + ("game",), _("match {match_no} starts with game {game_no}: number its "
                                                        "games 1, 2, ...").format(match_no=match_no, game_no=game_no))
            for side, pid in (("white", white), ("black", black)):
                take(pid, gwhere + (side,), f"match {match_no}", f"rounds.games.{side}")
                reader.check_plays(by_id[pid], number, gwhere + (side,), f"rounds.games.{side}")
            matches.append(MatchRecord(match_no, [game]))
            continue
        match = matches[-1]
        if game_no != len(match.games) + 1:
            raise reader.fail(gwhere + ("game",), _("game {game_no} of match {match_no} follows game {count}: number "
                                                    "its games 1, 2, ... in the order played").format(
                    game_no=game_no, match_no=match_no, count=len(match.games)))
        if {white, black} != set(match.players):
            raise reader.fail(gwhere, _("game {game_no} of match {match_no} is {white}-{black}, not between the "
                                        "match's players {home} and {away}").format(
                    game_no=game_no, match_no=match_no, white=white, black=black, home=match.home, away=match.away), field="rounds.games")
        match.games.append(game)
    return matches


def _player(reader: RoundReader, g: dict[str, Any], gwhere: KeyPath, side: str, by_id: dict[int, PlayerRecord]) -> int:
    value = reader.get(g, gwhere, side, "int")
    if value == 0:
        raise reader.fail(gwhere + (side,), _("0 is not a player: the pairing-allocated bye is written `bye = "
                                              "<player>` in the round, and applies to the whole match"))
    return reader.player_ref(value, gwhere + (side,), by_id)
