"""The venue display's footer under the pairings says "Not paired:" once, not before every player
(issue 30 item 5: with three players away the line read "Not paired: ... · Not paired: ... · Not paired: ...")."""

from __future__ import annotations

from engine.model.tournament import ResultCode
from swisstui import store
from swisstui.web.display_lists import footer_notes, screen
from tests.app.conftest import ROUND_ONE, write_event, write_round


def test_the_footer_names_the_players_not_paired_after_one_label(tmp_path):
    path = write_event(tmp_path / "spring.toml")
    write_round(path, 1, ROUND_ONE[:3], bye=9)
    event = store.load(path)
    event.round(1).requests = {4: ResultCode.HALF_BYE, 8: ResultCode.ZERO_BYE}
    store.save(event, path)
    pairings = screen(store.load(path), path).lists[0]
    assert pairings.notes.count("Not paired:") == 1, pairings.notes
    assert pairings.notes == ("Pairing-allocated bye: Dubois, C. (9) · "
                              "Not paired: Okafor, N. (4), half bye; Berg, L. (8), zero bye")


def test_notes_without_a_label_stay_as_they_are():
    assert footer_notes(["a note", "X: one", "X: two"]) == "a note · X: one; two"
    assert footer_notes([]) == ""
