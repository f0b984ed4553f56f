"""The engine must be usable on its own: importing any of it loads no UI and no TOML code."""

import subprocess
import sys
import textwrap

FORBIDDEN = ("textual", "rich", "tomllib", "tomli_w", "swisstui")


def test_engine_imports_no_ui_and_no_toml():
    code = textwrap.dedent(
        f"""
        import importlib, pkgutil, sys
        import engine
        names = [m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")]
        for name in names:
            importlib.import_module(name)
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in {FORBIDDEN!r})
        print(len(names), loaded)
        sys.exit(1 if loaded else 0)
        """
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    count = int(proc.stdout.split()[0])
    assert count >= 4  # at least model, explain, result and systems were imported
