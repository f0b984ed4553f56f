"""docs/imports.svg, the picture ARCHITECTURE.md shows of the imports, drawn from the imports of today."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_committed_dot_file_is_the_imports_of_today():
    done = subprocess.run([sys.executable, "scripts/import_graph.py", "--check"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_svg_draws_every_arrow_of_the_dot_file():
    arrows = set(re.findall(r'^  "([\w.]+)" -> "([\w.]+)" \[label=', (ROOT / "docs/imports.dot").read_text(), re.M))
    titles = {html.unescape(t) for t in re.findall(r"<title>(.*?)</title>", (ROOT / "docs/imports.svg").read_text())}
    drawn = {tuple(t.split("->")) for t in titles if "->" in t}
    assert arrows and arrows <= drawn, sorted(arrows - drawn)
