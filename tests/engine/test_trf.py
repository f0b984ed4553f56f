"""TRF reading and writing against the reference fixtures and hand-built files."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from engine import trf
from engine.model import Colour

FIXTURES = Path("/work/shared/fixtures")
DUTCH = sorted((FIXTURES / "dutch").glob("*.trf"))
BURSTEIN = sorted((FIXTURES / "burstein").glob("*.trf"))
ALL = DUTCH + BURSTEIN

needs_fixtures = pytest.mark.skipif(not ALL, reason="reference fixtures not available")


def _ids(paths):
    return [p.name for p in paths]


@needs_fixtures
@pytest.mark.parametrize("path", ALL, ids=_ids(ALL))
def test_fixture_round_trips(path: Path) -> None:
    text = path.read_text()
    doc = trf.load(path)
    out = trf.dumps(doc)
    assert out.splitlines() == text.splitlines()
    again = trf.loads(out)
    assert again.tournament == doc.tournament
    # the model's scores are the points column of the file
    t = doc.tournament
    for p in t.players:
        assert t.score(p.id) == doc.declared_points[p.id], p.id
