"""The type checker's word on the code: mypy runs over it here, so no error creeps back in unseen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_swisstui_type_checks():
    """swisstui/ at mypy's default strictness (its section of pyproject.toml), with no error.

    ``--follow-imports=silent``: engine/ is read for the types swisstui uses, and its own
    errors are left to engine's test, which holds it to stricter rules.
    """
    done = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", "swisstui"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    said = done.stdout + done.stderr
    print(said)
    assert done.returncode == 0 and "Success: no issues found" in done.stdout, said


def test_a_screen_calling_the_session_wrongly_is_a_type_error(tmp_path):
    """The trail from a key to the session is typed: a screen's call of an operation is checked
    against the operation's signature, through ``act`` as well as directly."""
    screen = tmp_path / "wrong_screen.py"
    screen.write_text(
        "from swisstui.screens.base import BaseScreen\n"
        "\n"
        "class WrongScreen(BaseScreen):\n"
        "    def action_save(self) -> None:\n"
        "        self.host.act(lambda: self.session.set_result(1, 'board two', None), done='saved')\n"
        "        self.session.publish_everything()\n",
        encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", str(screen)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    said = done.stdout + done.stderr
    print(said)
    assert 'wrong_screen.py:5: error: Argument 2 to "set_result" of "Session" has incompatible type "str"' in said
    assert 'wrong_screen.py:6: error: "Session" has no attribute "publish_everything"' in said
