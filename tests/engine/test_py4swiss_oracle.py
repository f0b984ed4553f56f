"""The py4swiss adapter (oracles.py4swiss): the two readings of our TRF text it hands over.

The Burstein witness hands py4swiss an adapted text (byes of the round to pair on
``XXZ``, PAB value, padded ``XXA``); ``scripts/dubov_disputes.py`` hands it the text
as our writer writes it (``as_written=True``). Both go through ``py4swiss_pair``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import trf
from engine.model.tournament import Colour, ResultCode, RoundEntry
from engine.systems.replay import before_round, colourless_boards, played_round
from oracles.py4swiss import py4swiss_pair
from tests.data_paths import DUBOV

SMALL = "dubov-011-p008-r07-s22260011.trf"  # 8 players, 7 rounds, every round in consensus.csv


@pytest.fixture
def texts_handed_over(monkeypatch) -> list[str]:
    """The TRF text of every file py4swiss is asked to read."""
    from py4swiss.trf import TrfParser

    parse = TrfParser.parse
    seen: list[str] = []

    def reading(path, *args, **kwargs):
        seen.append(Path(path).read_text(encoding="utf-8"))
        return parse(path, *args, **kwargs)

    monkeypatch.setattr(TrfParser, "parse", reading)
    return seen


def test_as_written_hands_over_our_javafo_text_unchanged_and_the_default_adapts_it(texts_handed_over):
    t = trf.load(DUBOV / SMALL).pairing_tournament()
    case = before_round(t, 4).with_pending({3: RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE)})
    py4swiss_pair(case, "dubov", as_written=True)
    py4swiss_pair(case, "dubov")
    plain, adapted = texts_handed_over
    assert plain == trf.dumps(case, dialect="javafo")
    assert "XXZ 3" in adapted and "XXZ" not in plain  # the requested bye: on XXZ only when adapted


def test_as_written_dubov_pairs_the_rounds_both_reference_engines_agree_on_like_the_file():
    t = trf.load(DUBOV / SMALL).pairing_tournament()
    for rnd in range(1, 8):
        ref, got = played_round(t, rnd), py4swiss_pair(before_round(t, rnd), "dubov", as_written=True)
        unknown = colourless_boards(t, rnd)
        assert got.bye == ref.bye, f"round {rnd}: bye"
        assert {frozenset((b.white, b.black)) for b in got.boards} == {
            frozenset((b.white, b.black)) for b in ref.boards}, f"round {rnd}: pairs"
        want = {(b.white, b.black) for b in ref.boards if frozenset((b.white, b.black)) not in unknown}
        assert want <= {(b.white, b.black) for b in got.boards}, f"round {rnd}: colours"
