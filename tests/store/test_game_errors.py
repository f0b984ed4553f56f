"""A bad game of a match in an event file is refused with the file, the line and the field."""

from __future__ import annotations

import pytest

from swisstui import store
from swisstui.store.match_records import GameRecord, MatchRecord

HEAD = """schema = 1
[event]
name = "Two games"
[settings]
rounds = 3
[[players]]
id = 1
name = "A"
[[players]]
id = 2
name = "B"
[[players]]
id = 3
name = "C"
[[players]]
id = 4
name = "D"
[[rounds]]
number = 1
published = true
"""

GOOD = [
    '{ match = 1, game = 1, white = 1, black = 2, result = "1-0" },',
    '{ match = 1, game = 2, white = 2, black = 1, result = "" },',
    '{ match = 2, game = 1, white = 3, black = 4, result = "" },',
    '{ match = 2, game = 2, white = 4, black = 3, result = "" },',
]


def file_with(rows: list[str], extra: str = "") -> str:
    return HEAD + extra + "games = [\n" + "\n".join(rows) + "\n]\n"


def test_the_good_rows_read_as_two_matches_of_two_games() -> None:
    rnd = store.loads(file_with(GOOD)).recorded_round(1)
    assert rnd.matches == [
        MatchRecord(1, [GameRecord(1, 2, "1-0"), GameRecord(2, 1)]),
        MatchRecord(2, [GameRecord(3, 4), GameRecord(4, 3)]),
    ]
    assert rnd.paired and rnd.boards == []


@pytest.mark.parametrize(
    ("row", "bad", "expected"),
    [
        (1, '{ match = 1, game = 3, white = 2, black = 1, result = "" },',
         "x.toml:23: rounds.games.game: game 3 of match 1 follows game 1: number its games 1, 2, ... in the order played"),
        (1, '{ match = 1, game = 2, white = 3, black = 1, result = "" },',
         "x.toml:23: rounds.games: game 2 of match 1 is 3-1, not between the match's players 1 and 2"),
        (2, '{ match = 2, game = 2, white = 3, black = 4, result = "" },',
         "x.toml:24: rounds.games.game: match 2 starts with game 2: number its games 1, 2, ..."),
        (2, '{ match = 2, game = 1, white = 3, black = 1, result = "" },',
         "x.toml:24: rounds.games.black: player 1 is twice in round 1 (match 1 and match 2)"),
        (3, '{ match = 2, game = 2, white = 4, black = 3, result = "1-1" },',
         "x.toml:25: rounds.games.result: unknown result '1-1'"),
        (3, '{ match = 2, game = 2, white = 4, black = 9, result = "" },',
         "x.toml:25: rounds.games.black: player 9 does not exist"),
        (0, '{ match = 1, game = 1, white = 1, black = 2, winner = 1 },',
         "x.toml:22: rounds.games.winner: unknown key"),
    ],
)
def test_a_bad_game_names_the_file_line_and_field(row: int, bad: str, expected: str) -> None:
    rows = list(GOOD)
    rows[row] = bad
    with pytest.raises(store.EventFileError) as err:
        store.loads(file_with(rows), path="x.toml")
    assert str(err.value).startswith(expected)


def test_a_round_holds_boards_or_games_not_both() -> None:
    text = file_with(GOOD, 'boards = [{ board = 1, white = 1, black = 2 }]\n')
    with pytest.raises(store.EventFileError, match=r"x.toml:22: rounds.games: round 1 has boards: a round holds boards"):
        store.loads(text, path="x.toml")


def test_games_listed_out_of_match_order_are_refused() -> None:
    rows = [GOOD[2], GOOD[3], GOOD[0], GOOD[1]]
    with pytest.raises(store.EventFileError, match=r"x.toml:24: rounds.games.match: match 1 listed after match 2"):
        store.loads(file_with(rows), path="x.toml")
