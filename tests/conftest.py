"""Settings every test shares: no test reads or writes the user's own FIDE rating database."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _own_ratings_database(tmp_path_factory, monkeypatch) -> None:
    """A rating database path of the test's own that does not exist until a test imports a list."""
    monkeypatch.setenv("SWISSTUI_RATINGS_DB", str(tmp_path_factory.mktemp("ratings") / "ratings.sqlite"))
