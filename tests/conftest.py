"""Settings every test shares: each test runs in a home of its own, so tests running side by side
(``pytest -n``, two checkouts on one machine) share no file, and none touches the user's own.

Each test gets a fresh folder that is its home (``HOME`` and the XDG folders), its current folder,
its preferences file and its FIDE rating database (a path that does not exist until a test imports
a list); the variables a user may have set to steer swisstui are cleared. Subprocesses a test
starts inherit all of it. Hypothesis keeps no example database (one folder shared by every worker
and checkout) and draws the same examples every run, so a failure is the same on any worker.
"""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("swisstui", database=None, derandomize=True)
settings.load_profile("swisstui")

XDG = {"XDG_CONFIG_HOME": ".config", "XDG_DATA_HOME": ".local/share", "XDG_CACHE_HOME": ".cache",
       "XDG_STATE_HOME": ".local/state"}
USER_SETTINGS = ("SWISSTUI_LANGUAGE", "SWISSTUI_THEME", "SWISSTUI_ARBITER", "SWISSTUI_DEBUG", "SWISSTUI_CONFIG", "SWISSTUI_RATINGS_DB")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Test files holding a test marked ``slow`` (seconds each) run first, each file's tests in their order.

    Under ``pytest -n`` the processes take tests from the front of this list; a test of twenty
    seconds taken last keeps the run going alone after the others have finished.
    """
    slow = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow)


def pytest_collection_finish(session: pytest.Session) -> None:
    """Leave the objects that live for the whole run (modules, collected tests) out of garbage collection.

    The tests build many short-lived objects (apps, tournaments, parsed files); with every imported
    module and collected test in the oldest generation, each full collection walked them all again.
    Frozen, and with the youngest generation collected every 10,000 allocations instead of 700, a
    sample of app, engine and store tests ran on 17 % less CPU. Cycles are still collected.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)


@pytest.fixture(autouse=True)
def _own_home(tmp_path_factory, monkeypatch) -> None:
    home = tmp_path_factory.mktemp("home")
    for name in USER_SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(home))
    for name, folder in XDG.items():
        monkeypatch.setenv(name, str(home / folder))
    monkeypatch.setenv("SWISSTUI_CONFIG", str(home / "preferences.toml"))
    monkeypatch.setenv("SWISSTUI_RATINGS_DB", str(home / "ratings.sqlite"))
    monkeypatch.setenv("SWISSTUI_LANGUAGE", "en")  # the tests read English, whatever the machine's locale
    monkeypatch.chdir(home)


@pytest.fixture(autouse=True)
def _screens_in_english():
    """Every test starts with the screens in English, and one that changes the language leaves none behind."""
    from swisstui import language

    language.set_arbiter_language("en")
    yield
    language.set_arbiter_language("en")


CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """Debian's Chromium, started once for a test module's browser tests, each of which opens pages of
    its own; Playwright gives each start a profile folder of its own, and its home is the module's.

    Not once per process: Playwright's synchronous API marks its event loop as running for as long
    as it is open, and the application tests in the same process then cannot start theirs."""
    assert CHROMIUM.is_file(), f"{CHROMIUM} not found: install Debian's chromium package (apt-get install -y chromium)"
    from playwright.sync_api import sync_playwright

    home = tmp_path_factory.mktemp("chromium-home")
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True,
                               env={**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
                                    "XDG_CACHE_HOME": str(home / ".cache")})
        yield b
        b.close()
