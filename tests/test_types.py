"""The code is type-checked: mypy, run as a separate process, finds no error.

The engine is checked with ``--strict``: every function annotated, no bare
generics, no ``Any`` leaking out of a typed function, no implicit re-exports.
A ``# type: ignore[code]`` is allowed only where a third-party library or a
deliberately dynamic case needs it, with the reason beside it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True)


def test_engine_is_strictly_typed() -> None:
    run = mypy("--strict", "engine")
    assert run.returncode == 0 and "Success: no issues found" in run.stdout, \
        f"mypy --strict engine:\n{run.stdout}{run.stderr}"
