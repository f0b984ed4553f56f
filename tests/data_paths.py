"""Where the tests find their data: ``tests/data/``, beside this file, in every clone.

The reference tournaments the tests pair, read and write are copied into the
repository (see ``tests/data/README.md``), so a clone in any folder runs the
whole suite. Nothing here looks outside the repository or falls back to other
data: a missing file is an error the suite reports, never a reason to skip.
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
FIXTURES = DATA / "fixtures"
DUTCH = FIXTURES / "dutch"
BURSTEIN = FIXTURES / "burstein"
DUBOV = FIXTURES / "dubov"
CHECKER = DATA / "tools" / "check_pairings.py"
BERGER = DATA / "berger"
"""Gacrux's round-robin schedules, one CSV per size: ``system,round,board,white,black`` (black 0: the bye)."""
FORMAT_2026_11 = DATA / "format-2026-11"
"""Event files as swisstui wrote them in November 2026 (schema 1, one game a board): every one must still open."""


class MissingTestData(FileNotFoundError):
    """A file or set the tests need is not in ``tests/data/``: the checkout is incomplete."""


def _present(path: Path) -> Path:
    if not path.is_file():
        raise MissingTestData(f"test data missing: {path} (tests/data/README.md lists what belongs there)")
    return path


def dutch(name: str) -> Path:
    """One reference tournament of the Dutch set, by file name."""
    return _present(DUTCH / name)


def checker() -> Path:
    """The reference pairing checker, whose reading of a TRF file the TRF tests compare with ours."""
    return _present(CHECKER)


def tournaments(folder: Path) -> list[Path]:
    """Every reference tournament of one set, in name order; an empty or missing set is an error.

    Raised at collection, the error stops the run: a parametrised test over an
    empty list would otherwise be skipped without a word.
    """
    files = sorted(folder.glob("*.trf"))
    if not files:
        raise MissingTestData(f"test data missing: no tournaments in {folder} (see tests/data/README.md)")
    return files


def berger(players: int) -> Path:
    """Gacrux's schedules for a round robin of ``players`` (3 to 24)."""
    return _present(BERGER / f"rr-{players:02d}.csv")
