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
     "the user interface reaches the pairing systems and the event files only through swisstui.session.actions, "
     "which turns their errors into ActionError"),
    (USER_INTERFACE, ("swisstui.publish", "swisstui.publish_index", "swisstui.prize_sheets", "swisstui.trf_export",
                      "swisstui.file_writer", "swisstui.session.player_import"),
     "the user interface publishes lists and reads files of players only through swisstui.session.actions, "
     "which turns their errors into ActionError"),
    (("swisstui.store", "swisstui.event", "swisstui.session", "swisstui.match_records", "swisstui.event_matches"),
     ("textual", "rich", *USER_INTERFACE),
     "the event, its files and the actions know nothing of the user interface"),
    (("swisstui.views",), ("textual",),
     "views turn data into rows and text; widgets and screens are Textual's side"),
    (("engine.validate",), ("engine.matching",),
     "the validator recomputes what it checks from the articles: it shares no code with the pairing systems, "
     "their matchings included, and reads only the model"),
)


# The engine's floors, lowest first: a module imports its own package and the floors below, never a
# floor above nor a sibling on its own floor (the validator and the tie-breaks know nothing of each other).
ENGINE_FLOORS: tuple[tuple[str, ...], ...] = (
    ("engine.model",),  # the tournament, a pairing's result and story, the catalogue's data, shared terms
    ("engine.matching",),  # graph matchings: no chess but the model's errors
    ("engine.validate", "engine.tiebreaks"),  # the independent validator; the tie-breaks of C.07
    ("engine.awards",),  # standings, categories, prizes, rating figures: stand on the tie-breaks
    ("engine.systems",),  # the pairing systems and what they share (brackets, colours, board order, replay)
    ("engine.trf",),  # the file format: reads and writes everything below
)
# What engine/ holds at its root besides the floors: the package's own __init__ and nothing else.
ENGINE_ROOT_MODULES = ("engine",)


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
    assert {"engine.model.tournament", "swisstui.app", "swisstui.screens.review", "swisstui.store.read"} <= MODULES
    assert ("swisstui.app", "swisstui.session.actions") in found  # from swisstui.session.actions import ...
    assert ("swisstui.session.actions", "swisstui.store") in found  # from swisstui import store
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


def floor_of(module: str) -> tuple[int, str] | None:
    """The floor (its height, its package) holding an engine module; None outside the floors."""
    for height, packages in enumerate(ENGINE_FLOORS):
        for package in packages:
            if within(module, (package,)):
                return height, package
    return None


def floor_breaks(imports: list[Import]) -> list[str]:
    """Every engine import that goes up a floor or across to a sibling on the same floor."""
    broken = []
    for i in imports:
        mine, theirs = floor_of(i.importer), floor_of(i.target)
        if mine is None or theirs is None or mine[1] == theirs[1]:
            continue
        if theirs[0] >= mine[0]:
            way = "up to" if theirs[0] > mine[0] else "across to"
            broken.append(f"{i.where}: {i.importer} imports {i.target}, {way} the floor of {theirs[1]}")
    return broken


def test_engine_modules_import_only_from_lower_floors():
    broken = floor_breaks(all_imports())
    order = " < ".join(" | ".join(packages) for packages in ENGINE_FLOORS)
    assert not broken, f"the engine's floors are {order}; a module imports only its own floor's package and " \
                       "those below:\n" + "\n".join(broken)


def test_the_floor_check_sees_an_upward_import():
    """The check itself: a model module importing a pairing system, or the validator a tie-break, is refused."""
    up = Import("engine.model.result", "engine.systems.brackets", "engine/model/result.py:1")
    across = Import("engine.validate.check", "engine.tiebreaks.spec", "engine/validate/check.py:1")
    down = Import("engine.trf.read", "engine.model.tournament", "engine/trf/read.py:1")
    assert floor_breaks([up, across, down]) == [
        "engine/model/result.py:1: engine.model.result imports engine.systems.brackets, up to the floor of "
        "engine.systems",
        "engine/validate/check.py:1: engine.validate.check imports engine.tiebreaks.spec, across to the floor of "
        "engine.tiebreaks",
    ]


def test_every_engine_module_sits_on_a_floor():
    """engine/ holds its floors and nothing loose at its root: a new module goes into the floor its imports name."""
    loose = sorted(m for m in MODULES if within(m, ("engine",)) and floor_of(m) is None
                   and m not in ENGINE_ROOT_MODULES)
    assert not loose, "modules outside the engine's floors (move each into the floor its imports call for, " \
                      "ENGINE_FLOORS in this file):\n" + "\n".join(loose)


def test_no_import_cycle_between_floors():
    """The floors form an order: no floor reaches, through any chain of imports, back to itself."""
    graph: dict[str, set[str]] = {}
    for i in all_imports():
        mine, theirs = floor_of(i.importer), floor_of(i.target)
        if mine is not None and theirs is not None and mine[1] != theirs[1]:
            graph.setdefault(mine[1], set()).add(theirs[1])

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, ()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    cycles = sorted(package for package in graph if reaches(package, package, {package}))
    assert not cycles, "floors that reach back to themselves through their imports: " + ", ".join(cycles)
