"""The README stays true: its key map is the app's, its commands are the CLI's."""

from pathlib import Path

from swisstui.cli import COMMANDS
from swisstui.terminal.help_data import as_markdown

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def test_readme_key_map_is_the_apps():
    start = README.index("<!-- keymap:start -->") + len("<!-- keymap:start -->")
    end = README.index("<!-- keymap:end -->")
    assert README[start:end].strip() == as_markdown().replace("### ", "#### ").strip()


def test_readme_names_the_two_commands_and_every_subcommand():
    assert "python3 dev.py run" in README and "python3 dev.py test" in README
    for command in COMMANDS:
        if command != "open":
            assert f"swisstui {command}" in README, command


def test_ci_runs_the_readme_test_command():
    ci = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text()
    assert "python3 dev.py test" in ci
