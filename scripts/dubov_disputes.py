#!/usr/bin/env python3
"""The Dubov rounds the two reference engines dispute: whom do we pair like?

    python scripts/dubov_disputes.py [--show 20] ../shared/fixtures/dubov

Reads ``disputed.csv`` of the fixture folder (file, round, verdict of the C++
engine, verdict of py4swiss against the file). The files were made by the
C++ engine, so its pairing of a round is the file's whenever its verdict is
``identical``. For every listed round this script pairs the round with our
engine and with py4swiss (test-only oracle) and tallies which of them we
match: same pairs, same colours and the same PAB. Where an engine pairs a
round otherwise than we do, the validator (engine.validate.check, with our pairing
as the reference) names the article on which its pairing is worse: that is
the class of the dispute, and docs/systems.md gives the reading of the text
we follow for each.
"""
from __future__ import annotations

import argparse
import csv
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import trf  # noqa: E402
from engine.model.result import NoLegalPairing  # noqa: E402
from engine.model.tournament import RoundPairing  # noqa: E402
from engine.systems.dubov import pair  # noqa: E402
from engine.systems.replay import before_round, colourless_boards, played_round  # noqa: E402
from engine.validate.check import validate  # noqa: E402
from engine.validate.violations import Severity  # noqa: E402
from oracles.py4swiss import WitnessError, py4swiss_pair  # noqa: E402


def same(a: RoundPairing | None, b: RoundPairing | None, unknown=frozenset()) -> str:
    """``identical``, ``colours`` (same pairs and PAB, other colours) or ``different``."""
    if a is None or b is None:
        return "missing"
    pa = {frozenset((x.white, x.black)) for x in a.boards}
    pb = {frozenset((x.white, x.black)) for x in b.boards}
    if pa != pb or a.bye != b.bye:
        return "different"
    ca = {(x.white, x.black) for x in a.boards if frozenset((x.white, x.black)) not in unknown}
    cb = {(x.white, x.black) for x in b.boards if frozenset((x.white, x.black)) not in unknown}
    return "identical" if ca == cb else "colours"


def article(case, theirs: RoundPairing, ours: RoundPairing) -> str:
    """The first rule on which ``theirs`` is worse than our pairing (absolute rules first)."""
    for v in validate(case, theirs, reference=ours):
        if v.severity is not Severity.NOTE:
            return f"{v.severity.value} {v.rule}"
    return "no worse on any criterion"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--show", type=int, default=0, help="list this many rounds where we match neither engine")
    ap.add_argument("folder")
    a = ap.parse_args()
    folder = Path(a.folder)
    with open(folder / "disputed.csv", newline="") as fh:
        rows = list(csv.reader(fh))[1:]
    tally: Counter[str] = Counter()
    worse: Counter[tuple[str, str]] = Counter()
    shown = 0
    loaded: dict[str, object] = {}
    for name, rnd_text, cpp_verdict, _p4_verdict in rows:
        rnd = int(rnd_text)
        if name not in loaded:
            loaded[name] = trf.load(folder / name).pairing_tournament()
        t = loaded[name]
        case = before_round(t, rnd)
        unknown = colourless_boards(t, rnd)
        cpp = played_round(t, rnd) if cpp_verdict == "identical" else None
        try:
            ours = pair(case).as_round()
        except NoLegalPairing:
            ours = None
        try:
            p4 = py4swiss_pair(case, "dubov", as_written=True)  # the text as written, no adaptation
        except WitnessError:
            p4 = None
        like_cpp = same(ours, cpp, unknown) == "identical"
        like_p4 = same(ours, p4) == "identical"
        verdict = ("both" if like_cpp and like_p4 else "C++" if like_cpp else "py4swiss" if like_p4
                   else "C++ unknown" if cpp is None and cpp_verdict != "identical" else "neither")
        tally[verdict] += 1
        if ours is not None:
            for engine, theirs in (("C++", cpp), ("py4swiss", p4)):
                if theirs is not None and same(ours, theirs, unknown) != "identical":
                    worse[(engine, article(case, theirs, ours))] += 1
        if verdict == "neither" and shown < a.show:
            shown += 1
            print(f"neither: {name} round {rnd}")
    print("where an engine pairs otherwise than we do, the first article on which its pairing is worse:")
    for (engine, rule), count in sorted(worse.items()):
        print(f"  {engine:<9} {rule:<40} {count}")
    total = sum(tally.values())
    print(f"disputed rounds {total}: " + ", ".join(f"like {k} {v}" for k, v in sorted(tally.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
