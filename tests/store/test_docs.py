"""The documented example is a real event file, laid out exactly as swisstui writes it."""

from __future__ import annotations

import re
from pathlib import Path

from swisstui import store

DOC = Path(__file__).resolve().parents[2] / "docs" / "event-format.md"


def example() -> str:
    match = re.search(r"## A complete example\n\n```toml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert match, "docs/event-format.md lost its complete example"
    return match.group(1)


def test_documented_example_loads_and_is_written_back_identically():
    text = example()
    event = store.loads(text, path="docs/event-format.md")
    assert store.dumps(event) == text


def test_documented_example_means_what_the_text_says():
    t = store.loads(example()).to_tournament()
    assert t.rounds_played == 2
    assert (t.score(1), t.score(4)) == (1.5, 1)
    assert t.player(4).withdrawn
    assert sorted(t.pending) == [2, 6]


def test_every_result_string_is_documented():
    text = DOC.read_text(encoding="utf-8")
    from swisstui.event import RESULTS

    for result in RESULTS:
        assert f'| `"{result}"` |' in text
