"""A wheel carries everything the app needs: it opens an event, with its themes, from the wheel alone.

``pipx install`` and ``pip install swisstui`` install the wheel, not this checkout, so the
stylesheet and the theme files must be package data: the top-level ``themes/`` goes into
the wheel as ``swisstui/themes/``, and an arbiter's own theme beside the preferences file
is offered with them. The wheel is built and unpacked into
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

from swisstui.terminal.theming import parse_theme

ROOT = Path(__file__).resolve().parents[1]
THEMES = sorted(p.name for p in (ROOT / "themes").glob("*.tcss"))  # top level in the source, swisstui/themes/ installed

OPEN_THE_APP = textwrap.dedent(
    """
    import asyncio, sys
    from pathlib import Path

    import swisstui, swisstui.themes
    from swisstui import store
    from swisstui.app import SwissApp

    site, event = Path(sys.argv[1]), Path(sys.argv[2])
    for module in (swisstui, swisstui.themes):  # not the checkout
        assert Path(module.__file__).is_relative_to(site), module.__file__
    store.save(store.new_event("Wheel Open", 5), event)

    async def main(choice):
        app = SwissApp(event, theme=choice, watch_interval=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            themes = sorted(name for name in app.available_themes if name.startswith("swisstui-"))
            print(app.theme, app.current_theme.primary, type(app.screen).__name__, " ".join(themes))

    for choice in sys.argv[3:]:
        asyncio.run(main(choice))
    """
)


@pytest.mark.slow
def test_the_app_opens_from_its_wheel_with_every_theme(tmp_path):
    assert THEMES == ["dark.tcss", "high-contrast.tcss", "light.tcss"]
    source = tmp_path / "source"  # what a source distribution holds, without this checkout's build leftovers
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for folder in ("engine", "swisstui", "themes"):
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(dist), str(source)],
        check=True, capture_output=True, cwd=tmp_path,
    )
    (wheel,) = dist.glob("swisstui-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        # every module: pyproject.toml lists the packages by hand, and a new one left out would be missing
        modules = {p.relative_to(ROOT).as_posix() for folder in ("engine", "swisstui") for p in (ROOT / folder).rglob("*.py")}
        assert modules - names == set()
        assert {f"swisstui/themes/{name}" for name in THEMES} | {"swisstui/app.tcss"} <= names
        assert not any(name.startswith("themes/") for name in names)
        site = tmp_path / "site"
        archive.extractall(site)
    (tmp_path / "themes").mkdir()  # the arbiter's themes folder, beside the preferences file
    (tmp_path / "themes" / "venue.tcss").write_text("$primary: #ff8800;\n")
    env = {"PYTHONPATH": str(site), "SWISSTUI_CONFIG": str(tmp_path / "preferences.toml"), "PATH": "/usr/bin:/bin"}
    run = subprocess.run(
        [sys.executable, "-c", OPEN_THE_APP, str(site), str(tmp_path / "wheel.toml"), "dark", "light", "contrast", "venue"],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=240,
    )
    assert run.returncode == 0, run.stderr
    listed = "swisstui-dark swisstui-high-contrast swisstui-light swisstui-venue"
    primary = {name: parse_theme(name, (ROOT / "themes" / name).read_text()).primary for name in THEMES}
    assert run.stdout.splitlines() == [
        f"swisstui-dark {primary['dark.tcss']} HomeScreen {listed}",
        f"swisstui-light {primary['light.tcss']} HomeScreen {listed}",
        f"swisstui-high-contrast {primary['high-contrast.tcss']} HomeScreen {listed}",
        f"swisstui-venue #ff8800 HomeScreen {listed}",
    ]
