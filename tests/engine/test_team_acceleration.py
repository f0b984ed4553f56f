"""Baku acceleration (C.04.7, 2026, art. 1) on a C.04.6 team event: the table and the pairing."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.model.team_tournament import ColourType, Score, TeamEntry, TeamTournament
from engine.systems.team import pair_team
from engine.systems.team.acceleration import TeamAccelerationNotAllowed, baku
from engine.systems.team.generate import before_round, generate_team
from engine.systems.team.narrate import explain
from engine.model.explain import Step
from engine.validate.team import check_team_round


def event(teams: int, rounds: int, primary: Score = Score.MATCH, absent: frozenset[int] = frozenset()) -> TeamTournament:
    return TeamTournament({t: TeamEntry(t, f"Team {t}", ()) for t in range(1, teams + 1)}, rounds, 4,
                          colour_type=ColourType.A, primary=primary, absent_next=absent)


def test_the_team_example_of_article_1_4() -> None:
    # "11-round team competition with matchpoints as the primary score": the GA teams get two
    # virtual match points in the first three rounds and one in the next three
    table = baku(event(10, 11))
    assert sorted(table) == [1, 2, 3, 4, 5, 6]          # art. 1.2: GA = 2 x ceil(10 / 4)
    assert set(table.values()) == {(Fraction(2),) * 3 + (Fraction(1),) * 3}


def test_ga_is_the_first_half_rounded_up_to_an_even_number() -> None:
    assert max(baku(event(161, 9))) == 82                 # art. 1.2's own example: 161 -> 82
    assert max(baku(event(102, 9))) == 52
    # a team absent from round 1 is placed as a late entry: the last GA team stays TPN 7
    assert sorted(baku(event(10, 9, absent=frozenset({3})))) == [1, 2, 3, 4, 5, 6, 7]


def test_game_points_first_rule_it_out() -> None:
    with pytest.raises(TeamAccelerationNotAllowed, match=r"C\.04\.7 art\. 1\.4\.4"):
        baku(event(10, 11, primary=Score.GAME))


def test_round_one_pairs_ga_and_gb_apart() -> None:
    # pairing scores 2 (TPN 1-6) and 0 (7-10): two scoregroups, each paired by art. 3.6.2's
    # first identifier (top half against bottom half); colours by art. 4.3.1 from the
    # first-team's TPN, the first-team by the standings' scores (all 0) and then the TPN
    plain = event(10, 11)
    assert {(m.white, m.black) for m in pair_team(plain).matches} == {(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)}
    accelerated = event(10, 11)
    accelerated.virtual = baku(accelerated)
    pairing = pair_team(accelerated)
    assert {(m.white, m.black) for m in pairing.matches} == {(1, 4), (5, 2), (3, 6), (7, 9), (10, 8)}
    assert [b.score for b in pairing.brackets] == [2, 0]
    opened = [e for e in explain(accelerated, pairing) if e.step is Step.BRACKET]
    assert [f.virtual for f in opened[0].facts] == [2] * 6 and opened[0].data["score"] == "2"


def test_accelerated_random_events_pass_the_validator() -> None:
    for seed in range(1, 9):
        generated = generate_team(24 + seed, 4, 7, seed, accelerated=True)
        final = generated.tournament
        assert final.primary is Score.MATCH and final.virtual
        for rnd, pairing in enumerate(generated.pairings, start=1):
            assert check_team_round(before_round(generated, rnd), [(m.white, m.black) for m in pairing.matches]) == []
        # rounds 1-2 carry 2 virtual points, 3-4 one, none after (7 rounds: 4 accelerated)
        assert set(final.virtual.values()) == {(Fraction(2), Fraction(2), Fraction(1), Fraction(1))}
