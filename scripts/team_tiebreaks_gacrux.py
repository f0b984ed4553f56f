#!/usr/bin/env python3
"""Compare our team tie-breaks with Gacrux's checker (the FIDE TEC's, C.07 2026) on team tournaments.

    python scripts/team_tiebreaks_gacrux.py [--show 20] [--every-round] FILE_OR_DIR...

For every team TRF-2026 file (records 310, 320, 330, 352 and the players' rows):
every value of ``oracles.team_tiebreaks.VALUES`` for every team (the individual
tie-breaks of C.07 art. 6-9 on match and game points, MPvGP, the extended
Sonneborn-Bergers with their cuts, BC, SSSC and its modifiers), FB and SSSC/F in a
run of their own, WIN/WON/REP/TPN where match points decide, and the final
rankings of ``RANKINGS`` (DE, EDE and its board chains, TBR, BBE are decided inside
tied groups, so they are compared as rankings; a line says how often the board
chains of EDE decided something). Differences are listed, then the counts. Known readings apart
(docs/tiebreaks.md) are counted on their own line. ``--every-round`` compares the
standings after every round, not only the final ones (SSSC only where 13.4's
normalising factor is at least 1).
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.trf.team_read import read_team_trf  # noqa: E402
from oracles.team_tiebreaks import Report, compare_file  # noqa: E402


def _files(args: list[str]) -> list[Path]:
    out: list[Path] = []
    for a in args:
        p = Path(a)
        out.extend(sorted(p.glob("*.trf")) if p.is_dir() else [p])
    return out


def _reports(files: list[Path], every_round: bool) -> Iterator[Report]:
    for path in files:
        if every_round:
            tt = read_team_trf(path.read_text(encoding="latin-1"), str(path))
            for after in range(1, tt.rounds_played):
                yield compare_file(path, after)
        yield compare_file(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--show", type=int, default=20, help="differences to list")
    parser.add_argument("--every-round", action="store_true", help="the standings after every round too")
    args = parser.parse_args(argv)
    files = _files(args.paths)
    values = same_values = rankings = same_rankings = 0
    diffs: list[str] = []
    apart: list[str] = []
    chain_moved = 0
    apart_codes: dict[str, int] = {}
    for r in _reports(files, args.every_round):
        values += r.values_compared
        same_values += r.values_identical
        rankings += r.rankings_compared
        same_rankings += r.rankings_identical
        diffs.extend(r.diffs)
        apart.extend(r.disagreements)
        chain_moved += r.chain_moved
        for d in r.disagreements:
            code = d.split()[3].rstrip(":")
            apart_codes[code] = apart_codes.get(code, 0) + 1
    for d in diffs[:args.show]:
        print(d)
    print(f"files {len(files)}" + (", standings after every round" if args.every_round else ""))
    print(f"values: identical {same_values}/{values} (teams x tie-breaks)")
    print(f"rankings: identical {same_rankings}/{rankings}")
    print(f"board chains of 13.3.2: {chain_moved} team ranks (EDET, EDEB, EDEBT, EDEBB) differ from EDE alone")
    print(f"readings apart (docs/tiebreaks.md: WIN/WON/REP where game points decide, SSSC's factor before the "
          f"last round): {len(apart)} values (" + ", ".join(f"{c} {n}" for c, n in sorted(apart_codes.items())) + ")")
    return 0 if not diffs else 1


if __name__ == "__main__":
    sys.exit(main())
