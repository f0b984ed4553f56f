"""``python3 dev.py``: setup is quiet when pip succeeds and shows pip's output when it fails."""

import hashlib
import importlib.util
import os
import stat
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_dev(tmp_path: Path, exit_status: int):
    """dev.py with its .venv in tmp_path, whose "python" prints pip-like banners and exits as told."""
    spec = importlib.util.spec_from_file_location("dev_under_test", ROOT / "dev.py")
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\n"
                    "echo \"WARNING: Location 'file:///nowhere/' is ignored: it is neither a file nor a directory.\" >&2\n"
                    "echo 'BuildBackendWarning: Editable installation.'\n"
                    f"exit {exit_status}\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    dev.PYTHON = fake
    dev.STAMP = tmp_path / ".swisstui-installed"
    return dev


def test_setup_prints_no_pip_banner_when_pip_succeeds(tmp_path, capfd):
    dev = load_dev(tmp_path, 0)
    dev.setup()
    out, err = capfd.readouterr()
    assert "WARNING" not in out + err and "BuildBackendWarning" not in out + err
    assert "installing swisstui" in out
    assert dev.STAMP.read_text() == hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def test_setup_shows_pip_output_and_stops_when_pip_fails(tmp_path, capfd):
    dev = load_dev(tmp_path, 1)
    with pytest.raises(SystemExit) as stop:
        dev.setup()
    out, err = capfd.readouterr()
    assert "is ignored" in out and "BuildBackendWarning" in out  # what pip said, for the reader to act on
    assert "failed (exit status 1)" in str(stop.value.code)
    assert not dev.STAMP.exists()


def test_the_suite_runs_in_parallel_unless_told_how_many_processes(tmp_path, monkeypatch):
    """``dev.py test`` runs pytest with ``-n WORKERS``; ``-n 0`` (or any ``-n``) given is used as it is."""
    dev = load_dev(tmp_path, 0)
    monkeypatch.setattr(dev, "setup", lambda: None)
    calls = []
    monkeypatch.setattr(dev.subprocess, "call", lambda command, cwd, env: calls.append(command) or 0)
    for extra in ([], ["tests/store", "-x"], ["-n", "0"], ["-n0", "-k", "lock"], ["--numprocesses=4"]):
        assert dev.main(["test", *extra]) == 0
    pytest_args = [command[command.index("pytest") + 1:] for command in calls]
    assert pytest_args == [["-n", dev.WORKERS], ["-n", dev.WORKERS, "tests/store", "-x"], ["-n", "0"],
                           ["-n0", "-k", "lock"], ["--numprocesses=4"]]
    assert dev.WORKERS == str(2 * (os.cpu_count() or 1))  # two processes a core


def test_the_suite_keeps_compiled_modules_even_where_the_environment_says_not_to(tmp_path, monkeypatch):
    """Every test process and every program a test starts would otherwise compile the code again."""
    dev = load_dev(tmp_path, 0)
    monkeypatch.setattr(dev, "setup", lambda: None)
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setenv("SWISSTUI_SOMETHING", "kept")
    given = []
    monkeypatch.setattr(dev.subprocess, "call", lambda command, cwd, env: given.append(env) or 0)
    assert dev.main(["test"]) == 0
    assert "PYTHONDONTWRITEBYTECODE" not in given[0]
    assert given[0]["SWISSTUI_SOMETHING"] == "kept" and given[0]["PATH"] == os.environ["PATH"]


def test_a_parallel_run_lets_idle_processes_take_tests_from_busy_ones(pytestconfig):
    """pytest-xdist's default hands each process its tests up front; a run then ends with one process alone."""
    assert "--dist=worksteal" in pytestconfig.getini("addopts")  # a worker's own option reads "no"
