"""Where a late entry goes in the list: the rule of the event's own system."""

from __future__ import annotations

import pytest

from swisstui.session import entries
from swisstui.store import event as ev

RATINGS = [2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700]


def event_after(system: str, rounds_paired: int) -> ev.Event:
    event = ev.new_event("Club night", 9, system)
    event.players = [ev.PlayerRecord(id=i, name=f"Player {i}", rating=r) for i, r in enumerate(RATINGS, 1)]
    for number in range(1, rounds_paired + 1):
        rnd = event.ensure_round(number)
        rnd.boards = [ev.Board(b, 2 * b - 1, 2 * b, "1/2-1/2") for b in range(1, 5)]
    return event


@pytest.mark.parametrize("rounds_paired", [1, 4, 6])
def test_club_late_entry_takes_the_number_it_would_have_had_in_any_round(rounds_paired):
    # Seed 003: "If the tournament organizer allow player to enter during the tournament, the new
    # player will receive the starting number, that he would have received at the start of the
    # tournament (it is therefore necessary to renumber the starting numbers of all subsequent
    # players)." No round limit: rated 2150, the newcomer is number 4 and 4-8 move down one, after
    # round 6 as after round 1 (before: from round 4 on, the C.04.2 limit gave it number 9).
    event = event_after("club", rounds_paired)
    assert entries.late_entry_renumbers(event)
    number, moved = entries.add_player(event, ev.PlayerRecord(id=0, name="Late", rating=2150), renumber_list=True)
    assert number == 4 and event.player(4).name == "Late"
    assert moved == {4: 5, 5: 6, 6: 7, 7: 8, 8: 9}


def test_fide_systems_keep_the_c042_limit():
    # C.04.2 art. 2.3-2.4: the pairing numbers are final once round 4 is paired; a later entry
    # takes the next number.
    assert entries.late_entry_renumbers(event_after("dutch-2026", 3))
    late = event_after("lim-seed", 4)
    assert not entries.late_entry_renumbers(late)
    number, moved = entries.add_player(late, ev.PlayerRecord(id=0, name="Late", rating=2150), renumber_list=True)
    assert (number, moved) == (9, {})
