"""Pair the next round of a team TRF-2026 file by C.04.6 (the checkers' protocol).

    python -m engine.trf.team_pair FILE.trf -p OUT

writes the number of matches, then one ``WHITE BLACK`` line a match (team pairing
numbers, WHITE with White on board 1), ``T 0`` for the bye. ``--explain`` prints the
review's steps of the pairing (:mod:`engine.systems.team.narrate`) on standard output.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.systems.team.pairing import NoTeamPairing, pair_team
from engine.trf.errors import TrfError
from engine.trf.team_read import read_team_trf


def main(argv: list[str] | None = None) -> int:
    """Read, pair, write; errors go to stderr with exit status 1."""
    parser = argparse.ArgumentParser(prog="python -m engine.trf.team_pair", description=__doc__.split("\n\n")[0])
    parser.add_argument("trf")
    parser.add_argument("-p", "--pairings", help="file to write (standard output when left out)")
    parser.add_argument("--explain", action="store_true", help="print the steps of the pairing, article by article")
    args = parser.parse_args(argv)
    path = Path(args.trf)
    try:
        event = read_team_trf(path.read_text(encoding="latin-1"), source=str(path))
        pairing = pair_team(event)
    except (OSError, TrfError, NoTeamPairing) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    lines = [str(len(pairing.matches))] + [f"{m.white} {m.black}" for m in pairing.matches]
    text = "\n".join(lines) + "\n"
    if args.pairings:
        Path(args.pairings).write_text(text, encoding="ascii")
    else:
        sys.stdout.write(text)
    if args.explain:
        # imported here: the checkers' protocol (and its benchmark) does not pay for the review
        from engine.model.explain import render
        from engine.systems.team.narrate import explain

        sys.stdout.write(render(explain(event, pairing)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
