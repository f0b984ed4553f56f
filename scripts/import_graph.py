#!/usr/bin/env python3
"""Draw who imports whom between the engine's floors and the application's rooms.

One node per package (an engine floor, a room of swisstui/, or the swisstui package
itself), one arrow per pair of nodes with the number of
module-to-module imports along it (a module importing another counts once), so a new arrow pointing the wrong way shows
at a glance in review. The floors and the rooms are drawn bottom-up, lowest first, as
ARCHITECTURE.md lists them; tests/test_import_rules.py is what enforces them.

Writes docs/imports.dot, and docs/imports.svg when Graphviz's ``dot`` is on the
machine (nothing else needs Graphviz: the tests never run this).

    python3 scripts/import_graph.py
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "swisstui")
# the engine's floors, lowest first (tests/test_import_rules.py, ENGINE_FLOORS); siblings share a rank
ENGINE_FLOORS = (("model",), ("matching",), ("validate", "tiebreaks"), ("awards", "norms"), ("systems",), ("trf",))
# swisstui's rooms and their levels, lowest first: tests/test_import_rules.py's tables, which a test keeps equal
SWISSTUI_ROOMS: dict[str, tuple[str, ...]] = {
    "language": ("swisstui.language",),  # the words in the reader's language: catalogues, dates, numbers
    "store": ("swisstui.store",),
    "ratings": ("swisstui.ratings",),
    "outputs": ("swisstui.outputs",),
    "session": ("swisstui.session",),
    "terminal": ("swisstui.terminal",),
    "web": ("swisstui.web",),
    "views": ("swisstui.views",),
    "widgets": ("swisstui.widgets",),
    "screens": ("swisstui.screens",),
    "app": ("swisstui.app",),
    "cli": ("swisstui.cli",),
}
SWISSTUI_LEVELS: tuple[tuple[str, ...], ...] = (
    ("language",), ("store",), ("outputs", "ratings"), ("session",), ("terminal", "web"), ("views", "widgets"), ("screens",),
    ("app",), ("cli",),
)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def room_of(module: str) -> str | None:
    """The room of a swisstui module (the longest prefix wins), None for the package itself."""
    found = [(len(prefix), name) for name, prefixes in SWISSTUI_ROOMS.items() for prefix in prefixes
             if module == prefix or module.startswith(prefix + ".")]
    return max(found)[1] if found else None


def node_of(module: str, packages: set[str]) -> str:
    """The drawn node of a module: ``engine.<floor>``, ``swisstui.<room>`` or the top package itself."""
    room = room_of(module) if module.startswith("swisstui") else None
    if room is not None:
        return f"swisstui.{room}"
    parts = module.split(".")
    if len(parts) >= 2 and ".".join(parts[:2]) in packages:
        return ".".join(parts[:2])
    return parts[0]


def module_imports(path: Path, modules: set[str]) -> set[str]:
    """The project modules one file imports, at its top or inside a function."""
    importer = module_name(path)
    package = importer if path.name == "__init__.py" else importer.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in modules else base)
    return {m for m in found if m in modules and m != importer}


def edges() -> tuple[Counter[tuple[str, str]], list[str]]:
    files = sorted(p for top in PACKAGES for p in (ROOT / top).rglob("*.py"))
    modules = {module_name(p) for p in files}
    packages = {m for m, p in zip(map(module_name, files), files) if p.name == "__init__.py"}
    counts: Counter[tuple[str, str]] = Counter()
    for path in files:
        here = node_of(module_name(path), packages)
        for target in module_imports(path, modules):
            there = node_of(target, packages)
            if there != here:
                counts[(here, there)] += 1
    nodes = sorted({n for edge in counts for n in edge})  # a package importing and imported by none is left out
    return counts, nodes


def dot_text(counts: Counter[tuple[str, str]], nodes: list[str]) -> str:
    lines = [
        "// Imports between packages, drawn by scripts/import_graph.py: do not edit by hand.",
        "// An arrow A -> B labelled n: n modules-to-module imports from package A into package B.",
        "digraph imports {",
        '  rankdir=TB; newrank=true; node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11];',
        '  edge [fontname="Helvetica", fontsize=9, color="#555555"];',
        '  label="Imports between packages (arrow: imports; number: module-to-module imports). '
        'Engine floors and swisstui rooms bottom-up."; labelloc=t; fontname="Helvetica";',
        '  subgraph cluster_engine { label="engine/ (floors, lowest at the bottom)"; color="#3465a4";',
    ]
    for height, floor in enumerate(ENGINE_FLOORS):
        names = " ".join(f'"engine.{f}"' for f in floor)
        lines.append(f'    {{ rank=same; {names} }}  // floor {height}')
        if height:  # an unseen arrow down to the floor below keeps the floors in their order on the page
            lines.append(f'    "engine.{floor[0]}" -> "engine.{ENGINE_FLOORS[height - 1][0]}" [style=invis];')
    engine_nodes = [n for n in nodes if n.startswith("engine")]
    for n in engine_nodes:
        lines.append(f'    "{n}" [fillcolor="#dbe7f5"];')
    lines.append("  }")
    lines.append('  subgraph cluster_swisstui { label="swisstui/ (rooms, lowest at the bottom)"; color="#4e9a06";')
    for height, level in enumerate(SWISSTUI_LEVELS):
        names = " ".join(f'"swisstui.{r}"' for r in level)
        lines.append(f'    {{ rank=same; {names} }}  // level {height}')
        if height:
            lines.append(f'    "swisstui.{level[0]}" -> "swisstui.{SWISSTUI_LEVELS[height - 1][0]}" [style=invis];')
    for n in nodes:
        if n.startswith("swisstui"):
            lines.append(f'    "{n}" [fillcolor="#e4f2d9"];')
    lines.append("  }")
    for (a, b), n in sorted(counts.items()):
        lines.append(f'  "{a}" -> "{b}" [label="{n}"];')
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> int:
    counts, nodes = edges()
    out = ROOT / "docs" / "imports.dot"
    if sys.argv[1:] == ["--check"]:  # the tests: is the committed picture the imports of today?
        if out.read_text(encoding="utf-8") == dot_text(counts, nodes):
            return 0
        print(f"{out.relative_to(ROOT)} is out of date: run python3 scripts/import_graph.py", file=sys.stderr)
        return 1
    out.write_text(dot_text(counts, nodes), encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)}: {len(nodes)} packages, {len(counts)} arrows")
    dot = shutil.which("dot")
    if dot is None:
        print("Graphviz's dot is not installed: docs/imports.svg left as it was", file=sys.stderr)
        return 0
    svg = out.with_suffix(".svg")
    subprocess.run([dot, "-Tsvg", str(out), "-o", str(svg)], check=True)
    print(f"wrote {svg.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
