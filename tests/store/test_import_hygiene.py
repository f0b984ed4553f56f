"""The store is usable without the user interface: importing it loads no Textual and no Rich."""

import subprocess
import sys


def test_store_imports_no_ui():
    code = (
        "import sys, swisstui.store, swisstui.store.event, swisstui.store.lines\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(loaded)\n"
        "sys.exit(1 if loaded else 0)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
