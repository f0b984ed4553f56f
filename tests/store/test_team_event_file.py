"""A team event in the event file: teams, rosters, team settings and team matches, read and written back byte for byte,
and every problem of a hand-edited file reported with its line and field."""

from __future__ import annotations

from decimal import Decimal

import pytest

from swisstui import store
from swisstui.store import EventFileError
from swisstui.store.team_records import TeamSettings

BASE = """\
# swisstui event file: see docs/event-format.md before editing by hand.
schema = 1

[event]
name = "Club League"
revision = 4

[settings]
system = "dutch-2026"
rounds = 5
initial_colour = "white"
tiebreaks = []
acceleration = "none"
fide_mode = true
result_keys = "default"

[settings.scoring]
win = 1.0
draw = 0.5
loss = 0.0
absent = 0.0
# not set: pab = win, half_bye = draw, full_bye = win, forfeit_win = win

[settings.team]
size = 2
match_win = 2.0
match_draw = 1.0
match_loss = 0.0
bye_match_points = 1.0
bye_game_points = 1.0

[[players]]
id = 1
name = "Ann"
rating = 2100
status = "active"

[[players]]
id = 2
name = "Bob"
rating = 2000
status = "active"

[[players]]
id = 3
name = "Cid"
rating = 1900
status = "active"

[[players]]
id = 4
name = "Dee"
rating = 1800
status = "active"

[[players]]
id = 5
name = "Eve"
rating = 1700
status = "active"

[[players]]
id = 6
name = "Fay"
rating = 1600
status = "active"

[[players]]
id = 7
name = "Gus"
rating = 1500
status = "active"

[[teams]]
id = 1
name = "Riverside"
short = "RIV"
federation = "ENG"
captain = "Ann"
roster = [1, 2]
reserves = [7]

[[teams]]
id = 2
name = "Hilltop"
club = "Hilltop CC"
roster = [3, 4]

[[teams]]
id = 3
name = "Lakeside"
roster = [5, 6]

[[rounds]]
number = 1
published = true
team_matches = [
  { match = 1, white = 1, black = 2 },
]
team_boards = [
  { match = 1, board = 1, white = 1, black = 3, result = "1-0" },
  { match = 1, board = 2, white = 4, black = 2, result = "1/2-1/2" },
]
team_bye = 3

[[rounds]]
number = 2
published = true
team_matches = [
  { match = 1, white = 3, black = 1, forfeit = "black" },
]
absent_teams = [2]
"""

LINES = BASE.splitlines()


def line_of(text: str, start: int = 0) -> int:
    """The 1-based number of the first line from ``start`` holding ``text``."""
    return next(i for i, line in enumerate(LINES, start=1) if i > start and text in line)


def with_line(number: int, text: str) -> str:
    lines = list(LINES)
    lines[number - 1] = text
    return "\n".join(lines) + "\n"


def refused(text: str) -> EventFileError:
    with pytest.raises(EventFileError) as err:
        store.loads(text, path="league.toml")
    return err.value


def test_a_team_event_is_written_back_byte_for_byte() -> None:
    event = store.loads(BASE)
    assert store.dumps(event) == BASE


def test_the_teams_and_their_settings_are_read() -> None:
    event = store.loads(BASE)
    assert event.team == TeamSettings(2, Decimal("2.0"), Decimal("1.0"), Decimal("0.0"), Decimal("1.0"), Decimal("1.0"))
    riverside = event.team_record(1)
    assert (riverside.name, riverside.short, riverside.federation, riverside.captain) == ("Riverside", "RIV", "ENG", "Ann")
    assert riverside.roster == [1, 2] and riverside.reserves == [7] and riverside.board_order == [1, 2, 7]
    assert event.team_record(2).club == "Hilltop CC"
    first = event.recorded_round(1).team
    match = first.matches[0]
    assert (match.white, match.black, first.bye) == (1, 2, 3)
    # the team with White on board 1 has White on boards 1, 3, ...: its board-2 player has Black
    assert [(b.white, b.black, b.result) for b in match.boards] == [(1, 3, "1-0"), (4, 2, "1/2-1/2")]
    assert match.lineup(1) == [1, 2] and match.lineup(2) == [3, 4]
    second = event.recorded_round(2).team
    assert second.matches[0].forfeit == "black" and second.absent == [2]
    assert event.rounds_paired == 2


def test_the_default_bye_game_points_are_one_a_board_and_are_not_written() -> None:
    text = BASE.replace("bye_game_points = 1.0\n", "")
    event = store.loads(text)
    assert event.team is not None and event.team.bye_game_points is None and event.team.bye_game_value == 2
    assert store.dumps(event) == text


