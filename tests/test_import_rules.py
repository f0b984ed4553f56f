"""The layering rules, read from the source: breaking one fails the build.

Every ``import`` in ``engine/`` and ``swisstui/`` counts, at the top of a module or inside a
function (a late import is still an import). A broken rule is reported with the file and
line of the import that breaks it.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "swisstui")

USER_INTERFACE = ("swisstui.app", "swisstui.screens", "swisstui.widgets", "swisstui.views", "swisstui.commands")

# (who, what they must not import, why)
RULES = (
    (("engine",), ("swisstui", "textual", "rich", "tomllib", "tomli_w"),
     "the engine is pure Python: nothing of the application, of Textual or Rich, no TOML code"),
    (USER_INTERFACE, ("engine.systems", "swisstui.store"),
     "the user interface reaches the pairing systems and the event files only through swisstui.actions, "
     "which turns their errors into ActionError"),
    (USER_INTERFACE, ("swisstui.publish", "swisstui.publish_index", "swisstui.prize_sheets", "swisstui.trf_export",
                      "swisstui.file_writer", "swisstui.player_import"),
     "the user interface publishes lists and reads files of players only through swisstui.actions, "
     "which turns their errors into ActionError"),
    (("swisstui.store", "swisstui.event", "swisstui.actions", "swisstui.action_errors", "swisstui.pairing_numbers",
      "swisstui.session_core", "swisstui.player_actions", "swisstui.history_actions", "swisstui.settings_actions",
      "swisstui.proposal", "swisstui.pairing_process", "swisstui.player_import"),
     ("textual", "rich", *USER_INTERFACE),
     "the event, its files and the actions know nothing of the user interface"),
    (("swisstui.views",), ("textual",),
     "views turn data into rows and text; widgets and screens are Textual's side"),
)


@dataclass(frozen=True)
class Import:
    importer: str  # the module that imports
    target: str  # the module (or, for ``from m import name``, the module m or m.name when that is a module)
    where: str  # file:line


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_files() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


MODULES = {module_name(p) for p in source_files()}


def imports_of(path: Path) -> list[Import]:
    importer = module_name(path)
    package = importer if path.name == "__init__.py" else importer.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Import):
            found += [Import(importer, alias.name, where) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # from . import x, from ..m import y
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append(Import(importer, sub if sub in MODULES else base, where))
    return found


@functools.cache
def all_imports() -> list[Import]:
    return [i for path in source_files() for i in imports_of(path)]


def within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def test_the_walk_sees_the_code():
    found = {(i.importer, i.target) for i in all_imports()}
    assert {"engine.model", "swisstui.app", "swisstui.screens.review", "swisstui.store.read"} <= MODULES
    assert ("swisstui.app", "swisstui.actions") in found  # from swisstui.actions import ...
    assert ("swisstui.actions", "swisstui.store") in found  # from swisstui import store
    assert ("swisstui.cli", "swisstui.cli_commands") in found  # inside a function


@pytest.mark.parametrize("who, forbidden, why", RULES, ids=[" ".join(r[0]) for r in RULES])
def test_import_rule(who, forbidden, why):
    broken = [f"{i.where}: {i.importer} imports {i.target}" for i in all_imports()
              if within(i.importer, who) and within(i.target, forbidden)]
    assert not broken, f"{why}:\n" + "\n".join(broken)


def test_no_import_cycles():
    """A cycle makes the import order matter; what two modules share belongs in a third they both import."""
    graph: dict[str, set[str]] = {}
    for i in all_imports():
        if i.target in MODULES and i.target != i.importer:
            graph.setdefault(i.importer, set()).add(i.target)
    cycles = []
    state: dict[str, int] = {}  # 1 on the current path, 2 done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:  # back on the current path: a cycle
                cycles.append(" -> ".join(path[path.index(target):] + [module, target]))
            elif target not in state:
                visit(target, path + [module])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [])
    assert not cycles, "import cycles:\n" + "\n".join(cycles)
