"""Worked examples of the Dutch rules (C.04.3 2026: colour allocation art. 5, the PAB criteria [C5] and [C9],
edge cases of art. 1-4), built by hand; the two PAB cases are bbpPairings v6 regression cases restated."""

from __future__ import annotations

import pytest

from engine.model.explain import Step
from engine.model.result import NoLegalPairing
from engine.model.tournament import Colour, Pairing, Player, ResultCode, RoundEntry, Settings, Tournament
from engine.systems.dutch import pair
from tests.data_paths import dutch

W, B = Colour.WHITE, Colour.BLACK


def game(opp: int, colour: Colour, result: str) -> RoundEntry:
    return RoundEntry(opp, colour, ResultCode.parse(result))


def fresh(n: int, rounds: int = 5) -> Tournament:
    return Tournament(Settings(rounds=rounds), tuple(Player(i, f"P{i}") for i in range(1, n + 1)))


def boards(result) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in result.boards]


def test_round_one_ten_players() -> None:
    # C.04.3 art. 5.2.5: 1-6, 2-7, 3-8, 4-9, 5-10; odd TPNs get the initial colour
    r = pair(fresh(10))
    assert boards(r) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]
    assert r.bye is None
    assert [e.rule for e in r.trace if e.step is Step.COLOUR] == ["C.04.3 art. 5.2.5"] * 5


def test_round_one_initial_black() -> None:
    t = Tournament(Settings(rounds=5, initial_colour=B), fresh(4).players)
    assert boards(pair(t)) == [(3, 1), (2, 4)]


def test_round_one_odd_field_bye_to_the_lowest() -> None:
    r = pair(fresh(5))
    assert boards(r) == [(1, 3), (4, 2)]
    assert r.bye == 5
    assert any(e.step is Step.BYE and e.players == (5,) for e in r.trace)


def test_c5_beats_c6_last_round() -> None:
    # C.04.3 [C5] before [C6]: the lowest reachable PAB score (0, player 6) forces both 1-pointers upwards
    hist = {
        1: [game(4, W, "1"), game(2, B, "1")],
        2: [game(5, B, "1"), game(1, W, "0")],
        3: [game(6, W, "1"), game(4, B, "1")],
        4: [game(1, B, "0"), game(3, W, "0")],
        5: [game(2, W, "0"), game(6, B, "1")],
        6: [game(3, B, "0"), game(5, W, "0")],
    }
    players = tuple(Player(i, f"P{i}", history=tuple(h)) for i, h in hist.items())
    t = Tournament(Settings(rounds=3), players, pending={4: RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)})
    r = pair(t)
    assert sorted(boards(r)) == [(1, 5), (3, 2)]
    assert r.bye == 6


def test_c9_pab_to_the_player_with_fewer_unplayed_rounds() -> None:
    # C.04.3 [C9]: player 5 missed round 1; 3-5 and 4 gets the PAB
    hist = {
        1: [game(3, W, "1")],
        2: [game(4, B, "1")],
        3: [game(1, B, "0")],
        4: [game(2, W, "0")],
        5: [RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)],
    }
    players = tuple(Player(i, f"P{i}", history=tuple(h)) for i, h in hist.items())
    r = pair(Tournament(Settings(rounds=3), players))
    assert boards(r) == [(2, 1), (3, 5)]
    assert r.bye == 4


def test_absent_players_are_not_paired() -> None:
    t = Tournament(Settings(rounds=5), fresh(7).players,
                   pending={2: RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE),
                            6: RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)})
    r = pair(t)
    assert {p for b in r.boards for p in (b.white, b.black)} | {r.bye} == {1, 3, 4, 5, 7}
    assert r.bye == 7


def test_rematch_impossible_raises() -> None:
    players = (
        Player(1, "A", history=(game(2, W, "1"),)),
        Player(2, "B", history=(game(1, B, "0"),)),
    )
    with pytest.raises(NoLegalPairing):
        pair(Tournament(Settings(rounds=3), players))


