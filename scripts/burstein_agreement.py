#!/usr/bin/env python3
"""How often our Burstein pairs like the other engines, and why it differs where it does.

    python scripts/burstein_agreement.py --generated 200 [--first-seed 1] [--played-by py4swiss|ours]
    python scripts/burstein_agreement.py --fixtures ../shared/fixtures/burstein

Generated mode: random tournaments (sizes, lengths, byes, forfeits, retirements,
Baku acceleration drawn from the seed) are played round by round with
``--played-by``'s engine; every round is then re-paired from the position before
it by our engine and by py4swiss (C.04.4.2 2026). Rounds after the seeding
rounds are classified (oracles/py4swiss.classify): identical, a
different reading of the Index (art. 1.7.2), or one of py4swiss's departures
from the text (each corrected in turn to show that it alone explains the round).
Seeding rounds are paired by the Dutch system (art. 1.6); where py4swiss's Dutch
differs from ours, Gacrux (the FIDE TEC's Dutch engine) says which one pairs
like the endorsed engines.

Fixture mode: the files were paired by bbpPairings' Burstein, which follows the
pre-2026 text; every round is re-paired and compared, split by phase.

The last line is the headline figure. docs/systems.md explains each class.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import trf  # noqa: E402

from engine.model.result import NoLegalPairing  # noqa: E402
from engine.model.tournament import PointSystem, Tournament  # noqa: E402
from engine.systems import generate, replay  # noqa: E402
from engine.systems import burstein  # noqa: E402
from engine.systems.burstein import _pair_by_index  # noqa: E402
from oracles.py4swiss import (  # noqa: E402
    WitnessError,
    classify,
    identical,
    py4swiss_pair,
    same_pairs,
)


def plan(seed: int) -> dict:
    """The shape of tournament ``seed``: everything drawn from the seed alone."""
    rng = random.Random(seed * 7919)
    return {
        "players": rng.randint(8, 80),
        "rounds": rng.randint(5, 11),
        "forfeit_rate": rng.choice((0.0, 0.02, 0.05)),
        "half_bye_rate": rng.choice((0.0, 0.02, 0.04)),
        "zero_bye_rate": rng.choice((0.0, 0.01, 0.03)),
        "retire_rate": rng.choice((0.0, 0.01, 0.02)),
        "points": PointSystem(win=2, draw=1) if rng.random() < 0.1 else PointSystem(),
        "accelerate": rng.random() < 0.25,
    }


def _seeding_verdict(case: Tournament, ours) -> str:
    try:
        theirs = py4swiss_pair(case, "dutch")
    except WitnessError:
        return "seeding: py4swiss failed"
    if identical(ours, theirs):
        return "seeding: identical"
    from oracles.gacrux import OracleError, gacrux_pair

    try:
        tec = gacrux_pair(case)
    except OracleError:
        return "seeding: py4swiss's Dutch differs (Gacrux could not pair)"
    if identical(ours, tec) or same_pairs(ours, tec):
        return "seeding: py4swiss's Dutch differs, Gacrux pairs like us"
    return "seeding: unexplained"


def check_generated(seed: int, played_by: str, show: list[str]) -> Counter[str]:
    shape = plan(seed)
    tally: Counter[str] = Counter()
    pair = burstein.pair if played_by == "ours" else (lambda t: py4swiss_pair(t))
    try:
        t = generate.generate(shape.pop("players"), shape.pop("rounds"), seed, system="burstein-2026",
                              pair=pair, **shape)
    except (generate.GenerationError, WitnessError) as exc:
        tally["tournament stopped early"] += 1
        show.append(f"seed {seed}: {exc}")
        return tally
    seeding = burstein.seeding_rounds(t.settings.rounds)
    for r in range(1, t.rounds_played + 1):
        case = replay.before_round(t, r)
        try:
            ours = burstein.pair(case).as_round()
        except NoLegalPairing as exc:
            tally["ours: no pairing"] += 1
            show.append(f"seed {seed} round {r}: {exc}")
            continue
        if r <= seeding:
            verdict = _seeding_verdict(case, ours)
        else:
            try:
                verdict = classify(case, ours)
            except WitnessError as exc:
                verdict = "py4swiss failed"
                show.append(f"seed {seed} round {r}: {exc}")
        tally[verdict] += 1
        if "unexplained" in verdict:
            show.append(f"seed {seed} round {r}: {verdict}")
    return tally


def check_fixture(path: Path) -> Counter[str]:
    t = trf.load(path).pairing_tournament()
    seeding = burstein.seeding_rounds(t.settings.rounds)
    tally: Counter[str] = Counter()
    for r in range(1, t.rounds_played + 1):
        ref = replay.played_round(t, r)
        try:
            got = burstein.pair(replay.before_round(t, r)).as_round()
        except NoLegalPairing:
            tally["no pairing"] += 1
            continue
        phase = "rounds 1-2" if r <= 2 else ("seeding rounds 3-4" if r <= seeding else "Index rounds")
        verdict = _compare(t, r, got, ref)
        if verdict != "identical" and r <= 2:
            # the older text's engine: no Dutch seeding round, and a default acceleration
            old = _pair_by_index(_with_default_acceleration(replay.before_round(t, r))).as_round()
            if _compare(t, r, old, ref) == "identical":
                verdict = "pairs: the older text's default acceleration and no Dutch seeding round reproduce it"
        tally[f"{phase}: {verdict}"] += 1
    return tally


def _compare(t: Tournament, r: int, got, ref) -> str:
    unknown = replay.colourless_boards(t, r)
    same = same_pairs(got, ref)
    coloured = {(b.white, b.black) for b in ref.boards} - {tuple(sorted(p)) for p in unknown}
    if same and coloured <= {(b.white, b.black) for b in got.boards}:
        return "identical"
    return "colours" if same else "pairs"


def _with_default_acceleration(t: Tournament) -> Tournament:
    """What bbpPairings' Burstein (older text) adds: a win's points to the top half of the round-1 list in rounds 1-2."""
    from dataclasses import replace

    from engine.model.acceleration import round_one_players
    from engine.model.tournament import Acceleration

    listed = round_one_players(t)
    top = listed[: len(listed) // 2]
    table = tuple(Acceleration(pid, t.settings.points.win, 1, 2) for pid in top)
    return replace(t, settings=replace(t.settings, accelerations=table))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--generated", type=int, default=0, help="number of random tournaments")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--played-by", choices=("py4swiss", "ours"), default="py4swiss")
    ap.add_argument("--fixtures", type=Path, help="folder of bbpPairings Burstein files")
    ap.add_argument("--show", type=int, default=20)
    a = ap.parse_args()
    start = time.perf_counter()
    tally: Counter[str] = Counter()
    show: list[str] = []
    if a.fixtures:
        for path in sorted(a.fixtures.glob("*.trf")):
            tally += check_fixture(path)
    for seed in range(a.first_seed, a.first_seed + a.generated):
        tally += check_generated(seed, a.played_by, show)
    for line in show[: a.show]:
        print(line)
    for verdict, count in sorted(tally.items()):
        print(f"{count:6d}  {verdict}")
    total = sum(tally.values())
    same = sum(v for k, v in tally.items() if k.endswith("identical"))
    print(f"{time.perf_counter() - start:.0f} s")
    print(f"identical {same}/{total} rounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
