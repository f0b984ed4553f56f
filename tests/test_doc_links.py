"""README.md and docs/*.md refer only to files a clone has: no link or path leads out of the repository."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")  # [text](target)
UPWARD = re.compile(r"(?<![\w./-])(?:\.\./)+[\w./-]*")  # ../something, in code spans and commands too


def local_targets(text: str) -> list[str]:
    targets = [m.group(1).split("#")[0] for m in LINK.finditer(text)]
    targets = [t for t in targets if t and not re.match(r"[a-z][a-z+.-]*:", t)]  # not http:, mailto:, ...
    return list(dict.fromkeys(targets + [m.group(0) for m in UPWARD.finditer(text)]))


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves_inside_the_repository(doc):
    wrong = []
    for target in local_targets(doc.read_text(encoding="utf-8")):
        path = (doc.parent / target).resolve()
        if not path.is_relative_to(ROOT) or not path.exists():
            wrong.append(target)
    assert wrong == []


def test_the_links_are_found():
    # the test above would pass on a file whose links it cannot see: check that it sees them
    text = (ROOT / "docs" / "tiebreaks.md").read_text(encoding="utf-8")
    assert "trf.md" in local_targets(text)
    assert local_targets("see `../beside/x.md` and [y](../y.md) or [z](https://z)") == ["../y.md", "../beside/x.md"]
