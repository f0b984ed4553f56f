"""Random team events (engine/systems/team/generate.py) checked round by round by the
independent validator (engine/validate/team.py) on a fixed set of seeds."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.model.team_tournament import RoundKind, Score
from engine.systems.team.generate import TeamEvent, before_round, generate_team
from engine.validate.team import check_team_round

SEEDS = range(1, 25)


def shaped(seed: int) -> TeamEvent:
    """The event of ``seed``: 5 to 30 teams, 2 to 6 boards, 4 to 9 rounds (fewer than the teams)."""
    shape = random.Random(seed)
    teams = shape.randint(5, 30)
    return generate_team(teams, shape.randint(2, 6), min(shape.randint(4, 9), teams - 2), seed)


def test_every_round_of_every_seed_passes_the_validator() -> None:
    seen: Counter[str] = Counter()
    for seed in SEEDS:
        event = shaped(seed)
        final = event.tournament
        assert len(event.pairings) == final.total_rounds
        for rnd, pairing in enumerate(event.pairings, start=1):
            state = before_round(event, rnd)
            pairs = [(m.white, m.black) for m in pairing.matches]
            assert check_team_round(state, pairs) == [], (seed, rnd)
            seen["rounds"] += 1
            seen["byes"] += sum(1 for _, b in pairs if b == 0)
            seen["absent"] += len(state.absent_next)
        for team in final.teams.values():
            assert len(team.rounds) == final.total_rounds
            for r in team.rounds:
                if r.kind is RoundKind.MATCH:
                    assert len(r.boards) == final.team_size
                    seen["board forfeits"] += sum(1 for b in r.boards if b.player == 0) if r.played else 0
                    seen["forfeited matches"] += int(r.forfeit_win)
        seen["withdrawn"] += sum(1 for t in final.teams.values()
                                 if t.rounds[-1].kind is RoundKind.ABSENT and t.rounds[-2].kind is RoundKind.ABSENT)
    # the rare paths are all taken on these seeds
    assert all(seen[k] > 0 for k in ("byes", "absent", "board forfeits", "forfeited matches", "withdrawn")), seen
    assert seen["rounds"] > 100


def test_a_seed_gives_the_same_event_again() -> None:
    one, two = shaped(7), shaped(7)
    assert [p.matches for p in one.pairings] == [p.matches for p in two.pairings]
    assert one.ratings == two.ratings


def test_scores_add_up_from_the_boards() -> None:
    event = shaped(3)
    for team in event.tournament.teams.values():
        for r in team.rounds:
            if r.kind is RoundKind.MATCH and r.played:
                won = sum(1 for b in r.boards if b.result.value in "1+")
                drawn = sum(1 for b in r.boards if b.result.value == "=")
                assert r.game_points == won + drawn / 2
        assert team.score(Score.MATCH) == sum(r.match_points for r in team.rounds)


def test_a_match_lost_by_forfeit_gives_no_colour() -> None:
    for seed in SEEDS:
        event = shaped(seed)
        for tpn, team in event.tournament.teams.items():
            for r in team.rounds:
                if r.kind is RoundKind.MATCH and not r.played:
                    assert r.white is None and all(b.white is None for b in r.boards)
                    return
    pytest.fail("no forfeited match on these seeds")
