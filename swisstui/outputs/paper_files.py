"""Where the paper for the hall lies in a publication folder, and the folder's web address kept in its index.

Apart from :mod:`swisstui.outputs.paper` (which makes the pages) so that the index
(:mod:`swisstui.outputs.publish_index`) links the paper without importing what makes it.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from swisstui.language import N_, _

PAPER_FOLDER = "paper"
"""The folder inside the publication folder that holds the paper, apart from the lists read on screens."""

PAPER_KINDS = {"slips": N_("Result slips"), "scoresheets": N_("Scoresheets"), "wall": N_("Wall lists")}
"""Every paper of a round, as the index names its link (looked up where shown), in the order it shows them."""


def paper_file(n: int, kind: str) -> str:
    """The paper's path relative to the publication folder (the index links it by this)."""
    return f"{PAPER_FOLDER}/round-{n}-{kind}.html"


_FILE = re.compile(r"round-(\d+)-([a-z]+)\.html")


def paper_rounds(directory: Path) -> dict[int, list[tuple[str, str]]]:
    """Round -> (label, relative path) of each paper found in ``directory/paper/``, in :data:`PAPER_KINDS` order."""
    found: dict[int, set[str]] = {}
    folder = directory / PAPER_FOLDER
    if folder.is_dir():
        for path in folder.iterdir():
            m = _FILE.fullmatch(path.name)
            if m and m.group(2) in PAPER_KINDS and path.is_file():
                found.setdefault(int(m.group(1)), set()).add(m.group(2))
    return {n: [(_(label), paper_file(n, kind)) for kind, label in PAPER_KINDS.items() if kind in kinds]
            for n, kinds in found.items()}


URL_META = re.compile(r'<meta name="swisstui-url" content="([^"]*)">')


def remembered_url(directory: Path) -> str:
    """The address the folder was last published with (kept in its index), for a publish that gives none:
    the app's publish keeps the QR code that ``publish --url`` put there."""
    index = directory / "index.html"
    if not index.is_file():
        return ""
    m = URL_META.search(index.read_text(encoding="utf-8"))
    if not m:
        return ""
    return html.unescape(m.group(1))
