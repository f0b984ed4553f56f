"""The Burstein system (C.04.4.2, 2026): seeding rounds, the Index, the order of art. 4.3, the PAB, the story."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.model.explain import Step
from engine.model.tournament import Colour, Player, PlayerStatus, ResultCode, RoundEntry, Settings, Tournament
from engine.systems import generate, replay
from engine.systems import burstein, dutch
from engine.systems.boards import COLOUR_REASONS
from engine.systems.burstein.index import indices

W, B = Colour.WHITE, Colour.BLACK


def _game(opponent: int, colour: Colour, code: ResultCode) -> RoundEntry:
    return RoundEntry(opponent, colour, code)


def _bye(code: ResultCode) -> RoundEntry:
    return RoundEntry(None, Colour.NONE, code)


def _pairs(result) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in result.boards}


@pytest.mark.parametrize(("rounds", "seeding"), [(3, 1), (5, 2), (7, 3), (8, 4), (9, 4), (13, 4)])
def test_seeding_rounds(rounds: int, seeding: int) -> None:
    """Art. 1.6.2: half the rounds rounded down, at most four."""
    assert burstein.seeding_rounds(rounds) == seeding


def test_a_seeding_round_is_a_dutch_round() -> None:
    """Art. 1.6.1: the seeding rounds are paired by the Dutch system, boards, colours and bye alike."""
    t = generate.generate(23, 9, 4, system="burstein-2026")
    for r in (1, 3, 4):
        case = replay.before_round(t, r)
        ours, theirs = burstein.pair(case), dutch.pair(case)
        assert (ours.boards, ours.bye) == (theirs.boards, theirs.bye)
        assert ours.trace[0].rule == "C.04.4.2 art. 1.6"


def test_index_counts_an_unplayed_round_as_a_game_against_oneself() -> None:
    """Art. 1.7.1-1.7.2: Buchholz and Sonneborn-Berger with an unplayed round read one's own score."""
    players = (
        Player(1, "A", history=(_game(2, W, ResultCode.WIN), _bye(ResultCode.HALF_BYE))),
        Player(2, "B", history=(_game(1, B, ResultCode.LOSS), _game(3, W, ResultCode.DRAW))),
        Player(3, "C", history=(_bye(ResultCode.PAB), _game(2, B, ResultCode.DRAW))),
    )
    t = Tournament(Settings(rounds=5), players)
    got = indices(t, (1, 2, 3))
    # A (1.5): B's 0.5 + own 1.5; SB: 0.5 x 1 + 1.5 x 0.5
    assert (got[1].buchholz, got[1].sonneborn_berger) == (Decimal(2), Decimal("1.25"))
    # B (0.5): A's 1.5 + C's 1.5; SB: 1.5 x 0 + 1.5 x 0.5
    assert (got[2].buchholz, got[2].sonneborn_berger) == (Decimal(3), Decimal("0.75"))
    # C (1.5): own 1.5 (the PAB) + B's 0.5; SB: 1.5 x 1 + 0.5 x 0.5
    assert (got[3].buchholz, got[3].sonneborn_berger) == (Decimal(2), Decimal("1.75"))


def test_zero_point_byes_up_to_the_current_round_count_as_draws_for_the_opponents() -> None:
    """Art. 1.7.2 exception: a player away since round 2 and still away counts 2 x ½ more for their opponent."""
    absent = _bye(ResultCode.ZERO_BYE)
    players = (
        Player(1, "A", history=(_game(2, W, ResultCode.WIN), _game(3, W, ResultCode.DRAW), _game(4, B, ResultCode.DRAW))),
        Player(2, "B", status=PlayerStatus.WITHDRAWN, history=(_game(1, B, ResultCode.LOSS), absent, absent)),
        Player(3, "C", history=(absent, _game(1, B, ResultCode.DRAW), _game(4, W, ResultCode.WIN))),
        Player(4, "D", history=(absent, _game(3, B, ResultCode.LOSS), _game(1, W, ResultCode.DRAW))),
    )
    t = Tournament(Settings(rounds=7), players)
    got = indices(t, (1, 3, 4))
    # B scored 0 and has been away in rounds 2-3 and still is: A reads 0 + 2 x 0.5 = 1
    # C has 1.5 (back in round 2: its round-1 bye stays 0); D has 0.5
    assert got[1].buchholz == Decimal(1) + Decimal("1.5") + Decimal("0.5")
    # if B plays again in this round, the series does not reach it: B counts 0 for A
    back = Tournament(Settings(rounds=7), (*players[:1], Player(2, "B", history=players[1].history), *players[2:]))
    assert indices(back, (1,))[1].buchholz == Decimal(2)


