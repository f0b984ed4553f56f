"""Players the arbiter keeps apart (the event's forbidden pairs) never meet in a Lim or a club Swiss event.

Each round is first paired without the pairs kept apart, to learn which boards the system
wants; two of those boards are then kept apart, through the session as the players screen
does it, and the round is paired again: neither pair meets, and the round is an ordinary one
(nothing relaxed) that the independent validator passes. Three rounds, results in between.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from swisstui import store
from swisstui.session.actions import Session
from tests.app.conftest import write_event, write_round

SYSTEMS = ["lim-2026", "lim-seed", "club"]


def pairs_of(proposal) -> list[frozenset[int]]:
    return [frozenset((b.white, b.black)) for b in proposal.boards]


def with_system(path: Path, system: str) -> Path:
    event = store.load(path)
    event.settings = replace(event.settings, system=system)
    store.save(event, path)
    return path


@pytest.mark.parametrize("system", SYSTEMS)
def test_players_kept_apart_never_meet_in_an_ordinary_round(tmp_path, system):
    path = with_system(write_event(tmp_path / "club.toml"), system)  # nine players, five rounds
    kept_apart: set[frozenset[int]] = set()
    for number in (1, 2, 3):
        wanted = pairs_of(Session.open(path).pairing.propose())  # the file as it stands, nothing kept apart yet this round
        new = [pair for pair in wanted if pair not in kept_apart][:2]
        assert len(new) == 2, wanted
        session = Session.open(path)
        for pair in new:
            session.players.forbid(*sorted(pair))
        kept_apart.update(new)
        assert {frozenset(f.players) for f in store.load(path).forbidden} == kept_apart

        proposal = Session.open(path).pairing.propose()
        met = [pair for pair in pairs_of(proposal) if pair in kept_apart]
        assert met == [], f"round {number}: players kept apart meet: {sorted(map(sorted, met))}"
        assert proposal.result.relaxed == (), proposal.result.relaxed  # an ordinary round, no limit broken
        assert Session.open(path).pairing.propose().boards == proposal.boards  # the same again: nothing left to chance
        session = Session.open(path)
        session.pairing.propose()
        assert session.pairing.validate() == []
        boards = [(b.white, b.black) for b in proposal.boards]
        write_round(path, number, boards, bye=proposal.bye,
                    results=["1-0" if white < black else "0-1" for white, black in boards])
