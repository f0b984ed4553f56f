"""The engine in a child process: same result as in-process, any size of event, errors carried back.

The child is handed the Tournament itself (pickled), not the event file's text to parse again.
"""

from __future__ import annotations

import pickle
import time
from dataclasses import replace

import pytest

from engine import systems
from engine.systems import generate, replay
from engine.model.result import NoLegalPairing
from swisstui import store
from swisstui.session.pairing_process import PairingCancelled, pair_and_explain, pair_in_child
from tests.app.conftest import write_event, write_round


def deadline(seconds: float):
    end = time.monotonic() + seconds
    return lambda: time.monotonic() > end


def test_same_pairing_as_in_process(event_file):
    event = store.load(event_file)
    child = pair_in_child(event.to_tournament(), deadline(60))
    here = pair_and_explain(event.to_tournament())
    assert (child.boards, child.bye, child.trace) == (here.boards, here.bye, here.trace)
    engine = systems.pair(event.to_tournament())
    assert (child.boards, child.bye) == (engine.boards, engine.bye)  # the explanation changes no board


def test_an_event_bigger_than_a_pipe_buffer(event_file):
    """A large event's Tournament is hundreds of kilobytes pickled; the child must get all of it."""
    t = store.load(event_file).to_tournament()
    t = t.with_players(replace(p, club="club " * 20_000) for p in t.players)
    assert len(pickle.dumps(t)) > 400_000
    result = pair_in_child(t, deadline(60))  # raises PairingCancelled instead of hanging
    assert len(result.boards) == 4 and result.bye == 9


def test_a_tournament_with_no_event_file_behind_it():
    """What the child pairs is the Tournament given, whole: its requested byes and its settings too."""
    before = replay.before_round(generate.generate(11, 3, 1, half_bye_rate=0.2), 2)
    assert set(before.pending) == {2, 5}  # two half-point byes requested for round 2: the child keeps them out
    t = replace(before, settings=replace(before.settings, initial_colour=before.settings.initial_colour.opposite))
    child = pair_in_child(t, deadline(60))
    here = pair_and_explain(t)
    assert (child.boards, child.bye, child.trace) == (here.boards, here.bye, here.trace)
    assert not set(t.pending) & child.as_round().players()


def test_no_legal_pairing_comes_back_as_itself(tmp_path):
    path = write_event(tmp_path / "two.toml", players=(("A", 2000, "", ""), ("B", 1900, "", "")))
    write_round(path, 1, ((1, 2),), results=("1-0",))
    with pytest.raises(NoLegalPairing):
        pair_in_child(store.load(path).to_tournament(), deadline(60))


def test_cancelling_stops_the_child(event_file):
    with pytest.raises(PairingCancelled):
        pair_in_child(store.load(event_file).to_tournament(), lambda: True)


def test_nothing_from_the_current_folder_is_imported(event_file, tmp_path, monkeypatch):
    """An ``engine/``, ``swisstui/``, ``json.py`` or ``pickle.py`` where the arbiter started is never run."""
    from tests.serving import trap_folder

    folder = tmp_path / "where-the-arbiter-stands"
    folder.mkdir()
    marker = trap_folder(folder)
    monkeypatch.chdir(folder)
    result = pair_in_child(store.load(event_file).to_tournament(), deadline(60))
    assert len(result.boards) == 4 and result.bye == 9
    assert not marker.exists(), marker.read_text()


def test_the_childs_progress_comes_back_as_it_goes(event_file):
    """Bracket k of n, as the engine in the child reports it, reaches the caller in order."""
    path = write_round(event_file, 1, ((1, 5), (6, 2), (3, 7), (8, 4)), bye=9, results=("1-0", "0-1", "1/2-1/2", "1-0"))
    event = store.load(path)
    seen: list[tuple[int, int]] = []
    result = pair_in_child(event.to_tournament(), deadline(60), lambda k, n: seen.append((k, n)))
    here: list[tuple[int, int]] = []
    same = pair_and_explain(event.to_tournament(), lambda k, n: here.append((k, n)))
    assert (result.boards, result.bye) == (same.boards, same.bye)
    assert seen == here == [(k, 3) for k in range(1, 4)]  # scores 1, 1/2 and 0 after round one