def _all_drawn_round_one(n: int, rounds: int = 2) -> Tournament:
    """``n`` players (n even) after a round 1 of draws 1-(n/2+1), 2-(n/2+2), ...: everybody on ½."""
    half = n // 2
    players = []
    for i in range(1, n + 1):
        opp = i + half if i <= half else i - half
        colour = W if i <= half else B
        players.append(Player(i, f"P{i}", rating=2400 - i, history=(_game(opp, colour, ResultCode.DRAW),)))
    return Tournament(Settings(rounds=rounds), tuple(players))


def test_high_index_meets_low_index() -> None:
    """Art. 4.3: with no constraint the first candidate is kept, BSN 1 against the last BSN (the fold)."""
    t = _all_drawn_round_one(8)
    result = burstein.pair(t)
    # one bracket; every Index is equal (BH ½, SB ¼), so BSN = TPN; round 1 was 1-5, 2-6, 3-7,
    # 4-8, and the fold 1-8, 2-7, 3-6, 4-5 repeats none of it
    assert _pairs(result) == {frozenset(p) for p in ((1, 8), (2, 7), (3, 6), (4, 5))}
    bracket = next(e for e in result.trace if e.step is Step.BRACKET)
    assert [row["id"] for row in bracket.data["index"]] == list(range(1, 9))
    assert all(e.rule == "C.04.4.2 art. 4.3" for e in result.trace if e.step is Step.PAIRED)


def test_a_rematch_moves_bsn_one_to_the_next_highest() -> None:
    """Art. 4.3: BSN 2's fold partner is a rematch, so it takes the next highest BSN; the REJECTED event says why."""
    t = _all_drawn_round_one(6)  # round 1: 1-4, 2-5, 3-6
    result = burstein.pair(t)
    # 1-6 did not meet, so BSN 1 keeps the last BSN; 2-5 met, so 2 takes 4 and 3 takes 5
    assert _pairs(result) == {frozenset((1, 6)), frozenset((2, 4)), frozenset((3, 5))}
    rejected = [e for e in result.trace if e.step is Step.REJECTED]
    assert any(e.players == (2, 5) and e.rule == "C.04.4.2 [C1]" and "round 1" in e.text for e in rejected)


def test_pab_goes_to_the_lowest_score_then_the_most_games_played() -> None:
    """Art. 3.1: of the players on the lowest score, the one who played more games gets the PAB."""
    t = _all_drawn_round_one(6, rounds=3)
    # a seventh player, absent in round 1 (zero-point bye): same lowest score 0, fewer games played
    late = Player(7, "Late", rating=1000, history=(_bye(ResultCode.ZERO_BYE),))
    losers = []
    for p in t.players:  # make 4, 5, 6 lose round 1 instead of drawing
        e = p.history[0]
        code = ResultCode.LOSS if p.id > 3 else ResultCode.WIN
        losers.append(Player(p.id, p.name, rating=p.rating, history=(RoundEntry(e.opponent, e.colour, code),)))
    t = Tournament(Settings(rounds=3), (*losers, late))
    result = burstein.pair(t)
    assert result.bye in (4, 5, 6)  # score 0 and a game played, not the absentee 7
    bye = next(e for e in result.trace if e.step is Step.BYE)
    assert bye.rule == "C.04.4.2 art. 3.1" and bye.players == (result.bye,)


def test_colours_cite_the_burstein_articles() -> None:
    result = burstein.pair(_all_drawn_round_one(8))
    colour_steps = [e for e in result.trace if e.step is Step.COLOUR]
    rules = {e.rule for e in colour_steps}
    assert rules <= {f"C.04.4.2 art. 5.2.{k}" for k in range(1, 6)} and rules
    # each board's step says in words which rule gave its colours, and the boards are numbered in order
    assert all(e.text.endswith(": " + COLOUR_REASONS[e.rule.rsplit(" ", 1)[1]]) for e in colour_steps)
    assert [e.data["board"] for e in colour_steps] == list(range(1, len(result.boards) + 1))
    # round 1: 1-5 (1 White): player 1 now wants Black, player 8 (Black in round 1) White
    board = next(b for b in result.boards if 1 in (b.white, b.black))
    assert (board.white, board.black) == (8, 1)


