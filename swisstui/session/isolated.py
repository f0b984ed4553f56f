"""Starting a child Python that imports nothing from the folder the arbiter started in.

``python -c`` and ``python -m`` put the current folder first on ``sys.path``:
an ``engine/``, ``swisstui/`` or ``json.py`` lying in the folder the arbiter
runs swisstui from would be imported by the child instead of ours (code
running with the arbiter's rights, and pairings made by it). Children start
isolated (``-I``: no current folder, no ``PYTHON*`` variables, no user
site-packages) and are handed the folder that holds this very package, at the
end of the path, so they import the same swisstui and engine as the parent
and never shadow the standard library.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

# The folder holding the swisstui and engine packages the parent runs.
PACKAGE_ROOT = str(Path(__file__).resolve().parents[1])


def python_argv(code: str) -> list[str]:
    """The command that runs ``code`` in an isolated child Python (a list for subprocess)."""
    prelude = f"import sys; sys.path.append({PACKAGE_ROOT!r}); "
    return [sys.executable, "-I", "-c", prelude + code]


def python_command(code: str) -> str:
    """The same as one shell command line (for programs that start children through a shell)."""
    return shlex.join(python_argv(code))
