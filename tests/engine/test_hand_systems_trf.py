"""TRF record 192 for the systems without an ETT26 code: ``CUSTOM_SWISS`` followed by our own name."""

from __future__ import annotations

import pytest

from engine import trf
from tests.engine.handmade import build


@pytest.mark.parametrize(("system", "maxi", "line"), [
    ("lim-2026", False, "192 CUSTOM_SWISS lim-2026"),
    ("lim-seed", False, "192 CUSTOM_SWISS lim-seed"),
    ("lim-2026", True, "192 CUSTOM_SWISS lim-2026 maxi"),
    ("club", False, "192 CUSTOM_SWISS club"),
])
def test_record_192_names_the_system_and_reads_back(system, maxi, line):
    options = {"maxi": "yes"} if maxi else {}
    t = build(range(1, 7), [["1-4 1-0", "5-2 0-1", "3-6 ="]], system=system, options=options)
    text = trf.dumps(t)
    assert line in text.splitlines()
    back = trf.loads(text).tournament.settings
    assert (back.system, back.options) == (system, options)


def test_a_bare_custom_swiss_code_names_no_system_we_pair():
    t = build(range(1, 7), [["1-4 1-0", "5-2 0-1", "3-6 ="]], system="club")
    text = trf.dumps(t).replace("192 CUSTOM_SWISS club", "192 CUSTOM_SWISS")
    line = text.splitlines().index("192 CUSTOM_SWISS") + 1
    # A code read but not applied would pair the event by another system without a word: it is kept
    # as it is, and pairing it is refused naming the record.
    doc = trf.loads(text)
    assert doc.tournament.settings.system == "CUSTOM_SWISS"
    with pytest.raises(trf.TrfError, match=rf":{line}:.*'CUSTOM_SWISS'.*CUSTOM_SWISS dubov-1997 \| lim-2026"):
        doc.require_pairable()
