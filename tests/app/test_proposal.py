"""Changing one board of a proposal: the displaced players take the places the new pair left."""

from __future__ import annotations

from engine.model.result import PairingResult
from engine.model.tournament import Pairing
from swisstui.session.proposal import Proposal


def proposal() -> Proposal:
    return Proposal.of(PairingResult(3, (Pairing(1, 2), Pairing(3, 4)), 5))


def pairs(boards) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in boards]


def test_new_white_from_another_board():
    boards, bye = proposal().with_board(1, 3, 2)
    assert pairs(boards) == [(3, 2), (1, 4)] and bye == 5


def test_new_white_from_the_bye():
    boards, bye = proposal().with_board(1, 5, 2)
    assert pairs(boards) == [(5, 2), (3, 4)] and bye == 1


def test_both_players_replaced():
    boards, bye = proposal().with_board(2, 2, 1)
    assert pairs(boards) == [(4, 3), (2, 1)] and bye == 5


def test_colours_reversed_on_the_same_board():
    boards, bye = proposal().with_board(1, 2, 1)
    assert pairs(boards) == [(2, 1), (3, 4)] and bye == 5


def test_unchanged_board():
    boards, bye = proposal().with_board(2, 3, 4)
    assert pairs(boards) == [(1, 2), (3, 4)] and bye == 5
