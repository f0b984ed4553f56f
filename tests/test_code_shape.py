"""Size limits of the code, read from the source: no module over 600 lines, no function over 80.

A long module or function is where a newcomer gets lost and where the next pairing system
copies a shape nobody chose. The rare exception is named in ``ALLOWED`` with the reason it
must stay; an exception that is no longer needed fails too, so the list cannot outlive its
reasons.

A module's length is its number of lines; a function's (or method's) runs from its ``def``
line to its last line (``end_lineno - lineno + 1``, decorators aside), nested functions
counted in their own right as well as inside the function that holds them.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "swisstui")
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80

# "path" for a module, "path::Qualified.name" for a function or method: why it stays long.
ALLOWED: dict[str, str] = {}


def too_long(root: Path, packages: tuple[str, ...] = PACKAGES) -> dict[str, str]:
    """Every module and function of ``packages`` under ``root`` beyond the limits, with its length."""
    found: dict[str, str] = {}
    for path in sorted(p for package in packages for p in (root / package).rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        lines = len(text.splitlines())
        if lines > MAX_MODULE_LINES:
            found[rel] = f"module of {lines} lines (limit {MAX_MODULE_LINES})"
        for name, node in _functions(ast.parse(text, filename=rel)):
            length = node.end_lineno - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                found[f"{rel}::{name}"] = f"function of {length} lines (limit {MAX_FUNCTION_LINES}), line {node.lineno}"
    return found


def _functions(node: ast.AST, prefix: str = "") -> list[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    """Functions and methods at any depth, named by their class and function path (``Class.method.inner``)."""
    found = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            name = prefix + child.name
            if not isinstance(child, ast.ClassDef):
                found.append((name, child))
            found += _functions(child, name + ".")
        else:
            found += _functions(child, prefix)
    return found


def test_the_measure_sees_the_code():
    """The walk reaches methods and nested functions of the real packages."""
    names = {name for path in (ROOT / "engine").rglob("*.py") for name, _ in _functions(ast.parse(path.read_text()))}
    assert {"PerfectMatcher.uncovered_edges", "loads", "pair"} <= names


def test_the_measure_finds_what_is_too_long(tmp_path):
    package = tmp_path / "engine"
    package.mkdir()
    body = "\n".join(f"        x = {i}" for i in range(MAX_FUNCTION_LINES - 1))
    (package / "long.py").write_text(
        f"class C:\n    def fits(self):\n{body}\n\n    def method(self):\n{body}\n        def inner():\n"
        "            pass\n"
    )
    (package / "big.py").write_text("\n" * MAX_MODULE_LINES + "x = 1\n")
    assert too_long(tmp_path, ("engine",)) == {
        "engine/big.py": f"module of {MAX_MODULE_LINES + 1} lines (limit {MAX_MODULE_LINES})",
        "engine/long.py::C.method": f"function of {MAX_FUNCTION_LINES + 2} lines (limit {MAX_FUNCTION_LINES}), line "
                                    f"{MAX_FUNCTION_LINES + 3}",
    }


def test_no_module_or_function_too_long():
    unexplained = {k: v for k, v in too_long(ROOT).items() if k not in ALLOWED}
    assert not unexplained, (
        "split these along what they do, or name them in ALLOWED with the reason they must stay:\n"
        + "\n".join(f"{k}: {v}" for k, v in sorted(unexplained.items()))
    )


def test_every_exception_is_still_needed():
    stale = sorted(set(ALLOWED) - set(too_long(ROOT)))
    assert not stale, "within the limits now, remove from ALLOWED:\n" + "\n".join(stale)
