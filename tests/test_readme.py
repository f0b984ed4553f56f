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


def test_the_quick_start_names_what_the_tests_need_besides_python():
    """The tests fail without tmux, Chromium and poppler-utils (.ci/run installs them): the quick start says so
    where the two commands are, not only at the end of the README."""
    start = README.index("## Quick start")
    quick_start = README[start:README.index("## ", start + 3)]
    assert "nothing else" not in quick_start.replace("and nothing else", "")
    ci = (Path(__file__).resolve().parent.parent / ".ci" / "run").read_text()
    for program, package in (("tmux", "tmux"), ("/usr/bin/chromium", "chromium"), ("pdftotext", "poppler-utils")):
        assert program in ci and package in ci  # what .ci/run installs ...
        assert package in quick_start, package  # ... the quick start names