def test_acceleration_builds_brackets_but_not_the_index() -> None:
    """C.04.7 art. 1.5 and C.04.4.2 art. 1.7.2: virtual points move players up, the Index ignores them."""
    from engine.model.tournament import Acceleration

    t = _all_drawn_round_one(8)
    table = tuple(Acceleration(pid, Decimal(1), 1, 2) for pid in (5, 6))
    t = Tournament(Settings(rounds=2, accelerations=table), t.players)
    result = burstein.pair(t)
    first = next(e for e in result.trace if e.step is Step.BRACKET)
    assert sorted(first.data["residents"]) == [5, 6]
    assert {row["buchholz"] for row in first.data["index"]} == {"0.5"}
    assert frozenset((5, 6)) in _pairs(result)


def test_validator_judges_burstein_on_its_own_absolute_rules() -> None:
    """[C3] has no topscorer exception in Burstein: two absolute preferences for White never meet, last round too."""
    from engine.model.tournament import Pairing, RoundPairing
    from engine.validate.check import validate
    from engine.validate.violations import Severity

    def player(pid: int, colour: Colour, opponents: tuple[int, int]) -> Player:
        return Player(pid, f"P{pid}", history=tuple(_game(o, colour, ResultCode.WIN) for o in opponents))

    # 1 and 2 had Black twice (absolute White) and lead; 3 and 4 had White twice
    players = (player(1, B, (3, 4)), player(2, B, (4, 3)), player(3, W, (1, 2)), player(4, W, (2, 1)))
    players = tuple(
        Player(p.id, p.name, history=tuple(
            RoundEntry(e.opponent, e.colour, ResultCode.WIN if p.id < 3 else ResultCode.LOSS) for e in p.history))
        for p in players
    )
    t = Tournament(Settings(rounds=3, system="burstein-2026"), players)
    bad = RoundPairing(3, (Pairing(1, 2), Pairing(3, 4)))
    found = [v for v in validate(t, bad) if v.severity is Severity.ABSOLUTE]
    assert {v.rule for v in found} >= {"C.04.4.2 [C3]", "C.04.1 art. 7"}
    assert any(v.players == (1, 2) for v in found)
    # the Dutch system excuses the two topscorers (1 and 2) in the final round, not 3 and 4
    dutch_found = [v for v in validate(t, bad, system="dutch-2026") if v.severity is Severity.ABSOLUTE]
    assert dutch_found and all(set(v.players) <= {3, 4} for v in dutch_found)


def test_bracket_events_carry_the_index_behind_each_bsn() -> None:
    """The review shows the facts the engine paired on: BSN, Buchholz and Sonneborn-Berger per player."""
    result = burstein.pair(_all_drawn_round_one(8))
    opening = next(e for e in result.trace if e.step is Step.BRACKET)
    assert [f.id for f in opening.facts] == list(opening.players)
    by_bsn = sorted(opening.facts, key=lambda f: f.extra["BSN"])
    assert [f.id for f in by_bsn] == [row["id"] for row in opening.data["index"]]
    assert all(f.extra["BH"] == Decimal("0.5") and f.extra["SB"] == Decimal("0.25") for f in opening.facts)


@pytest.mark.parametrize("system", ["burstein-2026", "dutch-2026"])
def test_an_event_read_back_from_trf_is_paired_as_it_was_played(system: str) -> None:
    """Our own random event, written to TRF and read back, re-pairs identically round by round.

    Retirements are written as blank rounds, which the reader drops: the replay must
    still know those players were not paired (they used to be paired again).
    """
    from engine import trf
    from engine.systems import pair

    played = generate.generate(30, 7, 5, system=system, retire_rate=0.03, half_bye_rate=0.03)
    assert any(p.withdrawn for p in played.players)
    t = trf.loads(trf.dumps(played)).pairing_tournament()
    for r in range(1, t.rounds_played + 1):
        got = pair(replay.before_round(t, r))
        want = replay.played_round(t, r)
        assert (set(got.boards), got.bye) == (set(want.boards), want.bye), f"round {r}"
