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
    from swisstui.store.event import RESULTS

    for result in RESULTS:
        assert f'| `"{result}"` |' in text


# Where each table's keys are documented: the heading of its section.
SECTIONS = {
    "": "## The top level",
    "event": "## `[event]`",
    "settings": "## `[settings]`",
    "settings.virtual_points": "## `[settings]`",
    "settings.scoring": "### `[settings.scoring]`",
    "settings.team": "### `[settings.team]`",
    "players": "## `[[players]]`",
    "teams": "## `[[teams]]`",
    "forbidden": "## `[[forbidden]]`",
    "rounds": "## `[[rounds]]`",
    "rounds.boards": "### Boards",
    "rounds.games": "### Matches of several games",
    "rounds.team_matches": "### Team matches",
    "rounds.team_boards": "### Team matches",
    "rounds.changes": "### `[[rounds.changes]]`",
    "log": "## `[[log]]`",
    "prizes": "## `[prizes]`",
    "prizes.places": "## `[prizes]`",
    "categories": "## `[[categories]]`",
    "categories.prizes": "## `[prizes]`",
}


def section(heading: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(heading + "\n") + len(heading)
    level = heading.split(" ")[0]
    end = re.search(rf"^#{{2,{len(level)}}} ", text[start:], re.M)  # the next heading of this level or above
    return text[start: start + end.start()] if end else text[start:]


def test_every_key_the_reader_accepts_is_documented():
    """Adding a key to schema.py without a line on the format page fails here."""
    from swisstui.store import schema

    assert set(SECTIONS) == set(schema.KEY_SETS)
    for table, keys in schema.KEY_SETS.items():
        text = section(SECTIONS[table])
        for key in keys:
            spellings = (f"`{key}`", f"`[{key}]`", f"`[[{key}]]`", f".{key}]`", f".{key}]]`", f"{key} = ")
            assert any(s in text for s in spellings), f"{table or 'top level'}: key {key!r} is not documented"
