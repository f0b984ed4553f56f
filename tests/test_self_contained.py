"""The suite carries its own data: no test reads anything outside the repository.

A test that read the reference sets beside the checkout would pass on one machine
and skip, or fail, on every other clone. What a test needs is copied into
``tests/data/`` (see the README there) and found through ``tests/data_paths.py``.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from tests.data_paths import DATA

TESTS = Path(__file__).resolve().parent
TEXT = {".py", ".md", ".toml", ".txt", ".cfg", ".ini", ".json", ".csv"}

# Paths that leave the repository: an absolute path into the workspace, the sibling
# shared folder written relatively, or reached by climbing from a test file.
OUTSIDE = (
    re.compile(r"/work/"),
    re.compile(r"\.\./shared"),
    re.compile(r"""\bparents?\b(\[\d+\])?(\.parent)*\s*/\s*["']shared["']"""),
)


def _sources() -> list[Path]:
    # this file is left out: it spells the patterns it looks for
    return [
        p for p in sorted(TESTS.rglob("*"))
        if p.is_file() and p.suffix in TEXT and p != Path(__file__).resolve() and "__pycache__" not in p.parts
    ]


def test_no_test_refers_to_data_outside_the_repository() -> None:
    sources = _sources()
    assert TESTS / "data_paths.py" in sources and TESTS / "data" / "README.md" in sources  # the walk found the suite
    found = [
        f"{path.relative_to(TESTS.parent)}:{number}: {line.strip()}"
        for path in sources
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if any(pattern.search(line) for pattern in OUTSIDE)
    ]
    assert not found, "paths outside the repository:\n" + "\n".join(found)


def test_the_patterns_catch_the_ways_tests_used_to_reach_outside() -> None:
    written = [
        'FIXTURES = Path("/work/shared/fixtures/dutch")',
        'SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "fixtures"',
        'FIXTURE = Path(__file__).resolve().parents[3] / "shared" / "fixtures"',
        "python3 check_pairings.py ../shared/fixtures/dutch",
    ]
    for line in written:
        assert any(pattern.search(line) for pattern in OUTSIDE), line
    assert not any(pattern.search('real = tmp_path / "shared" / "EVENT.toml"') for pattern in OUTSIDE)


def test_copies_match_their_recorded_digests() -> None:
    """Every data file is listed in SHA256SUMS with the digest of the reference it was copied from."""
    listed = {}
    for line in (DATA / "SHA256SUMS").read_text(encoding="ascii").splitlines():
        digest, name = line.split(maxsplit=1)
        listed[name] = digest
    present = {
        p.relative_to(DATA).as_posix() for p in DATA.rglob("*")
        if p.is_file() and p.name not in ("README.md", "SHA256SUMS") and "__pycache__" not in p.parts
    }
    assert present == set(listed), f"unlisted {sorted(present - set(listed))}, missing {sorted(set(listed) - present)}"
    changed = [name for name, digest in listed.items() if hashlib.sha256((DATA / name).read_bytes()).hexdigest() != digest]
    assert not changed, f"changed since copied: {changed}"
    assert sum(name.startswith("fixtures/dutch/") for name in listed) == 150
    assert sum(name.startswith("fixtures/burstein/") for name in listed) == 150


def test_scripts_and_benchmarks_never_import_the_test_suite() -> None:
    # The long runs use the same code the tests check through oracles/, never tests/ itself.
    import ast

    root = TESTS.parent
    offenders = []
    for path in sorted([*root.glob("scripts/*.py"), *root.glob("benchmarks/*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.relative_to(root)}:{node.lineno} {n}" for n in names if n.split(".")[0] == "tests"]
    assert offenders == []
