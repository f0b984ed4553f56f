#!/usr/bin/env python3
"""Compare our tie-breaks with Gacrux's checker (the FIDE TEC's, C.07 2026) on reference tournaments.

    python scripts/tiebreak_conformance.py [--jobs 1] [--show 20] FILE_OR_DIR...

For every file: every individual tie-break both programs compute (C.07 art. 7-10,
with Cut/Median variants), for every player, must have the same value; and the
final ranking under ``BH/C1,BH,SB,DE,WIN`` and under ``PS,BH,ARO,TPR`` must be the
same. Differences are listed; the last lines give the counts.
"""
from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import trf  # noqa: E402
from engine.tiebreaks import Crosstable, parse_list, rank  # noqa: E402
from oracles.tiebreak_values import comparable, gacrux_tiebreaks, same  # noqa: E402

VALUES = ("DE,WIN,WON,BPG,BWG,PS,PS/C1,REP,STD,TPN,BH,BH/C1,BH/C2,BH/M1,BH/M2,AOB,FB,FB/C1,SB,SB/C1,"
          "SB/M1,ARO,ARO/C1,ARO/M1,TPR,PTP,APRO,APPO,RTNG")
RANKINGS = ("BH/C1,BH,SB,DE,WIN", "PS,BH,ARO,TPR")


def check_file(path: str) -> dict:
    text = Path(path).read_text(encoding="latin-1")
    t = trf.loads(text, source=path).tournament
    ct = Crosstable(t)
    out = {"file": Path(path).name, "compared": 0, "identical": 0, "diffs": [], "rankings": 0, "rank_same": 0}
    tbs = [tb for tb in parse_list(VALUES) if tb.acronym != "DE"]  # DE is a rank inside a group: see rankings
    ours = rank(ct, tuple(tbs))
    # Gacrux's FB changes the players' state for the tie-breaks computed after it in the
    # same run (docs/tiebreaks.md), so FB is asked for in a run of its own.
    fore = [i for i, tb in enumerate(tbs) if tb.acronym == "FB"]
    rest = [i for i, tb in enumerate(tbs) if tb.acronym != "FB"]
    theirs = {pid: [None] * len(tbs) for pid in ct.ids}
    for idx in (rest, fore):
        _, got = gacrux_tiebreaks(text, [tbs[i].code for i in idx], rounds=ct.after)
        for pid in ct.ids:
            for j, i in enumerate(idx):
                theirs[pid][i] = got[pid][j]
    for pid in ct.ids:
        for i, tb in enumerate(tbs):
            out["compared"] += 1
            a, b = comparable(tb.acronym, ours.values[pid][i], ct.after), theirs[pid][i]
            if same(a, b):
                out["identical"] += 1
            else:
                out["diffs"].append(f"{out['file']} player {pid} {tb.code}: ours {a}, gacrux {b}")
    for codes in RANKINGS:
        lst = parse_list(codes)
        ranked = rank(ct, lst)
        granks, gvals = gacrux_tiebreaks(text, [tb.code for tb in lst], rounds=ct.after)
        out["rankings"] += 1
        wrong = [pid for pid in ct.ids if ranked.rank[pid] != granks[pid]]
        if not wrong:
            out["rank_same"] += 1
        for pid in wrong[:5]:
            out["diffs"].append(f"{out['file']} [{codes}] player {pid}: our rank {ranked.rank[pid]}, gacrux {granks[pid]}")
        for pid in ct.ids:  # DE values are compared here, in the groups the list forms
            for i, tb in enumerate(lst):
                if tb.acronym == "DE":
                    out["compared"] += 1
                    if same(ranked.values[pid][i].value, gvals[pid][i]):
                        out["identical"] += 1
                    else:
                        out["diffs"].append(f"{out['file']} [{codes}] player {pid} DE: ours "
                                            f"{ranked.values[pid][i].value}, gacrux {gvals[pid][i]}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--show", type=int, default=20)
    args = ap.parse_args()
    files = []
    for p in map(Path, args.paths):
        files += sorted(p.glob("*.trf")) if p.is_dir() else [p]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(check_file, map(str, files))
    else:
        results = [check_file(str(f)) for f in files]
    diffs = [d for r in results for d in r["diffs"]]
    for d in diffs[: args.show]:
        print(d)
    players = sum(r["compared"] for r in results)
    same_ = sum(r["identical"] for r in results)
    rk = sum(r["rankings"] for r in results)
    rk_same = sum(r["rank_same"] for r in results)
    print(f"files {len(files)}")
    print(f"values: identical {same_}/{players} (players x tie-breaks)")
    print(f"rankings: identical {rk_same}/{rk} ({', '.join(RANKINGS)})")
    return 0 if not diffs else 1


if __name__ == "__main__":
    sys.exit(main())
