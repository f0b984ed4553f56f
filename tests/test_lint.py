"""The code is linted: ruff, run as a separate process with the rules pyproject.toml chooses, finds nothing.

Pyflakes' findings are real mistakes or dead code (an import nobody uses, a variable assigned and
never read, a name that is not defined); the test keeps them at zero instead of leaving them to review.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def ruff(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ruff", *args], cwd=cwd, capture_output=True, text=True)


def test_ruff_finds_nothing():
    done = ruff("check", "--no-cache", ".")
    said = done.stdout + done.stderr
    assert done.returncode == 0 and "All checks passed" in said, said


def test_ruff_reads_the_projects_rules_and_catches_an_unused_import(tmp_path):
    """The rules in force are pyproject.toml's, and they catch what they are there for."""
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "loose.py").write_text("import os\n\n\ndef f():\n    unused = 1\n", encoding="utf-8")
    done = ruff("check", "--no-cache", ".", cwd=tmp_path)
    said = done.stdout + done.stderr
    assert done.returncode == 1, said
    assert "F401" in said and "F841" in said, said
