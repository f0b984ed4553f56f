#!/usr/bin/env python3
"""Play random team events with the C.04.6 engine and check every round with the independent validator.

    .venv/bin/python scripts/team_rtg_validate.py [--count N] [--first-seed S]

Sizes vary with the seed (5 to 60 teams, 1 to 8 boards, 3 to 11 rounds, never more than
the teams less two); the colour model, the primary score and the initial-colour are
drawn too (engine/systems/team/generate.py). Absences, withdrawals, empty boards and
matches lost by forfeit are more frequent than in real events so the rare paths are
exercised. Prints each finding of engine/validate/team.py, each event that ran out of
legal pairings (art. 3.3.3: small fields), then the figures; exit status 1 on a finding.
A seed reproduces its event exactly.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.model.team_tournament import RoundKind  # noqa: E402
from engine.systems.team.generate import Rates, TeamEvent, TeamGenerationError, before_round, generate_team  # noqa: E402
from engine.validate.team import check_team_round  # noqa: E402

RATES = Rates(absent=0.05, withdraw=0.015, player_missing=0.08, match_forfeit=0.03)


def check(event: TeamEvent, seed: int, tally: Counter[str]) -> None:
    """Validate every round the event played; count what it held."""
    for rnd, pairing in enumerate(event.pairings, start=1):
        state = before_round(event, rnd)
        pairs = [(m.white, m.black) for m in pairing.matches]
        findings = check_team_round(state, pairs)
        tally["rounds"] += 1
        tally["rounds with findings"] += bool(findings)
        tally["findings"] += len(findings)
        tally["byes"] += sum(1 for _, b in pairs if b == 0)
        tally["absent team-rounds"] += len(state.absent_next)
        for line in findings:
            print(f"seed {seed} round {rnd}: {line}")
    for team in event.tournament.teams.values():
        played = event.tournament.teams[team.tpn].rounds
        tally["forfeited matches"] += sum(1 for r in played if r.forfeit_win)
        tally["empty boards"] += sum(1 for r in played if r.kind is RoundKind.MATCH and r.played
                                     for b in r.boards if b.player == 0)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--first-seed", type=int, default=1)
    a = ap.parse_args()
    tally: Counter[str] = Counter()
    start = time.process_time()
    for seed in range(a.first_seed, a.first_seed + a.count):
        shape = random.Random(seed)
        teams = shape.randint(5, 60)
        boards, rounds = shape.randint(1, 8), min(shape.randint(3, 11), teams - 2)
        try:
            event = generate_team(teams, boards, rounds, seed, reserves=shape.randint(0, 2), rates=RATES)
        except TeamGenerationError as exc:
            tally["stopped: no legal pairing"] += 1
            print(f"seed {seed} ({teams} teams, {rounds} rounds): {exc}")
            event = exc.event
        tally["events"] += 1
        check(event, seed, tally)
    spent = time.process_time() - start
    print(f"{tally['events']} events, {tally['rounds']} rounds, {tally['findings']} findings "
          f"in {spent:.0f} s CPU: {dict(sorted(tally.items()))}")
    return 1 if tally["findings"] else 0


if __name__ == "__main__":
    sys.exit(main())
