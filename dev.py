#!/usr/bin/env python3
"""Set up and run swisstui from a fresh clone, with nothing but Python 3.11+.

    python3 dev.py run      # create .venv, install, open the app on a sample event
                            # (a copy in demo/; delete it to start the sample afresh)
    python3 dev.py test     # create .venv, install, run the whole test suite
                            # (in parallel; 'python3 dev.py test -n 0' runs it in one process)

Other targets: ``setup``, ``conformance`` (all reference tournaments),
``bench`` (pairing speed). Extra arguments go to the program being run.
The virtual environment is reinstalled only when pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".swisstui-installed"
SAMPLE = ROOT / "sample_events" / "club-rapid.toml"
DEMO = ROOT / "demo"  # a working copy of the sample, so trying the app leaves the bundled file as it is
WORKERS = str(2 * (os.cpu_count() or 1))
"""Test processes for ``dev.py test`` (pytest-xdist's ``-n``): two a core. Many tests wait (a browser
drawing, a child process pairing, a server answering, an app settling), and a second process a core
uses that time: the whole suite (2241 tests) on two quiet cores took 224 s with -n 2, 197 s with -n 3
and 184 s with -n 4."""


def pytest_arguments(extra: list[str]) -> list[str]:
    """``extra`` as given, after ``-n WORKERS`` unless it says how many processes itself (``-n 0``: one)."""
    chosen = any(arg in ("-n", "--numprocesses") or arg.startswith(("-n", "--numprocesses=")) for arg in extra)
    return list(extra) if chosen else ["-n", WORKERS, *extra]


def test_environment() -> dict[str, str]:
    """This environment, but letting Python keep the modules it compiles (``__pycache__``, ignored by git).

    Where PYTHONDONTWRITEBYTECODE is set, each of the test processes and each of the few hundred
    programs the tests start (the CLI, the app in tmux, the pairing child) compiled swisstui, the
    engine and the tests again; on two cores the whole suite took 218 s with it set and 207 s without.
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def setup() -> None:
    if sys.version_info < (3, 11):
        sys.exit(f"swisstui needs Python 3.11 or later; this is {sys.version.split()[0]}")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text().strip() == wanted and PYTHON.exists():
        return
    if not PYTHON.exists():
        print("creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("installing swisstui and its dependencies into .venv (about a minute) ...", flush=True)
    _pip("install", "--quiet", "--upgrade", "pip")
    _pip("install", "--quiet", "-e", f"{ROOT}[test,serve]")
    STAMP.write_text(wanted)


def _pip(*args: str) -> None:
    """Run pip, showing what it printed only when it failed.

    pip and setuptools print warning banners even with --quiet (an index location
    that does not exist, an editable install); on success they only hide the one
    line that matters.
    """
    done = subprocess.run([str(PYTHON), "-m", "pip", *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace")
    if done.returncode != 0:
        sys.stdout.write(done.stdout)
        sys.exit(f"pip {' '.join(args)} failed (exit status {done.returncode}); its output is above")


def main(argv: list[str]) -> int:
    target, extra = (argv[0], argv[1:]) if argv else ("help", [])
    if target in ("help", "-h", "--help"):
        print(__doc__)
        return 0
    setup()
    if target == "setup":
        return 0
    if target == "run":
        if not extra:
            demo = DEMO / SAMPLE.name
            if not demo.exists():
                DEMO.mkdir(exist_ok=True)
                shutil.copyfile(SAMPLE, demo)
            extra = [str(demo.relative_to(ROOT))]
        return subprocess.call([str(BIN / "swisstui"), *extra], cwd=ROOT)
    if target == "test":
        return subprocess.call([str(PYTHON), "-m", "pytest", *pytest_arguments(extra)], cwd=ROOT, env=test_environment())
    if target == "conformance":
        # without arguments, the script reads the reference tournaments the repository carries
        return subprocess.call([str(PYTHON), "scripts/conformance.py", *extra], cwd=ROOT)
    if target == "bench":
        return subprocess.call([str(PYTHON), "benchmarks/pair_speed.py", *extra], cwd=ROOT)
    print(f"unknown target {target!r}; see 'python3 dev.py help'", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
