"""A wheel carries everything the app needs: it opens an event, with its themes, from the wheel alone.

``pipx install`` and ``pip install swisstui`` install the wheel, not this checkout, so the
stylesheet and the theme files must be package data. The wheel is built and unpacked into
a folder that the application is then started from, away from the checkout.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
THEMES = sorted(p.name for p in (ROOT / "swisstui" / "themes").glob("*.tcss"))

OPEN_THE_APP = textwrap.dedent(
    """
    import asyncio, sys
    from pathlib import Path

    import swisstui
    from swisstui import store
    from swisstui.app import SwissApp

    site, event = Path(sys.argv[1]), Path(sys.argv[2])
    assert Path(swisstui.__file__).is_relative_to(site), swisstui.__file__  # not the checkout
    store.save(store.new_event("Wheel Open", 5), event)

    async def main():
        app = SwissApp(event, theme="contrast", watch_interval=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            themes = sorted(name for name in app.available_themes if name.startswith("swisstui-"))
            print(app.theme, type(app.screen).__name__, " ".join(themes))

    asyncio.run(main())
    """
)


@pytest.mark.slow
def test_the_app_opens_from_its_wheel_with_every_theme(tmp_path):
    assert THEMES == ["dark.tcss", "high-contrast.tcss", "light.tcss"]
    source = tmp_path / "source"  # what a source distribution holds, without this checkout's build leftovers
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for package in ("engine", "swisstui"):
        shutil.copytree(ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(dist), str(source)],
        check=True, capture_output=True, cwd=tmp_path,
    )
    (wheel,) = dist.glob("swisstui-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert {f"swisstui/themes/{name}" for name in THEMES} | {"swisstui/app.tcss"} <= names
        site = tmp_path / "site"
        archive.extractall(site)
    env = {"PYTHONPATH": str(site), "SWISSTUI_CONFIG": str(tmp_path / "preferences.toml"), "PATH": "/usr/bin:/bin"}
    run = subprocess.run(
        [sys.executable, "-c", OPEN_THE_APP, str(site), str(tmp_path / "wheel.toml")],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["swisstui-high-contrast", "HomeScreen",
                                  "swisstui-dark", "swisstui-high-contrast", "swisstui-light"]
