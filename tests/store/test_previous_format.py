"""Every event file written before rounds could hold matches of several games still opens, unchanged.

``tests/data/format-2026-11/`` keeps the files of the format as it was (the samples and
files holding corrections, requests, forbidden pairs, withdrawals, published rounds,
prizes, virtual points, an imported TRF): each one reads, and writes back byte for byte, but for
the one setting whose place changed since: a system's options (Lim's Maxi) moved from keys of
their own into ``[settings.options]`` (docs/event-format.md), and an old file is written in the new form.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swisstui import store
from tests.data_paths import FORMAT_2026_11

FILES = sorted(FORMAT_2026_11.glob("*.toml"))

MOVED = {"maxi = true\n": "", "# not set: pab = win, half_bye = draw, full_bye = win, forfeit_win = win\n":
         "# not set: pab = win, half_bye = draw, full_bye = win, forfeit_win = win\n\n[settings.options]\nmaxi = \"yes\"\n"}
"""The Maxi setting as the previous format wrote it (a key of the settings) and as it is written now."""


def in_todays_form(text: str) -> str:
    if "\nmaxi = true\n" not in text:
        return text
    for old, new in MOVED.items():
        text = text.replace(old, new, 1)
    return text


def test_the_previous_format_is_all_there() -> None:
    assert [p.name for p in FILES] == [
        "baku-virtual-points.toml",
        "club-rapid.toml",
        "corrections-requests-forbidden.toml",
        "imported-trf-forfeits-byes.toml",
        "lim-maxi.toml",
        "open-300.toml",
        "weekend-open.toml",
    ]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_file_of_the_previous_format_opens_and_writes_back_byte_for_byte(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    event = store.loads(text, path=path.name)
    assert store.dumps(event) == in_todays_form(text)
    assert store.loads(store.dumps(event), path=path.name) == event
    event.to_tournament()  # and the engine's snapshot builds from it
