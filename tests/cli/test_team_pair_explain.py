"""``swisstui pair EVENT.toml --explain`` on a team event: the pairing on standard output, its steps (each with
its C.04.6 article) on standard error, as the engine explains the same round."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.model.explain import render
from engine.systems.team import pair_team
from engine.systems.team.narrate import explain
from swisstui import store
from swisstui.cli import main
from swisstui.session.actions import Session
from swisstui.store.event_teams import team_tournament
from tests.app.team_league import make_league, play_round


def test_pair_explain_prints_the_steps_of_a_team_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = make_league(tmp_path)
    session = Session.open(path)
    session.teams.pair()
    play_round(session, 1, seed=3)
    capsys.readouterr()
    event = team_tournament(store.load(path))
    pairing = pair_team(event)
    assert main(["pair", str(path), "--explain"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [str(len(pairing.matches)), *(f"{m.white} {m.black}" for m in pairing.matches)]
    assert err.strip() == render(explain(event, pairing)).strip()
    assert "C.04.6 art. 1.2" in err
    assert store.load(path).rounds_paired == 1  # printed, not stored
