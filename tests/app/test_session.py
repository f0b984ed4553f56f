"""The actions layer owns the errors the user interface sees: engine, store and disk refusals come out as ActionError."""

from __future__ import annotations

import pytest

from engine import systems
from swisstui import store
from swisstui.session.actions import (
    ActionError,
    EventFileProblem,
    Next,
    NextStep,
    NotSaved,
    PairingFailed,
    RESULT_KINDS,
    Changed,
    Session,
    Unchanged,
    create_event,
)

from .conftest import write_event


def test_a_file_that_does_not_load_is_an_event_file_problem(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text('schema = 1\n[event]\nname = "x"\n[settings]\nrounds = "five"\n', encoding="utf-8")
    with pytest.raises(EventFileProblem, match=r"broken.toml:5: settings.rounds: expected an integer, got 'five'"):
        Session.open(path)
    with pytest.raises(EventFileProblem, match="no such event file"):
        Session.open(tmp_path / "missing.toml")


def test_a_file_broken_behind_the_session_is_reported_on_reload_and_on_change(event_file):
    session = Session.open(event_file)
    event_file.write_text(event_file.read_text(encoding="utf-8").replace("rating = 2402", "rating = -1"))
    with pytest.raises(EventFileProblem, match="players.rating: expected an integer of at least 0"):
        session.reload()
    with pytest.raises(EventFileProblem, match="players.rating"):
        session.players.withdraw(1)


def test_a_refused_write_is_not_saved_in_the_systems_words(event_file, monkeypatch):
    session = Session.open(event_file)

    def disk_full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    before = event_file.read_bytes()
    monkeypatch.setattr(store.files, "_atomic_write", disk_full)
    with pytest.raises(NotSaved, match=f"not saved: {event_file}: cannot save: No space left on device"):
        session.players.withdraw(1)
    assert event_file.read_bytes() == before
    assert not session.event.player(1).withdrawn  # the session shows the file as it is


def test_a_system_that_cannot_pair_is_a_pairing_failure(tmp_path):
    path = write_event(tmp_path / "old.toml")
    path.write_text(path.read_text(encoding="utf-8").replace('system = "dutch-2026"', 'system = "dutch-2017"'))
    session = Session.open(path)
    with pytest.raises(PairingFailed, match=r"the FIDE \(Dutch\) system, 2017 edition cannot pair yet"):
        session.pairing.propose()
    assert isinstance(PairingFailed("x"), ActionError) and session.proposal is None


def test_available_systems_are_those_that_pair():
    assert Session.available_systems() == [s.id for s in systems.SYSTEMS if s.available]
    assert Session.available_systems()[0] == "dutch-2026"


def test_creating_an_event_with_an_unknown_system_is_refused(tmp_path):
    with pytest.raises(ActionError, match="unknown pairing system 'swiss-cheese'"):
        create_event(tmp_path / "new.toml", "New", 5, "swiss-cheese")
    assert not (tmp_path / "new.toml").exists()


def test_next_step_says_what_to_do_the_screen_says_with_which_key(tmp_path, round_one):
    assert Session.open(write_event(tmp_path / "empty.toml", players=())).next_step() == NextStep(Next.REGISTER)
    assert Session.open(write_event(tmp_path / "nine.toml")).next_step() == NextStep(Next.PAIR_FIRST, 1, players=9)
    assert Session.open(round_one).next_step() == NextStep(Next.RESULTS, 1, 0, 4)


def test_the_home_screen_words_each_step_with_its_keys():
    from swisstui.screens.home import next_step_text

    assert {what: next_step_text(step) for what, step in (
        ("register", NextStep(Next.REGISTER)),
        ("results", NextStep(Next.RESULTS, 3, 2, 5)),
        ("finished", NextStep(Next.FINISHED, 7)),
        ("sort", NextStep(Next.SORT_AND_PAIR, 1, players=12)),
        ("first", NextStep(Next.PAIR_FIRST, 1, players=9)),
        ("pair", NextStep(Next.PAIR, 4)),
    )} == {
        "register": "Register the players: p, then a to add one.",
        "results": "Round 3: 2 of 5 results in. Enter them with r.",
        "finished": "All rounds played: final standings with s.",
        "sort": "Round 1: 12 players; numbers not in rating order (# on the players screen sorts them). Pair with n.",
        "first": "Round 1: 9 players registered. Pair it with n.",
        "pair": "Round 3 complete. Pair round 4 with n.",
    }


def test_publishing_and_reading_players_are_operations_of_the_session(round_one):
    """The standings' P and the players' import reach the files through the session, as every other key."""
    session = Session.open(round_one)
    target, written = session.results.publish(1)
    assert target == round_one.with_name(f"{round_one.stem}-published")
    assert len(written) == 21 and {p.parent for p in written} == {target, target / "paper"}  # 17 lists, 3 papers, the index
    with pytest.raises(ActionError, match="^not published: round 2 is not paired: nothing to publish$"):
        session.results.publish(2)
    (round_one.parent / "club.csv").write_text("name,rating\nKarlsen,2100\n", encoding="utf-8")
    preview = session.players.read_import("club.csv")  # relative to the event's folder
    assert preview.source == str(round_one.parent / "club.csv")
    assert [(p["name"], p["rating"]) for p in preview.players] == [("Karlsen", 2100)] and not preview.problems


def test_a_new_event_on_a_name_the_store_keeps_is_refused_in_words(tmp_path):
    """A new event named as another event's backup is refused with the reason (it raised NameError before)."""
    create_event(tmp_path / "club.toml", "Club", 5)
    with pytest.raises(ActionError, match=r"club\.toml\.bak.*swisstui keeps it as it is; name another file"):
        create_event(tmp_path / "club.toml.bak", "Other", 5)
    assert not (tmp_path / "club.toml.bak").exists()


def test_a_change_returns_what_it_made_and_the_same_result_again_returns_nothing_to_change(round_one):
    """Every operation that changes the event says so with a typed value: the change made (what the
    screen needs, the revision written, the history line), or :class:`Unchanged`, nothing written."""
    session = Session.open(round_one, arbiter="Anna")
    added = session.players.add("Late, Entry", rating=1500)
    assert isinstance(added, Changed)
    saved = store.load(round_one)
    assert saved.player(added.value).name == "Late, Entry"  # the value is the number the file gives
    assert added.revision == saved.revision == session.event.revision
    assert added.said == session.history.lines()[0].text == f"{added.value} Late, Entry"

    win = next(k for k in RESULT_KINDS if k.stored == "1-0")
    entered = session.results.set_result(1, 1, win, seen="")
    assert isinstance(entered, Changed) and entered.revision == added.revision + 1
    again = session.results.set_result(1, 1, win, seen="1-0")
    assert again == Unchanged(entered.revision)
    assert store.load(round_one).revision == entered.revision

    undone = session.history.undo(entered.revision)
    assert isinstance(undone, Changed) and undone.value.revision == entered.revision
    assert store.load(round_one).round(1).boards[0].result == ""


def test_the_services_stand_on_one_core(event_file):
    """No service keeps an event of its own: a change made through one is what every other reads."""
    session = Session.open(event_file)
    session.players.withdraw(1)
    assert session.event.player(1).withdrawn
    for service in (session.players, session.settings, session.history, session.pairing, session.results,
                    session.prizes):
        assert service.event is session.event
    session.settings.set_result_keys("papi")
    assert session.result_keys == "papi" and session.players.event.result_keys == "papi"
