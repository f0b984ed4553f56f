"""The type checker's word on the code: mypy runs over it here, so no error creeps back in unseen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_swisstui_type_checks():
    """swisstui/ at mypy's default strictness (its section of pyproject.toml), with no error.

    ``--follow-imports=silent``: engine/ is read for the types swisstui uses, and its own
    errors are left to engine's test, which holds it to stricter rules.
    """
    done = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", "swisstui"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    said = done.stdout + done.stderr
    print(said)
    assert done.returncode == 0 and "Success: no issues found" in done.stdout, said
