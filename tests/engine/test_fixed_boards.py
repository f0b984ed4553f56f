"""Fixed boards (engine.systems.board_order.keep_fixed_boards), worked by hand as an arbiter renumbers the boards.

Eight boards in C.04.2 art. 3.6 order, pairs A..H. Player 23 must play on board 2 and player 7 on
board 5; by art. 3.6 player 7's pair (B) falls on board 2, the board player 23 needs, and player 23's
pair (E) on board 5. By hand: E takes board 2, B board 5, and A C D F G H fill boards 1 3 4 6 7 8 in
the order they had.
"""

from __future__ import annotations

from engine.model.tournament import Pairing
from engine.systems.board_order import fixed_board_misplaced, keep_fixed_boards

A, B, C, D = Pairing(1, 12), Pairing(7, 3), Pairing(4, 9), Pairing(10, 5)
E, F, G, H = Pairing(23, 6), Pairing(8, 14), Pairing(16, 11), Pairing(13, 15)
ORDER = [A, B, C, D, E, F, G, H]


def test_two_fixed_players_one_paired_onto_the_others_board():
    assert keep_fixed_boards(ORDER, {23: 2, 7: 5}) == [A, E, C, D, B, F, G, H]


def test_without_a_fixed_player_the_order_is_untouched():
    assert keep_fixed_boards(ORDER, {}) == ORDER
    assert keep_fixed_boards(ORDER, {99: 3}) == ORDER  # a fixed player not in the round (a bye, absent)


def test_a_fixed_player_already_on_the_board_moves_nothing():
    assert keep_fixed_boards(ORDER, {4: 3}) == ORDER


def test_two_fixed_players_paired_together_take_the_board_nearer_the_top():
    # 10 wants board 6, 5 wants board 2: their pair D takes 2, board 6 goes to the others
    assert keep_fixed_boards(ORDER, {10: 6, 5: 2}) == [A, D, B, C, E, F, G, H]


def test_a_board_past_the_last_takes_the_last_board_and_a_shared_number_the_next_free():
    assert keep_fixed_boards(ORDER, {1: 20}) == [B, C, D, E, F, G, H, A]
    # 12 and 8 both want board 1: A (earlier in art. 3.6 order) gets it, F the next free board
    assert keep_fixed_boards(ORDER, {12: 1, 8: 1}) == [A, F, B, C, D, E, G, H]


def test_misplaced_fixed_players_are_named_with_both_boards():
    assert fixed_board_misplaced(ORDER, {23: 2, 7: 5}) == [(7, 5, 2), (23, 2, 5)]
    assert fixed_board_misplaced([A, E, C, D, B, F, G, H], {23: 2, 7: 5}) == []
