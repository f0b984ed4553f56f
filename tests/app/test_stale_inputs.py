"""The confirm compares what each system's pairing reads, as its catalogue entry says, and FIDE mode.

Two sessions on one file, as two arbiters: A proposes the next round, B changes one input, A
confirms. For every system that pairs, each input its pairing reads stops the confirm (nothing is
published) and an input it does not read does not (issue 29 items 1 and 2). FIDE mode is one of
them: it decides whether a hand-made rematch may be published (C.04.1 art. 3, C.04.3 [C1]).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from engine import systems
from engine.model.catalogue import PairingInput, Unit
from engine.model.tournament import ResultCode
from swisstui import store
from swisstui.session.actions import RESULT_KINDS, ActionError, FideModeRefusal, ProposalStale, Session
from tests.app.conftest import ROUND_ONE, write_event, write_round

RESULTS = ("1-0", "0-1", "1/2-1/2", "0-1")
PAIRING = [s.id for s in systems.SYSTEMS if s.available and s.unit is Unit.PLAYER]  # these events are of players

Change = Callable[[Session], None]


def _correct(session: Session) -> None:
    black_wins = next(k for k in RESULT_KINDS if k.stored == "0-1")
    session.results.set_result(1, 1, black_wins, "sheet misread", "BO")  # board 1: 1-5, 1-0 -> 0-1


# What every pairing reads: the results, who plays, the pairs kept apart; and FIDE mode, which decides
# whether a hand edit may stand. Each stops any system's confirm.
EVERY_SYSTEM: dict[str, Change] = {
    "a corrected result": _correct,
    # a round robin takes no half-point bye: an absence (zero-point bye) there
    "a bye in the round to pair": lambda s: s.players.request(
        4, 2, ResultCode.ZERO_BYE if systems.is_round_robin(s.event.settings.system) else ResultCode.HALF_BYE),
    "a pair kept apart": lambda s: s.players.forbid(1, 2),
    "a withdrawal": lambda s: s.players.withdraw(6),
    "FIDE mode turned on": lambda s: s.settings.enter_fide_mode(),
}

# What only some systems read (``SystemInfo.reads``): player 8 (Berg, L.) renamed to sort first,
# player 4 rated above everybody.
PLAYER_INPUTS: dict[PairingInput, Change] = {
    PairingInput.RATING: lambda s: s.players.edit(4, rating=2500),
    PairingInput.NAME: lambda s: s.players.edit(8, name="Aalto, A."),
}


def played(folder: Path, system: str) -> Path:
    """Nine players of ``system``, round 1 played, FIDE mode off (so that hand edits of any kind are made)."""
    folder.mkdir(exist_ok=True)
    path = write_round(write_event(folder / "event.toml"), 1, ROUND_ONE, bye=9, results=RESULTS)
    event = store.load(path)
    # a round robin has the table's rounds (9 players: 9 a cycle); its round 2 is the table's whatever round 1 was
    rounds = systems.get(system).rounds_for(len(event.players)) or event.settings.rounds
    event.settings = replace(event.settings, system=system, rounds=rounds)
    event.fide_mode = False
    store.save(event, path)
    return path


def proposed_then(path: Path, change: Change) -> Session:
    """A proposes the next round; B, in a session of their own, makes ``change``; A is returned to confirm."""
    a = Session.open(path, arbiter="Anna")
    a.pairing.propose()
    change(Session.open(path, arbiter="Bo"))
    return a


def test_every_input_of_every_system_has_a_change_here() -> None:
    assert set(PLAYER_INPUTS) == set(PairingInput)


@pytest.mark.parametrize("system", PAIRING)
def test_each_input_a_system_reads_stops_its_confirm(tmp_path: Path, system: str) -> None:
    info = systems.get(system)
    changes = dict(EVERY_SYSTEM) | {f"the {what.value}": PLAYER_INPUTS[what] for what in info.reads}
    for n, (what, change) in enumerate(changes.items()):
        path = played(tmp_path / str(n), system)
        a = proposed_then(path, change)
        with pytest.raises(ProposalStale) as refused:
            a.pairing.confirm()
        assert refused.value.changes, what
        assert store.load(path).rounds_paired == 1, what


@pytest.mark.parametrize(("system", "what"), [(s, what) for s in PAIRING for what in PairingInput
                                              if what not in systems.get(s).reads])
def test_an_input_a_system_does_not_read_leaves_its_pairing_publishable(tmp_path: Path, system: str,
                                                                        what: PairingInput) -> None:
    path = played(tmp_path, system)
    a = proposed_then(path, PLAYER_INPUTS[what])
    boards = [(b.white, b.black) for b in a.proposal.boards]
    assert a.pairing.confirm().value == 2
    rnd = store.load(path).round(2)
    # a system of matches (the Double-Swiss) stores each board as its match's first game
    assert ([(b.white, b.black) for b in rnd.boards] or [m.games[0].players for m in rnd.matches]) == boards


def test_a_renamed_player_stops_a_dubov_1997_pairing_that_orders_by_name(tmp_path: Path) -> None:
    """Issue 29 item 2: the 1997 text breaks ties by name (art. 6.2); the rename is named in the refusal."""
    info = next(s for s in systems.SYSTEMS if PairingInput.NAME in s.reads)
    path = played(tmp_path, info.id)
    a = proposed_then(path, PLAYER_INPUTS[PairingInput.NAME])
    with pytest.raises(ProposalStale) as refused:
        a.pairing.confirm()
    assert "8: name Berg, L. -> Aalto, A." in refused.value.changes
    assert store.load(path).rounds_paired == 1


@pytest.mark.parametrize("system", [s for s in PAIRING if systems.get(s).options])
def test_each_option_of_a_system_is_compared(tmp_path: Path, system: str) -> None:
    """Options are set before round 1 (they change every round's pairing): B sets one while A reviews round 1."""
    for option in systems.get(system).options:
        path = write_event(tmp_path / f"{option.id}.toml")
        Session.open(path).settings.set_system(system)
        if systems.get(system).round_robin:  # the table's rounds for the field (a round robin's options too)
            Session.open(path).players.draw_numbers(1)
        other = next(v for v in option.values if v != option.default)
        a = proposed_then(path, lambda s: s.settings.set_option(option.id, other))
        with pytest.raises(ProposalStale) as refused:
            a.pairing.confirm()
        assert f"the {option.title} option changed" in refused.value.changes
        assert store.load(path).rounds_paired == 0


def test_a_hand_made_rematch_is_not_published_once_another_arbiter_turned_fide_mode_on(tmp_path: Path) -> None:
    """Issue 29 item 1: A re-pairs a round-1 pair by hand with FIDE mode off; B turns it on; A confirms."""
    path = played(tmp_path, systems.SYSTEMS[0].id)
    a = Session.open(path, arbiter="Anna")
    a.pairing.propose()
    white, black = ROUND_ONE[0]  # they met in round 1
    a.pairing.change_board(1, white, black, "they asked to play each other")  # allowed: FIDE mode is off
    Session.open(path, arbiter="Bo").settings.enter_fide_mode()
    with pytest.raises(FideModeRefusal, match="FIDE mode refuses to publish this pairing: .*already met"):
        a.pairing.confirm()
    event = store.load(path)
    assert event.rounds_paired == 1 and event.fide_mode
    # paired again, the hand edit is refused now that FIDE mode is on: the rematch is never published
    changes = a.proposal.changes if a.proposal is not None else []
    a.pairing.propose()
    dropped = a.pairing.reapply(changes)
    assert len(dropped) == 1 and "FIDE mode refuses" in dropped[0]
    a.pairing.confirm()
    published = {frozenset((b.white, b.black)) for b in store.load(path).round(2).boards}
    assert frozenset((white, black)) not in published


def test_confirm_reads_fide_mode_from_the_file_not_from_the_arbiters_copy(tmp_path: Path) -> None:
    """Paired with FIDE mode on; A leaves it and re-pairs a round-1 pair by hand; B turns it on again.
    The mode is what it was when A paired, but A's copy says off: the file decides, under its lock."""
    path = played(tmp_path, systems.SYSTEMS[0].id)
    Session.open(path).settings.enter_fide_mode()
    a = Session.open(path, arbiter="Anna")
    a.pairing.propose()
    a.settings.leave_fide_mode("the players asked for a rematch")
    white, black = ROUND_ONE[0]
    a.pairing.change_board(1, white, black, "they asked to play each other")
    Session.open(path, arbiter="Bo").settings.enter_fide_mode()
    assert not a.fide_mode  # A's own copy still says off
    with pytest.raises(FideModeRefusal, match="FIDE mode refuses to publish"):
        a.pairing.confirm()
    assert store.load(path).rounds_paired == 1


def test_a_change_of_system_meanwhile_is_refused_as_an_action_error(tmp_path: Path) -> None:
    path = write_event(tmp_path / "event.toml")
    a = Session.open(path, arbiter="Anna")
    a.pairing.propose()
    Session.open(path, arbiter="Bo").settings.set_system(next(s for s in PAIRING if s != a.event.settings.system))
    with pytest.raises(ActionError, match="pairing system changed"):
        a.pairing.confirm()


async def test_the_app_refuses_a_hand_made_rematch_once_another_arbiter_turned_fide_mode_on(tmp_path: Path):
    """Issue 29 item 1 through the app: the file's FIDE mode refuses the rematch; nothing is published."""
    from swisstui.app import SwissApp
    from swisstui.screens.review import ReviewScreen
    from tests.app.screen_text import notifications
    from tests.app.test_review import confirm
    from tests.app.test_review_confirm import pair

    path = played(tmp_path, systems.SYSTEMS[0].id)
    app = SwissApp(path, watch_interval=0, pair_in_child=False, arbiter="Anna")
    async with app.run_test(size=(100, 30)) as pilot:
        await pair(pilot)
        white, black = ROUND_ONE[0]
        app.session.pairing.change_board(1, white, black, "they asked to play each other")  # FIDE mode is off
        Session.open(path, arbiter="Bo").settings.enter_fide_mode()
        await confirm(pilot)
        assert isinstance(app.screen, ReviewScreen)  # refused, the review stays for another edit
        assert any("FIDE mode refuses to publish this pairing" in n and "already met" in n
                   for n in notifications(app))
    assert store.load(path).rounds_paired == 1  # nothing published


async def test_the_app_asks_to_pair_again_when_fide_mode_changed_under_its_review(tmp_path: Path):
    """FIDE mode turned on by another arbiter, no hand edit made: the confirm names it and offers to pair again."""
    from swisstui.app import SwissApp
    from swisstui.screens.dialogs import ConfirmScreen
    from swisstui.screens.review import ReviewScreen
    from tests.app.screen_text import wait_until
    from tests.app.test_review import confirm
    from tests.app.test_review_confirm import pair

    path = played(tmp_path, systems.SYSTEMS[0].id)
    app = SwissApp(path, watch_interval=0, pair_in_child=False, arbiter="Anna")
    async with app.run_test(size=(100, 30)) as pilot:
        await pair(pilot)
        Session.open(path, arbiter="Bo").settings.enter_fide_mode()
        await confirm(pilot)
        assert isinstance(app.screen, ConfirmScreen) and "The event changed" in app.screen.title_text
        assert "FIDE mode turned on" in app.screen.question
        assert store.load(path).rounds_paired == 1  # nothing published
        await pilot.press("y")  # pair again
        await pilot.pause()
        await app.workers.wait_for_complete()
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.has_class("ready"),
                         "the review of the new pairing")
        await confirm(pilot)
    assert store.load(path).rounds_paired == 2
