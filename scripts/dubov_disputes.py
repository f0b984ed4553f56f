#!/usr/bin/env python3
"""The Dubov rounds the two reference engines dispute: whom do we pair like?

    python scripts/dubov_disputes.py [--show 20] ../shared/fixtures/dubov

Reads ``disputed.csv`` of the fixture folder (file, round, verdict of the C++
engine, verdict of py4swiss against the file). The files were made by the
C++ engine, so its pairing of a round is the file's whenever its verdict is
``identical``. For every listed round this script pairs the round with our
engine and with py4swiss (test-only oracle) and tallies which of them we
match: same pairs, same colours and the same PAB. Each round is also put in
a class by what differs between the engines (the PAB, the pairs, or only
the colours), which is where docs/systems.md explains the reading we follow.
"""
from __future__ import annotations

import argparse
import csv
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import trf  # noqa: E402
from engine.model import RoundPairing  # noqa: E402
from engine.replay import before_round, colourless_boards, played_round  # noqa: E402
from engine.result import NoLegalPairing  # noqa: E402
from engine.systems.dubov import pair  # noqa: E402
from tests.engine.py4swiss_oracle import OracleError, py4swiss_dubov  # noqa: E402


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


def kind(a: RoundPairing | None, b: RoundPairing | None) -> str:
    """What differs between two pairings of a round, the most visible first."""
    if a is None or b is None:
        return "one engine failed"
    if a.bye != b.bye:
        return "PAB"
    if {frozenset((x.white, x.black)) for x in a.boards} != {frozenset((x.white, x.black)) for x in b.boards}:
        return "pairs"
    return "colours"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--show", type=int, default=0, help="list this many rounds where we match neither engine")
    ap.add_argument("folder")
    a = ap.parse_args()
    folder = Path(a.folder)
    with open(folder / "disputed.csv", newline="") as fh:
        rows = list(csv.reader(fh))[1:]
    tally: Counter[str] = Counter()
    classes: Counter[tuple[str, str]] = Counter()
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
            p4 = py4swiss_dubov(case)
        except OracleError:
            p4 = None
        like_cpp = same(ours, cpp, unknown) == "identical"
        like_p4 = same(ours, p4) == "identical"
        verdict = ("both" if like_cpp and like_p4 else "C++" if like_cpp else "py4swiss" if like_p4
                   else "C++ unknown" if cpp is None and cpp_verdict != "identical" else "neither")
        tally[verdict] += 1
        classes[(kind(cpp, p4) if cpp is not None else "C++ re-pairing differs from its file", verdict)] += 1
        if verdict == "neither" and shown < a.show:
            shown += 1
            print(f"neither: {name} round {rnd}")
    print("by class of dispute (C++ vs py4swiss) and whom we pair like:")
    for (cls, verdict), count in sorted(classes.items()):
        print(f"  {cls:<40} {verdict:<12} {count}")
    total = sum(tally.values())
    print(f"disputed rounds {total}: " + ", ".join(f"like {k} {v}" for k, v in sorted(tally.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