def test_a_player_on_two_rosters_is_refused_naming_both() -> None:
    line = line_of("roster = [3, 4]")
    err = refused(with_line(line, "roster = [3, 1]"))
    assert (err.path, err.line, err.field) == ("league.toml", line, "teams.roster")
    assert f"player 1 is on the roster of team 1 (line {line_of('roster = [1, 2]')}) and of team 2" in err.message


def test_a_roster_naming_a_missing_player_is_refused() -> None:
    line = line_of("roster = [5, 6]")
    err = refused(with_line(line, "roster = [5, 16]"))
    assert (err.line, err.field) == (line, "teams.roster")
    assert "team 3 (Lakeside) names player 16, who is not among the [[players]]" in err.message


def test_a_team_of_the_wrong_size_is_refused() -> None:
    line = line_of("roster = [5, 6]")
    err = refused(with_line(line, "roster = [5]"))
    assert (err.line, err.field) == (line, "teams.roster")
    assert "team 3 (Lakeside) has 1 players on its roster; the event's teams have 2 (settings.team.size)" in err.message


def test_an_unknown_team_in_a_round_is_refused() -> None:
    line = line_of("{ match = 1, white = 1, black = 2 }")
    err = refused(with_line(line, "  { match = 1, white = 1, black = 9 },"))
    assert (err.line, err.field) == (line, "rounds.team_matches.black")
    assert "team 9 does not exist" in err.message
    line = line_of("absent_teams")
    err = refused(with_line(line, "absent_teams = [8]"))
    assert (err.line, err.field, err.message) == (line, "rounds.absent_teams", "team 8 does not exist (no [[teams]] "
                                                                                "entry has id = 8)")


def test_a_team_twice_in_a_round_is_refused() -> None:
    line = line_of("absent_teams")
    err = refused(with_line(line, "absent_teams = [3]"))
    assert (err.line, err.field) == (line, "rounds.absent_teams")
    assert "team 3 is twice in round 2 (match 1 and absent_teams)" in err.message


def test_a_board_breaking_the_colour_rule_is_refused() -> None:
    line = line_of("board = 2, white = 4")
    err = refused(with_line(line, '  { match = 1, board = 2, white = 2, black = 4, result = "1/2-1/2" },'))
    assert (err.line, err.field) == (line, "rounds.team_boards.white")
    assert "player 2 is not in team 2 (Hilltop), which has White on board 2" in err.message


def test_a_lineup_out_of_board_order_is_refused_with_the_rule_named() -> None:
    first, second = line_of("board = 1, white = 1"), line_of("board = 2, white = 4")
    text = with_line(first, '  { match = 1, board = 1, white = 2, black = 3, result = "1-0" },')
    lines = text.splitlines()
    lines[second - 1] = '  { match = 1, board = 2, white = 4, black = 1, result = "1/2-1/2" },'
    err = refused("\n".join(lines) + "\n")
    assert (err.line, err.field) == (second, "rounds.team_boards")
    assert "breaks its board order: player 1 is listed before player 2" in err.message
    assert "(the board order rule)" in err.message


def test_a_reserve_may_play_in_board_order() -> None:
    line = line_of("board = 2, white = 4")
    event = store.loads(with_line(line, '  { match = 1, board = 2, white = 4, black = 7, result = "1/2-1/2" },'))
    assert event.recorded_round(1).team.matches[0].lineup(1) == [1, 7]


def test_a_board_left_empty_is_lost_by_forfeit_only() -> None:
    line = line_of("board = 2, white = 4")
    event = store.loads(with_line(line, '  { match = 1, board = 2, white = 4, black = 0, result = "+/-" },'))
    assert event.recorded_round(1).team.matches[0].lineup(1) == [1, 0]
    err = refused(with_line(line, '  { match = 1, board = 2, white = 4, black = 0, result = "0-1" },'))
    assert (err.line, err.field) == (line, "rounds.team_boards.result")
    assert "has no black player: black loses it by forfeit" in err.message


def test_teams_without_a_team_size_are_refused() -> None:
    start, end = line_of("[settings.team]"), line_of("bye_game_points")
    text = "\n".join(LINES[: start - 1] + LINES[end:]) + "\n"
    err = refused(text)
    assert err.field == "settings.team.size" and "teams need the event's team size" in err.message


def test_nothing_is_saved_from_a_file_that_does_not_load(tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    path = folder / "league.toml"
    path.write_text(BASE, encoding="utf-8")
    event = store.load(path)
    event.team_record(3).roster = [5, 2]  # Bob is Riverside's: a second roster
    with pytest.raises(EventFileError, match="player 2 is on the roster of team 1"):
        store.save(event, path)
    assert path.read_text(encoding="utf-8") == BASE
