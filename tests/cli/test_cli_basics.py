"""The command line's contract: help everywhere, the version, usage errors exit 2."""

import subprocess
import sys

import pytest

from swisstui import __version__
from swisstui.cli import COMMANDS, main


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "swisstui.cli", *args], capture_output=True, text=True)


def test_version():
    proc = run("--version")
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"swisstui {__version__}"


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command, capsys):
    with pytest.raises(SystemExit) as exc:
        main([command, "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: swisstui {command}")


def test_top_level_help_lists_every_command(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for command in COMMANDS:
        assert command in out


@pytest.mark.parametrize(
    "args",
    [
        ["pair"],  # missing input
        ["new", "x.toml", "--rounds", "five", "--name", "A"],  # not a number
        ["export", "x.toml"],  # missing --trf
        ["generate", "--players", "10", "-o", "x.trf"],  # missing --rounds
        ["--no-such-option"],
    ],
)
def test_bad_usage_exits_2(args, capsys):
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "error:" in err


def test_no_arguments_prints_help_and_exits_2(capsys):
    assert main([]) == 2
    assert "usage: swisstui" in capsys.readouterr().out


def test_missing_files_exit_5_with_one_line(tmp_path, capsys):
    missing = tmp_path / "nowhere.trf"
    assert main(["pair", str(missing), "-p", str(tmp_path / "out.txt")]) == 5
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "nowhere.trf: no such file" in err[0]
    assert main([str(tmp_path / "nowhere.toml")]) == 5


def test_unknown_system_is_bad_usage(tmp_path, capsys):
    assert main(["new", str(tmp_path / "e.toml"), "--name", "A", "--rounds", "5", "--system", "swiss-cheese"]) == 2
    assert "unknown pairing system 'swiss-cheese'" in capsys.readouterr().err


def test_new_help_lists_every_system_id(capsys):
    from engine import systems

    with pytest.raises(SystemExit):
        main(["new", "--help"])
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps the help text
    for info in systems.SYSTEMS:
        assert info.id in out
