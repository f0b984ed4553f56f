"""The code is type-checked: mypy, run as a separate process, finds no error.

swisstui/ with every function's body checked and the flags of ``--strict`` that hold without an annotation
on every function (pyproject.toml says which), the engine with ``--strict``: every function annotated, no bare
generics, no ``Any`` leaking out of a typed function, no implicit re-exports.
A ``# type: ignore[code]`` is allowed only where a third-party library or a
deliberately dynamic case needs it, with the reason beside it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT, capture_output=True, text=True)


def test_engine_is_strictly_typed() -> None:
    run = mypy("--strict", "engine")
    assert run.returncode == 0 and "Success: no issues found" in run.stdout, \
        f"mypy --strict engine:\n{run.stdout}{run.stderr}"


def test_swisstui_type_checks():
    """swisstui/ under its section of pyproject.toml (every body checked), with no error.

    ``--follow-imports=silent``: engine/ is read for the types swisstui uses, and its own
    errors are left to engine's test, which holds it to stricter rules.
    """
    done = mypy("--follow-imports=silent", "swisstui")
    said = done.stdout + done.stderr
    print(said)
    assert done.returncode == 0 and "Success: no issues found" in done.stdout, said


def test_a_screen_calling_the_session_wrongly_is_a_type_error(tmp_path):
    """The trail from a key to the session is typed: a screen's call of an operation is checked
    against the operation's signature in its service, through ``act`` as well as directly, and
    what a change returns is checked as the change it is."""
    screen = tmp_path / "wrong_screen.py"
    screen.write_text(
        "from swisstui.screens.base import BaseScreen\n"
        "\n"
        "class WrongScreen(BaseScreen):\n"
        "    def action_save(self) -> None:\n"
        "        self.host.act(lambda: self.session.results.set_result(1, 'board two', None), done='saved')\n"
        "        self.session.publish_everything()\n"
        "        self.session.players.publish_everything()\n"
        "        number: int = self.session.players.add('Late, Entry')\n",
        encoding="utf-8")
    done = mypy("--follow-imports=silent", str(screen))
    said = done.stdout + done.stderr
    print(said)
    assert 'wrong_screen.py:5: error: Argument 2 to "set_result" of "ResultsService" has incompatible type "str"' \
        in said
    assert 'wrong_screen.py:6: error: "Session" has no attribute "publish_everything"' in said
    assert 'wrong_screen.py:7: error: "PlayerService" has no attribute "publish_everything"' in said
    # A change returns what happened, typed: the number given is the change's value, not the change.
    assert 'wrong_screen.py:8: error: Incompatible types in assignment (expression has type "Changed[int]", ' \
           'variable has type "int")' in said


def test_swisstui_checks_the_body_of_an_unannotated_function_and_what_a_typed_one_returns(tmp_path):
    """pyproject.toml's section for swisstui: a function without annotations still has its body
    checked (check_untyped_defs), and a typed function may not hand back an ``Any``
    (warn_return_any) nor call an untyped one (disallow_untyped_calls)."""
    package = tmp_path / "swisstui"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "probe.py").write_text(
        "import json\n"
        "\n"
        "def untyped():\n"
        "    return 1 + 'one'\n"
        "\n"
        "def typed(text: str) -> int:\n"
        "    untyped()\n"
        "    return json.loads(text)\n",
        encoding="utf-8")
    done = mypy("--config-file", str(ROOT / "pyproject.toml"), str(package / "probe.py"))
    said = done.stdout + done.stderr
    print(said)
    assert "probe.py:4: error: Unsupported operand types" in said
    assert "probe.py:7: error: Call to untyped function \"untyped\" in typed context" in said
    assert "probe.py:8: error: Returning Any from function declared to return \"int\"" in said
