"""A 12-team, 4-board league for the team proposal's tests: registered through the session, results played at random.

The teams are made here (names and ratings from their numbers) rather than read from a file: what the tests
check is the session's proposal against the engine's own pairing of the same event.
"""

from __future__ import annotations

import random
from pathlib import Path

from swisstui import store
from swisstui.session.actions import Session
from swisstui.session.team_actions import NewTeam
from swisstui.store.team_records import TeamSettings

TEAMS = 12
BOARDS = 4
ROUNDS = 7
RESULTS = ("1-0", "1/2-1/2", "0-1")


def make_league(folder: Path, teams: int = TEAMS) -> Path:
    """A 7-round league of ``teams`` teams of 4 boards, numbered by strength, no round paired."""
    event = store.new_event("Evening League", ROUNDS, system="fide-team")
    event.team = TeamSettings(BOARDS)
    path = folder / "league.toml"
    store.create(event, path)
    session = Session.open(path)
    session.teams.add_many([
        NewTeam(f"Club {t:02d}", tuple({"name": f"Player {t:02d}{b}", "rating": 2400 - 13 * t - 10 * b}
                                       for b in range(1, BOARDS + 1)))
        for t in range(1, teams + 1)])
    session.teams.order_by_strength()
    return path


def play_round(session: Session, number: int, seed: int) -> None:
    """Every board of round ``number`` given a result drawn from ``seed``."""
    rng = random.Random(seed)
    rnd = session.event.round(number)
    assert rnd is not None
    for match in rnd.team.matches:
        session.teams.set_match_results(number, match.number, [rng.choice(RESULTS) for _ in match.boards])
