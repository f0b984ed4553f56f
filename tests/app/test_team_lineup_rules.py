"""The event's choice for lineups that break the regulations' rules (``[settings.team] lineup``): ``strict`` (the
default) refuses them with the rule named; ``warn`` accepts a changed board order or a board left empty above a
player, with a warning naming the rule, and never a player of another team, one on two boards, or nobody at all (a
team that fields nobody loses the match whole by forfeit: TRF-2026 record 330).
Through the session, the event file, the command line and the lineups screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from swisstui import store
from swisstui.app import SwissApp
from swisstui.cli import main
from swisstui.session.action_errors import ActionError
from swisstui.session.actions import Session
from swisstui.store import EventFileError
from swisstui.store.team_records import TeamSettings
from tests.app.clipping import clipped, drawn_cut
from tests.app.screen_text import burst, screen_text, wait_until


def _league(folder: Path, lineup: str) -> Session:
    """Four teams of two boards and a reserve each (team 1: players 1, 2, reserve 3), round 1 paired."""
    event = store.new_event("League", 3, system="fide-team")
    event.team = TeamSettings(2, lineup=lineup)
    store.create(event, folder / "league.toml")
    session = Session.open(folder / "league.toml")
    for t in range(1, 5):
        session.teams.add(f"T{t}", [{"name": f"P{t}{b}", "rating": 2000 - 10 * t - b} for b in range(2)],
                          [{"name": f"R{t}", "rating": 1000}])
    session.teams.pair()
    return session


def test_strict_refuses_what_warn_accepts_with_the_rule_named(tmp_path: Path) -> None:
    strict = _league(tmp_path, "strict")
    with pytest.raises(ActionError, match="breaks its board order: player 1 is listed before player 2"):
        strict.teams.set_lineup(1, 1, [2, 1])
    with pytest.raises(ActionError, match="leaves board 1 empty above a player"):
        strict.teams.set_lineup(1, 1, [0, 1])

    (tmp_path / "w").mkdir()
    warn = _league(tmp_path / "w", "warn")
    made = warn.teams.set_lineup(1, 1, [2, 1])
    assert made.value == ["team 1 (T1) breaks its board order: player 1 is listed before player 2 in the team's "  # type: ignore[union-attr]
                          "fixed board order, so cannot sit below them (the board order rule)"]
    assert "accepted with a warning (settings.team.lineup = warn)" in made.said  # type: ignore[union-attr]
    again = Session.open(warn.path)
    assert again.event.recorded_round(1).team.match_of(1).lineup(1) == [2, 1]  # type: ignore[union-attr]
    assert again.teams.lineup_warnings(1, 1) == made.value  # type: ignore[union-attr]
    made = warn.teams.set_lineup(1, 1, [0, 3])  # the reserve on board 2, board 1 left empty
    assert made.value == ["team 1 (T1) leaves board 1 empty above a player: only the last boards may be left empty"]  # type: ignore[union-attr]
    assert warn.teams.set_lineup(1, 1, [1, 2]).value == []  # type: ignore[union-attr]
    assert warn.teams.lineup_warnings(1, 1) == []


def test_warn_never_accepts_a_player_of_another_team_or_on_two_boards(tmp_path: Path) -> None:
    warn = _league(tmp_path, "warn")
    with pytest.raises(ActionError, match="player 4 is not in team 1"):
        warn.teams.set_lineup(1, 1, [4, 1])
    with pytest.raises(ActionError, match="player 1 sits on two boards of team 1"):
        warn.teams.set_lineup(1, 1, [1, 1])
    with pytest.raises(ActionError, match="fields too few players: 1 for 2 boards"):
        warn.teams.set_lineup(1, 1, [1])
    with pytest.raises(ActionError, match="fields too few players: 0 for 2 boards.*loses the match whole by forfeit"):
        warn.teams.set_lineup(1, 1, [0, 0])
    assert Session.open(warn.path).event.recorded_round(1).team.match_of(1).lineup(1) == [1, 2]  # type: ignore[union-attr]


def test_the_file_keeps_the_choice_and_reads_an_out_of_order_lineup_only_under_warn(tmp_path: Path) -> None:
    warn = _league(tmp_path, "warn")
    warn.teams.set_lineup(1, 1, [2, 1])
    text = warn.path.read_text(encoding="utf-8")
    assert 'lineup = "warn"' in text
    assert store.loads(text).team.lineup == "warn"  # type: ignore[union-attr]
    strict_text = text.replace('lineup = "warn"\n', "")
    with pytest.raises(EventFileError) as err:
        store.loads(strict_text, path="league.toml")
    assert err.value.field == "rounds.team_boards" and "breaks its board order" in err.value.message
    with pytest.raises(EventFileError) as err:
        store.loads(text.replace('lineup = "warn"', 'lineup = "lenient"'), path="league.toml")
    assert err.value.field == "settings.team.lineup"
    (tmp_path / "d").mkdir()
    default = _league(tmp_path / "d", "strict").path.read_text(encoding="utf-8")
    assert "lineup" not in default.split("[[players]]")[0]  # strict, the default, is left out of [settings.team]


def test_the_command_line_makes_a_warn_event_and_prints_the_warning(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "league.toml"
    assert main(["new", str(path), "--name", "League", "--rounds", "3", "--system", "fide-team", "--team-size", "2",
                 "--lineup", "warn"]) == 0
    assert store.load(path).team.lineup == "warn"  # type: ignore[union-attr]
    for t in range(1, 5):
        assert main(["team", str(path), "add", f"T{t}", "--player", f"A{t},{2000 - t}", "--player",
                     f"B{t},{1900 - t}"]) == 0
    assert main(["team", str(path), "pair"]) == 0
    capsys.readouterr()
    assert main(["team", str(path), "lineup", "1", "1", "2,1"]) == 0
    out, err = capsys.readouterr()
    assert "round 1, team 1: [2, 1]" in out
    assert "warning:" in err and "breaks its board order" in err and "settings.team.lineup = warn" in err


async def test_the_lineups_screen_shows_the_warning_of_a_lineup_accepted_under_warn(tmp_path: Path) -> None:
    warn = _league(tmp_path, "warn")
    app = SwissApp(warn.path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await burst(pilot, "g")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "LineupsScreen", "lineups")
        assert "board order" not in screen_text(app)
        await pilot.press("shift+down")  # board 1's player moves to board 2: out of the board order
        await wait_until(pilot, lambda: "board order rule" in screen_text(app), "the warning shown")
        assert "accepted with a warning: team 1 (T1) breaks its board order" in " ".join(screen_text(app).split())
        assert not clipped(app) + drawn_cut(app)
        assert Session.open(warn.path).event.recorded_round(1).team.match_of(1).lineup(1) == [2, 1]  # type: ignore[union-attr]
