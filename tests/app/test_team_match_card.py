"""A team match's card entered whole (``session.teams.set_match_results``): every board in one change,
checked as a board's result is, nothing entered when one board is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from swisstui import store
from swisstui.session.action_errors import ActionError
from swisstui.session.actions import Session
from swisstui.store.team_records import TeamSettings


def _league(folder: Path) -> Session:
    event = store.new_event("League", 3, system="fide-team")
    event.team = TeamSettings(3)
    store.create(event, folder / "league.toml")
    session = Session.open(folder / "league.toml")
    for t in range(1, 5):
        session.teams.add(f"T{t}", [{"name": f"P{t}{b}", "rating": 2000 - 10 * t} for b in range(3)])
    session.teams.pair()
    return session


def test_a_match_card_enters_every_board_in_one_write(tmp_path: Path) -> None:
    session = _league(tmp_path)
    revision = session.event.revision
    made = session.teams.set_match_results(1, 1, ["1-0", "1/2-1/2", "-/+"])
    assert made.value == "1½ - 1½"  # board 3: the team with White on board 1 has White there and forfeits it
    event = Session.open(session.path).event
    assert [b.result for b in event.recorded_round(1).team.matches[0].boards] == ["1-0", "1/2-1/2", "-/+"]
    assert event.revision == revision + 1


def test_a_card_that_cannot_be_is_refused_whole(tmp_path: Path) -> None:
    session = _league(tmp_path)
    with pytest.raises(ActionError, match="match 1 has 3 boards; the card gives 2"):
        session.teams.set_match_results(1, 1, ["1-0", "0-1"])
    with pytest.raises(ActionError, match="a result of the match card"):
        session.teams.set_match_results(1, 1, ["1-0", "2-0", "0-1"])
    match = session.event.recorded_round(1).team.matches[0]
    session.teams.set_lineup(1, match.white, [*match.lineup(match.white)[:2], 0])  # board 3 left empty
    with pytest.raises(ActionError, match="board 3 has no white player"):
        session.teams.set_match_results(1, 1, ["1-0", "0-1", "1/2-1/2"])
    assert all(not b.result for b in Session.open(session.path).event.recorded_round(1).team.matches[0].boards)
    session.teams.set_result(1, 1, 1, "1-0")
    with pytest.raises(ActionError, match="has results: correct a board on its own"):
        session.teams.set_match_results(1, 1, ["1-0", "0-1", "-/+"])
