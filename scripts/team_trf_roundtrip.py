#!/usr/bin/env python3
"""Every reference team tournament read, written and read back, and every round paired by Gacrux from
the file we wrote as it stood before that round.

    .venv/bin/python scripts/team_trf_roundtrip.py ../shared/fixtures/team

For each file: our reader's document, written by us and read again, must be equal to it (the round
trip), and the written text is compared with the file (lines that differ other than ``   0`` written
``0000`` in an empty opponent column are counted). Then for each round r that the file records
Gacrux's pairing of, the document cut before round r (``team_document.before_round``) is written,
paired by Gacrux (``python -m gacrux.pairingchecker -p -i FILE -d T``) and by our ``pair_team``,
and both are compared with the recorded round (the pairs, White on board 1 first). Gacrux is
test-only: run it from the test environment. The figures are quoted in docs/trf.md.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.trf.errors import TrfError  # noqa: E402
from engine.trf.team_load import read_team_document  # noqa: E402
from engine.trf.team_write import write_team_trf  # noqa: E402
from oracles.gacrux_team import GacruxTeamError, recorded_rounds, round_checks  # noqa: E402


def _text_differs(original: str, written: str) -> int:
    """Lines of ``written`` unlike the file's, an empty opponent's ``   0`` read as ``0000``."""
    a = [ln.replace("     0 - ", "  0000 - ") for ln in original.splitlines()]
    b = written.splitlines()
    return sum(1 for x, y in zip(a, b) if x != y) + abs(len(a) - len(b))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    files = sorted(args.folder.glob("*.trf"))
    start = time.monotonic()
    equal = identical = rounds = gacrux_same = ours_same = both_same = 0
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            text = path.read_text(encoding="latin-1")
            try:
                doc = read_team_document(text, str(path))
                written = write_team_trf(doc)
                again = read_team_document(written, f"{path.name} as written")
            except (TrfError, ValueError) as exc:
                problems.append(f"{path.name}: {exc}")
                continue
            equal += again == doc
            identical += _text_differs(text, written) == 0
            if again != doc:
                problems.append(f"{path.name}: read back unequal")
            try:
                checks = round_checks(doc, recorded_rounds(text), Path(tmp), path.stem)
            except GacruxTeamError as exc:
                problems.append(str(exc))
                continue
            for c in checks:
                rounds += 1
                gacrux_same += c.gacrux == c.recorded
                ours_same += c.ours == c.recorded
                both_same += c.gacrux == c.ours
                if not c.gacrux == c.ours == c.recorded:
                    problems.append(f"{path.name} round {c.round}: gacrux {sorted(c.gacrux)}, ours {sorted(c.ours)}, "
                                    f"recorded {sorted(c.recorded)}")
    for line in problems:
        print(line)
    n = len(files)
    print(f"files: {n}; read, written and read back equal: {equal}/{n}; "
          f"written text equal to the file (0000 for an empty opponent): {identical}/{n}")
    print(f"rounds paired from our written files: {rounds}; Gacrux = recorded {gacrux_same}/{rounds}; "
          f"ours = recorded {ours_same}/{rounds}; Gacrux = ours {both_same}/{rounds}")
    print(f"{time.monotonic() - start:.0f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
