"""The teams screen's keys on a team event: a team absent from the next round and one withdrawn, each through
``session.teams``; the pairing then leaves them out and the results screen says who did not play."""

from __future__ import annotations

from pathlib import Path

from swisstui import store
from swisstui.app import SwissApp
from swisstui.session.actions import Session
from swisstui.store.team_records import TeamSettings
from tests.app.screen_text import burst, notifications, screen_text, wait_until


def league(folder: Path, teams: int = 6) -> Path:
    event = store.new_event("League", 5, system="fide-team")
    event.team = TeamSettings(2)
    path = folder / "league.toml"
    store.create(event, path)
    session = Session.open(path)
    for t in range(1, teams + 1):
        session.teams.add(f"Team {t}", [{"name": f"P{t}{b}", "rating": 2000 - 10 * t - b} for b in range(2)])
    return path


async def test_absent_and_withdrawn_teams_are_not_paired(tmp_path: Path) -> None:
    path = league(tmp_path)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await burst(pilot, "p")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamsScreen", "the teams")
        await burst(pilot, "down", "down", "minus")  # team 3 absent from round 1
        await wait_until(pilot, lambda: "absent r1" in screen_text(app), "team 3 shown absent")
        await burst(pilot, "down", "w", "y")  # team 4 withdrawn
        await wait_until(pilot, lambda: "withdrawn after r0" in screen_text(app), "team 4 shown withdrawn")
        event = store.load(path)
        assert event.round(1).team.absent == [3] and event.team_record(4).withdrawn_after == 0  # type: ignore[union-attr]
        await burst(pilot, "n")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamReviewScreen", "the proposal")
        assert "absent: 3 Team 3" in screen_text(app)  # the review says who is left out
        await burst(pilot, "c", "y")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamRoundScreen", "the pairing")
        assert "absent: 3 Team 3" in screen_text(app)
        rnd = store.load(path).recorded_round(1).team
        paired = {t for m in rnd.matches for t in m.teams} | ({rnd.bye} if rnd.bye else set())
        assert paired == {1, 2, 5, 6}
        await burst(pilot, "r")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamResultsScreen", "the results")
        assert any(line.startswith(" abs ") and "3 Team 3" in line for line in screen_text(app).splitlines())


async def test_the_home_screen_of_a_team_event_offers_the_team_screens_only(tmp_path: Path) -> None:
    path = league(tmp_path)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: type(app.screen).__name__ == "HomeScreen", "the home screen")
        text = screen_text(app)
        assert "Next: Round 1: 6 teams registered. Pair it with n." in text
        assert "Teams      6 registered, 2 boards a match" in text
        words = " ".join(text.split())  # the list of keys wraps at 80 columns
        assert "p teams" in words and "g lineups" in words and "s team standings" in words
        assert "cross-table" not in words and "score groups" not in words
        for key, screen in (("p", "TeamsScreen"), ("g", "LineupsScreen"), ("r", "TeamResultsScreen"),
                            ("s", "TeamStandingsScreen")):
            await burst(pilot, key)
            await wait_until(pilot, lambda: type(app.screen).__name__ == screen, screen)
        await burst(pilot, "x")  # the players' cross-table: refused with a line, the standings stay
        await wait_until(pilot, lambda: any("no cross-table of players" in n for n in notifications(app)), "the refusal")
        assert type(app.screen).__name__ == "TeamStandingsScreen"


async def test_n_without_a_team_says_to_register_one(tmp_path: Path) -> None:
    path = league(tmp_path, teams=0)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await burst(pilot, "n")
        await wait_until(pilot, lambda: any("no team registered yet: p, then a adds a team" in n
                                            for n in notifications(app)), "the line saying what to do")
        assert type(app.screen).__name__ == "HomeScreen"
    assert store.load(path).rounds_paired == 0
