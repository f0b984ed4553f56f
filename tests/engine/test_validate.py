"""The independent validator: reference rounds pass, broken pairings are caught with their rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.model.tournament import (
    Colour,
    ForbiddenPair,
    Pairing,
    Player,
    PlayerStatus,
    PointSystem,
    ResultCode,
    RoundEntry,
    RoundPairing,
    Settings,
    Tournament,
)
from engine.validate.check import validate
from engine.validate.violations import (
    RULE_ABSENT,
    RULE_BOARD_ORDER,
    RULE_COLOUR_DIFFERENCE,
    RULE_COLOUR_REPEAT,
    RULE_FORBIDDEN,
    RULE_PAB,
    RULE_PARTICIPANTS,
    RULE_REMATCH,
    RULE_SAME_ABSOLUTE,
    RULE_UNKNOWN,
    RULE_WITHDRAWN,
    Severity,
    Violation,
)
from oracles.recorded_rounds import before_round, played_round, read_fixture
from tests.data_paths import DUTCH, dutch, tournaments

W, B = Colour.WHITE, Colour.BLACK

# A fixed subset: small and large fields, 3-1-0 scoring (2300023, 2300032), half-point
# and zero-point byes, forfeits, odd fields with the PAB, long events (11 rounds).
SUBSET = [
    "dutch-2300001-n16-r9.trf",
    "dutch-2300002-n41-r8.trf",
    "dutch-2300006-n42-r6.trf",
    "dutch-2300007-n10-r5.trf",
    "dutch-2300008-n30-r11.trf",
    "dutch-2300010-n12-r10.trf",
    "dutch-2300017-n14-r8.trf",
    "dutch-2300023-n100-r8.trf",
    "dutch-2300025-n28-r8.trf",
    "dutch-2300032-n26-r9.trf",
    "dutch-2300044-n102-r11.trf",
    "dutch-2300045-n17-r5.trf",
]


def fixture(name: str) -> Tournament:
    return read_fixture(dutch(name))


def absolute(found: list[Violation]) -> list[Violation]:
    return [v for v in found if v.severity is Severity.ABSOLUTE]


def rules(found: list[Violation], severity: Severity = Severity.ABSOLUTE) -> set[str]:
    return {v.rule for v in found if v.severity is severity}


# -- hand-made tournaments ------------------------------------------------------------

RESULTS = {
    "1-0": (ResultCode.WIN, ResultCode.LOSS),
    "0-1": (ResultCode.LOSS, ResultCode.WIN),
    "=": (ResultCode.DRAW, ResultCode.DRAW),
    "+-": (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    "-+": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
}


def event(players: int, rounds: int, **settings) -> Tournament:
    return Tournament(Settings(rounds=rounds, **settings), tuple(Player(i, f"P{i}") for i in range(1, players + 1)))


def play(t: Tournament, rnd: int, games: list[tuple[int, int, str]], bye: int | None = None,
         others: dict[int, ResultCode] | None = None) -> Tournament:
    """Record round ``rnd``: (white, black, result) games, the PAB, other entries (byes, absences)."""
    entries: dict[int, RoundEntry] = {}
    for white, black, result in games:
        rw, rb = RESULTS[result]
        entries[white] = RoundEntry(black, W, rw)
        entries[black] = RoundEntry(white, B, rb)
    if bye is not None:
        entries[bye] = RoundEntry(None, Colour.NONE, ResultCode.PAB)
    for pid, code in (others or {}).items():
        entries[pid] = RoundEntry(None, Colour.NONE, code)
    players = [p.with_entry(rnd, entries[p.id]) if p.id in entries else p for p in t.players]
    return t.with_players(players)


def rp(rnd: int, *boards: tuple[int, int], bye: int | None = None) -> RoundPairing:
    return RoundPairing(rnd, tuple(Pairing(w, b) for w, b in boards), bye)


# -- reference rounds ---------------------------------------------------------------------


@pytest.mark.parametrize("name", SUBSET)
def test_reference_rounds_have_no_absolute_violation(name: str) -> None:
    t = fixture(name)
    for r in range(1, t.settings.rounds + 1):
        found = validate(before_round(t, r), played_round(t, r))
        assert absolute(found) == [], (name, r, absolute(found))
        # bbpPairings allocates colours by C.04.3 art. 5 exactly as the validator reads it.
        assert rules(found, Severity.QUALITY) == set(), (name, r, found)


def test_reference_compared_with_itself_is_clean() -> None:
    t = fixture("dutch-2300002-n41-r8.trf")
    for r in range(1, t.settings.rounds + 1):
        pairing = played_round(t, r)
        found = validate(before_round(t, r), pairing, reference=pairing)
        assert [v for v in found if v.severity is not Severity.NOTE] == []
        assert [v for v in found if v.rule == "reference"] == []


def test_topscorer_exception_seen_in_a_reference_final_round() -> None:
    # Round 8 (final) of this event gives player 2 a third White in a row: allowed
    # only because of the Dutch topscorer exception, and reported as a note.
    t = fixture("dutch-2300017-n14-r8.trf")
    found = validate(before_round(t, 8), played_round(t, 8))
    assert absolute(found) == []
    notes = [v for v in found if v.severity is Severity.NOTE and v.rule == RULE_COLOUR_REPEAT]
    assert [v.players for v in notes] == [(2,)]
    # Under a system without that exception the same round breaks C.04.1 art. 7.
    strict = validate(before_round(t, 8), played_round(t, 8), system="burstein-2026")
    assert RULE_COLOUR_REPEAT in rules(strict)


# -- broken pairings made from real rounds --------------------------------------------------

REAL = "dutch-2300002-n41-r8.trf"


def real_round(r: int, name: str = REAL) -> tuple[Tournament, RoundPairing]:
    t = fixture(name)
    return before_round(t, r), played_round(t, r)


def with_boards(pairing: RoundPairing, boards: list[tuple[int, int]], bye: int | None = ...) -> RoundPairing:
    return RoundPairing(pairing.round, tuple(Pairing(w, b) for w, b in boards),
                        pairing.bye if bye is ... else bye)


def as_list(pairing: RoundPairing) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in pairing.boards]


def test_rematch_made_by_swapping_opponents() -> None:
    before, pairing = real_round(6)
    boards = as_list(pairing)
    for i, (a, b) in enumerate(boards):
        for j, (c, d) in enumerate(boards):
            if i < j and before.have_met(a, c):
                met_in = [r for r in range(1, 6) if before.player(a).entry(r).opponent == c]
                boards[i], boards[j] = (a, c), (b, d)
                found = validate(before, with_boards(pairing, boards))
                rematch = [v for v in found if v.rule == RULE_REMATCH]
                assert [(v.players, v.board) for v in rematch] == [((a, c), i + 1)]
                assert rematch[0].text == f"{a} and {c} already met in round {met_in[0]}"
                assert rematch[0].severity is Severity.ABSOLUTE
                return
    pytest.fail("no swap makes a rematch in this round")


def test_forfeited_game_may_be_replayed() -> None:
    # C.04.2 art. 3.5: 1 beat 2 by forfeit in round 1, so they may meet in round 2.
    t = play(event(4, 3), 1, [(1, 2, "+-"), (3, 4, "1-0")])
    found = validate(t, rp(2, (2, 1), (4, 3)))
    assert RULE_REMATCH in rules(found)  # 3 and 4 played
    assert [v.players for v in found if v.rule == RULE_REMATCH] == [(4, 3)]


def _move_bye_to(pairing: RoundPairing, player: int) -> RoundPairing:
    """The same round with ``player`` receiving the PAB and the old receiver taking their seat."""
    boards = [(pairing.bye if w == player else w, pairing.bye if b == player else b) for w, b in as_list(pairing)]
    return with_boards(pairing, boards, bye=player)


def test_second_pab_is_caught() -> None:
    t = fixture(REAL)
    for r in range(2, t.settings.rounds + 1):
        before, pairing = before_round(t, r), played_round(t, r)
        if pairing.bye is None:
            continue
        earlier = [p for p in pairing.players() if p != pairing.bye and before.had_pab(p)]
        if earlier:
            found = validate(before, _move_bye_to(pairing, earlier[0]))
            pab = [v for v in found if v.rule == RULE_PAB]
            assert len(pab) == 1 and pab[0].players == (earlier[0],)
            assert "already received the pairing-allocated bye" in pab[0].text
            return
    pytest.fail("no round with an earlier PAB receiver to move the bye to")


def test_pab_after_forfeit_win_is_caught() -> None:
    for path in tournaments(DUTCH)[:40]:
        t = read_fixture(path)
        for r in range(2, t.settings.rounds + 1):
            before, pairing = before_round(t, r), played_round(t, r)
            if pairing.bye is None:
                continue
            for p in sorted(pairing.players() - {pairing.bye}):
                codes = [before.player(p).entry(k).code for k in range(1, r)]
                if ResultCode.FORFEIT_WIN in codes and ResultCode.PAB not in codes:
                    found = validate(before, _move_bye_to(pairing, p))
                    pab = [v for v in found if v.rule == RULE_PAB]
                    assert len(pab) == 1 and "forfeit win" in pab[0].text, found
                    return
    pytest.fail("no forfeit winner found to give the bye to")


def test_half_point_byes_do_not_block_the_pab() -> None:
    t = play(event(3, 3), 1, [(1, 2, "1-0")], others={3: ResultCode.HALF_BYE})
    assert RULE_PAB not in rules(validate(t, rp(2, (2, 1), bye=3)))
    full = play(event(3, 3), 1, [(1, 2, "1-0")], others={3: ResultCode.FULL_BYE})
    assert RULE_PAB in rules(validate(full, rp(2, (2, 1), bye=3)))


def _flip(pairing: RoundPairing, index: int) -> RoundPairing:
    boards = as_list(pairing)
    boards[index] = boards[index][::-1]
    return with_boards(pairing, boards)


def _find_board(predicate) -> tuple[Tournament, RoundPairing, int]:
    for path in tournaments(DUTCH)[:30]:
        t = read_fixture(path)
        for r in range(2, t.settings.rounds):  # not the final round: no topscorer exception
            before, pairing = before_round(t, r), played_round(t, r)
            for i, (w, _) in enumerate(as_list(pairing)):
                if predicate(before.colours(w)):
                    return before, pairing, i
    raise AssertionError("no such board in the fixtures")


def test_flipped_colours_giving_a_third_colour_in_a_row() -> None:
    # A White player whose last two games were Black would get a third Black.
    before, pairing, i = _find_board(lambda seq: seq[-2:] == (B, B))
    white = pairing.boards[i].white
    found = validate(before, _flip(pairing, i))
    repeat = [v for v in found if v.rule == RULE_COLOUR_REPEAT]
    assert (white,) in [v.players for v in repeat]
    assert all(v.severity is Severity.ABSOLUTE and v.board == i + 1 for v in repeat)


def test_flipped_colours_giving_a_colour_difference_of_three() -> None:
    def minus_two(seq):
        return sum(1 if c is W else -1 for c in seq) == -2
    before, pairing, i = _find_board(minus_two)
    white = pairing.boards[i].white
    found = validate(before, _flip(pairing, i))
    diff = [v for v in found if v.rule == RULE_COLOUR_DIFFERENCE]
    assert [(v.players, v.board, v.severity) for v in diff if v.players == (white,)] == [
        ((white,), i + 1, Severity.ABSOLUTE)
    ]
    assert "-3" in diff[0].text


def test_missing_and_doubled_players() -> None:
    before, pairing = real_round(4)
    boards = as_list(pairing)
    dropped = boards.pop()
    found = validate(before, with_boards(pairing, boards))
    assert {v.players for v in found if v.rule == RULE_PARTICIPANTS} == {(dropped[0],), (dropped[1],)}
    assert all(v.severity is Severity.ABSOLUTE for v in found if v.rule == RULE_PARTICIPANTS)

    boards = as_list(pairing)
    a, _ = boards[0]
    boards[1] = (a, boards[1][1])  # a plays twice, the old white of board 2 is left out
    found = validate(before, with_boards(pairing, boards))
    texts = [v.text for v in found if v.rule == RULE_PARTICIPANTS]
    assert f"{a} appears 2 times in the pairing" in texts
    assert f"{as_list(pairing)[1][0]} is not paired" in texts


def test_withdrawn_player_paired() -> None:
    before, pairing = real_round(4)
    w = pairing.boards[0].white
    gone = before.with_players(replace(p, status=PlayerStatus.WITHDRAWN) if p.id == w else p for p in before.players)
    found = validate(gone, pairing)
    assert [(v.rule, v.players, v.board) for v in found if v.rule == RULE_WITHDRAWN] == [(RULE_WITHDRAWN, (w,), 1)]


def test_absent_player_paired() -> None:
    # 4 asked for a half-point bye in round 2 but is paired all the same.
    t = play(event(4, 3), 1, [(1, 3, "1-0"), (4, 2, "0-1")])
    t = t.with_pending({4: RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE)})
    found = validate(t, rp(2, (2, 1), (3, 4)))
    absent = [v for v in found if v.rule == RULE_ABSENT]
    assert [(v.players, v.board) for v in absent] == [((4,), 2)]
    assert "half-point bye" in absent[0].text
    # Three players are to be paired, so the pairing also lacks its PAB.
    assert any("odd number" in v.text for v in found if v.rule == RULE_PARTICIPANTS)
    assert absolute(validate(t, rp(2, (2, 1), bye=3))) == []


def test_unknown_player_and_self_pairing() -> None:
    t = event(4, 3)
    found = validate(t, rp(1, (1, 9), (3, 3)))
    assert ((9,), RULE_UNKNOWN) in [(v.players, v.rule) for v in found]
    assert any(v.text == "3 is paired against themselves" for v in found)


def test_forbidden_pair() -> None:
    before, pairing = real_round(3)
    a, b = as_list(pairing)[2]
    settings = replace(before.settings, forbidden=(ForbiddenPair(frozenset({a, b})),))
    found = validate(replace(before, settings=settings), pairing)
    assert [(v.rule, v.players, v.board) for v in absolute(found)] == [(RULE_FORBIDDEN, (a, b), 3)]
    later = replace(before.settings, forbidden=(ForbiddenPair(frozenset({a, b}), first_round=4),))
    assert absolute(validate(replace(before, settings=later), pairing)) == []


def test_pab_when_the_count_is_even() -> None:
    t = event(4, 3)
    found = validate(t, rp(1, (1, 3), bye=2))
    even = [v for v in found if "even number" in v.text]
    assert [(v.rule, v.players) for v in even] == [(RULE_PARTICIPANTS, (2,))]
    assert "4 is not paired" in [v.text for v in found]


def test_round_number_must_be_the_next_round() -> None:
    t = event(4, 3)
    found = validate(t, rp(2, (1, 3), (4, 2)))
    assert any("next round of the tournament is 1" in v.text for v in absolute(found))


# -- colour rules on hand-made events ---------------------------------------------------------


def _six_players(rounds: int = 3, points: PointSystem | None = None, second: str = "=") -> Tournament:
    """Two rounds of six players: 1, 2, 6 had White twice (absolute Black), 3, 4, 5 Black twice (absolute White).

    Standard scores: 1: 2, 2: 1.5, 3 and 6: 1, 4: 0.5, 5: 0; when round 3 is the
    final round, 1 and 2 are its topscorers (more than 1 point).
    Met: 1-4, 2-5, 6-3 in round 1; 1-5, 2-3, 6-4 in round 2.
    """
    extra = {} if points is None else {"points": points}
    t = play(event(6, rounds, **extra), 1, [(1, 4, "1-0"), (2, 5, "1-0"), (6, 3, "=")])
    return play(t, 2, [(1, 5, "1-0"), (2, 3, second), (6, 4, "=")])


def _about(found: list[Violation], severity: Severity, *players: int) -> set[tuple[str, tuple[int, ...]]]:
    return {(v.rule, v.players) for v in found if v.severity is severity and set(v.players) & set(players)}


def test_same_absolute_preference_in_a_middle_round() -> None:
    t = _six_players(rounds=4)  # round 3 is not the final round: nobody is a topscorer
    found = validate(t, rp(3, (1, 2), (3, 4), (5, 6)))
    assert absolute(found) == [v for v in found if v.severity is not Severity.QUALITY]
    assert {(v.rule, v.players, v.board) for v in found if v.rule == RULE_SAME_ABSOLUTE} == {
        (RULE_SAME_ABSOLUTE, (1, 2), 1), (RULE_SAME_ABSOLUTE, (3, 4), 2)
    }
    # 1 gets a third White (difference +3), 4 a third Black (difference -3).
    assert {(v.rule, v.players) for v in found if v.rule in (RULE_COLOUR_REPEAT, RULE_COLOUR_DIFFERENCE)} == {
        (RULE_COLOUR_REPEAT, (1,)), (RULE_COLOUR_DIFFERENCE, (1,)),
        (RULE_COLOUR_REPEAT, (4,)), (RULE_COLOUR_DIFFERENCE, (4,)),
    }


def test_topscorers_in_the_final_round_may_break_colour_limits() -> None:
    found = validate(_six_players(), rp(3, (1, 2), (3, 4), (5, 6)))
    # 1 and 2 are topscorers: their pair is excused and reported as notes only.
    assert _about(found, Severity.ABSOLUTE, 1, 2) == set()
    assert _about(found, Severity.NOTE, 1, 2) == {(RULE_COLOUR_REPEAT, (1,)), (RULE_COLOUR_DIFFERENCE, (1,))}
    # 3 and 4 are not: the same situation is absolute there.
    assert {(v.rule, v.players) for v in absolute(found)} == {
        (RULE_SAME_ABSOLUTE, (3, 4)), (RULE_COLOUR_REPEAT, (4,)), (RULE_COLOUR_DIFFERENCE, (4,))
    }


def test_topscorer_opponent_shares_the_exception() -> None:
    # 6 (1 point, not a topscorer) gets a third White against topscorer 1: allowed in the final round.
    found = validate(_six_players(), rp(3, (6, 1), (4, 2), (3, 5)))
    assert _about(found, Severity.ABSOLUTE, 6) == set()
    assert {(v.rule, v.players, v.board) for v in found if v.severity is Severity.NOTE} == {
        (RULE_COLOUR_REPEAT, (6,), 1), (RULE_COLOUR_DIFFERENCE, (6,), 1)
    }
    # The same pairing before the final round breaks C.04.1 art. 6-7.
    found = validate(_six_players(rounds=4), rp(3, (6, 1), (4, 2), (3, 5)))
    assert _about(found, Severity.ABSOLUTE, 6) == {
        (RULE_COLOUR_REPEAT, (6,)), (RULE_COLOUR_DIFFERENCE, (6,)), (RULE_SAME_ABSOLUTE, (6, 1))
    }


def test_topscorer_threshold_uses_win_points() -> None:
    # 3-1-0 scoring, 3 beats 2 in round 2: 1: 6 points, 3: 4, 2: 3, 6: 2, 4: 1, 5: 0.
    # The maximum after two rounds is 6, so a topscorer needs more than 3: 1 and 3 only.
    t = _six_players(points=PointSystem(win=3, draw=1), second="0-1")
    found = validate(t, rp(3, (2, 4), (5, 3), (6, 1)))
    assert {(v.rule, v.players) for v in absolute(found)} == {
        (RULE_COLOUR_REPEAT, (2,)), (RULE_COLOUR_DIFFERENCE, (2,)),
        (RULE_COLOUR_REPEAT, (4,)), (RULE_COLOUR_DIFFERENCE, (4,)),
    }
    assert {v.players for v in found if v.severity is Severity.NOTE and v.rule != RULE_BOARD_ORDER} == {(3,), (6,)}


# -- colour allocation, C.04.3 art. 5 (the spec's worked examples) ---------------------------

from engine.validate.facts import RoundFacts, expected_white  # noqa: E402


def _with_colours(t: Tournament, pid: int, seq: str, code: ResultCode = ResultCode.DRAW) -> Tournament:
    """Give ``pid`` a history of games with the colours of ``seq`` ('w', 'b', 'u' = unplayed), against outsiders."""
    history = tuple(
        RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE) if c == "u" else RoundEntry(90 + i, Colour(c), code)
        for i, c in enumerate(seq)
    )
    return t.with_players(replace(p, history=history) if p.id == pid else p for p in t.players)


def _allocation(x: str, y: str, *, x_code=ResultCode.WIN, y_code=ResultCode.DRAW) -> tuple[int, str]:
    """Who gets White between 1 (history x) and 2 (history y); 1 scores more, so ranks higher."""
    t = _with_colours(_with_colours(event(2, 9), 1, x, x_code), 2, y, y_code)
    return expected_white(RoundFacts(t, max(len(x), len(y)) + 1, "dutch-2026"), 1, 2)


def test_round_one_colours_by_pairing_number() -> None:
    t = event(10, 5)
    found = validate(t, rp(1, (1, 6), (7, 2), (3, 8), (9, 4), (5, 10)))
    assert found == []
    found = validate(t, rp(1, (1, 6), (2, 7), (3, 8), (9, 4), (5, 10)))
    assert [(v.rule, v.board, v.severity) for v in found] == [("C.04.3 art. 5.2.5", 2, Severity.QUALITY)]
    black_first = replace(t, settings=replace(t.settings, initial_colour=Colour.BLACK))
    assert validate(black_first, rp(1, (6, 1), (2, 7), (8, 3), (4, 9), (10, 5))) == []


def test_colour_allocation_worked_examples() -> None:
    assert _allocation("wb", "bbw") == (2, "5.2.2")  # strong beats mild
    assert _allocation("wbwb", "bwwb") == (1, "5.2.3")  # latest differing round: 1 had Black
    assert _allocation("wub", "bwwb", x_code=ResultCode.LOSS, y_code=ResultCode.WIN) == (2, "5.2.4")
    assert _allocation("wb", "wb") == (1, "5.2.4")  # the higher-ranked player's preference
    assert _allocation("ww", "bw") == (2, "5.2.2")  # absolute Black beats mild Black
    assert _allocation("ww", "wb") == (2, "5.2.1")  # Black and White wanted: both granted
    assert _allocation("bb", "ww") == (1, "5.2.1")


# -- quality against a reference (the spec's worked examples and hand-made rounds) ---------------


def _quality(found: list[Violation]) -> list[tuple[str, tuple[int, ...]]]:
    return [(v.rule, v.players) for v in found if v.severity is Severity.QUALITY]


def test_c5_pab_score_example() -> None:
    # C.04.3 [C5] (a bbpPairings v6 regression case): last round of 3, player 4 absent.
    # The 2026 rules give the bye to 6 (0 points).
    t = play(event(6, 3), 1, [(1, 4, "1-0"), (3, 6, "1-0"), (5, 2, "0-1")])
    t = play(t, 2, [(2, 1, "0-1"), (4, 3, "0-1"), (6, 5, "0-1")])
    t = t.with_pending({4: RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)})
    reference = rp(3, (1, 5), (3, 2), bye=6)
    assert validate(t, reference) == []
    old_rules = rp(3, (1, 3), (6, 2), bye=5)  # what the 2017 rules produce
    found = validate(t, old_rules, reference=reference)
    assert absolute(found) == []
    assert _quality(found) == [("C.04.3 [C5]", (5,))]
    assert "5 with 1 points where a player with 0 can receive it" in found[0].text


def test_c9_unplayed_rounds_example() -> None:
    # C.04.3 [C9] (a bbpPairings v6 regression case): round 2 of 3, 5 absent in round 1;
    # 3-5 and the bye to 4 beat 3-4 and the bye to 5.
    t = play(event(5, 3), 1, [(1, 3, "1-0"), (4, 2, "0-1")], others={5: ResultCode.ABSENT})
    reference = rp(2, (2, 1), (3, 5), bye=4)
    assert validate(t, reference) == []
    found = validate(t, rp(2, (2, 1), (3, 4), bye=5), reference=reference)
    assert _quality(found) == [("C.04.3 [C9]", (5,))]


def _four_after_round_one(result: str) -> Tournament:
    return play(event(4, 3), 1, [(1, 3, result), (4, 2, "0-1" if result == "1-0" else result)])


def test_c6_more_downfloaters() -> None:
    t = _four_after_round_one("1-0")  # 1 and 2 on 1 point, 3 and 4 on 0
    reference = rp(2, (2, 1), (3, 4))
    found = validate(t, rp(2, (4, 1), (2, 3)), reference=reference)
    assert _quality(found) == [("C.04.3 [C6]", (1, 2))]
    assert found[0].text == "in the bracket of 1 points 2 downfloaters where 0 is possible"
    # Swapped roles: the given pairing is better, so the reference cannot be optimal.
    found = validate(t, reference, reference=rp(2, (4, 1), (2, 3)))
    assert _quality(found) == []
    assert any(v.rule == "C.04.3 [C6]" and "not optimal" in v.text for v in found)


def test_c12_colour_preferences() -> None:
    t = _four_after_round_one("=")  # one bracket of four on half a point
    found = validate(t, rp(2, (4, 1), (2, 3)), reference=rp(2, (2, 1), (3, 4)))
    assert _quality(found) == [("C.04.3 [C12]", (1, 4, 2, 3))]
    assert "2 players miss their colour preference where 0 is possible" in found[0].text


def test_equal_pairings_differ_only_in_generation_order() -> None:
    t = event(4, 3)
    found = validate(t, rp(1, (1, 4), (3, 2)), reference=rp(1, (1, 3), (4, 2)))
    assert [v for v in found if v.severity is not Severity.NOTE] == []
    assert any("generation order" in v.text for v in found)
    assert sum(1 for v in found if v.rule == "reference" and "not a pair of the reference" in v.text) == 2


def test_note_differences_from_the_reference() -> None:
    before, pairing = real_round(5)
    flipped = _flip(pairing, 0)
    found = validate(before, flipped, reference=pairing)
    notes = [v for v in found if v.rule == "reference"]
    assert [(v.board, "reverse colours" in v.text) for v in notes] == [(1, True)]


def test_worse_alternatives_never_beat_the_reference() -> None:
    """Swapping opponents in real rounds gives pairings that are never better than bbpPairings'.

    A mutation the validator judged *better* than the endorsed engine's pairing
    would mean the criteria are computed wrongly here.
    """
    import random

    rng = random.Random(7)
    worse = better = 0
    for name in SUBSET[:8]:
        t = fixture(name)
        for r in range(2, t.settings.rounds + 1):
            before, reference = before_round(t, r), played_round(t, r)
            facts = RoundFacts(before, r, "dutch-2026")
            boards = as_list(reference)
            for _ in range(4):
                i, j = rng.sample(range(len(boards)), 2)
                (a, b), (c, d) = boards[i], boards[j]
                mutated = list(boards)
                for k, (p, q) in zip((i, j), ((a, c), (b, d)) if rng.random() < 0.5 else ((a, d), (b, c))):
                    white = expected_white(facts, p, q)[0]
                    mutated[k] = (white, q if white == p else p)
                found = validate(before, with_boards(reference, mutated), reference=reference)
                if absolute(found):
                    continue
                worse += bool(_quality(found))
                better += any("not optimal" in v.text for v in found)
    assert better == 0
    assert worse > 50


# -- independence ---------------------------------------------------------------------------


def test_validator_shares_no_code_with_the_pairing_engine() -> None:
    """The checker may use only the model, the result types, the catalogue's traits and the shared terms (types
    only), never the code it checks."""
    import ast
    from pathlib import Path

    import engine.validate

    root = Path(engine.validate.__file__).parent
    own = {f"engine.validate.{path.stem}" for path in root.glob("*.py")}
    allowed = own | {"engine.model.tournament", "engine.model.result", "engine.model.catalogue", "engine.model.terms",
                     "engine.model.matches", "engine.model.match_rounds", "engine.model.units",
                     "engine.model.team_tournament", "engine.model.match_entries",  # the model of matches and teams
                     "engine.model.wording"}  # data and the lookup of the findings' sentences: words, no pairing
    paths = sorted(root.glob("*.py"))
    assert len(paths) >= 8  # __init__, check, facts, hand, quality, dubov, dubov1997, violations
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "engine":
                assert node.module in allowed, f"{path.name} imports {node.module}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("engine") or alias.name in allowed, f"{path.name}: {alias.name}"




def test_validating_every_system_loads_no_pairing_code() -> None:
    """The catalogue the validator reads is data: checking a round of each system imports no system's package."""
    import subprocess
    import sys

    program = (
        "import sys\n"
        "from engine.model.tournament import Pairing, Player, RoundPairing, Settings, Tournament\n"
        "from engine.model.catalogue import SYSTEMS\n"
        "from engine.validate.check import validate\n"
        "t = Tournament(Settings(rounds=3), tuple(Player(i, f'P{i}', rating=2000 - i) for i in range(1, 6)))\n"
        "table = RoundPairing(1, (Pairing(2, 5), Pairing(3, 4)), 1)  # round 1 of the Berger table for 5\n"
        "for s in SYSTEMS:\n"
        "    if not s.round_robin:\n"
        "        assert validate(t, RoundPairing(1, (Pairing(1, 2), Pairing(3, 4)), 5), system=s.id) == []\n"
        "    else:  # a single (5 rounds) or double (10) round robin of 5\n"
        "        assert any(validate(Tournament(Settings(rounds=r), t.players), table, system=s.id) == []\n"
        "                   for r in (5, 10))\n"
        "print(sorted(m for m in sys.modules if m.startswith('engine.systems.') and m != 'engine.model.catalogue'))\n"
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr

    # C.04.2 art. 3.6 example: pairs (score of the higher player, sum, TPN) A (3, 6, #4),
    # B (3, 5.5, #1), C (3, 6, #2) are published C, A, B.
    t = event(6, 5)
    t = t.with_players(
        replace(p, history=tuple(RoundEntry(90 + i, W if i % 2 else B, code) for i, code in enumerate(codes)))
        for p, codes in zip(t.players, [
            [ResultCode.WIN] * 3,  # 1: 3
            [ResultCode.WIN] * 3,  # 2: 3
            [ResultCode.WIN] * 3,  # 3: 3
            [ResultCode.WIN] * 3,  # 4: 3
            [ResultCode.WIN, ResultCode.WIN, ResultCode.DRAW],  # 5: 2.5
            [ResultCode.WIN] * 3,  # 6: 3
        ])
    )
    # A = 4-6 (3, 6, #4), B = 1-5 (3, 5.5, #1), C = 2-3 (3, 6, #2)
    ordered = rp(4, (2, 3), (4, 6), (1, 5))
    assert [v for v in validate(t, ordered, system="burstein-2026")] == []
    found = validate(t, rp(4, (4, 6), (2, 3), (1, 5)), system="burstein-2026")
    assert [(v.rule, v.severity, v.board) for v in found] == [(RULE_BOARD_ORDER, Severity.NOTE, 2)]


def test_independent_facts_agree_with_the_model() -> None:
    """The checker's own readings of PAB eligibility and colour difference match engine.model.tournament's."""
    from engine.validate.facts import difference

    for name in SUBSET[:6]:
        t = fixture(name)
        for r in range(2, t.settings.rounds + 1):
            before = before_round(t, r)
            facts = RoundFacts(before, r, "dutch-2026")
            for p in before.players:
                assert (facts.pab_blocker(p.id) is None) == before.pab_eligible(p.id), (name, r, p.id)
                assert difference(facts.colours(p.id)) == before.colour_difference(p.id)
                assert facts.unplayed_rounds(p.id) == before.unplayed_rounds(p.id)


def test_bye_receiver_also_on_a_board() -> None:
    # A round has room for one PAB; giving it to a player who also plays makes them appear twice.
    t = event(5, 3)
    found = validate(t, rp(1, (1, 4), (5, 2), bye=1))
    assert "1 appears 2 times in the pairing" in [v.text for v in found if v.rule == RULE_PARTICIPANTS]
    assert "3 is not paired" in [v.text for v in found]
