"""The random tournament generator: reproducible, consistent results, byes, retirements."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

import pytest

from engine.model.result import NoLegalPairing, PairingResult
from engine.model.tournament import Colour, Pairing, PointSystem, ResultCode, RoundPairing, Tournament
from engine.systems.generate import GenerationError, generate


def naive_pair(t: Tournament) -> PairingResult:
    """Pair by score order, avoiding rematches by backtracking; bye to the lowest eligible player.

    Only good enough to drive the generator; it knows no colour or float rules.
    """
    order = sorted(t.to_pair(), key=lambda p: (-t.score(p.id), p.id))
    ids = [p.id for p in order]
    bye = None
    if len(ids) % 2:
        bye = next((pid for pid in reversed(ids) if t.pab_eligible(pid)), ids[-1])
        ids.remove(bye)

    def match(rest: list[int]) -> list[tuple[int, int]] | None:
        if not rest:
            return []
        first, others = rest[0], rest[1:]
        for partner in others:
            if not t.have_met(first, partner):
                tail = match([p for p in others if p != partner])
                if tail is not None:
                    return [(first, partner)] + tail
        return None

    pairs = match(ids)
    if pairs is None:
        raise NoLegalPairing("every pairing repeats a game")
    boards = []
    for a, b in pairs:
        white = a if t.colour_difference(a) <= t.colour_difference(b) else b
        boards.append(Pairing(white, b if white == a else a))
    return PairingResult(t.next_round, tuple(boards), bye)


def small(seed: int, **kw) -> Tournament:
    return generate(kw.pop("players", 24), kw.pop("rounds", 7), seed, pair=naive_pair, **kw)


def test_same_seed_same_tournament() -> None:
    assert small(11) == small(11)
    assert small(11) != small(12)
    assert small(11).players != small(12).players


def test_results_are_symmetric() -> None:
    t = small(3, forfeit_rate=0.2)
    forfeits = 0
    for p in t.players:
        for rnd, e in enumerate(p.history, start=1):
            if e.opponent is None:
                continue
            other = t.player(e.opponent).entry(rnd)
            assert other.opponent == p.id
            assert {e.colour, other.colour} == {Colour.WHITE, Colour.BLACK}
            if e.code is ResultCode.FORFEIT_LOSS and other.code is ResultCode.FORFEIT_LOSS:
                forfeits += 1
                continue
            assert other.code is e.code.opposite
            forfeits += e.code is ResultCode.FORFEIT_WIN
    assert forfeits > 0


def test_every_round_complete_and_paired_once() -> None:
    t = small(5, players=25)
    assert len(t.players) == 25 and all(len(p.history) == 7 for p in t.players)
    for rnd in range(1, 8):
        paired = [p.id for p in t.players if p.entry(rnd).was_paired]
        byes = [p.id for p in t.players if p.entry(rnd).is_pab]
        assert len(byes) == len(paired) % 2 <= 1


def test_requested_byes_are_not_paired_and_score_as_the_rules_say() -> None:
    seen = Counter()
    snapshots = []
    t = small(9, players=30, half_bye_rate=0.1, zero_bye_rate=0.05, on_round=lambda s, p: snapshots.append((s, p)))
    for snapshot, pairing in snapshots:
        for pid, entry in snapshot.pending.items():
            seen[entry.code] += 1
            assert pid not in pairing.players()
            assert t.player(pid).entry(pairing.round) == entry
    assert seen[ResultCode.HALF_BYE] > 0 and seen[ResultCode.ZERO_BYE] > 0
    points = t.settings.points
    for p in t.players:
        assert t.score(p.id) == sum((points.points(e.code) for e in p.history), Decimal(0))


def test_retired_players_are_not_paired_again() -> None:
    t = small(21, players=40, rounds=9, retire_rate=0.08)
    retired = [p for p in t.players if p.withdrawn]
    assert retired
    for p in retired:
        last = max(r for r, e in enumerate(p.history, start=1) if e.was_paired or e.code.is_requestable)
        assert all(e.code is ResultCode.ABSENT and e.opponent is None for e in p.history[last:])
    # Nobody retires after the final round: withdrawals only matter for rounds still to play.
    assert all(p.entry(9).was_paired or p.entry(9).code.is_requestable or p.withdrawn for p in t.players)


def test_ratings_decide_results_on_average() -> None:
    t = small(4, players=40, rounds=9, draw_rate=0.0, forfeit_rate=0.0, half_bye_rate=0.0, zero_bye_rate=0.0,
              retire_rate=0.0)
    assert [p.rating for p in t.players] == sorted((p.rating for p in t.players), reverse=True)
    codes = {e.code for p in t.players for e in p.history}
    assert codes <= {ResultCode.WIN, ResultCode.LOSS, ResultCode.PAB}
    # Pairing numbers follow the ratings, so the lower number is the stronger player.
    games = [(p.id, e) for p in t.players for e in p.history if e.opponent is not None and p.id < e.opponent]
    stronger_won = sum(1 for _, e in games if e.code is ResultCode.WIN)
    assert len(games) == 180
    assert stronger_won > 0.65 * len(games)


def test_point_system_is_kept() -> None:
    points = PointSystem(win=Decimal(3), draw=Decimal(1))
    t = small(8, points=points)
    assert t.settings.points == points
    assert max(t.score(p.id) for p in t.players) > 7  # more than a 1-0 score can reach in 7 rounds


def test_no_legal_pairing_stops_with_the_round() -> None:
    # Three players cannot play four rounds without a rematch.
    with pytest.raises(GenerationError, match=r"round \d \(seed 1\): no legal pairing") as caught:
        generate(3, 4, 1, pair=naive_pair, half_bye_rate=0, zero_bye_rate=0, retire_rate=0)
    stopped = int(caught.value.args[0].split()[1])
    assert caught.value.no_pairing and caught.value.played.rounds_played == stopped - 1  # what was played


def test_malformed_pairing_is_refused() -> None:
    def drops_a_player(t: Tournament) -> RoundPairing:
        ids = [p.id for p in t.to_pair()]
        return RoundPairing(t.next_round, (Pairing(ids[0], ids[1]),))

    with pytest.raises(GenerationError, match="exactly once"):
        generate(6, 3, 2, pair=drops_a_player)


def test_generated_rounds_pass_the_validator_where_the_naive_pairing_obeys_the_rules() -> None:
    # The naive pairing ignores colours, so only the rules it does follow are asserted:
    # everybody paired once, no rematch of a played game (forfeits may be replayed), PAB eligibility.
    from engine.validate.check import validate
    from engine.validate.violations import RULE_PAB, RULE_PARTICIPANTS, RULE_REMATCH

    found = []
    generate(31, 9, 17, pair=naive_pair, forfeit_rate=0.1, half_bye_rate=0.05,
             on_round=lambda s, p: found.extend(validate(s, p)))
    assert not [v for v in found if v.rule in (RULE_PARTICIPANTS, RULE_REMATCH, RULE_PAB)]


def test_dutch_tournament_passes_the_independent_validator() -> None:
    """A 30-player, 7-round event paired by the Dutch engine: every round checked by engine.validate.check."""
    from engine.validate.check import validate
    from engine.validate.violations import Severity

    found = []
    rounds = []

    def check(snapshot: Tournament, pairing: RoundPairing) -> None:
        rounds.append(pairing.round)
        found.extend(validate(snapshot, pairing))

    t = generate(30, 7, 2026, forfeit_rate=0.05, half_bye_rate=0.03, zero_bye_rate=0.02, retire_rate=0.01,
                 on_round=check)
    assert rounds == list(range(1, 8))
    assert [str(v) for v in found if v.severity is Severity.ABSOLUTE] == []
    # The engine's colours follow C.04.3 art. 5 as the validator reads it.
    assert [str(v) for v in found if v.severity is Severity.QUALITY] == []
    assert t.rounds_played == 7
