#!/usr/bin/env python3
"""The tie-break list and the ranks through TRF26 (records 202/212, rank column), on reference tournaments.

    python scripts/tiebreak_trf_roundtrip.py [--jobs 1] [--show 20] [--no-gacrux] FILE_OR_DIR...

Every file is given each list of LISTS as record 202 and written as our TRF26
rating report; the report is read back (the same list, the same standings, the
same text when written again) and handed to Gacrux's tie-break checker, which
reads the list from the file and checks every rank written in columns 86-89.
The last lines give the counts.
"""
from __future__ import annotations

import argparse
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import trf  # noqa: E402
from engine.awards.standings import standings  # noqa: E402
from oracles.gacrux_tiebreaks import gacrux_rank_check, rank_column, with_records  # noqa: E402

# FB last: Gacrux's FB changes the tie-breaks it computes after it (docs/tiebreaks.md)
LISTS = ("BH/C1,BH,SB,DE,WIN", "PS,BH,ARO,TPR", "DE,BH/M1,STD,TPN/R,RTNG",
         "SB/C1,AOB/F,WON,BPG,BWG,REP,PTP,APRO,APPO,PS/C1,ARO/M1,BH/C2,SB/M1,FB/C1")


def check_file(job: tuple[str, bool]) -> dict:
    path, gacrux = job
    name = Path(path).name
    out = {"exports": 0, "ranks": 0, "same": 0, "gacrux_ranks": 0, "gacrux_same": 0, "diffs": []}
    original = Path(path).read_text(encoding="latin-1")
    for codes in LISTS:
        t = trf.loads(with_records(original, f"202 {codes}"), source=path).tournament
        expected = standings(t).rank_of
        text = trf.dumps(t)
        back = trf.loads(text, source=f"{name} as written").tournament
        again = standings(back).rank_of
        written = rank_column(text)
        out["exports"] += 1
        if back.settings.tiebreaks != t.settings.tiebreaks or trf.dumps(back) != text:
            out["diffs"].append(f"{name} [{codes}]: read back as {','.join(back.settings.tiebreaks)} or written differently")
        for pid, rank in expected.items():
            out["ranks"] += 1
            if written[pid] == rank == again[pid]:
                out["same"] += 1
            else:
                out["diffs"].append(f"{name} [{codes}] player {pid}: rank {rank}, written {written[pid]}, read back {again[pid]}")
        if gacrux:
            check = gacrux_rank_check(text, rounds=t.rounds_played)
            if check.codes != ("PTS", *t.settings.tiebreaks):
                out["diffs"].append(f"{name} [{codes}]: Gacrux read the list as {','.join(check.codes)}")
            for pid, rank in written.items():
                out["gacrux_ranks"] += 1
                if check.ranks[pid] == rank:
                    out["gacrux_same"] += 1
                else:
                    out["diffs"].append(f"{name} [{codes}] player {pid}: written {rank}, Gacrux {check.ranks[pid]}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--show", type=int, default=20)
    ap.add_argument("--no-gacrux", action="store_true", help="skip Gacrux's check of the written ranks")
    args = ap.parse_args()
    files = []
    for p in map(Path, args.paths):
        files += sorted(p.glob("*.trf")) if p.is_dir() else [p]
    jobs = [(str(f), not args.no_gacrux) for f in files]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(check_file, jobs)
    else:
        results = [check_file(job) for job in jobs]
    diffs = [d for r in results for d in r["diffs"]]
    for d in diffs[: args.show]:
        print(d)
    total = {key: sum(r[key] for r in results) for key in ("exports", "ranks", "same", "gacrux_ranks", "gacrux_same")}
    print(f"files {len(files)}, exports {total['exports']} ({len(LISTS)} lists each)")
    print(f"ranks written, read back and recomputed: identical {total['same']}/{total['ranks']}")
    if not args.no_gacrux:
        print(f"ranks Gacrux computes from the file's own 202: identical {total['gacrux_same']}/{total['gacrux_ranks']}")
    return 0 if not diffs else 1


if __name__ == "__main__":
    sys.exit(main())
