#!/usr/bin/env python3
"""Random team events paired by our C.04.6 engine, every round paired again by Gacrux from the same TRF.

    .venv/bin/python scripts/team_gacrux_rtg.py [--count N] [--first-seed S] [--accelerated]

Each seed plays an event with engine/systems/team/generate.py (8 to 40 teams, 2 to 6
boards, 5 to 9 rounds; the colour model, primary score and initial-colour drawn; a few
absent and withdrawn teams and matches lost by forfeit; every board played by its roster
player, as the team TRF's boards are read in roster order). For each round, the file as it
stood before it (benchmarks/team_pair_speed.py builds the text: records 001, 142, 152,
192, 240 Z, 250, 310, 320, 330, 352) goes to ``python -m gacrux.pairingchecker -p -i``
and its pairing is compared with ours: the same matches, the same team with White on
board 1. ``--accelerated`` gives every event Baku acceleration (C.04.7), written as
record 250 lines. ``--our-writer`` writes each file with engine/trf/team_write.py instead
(the event as a TeamTrfDocument, oracles/gacrux_team.py; with ``--accelerated``, 192 ``_BAKU``
and our 250 records), and pairs it again with our reader as well. Prints each round that
differs, then the figures.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from engine.systems.team.generate import Rates, TeamGenerationError, generate_team  # noqa: E402
from team_pair_speed import gacrux_pairs, trf_before  # noqa: E402
from engine.systems.team import pair_team  # noqa: E402
from engine.trf.team_document import before_round as team_document_before  # noqa: E402
from engine.trf.team_read import read_team_trf  # noqa: E402
from engine.trf.team_write import write_team_trf  # noqa: E402
from oracles.gacrux_team import generated_document  # noqa: E402

RATES = Rates(absent=0.03, withdraw=0.01, player_missing=0.0, match_forfeit=0.03)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--accelerated", action="store_true")
    ap.add_argument("--our-writer", action="store_true", help="write the files with engine/trf/team_write.py")
    a = ap.parse_args()
    events = rounds = same = stopped = 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(a.first_seed, a.first_seed + a.count):
            shape = random.Random(seed)
            teams, boards, length = shape.randint(8, 40), shape.randint(2, 6), shape.randint(5, 9)
            try:
                event = generate_team(teams, boards, length, seed, reserves=0, rates=RATES,
                                      accelerated=a.accelerated)
            except TeamGenerationError as exc:
                stopped += 1
                event = exc.event
            events += 1
            for rnd, pairing in enumerate(event.pairings, start=1):
                trf = Path(tmp) / f"s{seed}-r{rnd}.trf"
                ours = {(m.white, m.black) for m in pairing.matches}
                if a.our_writer:
                    text = write_team_trf(team_document_before(generated_document(event, baku=a.accelerated), rnd))
                    if {(m.white, m.black) for m in pair_team(read_team_trf(text)).matches} != ours:
                        print(f"seed {seed} round {rnd}: our reader pairs our file otherwise")
                        ours = set()
                else:
                    text = trf_before(event, rnd)
                trf.write_text(text, encoding="latin-1")
                theirs = gacrux_pairs(trf)
                rounds += 1
                if ours == theirs:
                    same += 1
                else:
                    print(f"seed {seed} ({teams} teams, {boards} boards) round {rnd}: ours {sorted(ours - theirs)} "
                          f"Gacrux {sorted(theirs - ours)}")
    print(f"{events} events{' (Baku)' if a.accelerated else ''}, {rounds} rounds: {same} identical to Gacrux, "
          f"{rounds - same} different; {stopped} stopped without a legal pairing; {time.perf_counter() - start:.0f} s")
    return 0 if same == rounds else 1


if __name__ == "__main__":
    sys.exit(main())