def test_forfeited_game_may_be_paired_again() -> None:
    players = (
        Player(1, "A", history=(RoundEntry(2, W, ResultCode.FORFEIT_WIN),)),
        Player(2, "B", history=(RoundEntry(1, B, ResultCode.FORFEIT_LOSS),)),
    )
    r = pair(Tournament(Settings(rounds=3), players))
    assert len(r.boards) == 1 and {r.boards[0].white, r.boards[0].black} == {1, 2}


def _recorded(name: str, rnd: int):
    from engine import trf
    from engine.systems.replay import before_round, played_round

    t = trf.load(dutch(name)).pairing_tournament()
    return before_round(t, rnd), played_round(t, rnd)


@pytest.mark.parametrize("name, rnd", [
    ("dutch-2300007-n10-r5.trf", 4),  # forfeit (3 w + / 4 b -) in round 3
    ("dutch-2300007-n10-r5.trf", 5),
    ("dutch-2300042-n12-r7.trf", 5),  # requested byes in the history
])
def test_recorded_rounds_with_forfeits_and_byes(name: str, rnd: int) -> None:
    case, ref = _recorded(name, rnd)
    got = pair(case)
    assert set(got.boards) == set(ref.boards)
    assert got.bye == ref.bye


def test_boards_in_publishing_order() -> None:
    hist = {
        1: [game(2, W, "0")],
        2: [game(1, B, "1")],
        3: [game(4, W, "1")],
        4: [game(3, B, "0")],
    }
    players = tuple(Player(i, f"P{i}", history=tuple(h)) for i, h in hist.items())
    r = pair(Tournament(Settings(rounds=3), players))
    # 2 and 3 have 1 point: their board first
    first = r.boards[0]
    assert {first.white, first.black} == {2, 3}
    assert all(isinstance(b, Pairing) for b in r.boards)


def test_forbidden_pair_is_avoided_like_a_rematch() -> None:
    from engine.model.tournament import ForbiddenPair

    t = Tournament(Settings(rounds=5, forbidden=(ForbiddenPair(frozenset({1, 3})),)), fresh(4).players)
    assert boards(pair(t)) == [(1, 4), (3, 2)]


def _mirror(hist: dict[int, list[RoundEntry]]) -> tuple[Player, ...]:
    """Players with the given histories plus the opponents' side of every game."""
    full: dict[int, dict[int, RoundEntry]] = {}
    for pid, entries in hist.items():
        for r, e in enumerate(entries, 1):
            full.setdefault(pid, {})[r] = e
            if e.opponent is not None:
                full.setdefault(e.opponent, {})[r] = RoundEntry(pid, e.colour.opposite, e.code.opposite)
    rounds = max(max(d) for d in full.values())
    players = []
    for pid in sorted(full):
        d = full[pid]
        players.append(Player(pid, f"P{pid}", history=tuple(d.get(r, RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)) for r in range(1, rounds + 1))))
    return tuple(players)


def _only_two_present(players: tuple[Player, ...]) -> dict[int, RoundEntry]:
    return {p.id: RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE) for p in players if p.id > 2}


def test_colour_example_5_2_2_stronger_preference() -> None:
    # X (1) WB = mild White, Y (2) BBW = strong White: Y gets White
    hist = {
        1: [game(3, W, "="), game(4, B, "="), RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE)],
        2: [game(4, B, "="), game(5, B, "="), game(6, W, "=")],
    }
    players = _mirror(hist)
    r = pair(Tournament(Settings(rounds=6), players, pending=_only_two_present(players)))
    assert boards(r) == [(2, 1)]
    assert [e.rule for e in r.trace if e.step is Step.COLOUR] == ["C.04.3 art. 5.2.2"]


def test_colour_example_5_2_3_alternate_from_last_difference() -> None:
    # X (1) WBWB and Y (2) BWWB, both mild White: in round 2 X had Black, Y White -> X White
    hist = {
        1: [game(3, W, "="), game(4, B, "="), game(5, W, "="), game(6, B, "=")],
        2: [game(4, B, "="), game(3, W, "="), game(6, W, "="), game(5, B, "=")],
    }
    players = _mirror(hist)
    r = pair(Tournament(Settings(rounds=6), players, pending=_only_two_present(players)))
    assert boards(r) == [(1, 2)]
    assert [e.rule for e in r.trace if e.step is Step.COLOUR] == ["C.04.3 art. 5.2.3"]
