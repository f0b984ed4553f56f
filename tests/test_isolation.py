"""Each test runs apart from the others and from the user (tests/conftest.py): tests running side by
side (``pytest -n``) or in two checkouts share no home, current folder, preferences or rating database."""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import settings

from tests.conftest import USER_SETTINGS, XDG


def test_each_test_has_a_fresh_home_that_is_its_current_folder(tmp_path, tmp_path_factory):
    home = Path(os.environ["HOME"])
    assert home.is_relative_to(tmp_path_factory.getbasetemp()) and home != tmp_path
    assert Path.cwd() == home and list(home.iterdir()) == []
    for name, folder in XDG.items():
        assert os.environ[name] == str(home / folder)
    assert os.environ["SWISSTUI_CONFIG"] == str(home / "preferences.toml")
    assert os.environ["SWISSTUI_RATINGS_DB"] == str(home / "ratings.sqlite")
    assert os.environ["SWISSTUI_LANGUAGE"] == "en"  # the tests read English whatever the machine's locale
    assert not any(name in os.environ
                   for name in set(USER_SETTINGS) - {"SWISSTUI_CONFIG", "SWISSTUI_RATINGS_DB", "SWISSTUI_LANGUAGE"})


def test_hypothesis_keeps_no_shared_database_and_draws_the_same_examples_each_run():
    assert settings.default.database is None and settings.default.derandomize
