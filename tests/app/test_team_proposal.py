"""A team round proposed, then confirmed or discarded (issue 31, section 2), through the session.

The proposal's explanation must be the engine's for the same round, confirming must store exactly the
proposal, and a proposal made before another arbiter changed the event's inputs (an absence, a result) must
be refused on confirm with nothing stored.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.systems.team import pair_team
from engine.systems.team.narrate import explain
from swisstui import store
from swisstui.session.action_errors import ActionError, ProposalStale
from swisstui.session.actions import Session
from swisstui.store.event_teams import team_tournament
from tests.app.team_league import make_league, play_round


def league_after(tmp_path: Path, rounds: int) -> Path:
    path = make_league(tmp_path)
    session = Session.open(path)
    for k in range(1, rounds + 1):
        session.teams.pair()
        play_round(session, k, seed=100 + k)
    return path


@pytest.mark.parametrize("played", [0, 1, 3])
def test_the_proposal_explains_the_round_as_the_engine_does(tmp_path: Path, played: int) -> None:
    path = league_after(tmp_path, played)
    session = Session.open(path)
    event = team_tournament(store.load(path))
    pairing = pair_team(event)
    proposal = session.teams.propose()
    assert proposal.round == played + 1
    assert proposal.pairs == tuple((m.white, m.black) for m in pairing.matches)
    assert proposal.steps == explain(event, pairing)
    assert any("C.04.6" in step.rule for step in proposal.steps)
    assert store.load(path).rounds_paired == played  # nothing stored by proposing


def test_confirm_stores_exactly_the_proposal(tmp_path: Path) -> None:
    path = league_after(tmp_path, 2)
    session = Session.open(path)
    proposal = session.teams.propose()
    made = session.teams.confirm()
    assert made.value == 3
    stored = store.load(path).recorded_round(3)
    assert stored is not None
    assert tuple((m.white, m.black) for m in stored.team.matches) == proposal.matches
    assert stored.team.bye == proposal.bye
    assert session.teams.proposed is None
    with pytest.raises(ActionError, match="no team round is proposed"):
        session.teams.confirm()


def test_an_odd_league_stores_the_proposed_bye(tmp_path: Path) -> None:
    path = make_league(tmp_path, teams=11)
    session = Session.open(path)
    proposal = session.teams.propose()
    assert proposal.bye is not None
    session.teams.confirm()
    assert store.load(path).recorded_round(1).team.bye == proposal.bye  # type: ignore[union-attr]


def test_a_proposal_made_before_an_absence_is_refused(tmp_path: Path) -> None:
    path = league_after(tmp_path, 1)
    mine, other = Session.open(path), Session.open(path)
    proposal = mine.teams.propose()
    other.teams.absent(2, proposal.matches[0][0])
    before = path.read_bytes()
    with pytest.raises(ProposalStale, match="absent now"):
        mine.teams.confirm()
    assert path.read_bytes() == before
    assert store.load(path).rounds_paired == 1
    again = mine.teams.propose()  # paired again from the event as it is now: the absent team is left out
    assert proposal.matches[0][0] not in {t for pair in again.pairs for t in pair}
    mine.teams.confirm()
    assert store.load(path).rounds_paired == 2


def test_a_proposal_made_before_a_result_was_corrected_is_refused(tmp_path: Path) -> None:
    path = league_after(tmp_path, 2)
    mine, other = Session.open(path), Session.open(path)
    mine.teams.propose()
    board = store.load(path).recorded_round(2).team.matches[0].boards[0]  # type: ignore[union-attr]
    other.teams.set_result(2, 1, 1, "0-1" if board.result != "0-1" else "1-0", correct=True)
    with pytest.raises(ProposalStale, match="results or matches of team"):
        mine.teams.confirm()
    assert store.load(path).rounds_paired == 2


def test_discard_stores_nothing(tmp_path: Path) -> None:
    path = make_league(tmp_path)
    session = Session.open(path)
    session.teams.propose()
    session.teams.discard()
    assert session.teams.proposed is None
    assert store.load(path).rounds_paired == 0
