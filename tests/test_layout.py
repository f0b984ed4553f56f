"""The repository's top level is the design card's, and the README's layout names each folder.

The card: ``pyproject.toml``, ``swisstui/``, ``engine/``, ``themes/``, ``sample_events/``,
``tests/``; beside them the README, the docs, the developer scripts and the CI folder.
``themes/`` stays at the top, where an arbiter or a club looks to change colours,
although it installs inside the package (see pyproject.toml and tests/test_wheel.py).
"""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CARD = {"pyproject.toml", "swisstui", "engine", "themes", "sample_events", "tests"}
BESIDE = {"README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "docs", "scripts", "benchmarks", "oracles", "dev.py", "Makefile", ".ci",
          ".git", ".gitignore", ".gitattributes"}


def _ignored(name: str) -> bool:
    """Left by a build, a test run or ``dev.py run`` (.venv, demo/): what .gitignore keeps out of a clone."""
    patterns = [line.strip().rstrip("/") for line in (ROOT / ".gitignore").read_text().splitlines()]
    return any(p and not p.startswith("#") and fnmatch.fnmatch(name, p) for p in patterns)


def test_the_top_level_is_the_design_cards():
    top = {p.name for p in ROOT.iterdir() if not _ignored(p.name)}
    assert CARD <= top, f"missing at the top level: {sorted(CARD - top)}"
    assert top - CARD - BESIDE == set(), "not on the design card"


def test_the_themes_are_at_the_top_level_only():
    assert sorted(p.name for p in (ROOT / "themes").glob("*.tcss")) == ["dark.tcss", "high-contrast.tcss",
                                                                        "light.tcss"]
    assert not (ROOT / "swisstui" / "themes").exists()


def test_the_readme_layout_names_every_folder_of_the_card():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## For developers"):]
    block = section[section.index("```") + 3:]
    block = block[:block.index("```")]
    named = set(re.findall(r"^(\S+)/\s", block, flags=re.MULTILINE))
    assert {name for name in CARD | BESIDE if (ROOT / name).is_dir() and not name.startswith(".")} - named == set()
