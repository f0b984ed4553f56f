"""The layering rules, read from the source: breaking one fails the build.

Every ``import`` in ``engine/`` and ``swisstui/`` counts, at the top of a module or inside a
function (a late import is still an import). A broken rule is reported with the file and
line of the import that breaks it. The engine stands in floors and swisstui/ in rooms, each
an order of levels: an import goes down or stays home, so that a reader (and a new format's
package) knows from a module's folder what it may use.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "swisstui")

# swisstui's rooms: a room is a list of module prefixes, one folder each. scripts/import_graph.py
# draws these rooms (its SWISSTUI_ROOMS must be this table: test_the_drawing_uses_these_rooms).
SWISSTUI_ROOMS: dict[str, tuple[str, ...]] = {
    "language": ("swisstui.language",),  # the words in the reader's language: catalogues, dates, numbers
    "store": ("swisstui.store",),  # the event in memory, its file, its history, its lock; files read and written
    "ratings": ("swisstui.ratings",),  # the FIDE rating list kept on this machine
    "outputs": ("swisstui.outputs",),  # what is published or exported: lists, prize sheets, cross table, TRF
    "session": ("swisstui.session",),  # the operations on an event, the pairing's child process
    "terminal": ("swisstui.terminal",),  # the app's machinery that is not a screen: keys, themes, palette, help
    "web": ("swisstui.web",),  # the hall display and the app served over HTTP
    "views": ("swisstui.views",),  # what the screens show, as rows and text (Rich at most)
    "widgets": ("swisstui.widgets",),  # Textual widgets shared by screens
    "screens": ("swisstui.screens",),
    "app": ("swisstui.app",),  # the Textual app: an entry point
    "cli": ("swisstui.cli",),  # the command line: an entry point (pyproject: swisstui = "swisstui.cli:main")
}
# The rooms' levels, lowest first: a room imports its own modules and the levels below, never a level
# above, nor a room beside it on its own level unless the pair is declared in ROOMS_SIDEWAYS.
SWISSTUI_LEVELS: tuple[tuple[str, ...], ...] = (
    ("language",),  # the catalogues' lookups, which every room below the screens may show a sentence through
    ("store",),  # the event, its files, and the one writer every file goes through
    ("outputs", "ratings"),  # read the event, the session publishes through them; the FIDE rating list
    ("session",),  # reads and writes the event, pairs, publishes: everything the UI and the CLI do to an event
    ("terminal", "web"),  # the app's machinery; the HTTP servers (the app served starts an isolated child)
    ("views", "widgets"),  # rows and text; the Textual widgets that show them
    ("screens",),
    ("app",),  # opens the screens
    ("cli",),  # starts the app, the servers, and runs the commands on the session
)
# (importing room, imported room) on one level, and why the one may use the other
ROOMS_SIDEWAYS = {
    ("views", "widgets"): "views build Rich tables with widgets.plain (PlainTable), which never reads markup",
}
# What swisstui/ holds at its root: the package and the entry points.
SWISSTUI_ENTRY_POINTS = ("swisstui", "swisstui.__main__", "swisstui.app")


def room(name: str) -> tuple[str, ...]:
    return SWISSTUI_ROOMS[name]


# The user interface: the app, its screens and what they are built of (the palette of terminal/ among them)
USER_INTERFACE = (*room("app"), *room("screens"), *room("widgets"), *room("views"), "swisstui.terminal.commands")
# The event as data (its classes, the names of its settings, the result keys' vocabulary): the screens
# show and choose these; none of them reads or writes a file.
STORE_DATA = ("swisstui.store.event", "swisstui.store.result_keys")
NOT_UI = (*room("store"), *room("ratings"), *room("outputs"), *room("session"))

# (who, what they must not import, what of that they may import nonetheless, why)
RULES = (
    (("engine",), ("swisstui", "textual", "rich", "tomllib", "tomli_w"), (),
     "the engine is pure Python: nothing of the application, of Textual or Rich, no TOML code"),
    (USER_INTERFACE, ("engine.systems", *room("store")), STORE_DATA,
     "the user interface reaches the pairing systems and the event files only through the session "
     "(swisstui.session.actions), which turns their errors into ActionError; it may name the event's data "
     "(swisstui.store.event, swisstui.store.result_keys), which reads no file"),
    (USER_INTERFACE, ("swisstui.outputs.publish", "swisstui.outputs.publish_index", "swisstui.outputs.prize_sheets",
                      "swisstui.outputs.trf_export", "swisstui.store.file_writer", "swisstui.session.player_import"), (),
     "the user interface publishes lists and reads files of players only through the session (swisstui.session.actions), "
     "which turns their errors into ActionError"),
    (room("terminal"), ("engine.systems", *room("store"), *room("outputs"), *room("session")), ("swisstui.store.file_writer",),
     "the app's machinery knows no event: it writes the arbiter's preferences through swisstui.store.file_writer, "
     "as every file is written, and reaches nothing else of the store, the outputs or the session"),
    (NOT_UI, ("textual", "rich", *USER_INTERFACE, *room("terminal")), (),
     "the event, its files, the rating list, the outputs and the session know nothing of the user interface"),
    (room("views"), ("textual",), (),
     "views turn data into rows and text; widgets and screens are Textual's side"),
    (("engine.validate",), ("engine.matching",), (),
     "the validator recomputes what it checks from the articles: it shares no code with the pairing systems, "
     "their matchings included, and reads only the model"),
)


# The engine's floors, lowest first: a module imports its own package and the floors below, never a
# floor above nor a sibling on its own floor (the validator and the tie-breaks know nothing of each other).
ENGINE_FLOORS: tuple[tuple[str, ...], ...] = (
    ("engine.model",),  # the tournament, a pairing's result and story, the catalogue's data, shared terms
    ("engine.matching",),  # graph matchings: no chess but the model's errors
    ("engine.validate", "engine.tiebreaks"),  # the independent validator; the tie-breaks of C.07
    ("engine.awards", "engine.norms"),  # standings, categories, prizes, rating figures; title norms (B.01)
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


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_files() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


MODULES = {module_name(p) for p in source_files()}


def imports_of(path: Path, root: Path = ROOT, modules: set[str] = MODULES) -> list[Import]:
    """The imports of one file; ``root`` and ``modules`` are the tree's (another tree's in the checks' own tests)."""
    importer = module_name(path, root)
    package = importer if path.name == "__init__.py" else importer.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        where = f"{path.relative_to(root).as_posix()}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Import):
            found += [Import(importer, alias.name, where) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # from . import x, from ..m import y
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append(Import(importer, sub if sub in modules else base, where))
    return found


@functools.cache
def all_imports() -> list[Import]:
    return [i for path in source_files() for i in imports_of(path)]


def within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def test_the_walk_sees_the_code():
    found = {(i.importer, i.target) for i in all_imports()}
    assert {"engine.model.tournament", "swisstui.app", "swisstui.screens.review", "swisstui.store.read"} <= MODULES
    in_session = {m for m in MODULES if room_of(m) == (3, "session")}
    assert any(a == "swisstui.app" and b in in_session for a, b in found)  # from swisstui.session.actions import ...
    assert any(a in in_session and b == "swisstui.store" for a, b in found)  # from swisstui import store
    assert ("swisstui.cli", "swisstui.cli.commands") in found  # inside a function


def rule_breaks(imports: list[Import], who: tuple[str, ...], forbidden: tuple[str, ...],
                allowed: tuple[str, ...]) -> list[str]:
    return [f"{i.where}: {i.importer} imports {i.target}" for i in imports
            if within(i.importer, who) and within(i.target, forbidden) and not within(i.target, allowed)]


@pytest.mark.parametrize("who, forbidden, allowed, why", RULES, ids=[r[0][0] for r in RULES])
def test_import_rule(who, forbidden, allowed, why):
    broken = rule_breaks(all_imports(), who, forbidden, allowed)
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


def cycles_between(place_of) -> list[str]:
    """The places (floors or rooms, as ``place_of`` names a module's: ``(level, name)`` or None) that
    reach, through any chain of imports, back to themselves."""
    graph: dict[str, set[str]] = {}
    for i in all_imports():
        mine, theirs = place_of(i.importer), place_of(i.target)
        if mine is not None and theirs is not None and mine[1] != theirs[1]:
            graph.setdefault(mine[1], set()).add(theirs[1])

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, ()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    return sorted(name for name in graph if reaches(name, name, {name}))


def test_no_import_cycle_between_floors():
    """The floors form an order: no floor reaches, through any chain of imports, back to itself."""
    cycles = cycles_between(floor_of)
    assert not cycles, "floors that reach back to themselves through their imports: " + ", ".join(cycles)


# swisstui's rooms ------------------------------------------------------------------------------------

def room_of(module: str) -> tuple[int, str] | None:
    """The level and the name of the room holding a swisstui module; None for the package itself."""
    best: tuple[int, int, str] | None = None  # (length of the prefix matched, level, room): the longest wins
    for level, names in enumerate(SWISSTUI_LEVELS):
        for name in names:
            for prefix in SWISSTUI_ROOMS[name]:
                if within(module, (prefix,)) and (best is None or len(prefix) > best[0]):
                    best = (len(prefix), level, name)
    return None if best is None else (best[1], best[2])


def room_breaks(imports: list[Import]) -> list[str]:
    """Every import from one swisstui room up to a higher level, or across to an undeclared room on its level."""
    broken = []
    for i in imports:
        mine, theirs = room_of(i.importer), room_of(i.target)
        if mine is None or theirs is None or mine[1] == theirs[1]:
            continue
        if theirs[0] > mine[0]:
            broken.append(f"{i.where}: {i.importer} imports {i.target}, up to the room {theirs[1]}")
        elif theirs[0] == mine[0] and (mine[1], theirs[1]) not in ROOMS_SIDEWAYS:
            broken.append(f"{i.where}: {i.importer} imports {i.target}, across to the room {theirs[1]} "
                          "(not declared in ROOMS_SIDEWAYS)")
    return broken


def loose_modules(modules: set[str]) -> list[str]:
    """The swisstui modules in no room, named by their file: each belongs in the room its imports call for."""
    return sorted(f"{m.replace('.', '/')}.py: {m}" for m in modules
                  if within(m, ("swisstui",)) and room_of(m) is None and m not in SWISSTUI_ENTRY_POINTS)


def rooms_order() -> str:
    return " < ".join(" | ".join(names) for names in SWISSTUI_LEVELS)


def test_every_room_has_one_level():
    """Each room sits on exactly one level, and a declared sideways pair shares its level."""
    placed = [name for names in SWISSTUI_LEVELS for name in names]
    assert sorted(placed) == sorted(SWISSTUI_ROOMS)
    for (a, b) in ROOMS_SIDEWAYS:
        assert any(a in names and b in names for names in SWISSTUI_LEVELS), f"{a} and {b} are not on one level"


def test_swisstui_rooms_import_only_from_lower_levels():
    broken = room_breaks(all_imports())
    assert not broken, f"swisstui's rooms are {rooms_order()}; a module imports its own room and the levels " \
                       "below:\n" + "\n".join(broken)


def test_nothing_loose_at_the_root_of_swisstui():
    """swisstui/ holds its rooms and its entry points: a new module goes into the room its imports call for."""
    loose = loose_modules(MODULES)
    assert not loose, "swisstui modules in no room (SWISSTUI_ROOMS in this file):\n" + "\n".join(loose)


def test_no_import_cycle_between_rooms():
    """The rooms form an order: none reaches, through any chain of imports, back to itself."""
    cycles = cycles_between(room_of)
    assert not cycles, "rooms that reach back to themselves through their imports: " + ", ".join(cycles)


def test_a_session_module_is_in_the_session_room():
    assert room_of("swisstui.session.actions") == room_of("swisstui.session.core") == (3, "session")
    assert room_of("swisstui.store.event") == (1, "store") and room_of("swisstui") is None


PLANTED = {  # a file added on purpose to a copy of the tree, and what the checks say of it
    "swisstui/store/planted_up.py": (
        '"""An event module that publishes."""\n\nfrom swisstui.outputs import publish\n',
        "swisstui/store/planted_up.py:3: swisstui.store.planted_up imports swisstui.outputs.publish, "
        "up to the room outputs"),
    "swisstui/web/planted_across.py": (
        '"""A server that reads a key."""\n\n\ndef f():\n    from swisstui.terminal import escape_keys\n',
        "swisstui/web/planted_across.py:5: swisstui.web.planted_across imports swisstui.terminal.escape_keys, "
        "across to the room terminal (not declared in ROOMS_SIDEWAYS)"),
    "swisstui/views/planted_declared.py": (
        '"""A view building a table: views may use widgets (declared)."""\n\nfrom swisstui.widgets import plain\n',
        None),
    "swisstui/screens/planted_down.py": (
        '"""A screen asking the session."""\n\nfrom swisstui.session import actions\n', None),
}


def test_the_room_checks_see_a_planted_upward_sideways_and_loose_module(tmp_path):
    """The checks themselves, on files written to a tree: an import up a level, one across to an undeclared
    room of the same level and a module loose at the root each fail, named by file and line; an import down
    and a declared one pass."""
    for name, (text, _) in {**PLANTED, "swisstui/planted_loose.py": ('"""Loose."""\n', None)}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    files = sorted((tmp_path / "swisstui").rglob("*.py"))
    modules = MODULES | {module_name(p, tmp_path) for p in files}
    broken = room_breaks([i for p in files for i in imports_of(p, tmp_path, modules)])
    assert broken == sorted(expected for _, expected in PLANTED.values() if expected)
    assert loose_modules(modules) == ["swisstui/planted_loose.py: swisstui.planted_loose"]


def test_the_rule_check_lets_through_only_what_a_rule_allows():
    screen_reads_event = Import("swisstui.screens.players", "swisstui.store.event", "swisstui/screens/players.py:21")
    screen_saves = Import("swisstui.screens.players", "swisstui.store.files", "swisstui/screens/players.py:22")
    who, forbidden, allowed, _ = RULES[1]
    assert rule_breaks([screen_reads_event, screen_saves], who, forbidden, allowed) == [
        "swisstui/screens/players.py:22: swisstui.screens.players imports swisstui.store.files"]


def test_the_drawing_uses_these_rooms():
    """scripts/import_graph.py draws the rooms of this file, in this order."""
    spec = importlib.util.spec_from_file_location("import_graph", ROOT / "scripts" / "import_graph.py")
    assert spec is not None and spec.loader is not None
    graph = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(graph)
    assert graph.SWISSTUI_ROOMS == SWISSTUI_ROOMS and graph.SWISSTUI_LEVELS == SWISSTUI_LEVELS
