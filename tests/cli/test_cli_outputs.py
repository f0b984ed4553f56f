"""Where the commands write: with the umask's permissions, never over what swisstui keeps, devices in place.

Every command that writes a file (``export``, ``pair -p``, ``generate -o``, ``standings -o``,
``publish --to``, ``new`` and ``import`` with ``--force``) goes through one writer
(swisstui.store.file_writer); these tests hold each command to what the README promises of it.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from swisstui import store
from swisstui.cli import main
from swisstui.store.event import LogEntry

SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"


@pytest.fixture
def weekend(tmp_path) -> Path:
    """A real event with every file the store keeps beside it: backup, history, lock and queue."""
    path = tmp_path / "weekend.toml"
    shutil.copyfile(SAMPLES / "weekend-open.toml", path)

    def rename(event):
        event.players[0].name = "Ľubomír Ševčík"
        return LogEntry("rename", "a name with accents")

    store.update(path, rename)
    assert (tmp_path / "weekend.toml.bak").exists() and (tmp_path / "weekend.toml.history").exists()
    assert (tmp_path / "weekend.toml.lock").exists() and (tmp_path / ".weekend.toml.queue").is_dir()
    return path


@pytest.fixture(params=[0o022, 0o027], ids=["umask022", "umask027"])
def umask(request):
    old = os.umask(request.param)
    yield request.param
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def one_error(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    return err[0]


def snapshot(folder: Path) -> dict[str, bytes | None]:
    return {p.name: (p.read_bytes() if p.is_file() else None) for p in folder.rglob("*")}


# -- 1. permissions ------------------------------------------------------------------------


def test_published_files_and_folders_get_the_umasks_permissions(weekend, tmp_path, umask):
    out = tmp_path / "www" / "round"
    assert main(["publish", str(weekend), "--to", str(out)]) == 0
    files = sorted(f for f in out.iterdir() if f.is_file())
    assert len(files) == 18  # the lists of the round, and index.html
    paper = sorted((out / "paper").iterdir())
    assert len(paper) == 3  # result slips, scoresheets, wall lists
    assert {f.name: mode(f) for f in files + paper} == {f.name: 0o666 & ~umask for f in files + paper}
    assert mode(out) == mode(out.parent) == mode(out / "paper") == 0o777 & ~umask


def test_publishing_again_gives_files_the_umasks_permissions(weekend, tmp_path, umask):
    out = tmp_path / "www"
    out.mkdir()
    old = out / "round-4-pairings.html"
    old.write_text("made 0600 by an earlier version")
    old.chmod(0o600)
    assert main(["publish", str(weekend), "--to", str(out)]) == 0
    assert mode(old) == 0o666 & ~umask


def test_outputs_of_every_command_get_the_umasks_permissions(weekend, tmp_path, umask):
    out = tmp_path / "out"
    commands = {
        "export.trf": ["export", str(weekend), "--trf"],
        "pairing.txt": ["pair", str(SAMPLES / "open-300.trf"), "-p"],
        "generated.trf": ["generate", "--players", "6", "--rounds", "2", "-o"],
        "standings.csv": ["standings", str(weekend), "--format", "csv", "-o"],
    }
    for name, args in commands.items():
        assert main([*args, str(tmp_path / name)]) == 0, name
        assert mode(tmp_path / name) == 0o666 & ~umask, name
    assert not out.exists()


def test_event_file_new_gets_the_umasks_mode_and_an_existing_one_keeps_its_own(tmp_path, umask):
    path = tmp_path / "ev.toml"
    assert main(["new", str(path), "--name", "Mode", "--rounds", "5"]) == 0
    assert mode(path) == 0o666 & ~umask
    path.chmod(0o640)
    event = store.load(path)
    store.save(event, path, expected_revision=event.revision)
    assert mode(path) == 0o640
    assert main(["new", str(path), "--name", "Again", "--rounds", "5", "--force"]) == 0
    assert mode(path) == 0o640 and store.load(path).name == "Again"


def test_preferences_get_the_umasks_mode_and_keep_it(tmp_path, monkeypatch, umask):
    from swisstui.terminal import preferences

    config = tmp_path / "config" / "swisstui" / "preferences.toml"
    monkeypatch.setenv("SWISSTUI_CONFIG", str(config))
    assert preferences.save_theme("light")
    assert mode(config) == 0o666 & ~umask and mode(config.parent) == 0o777 & ~umask
    config.chmod(0o600)
    assert preferences.save_arbiter("Ana")
    assert mode(config) == 0o600
    assert preferences.saved_theme() == "light" and preferences.saved_arbiter() == "Ana"
    assert sorted(p.name for p in config.parent.iterdir()) == ["preferences.toml"]


# -- 2. never over what swisstui keeps -----------------------------------------------------


KEPT = ["weekend.toml", "weekend.toml.history", "weekend.toml.lock", "weekend.toml.bak", "other.toml"]


def writing_to(command: str, weekend: Path, target: Path) -> list[str]:
    return {
        "export": ["export", str(weekend), "--trf", str(target)],
        "pair": ["pair", str(weekend), "-p", str(target)],
        "generate": ["generate", "--players", "6", "--rounds", "2", "-o", str(target)],
        "standings": ["standings", str(weekend), "-o", str(target)],
        "publish": ["publish", str(weekend), "--to", str(target)],
        "new": ["new", str(target), "--name", "X", "--rounds", "5", "--force"],
        "import": ["import", str(SAMPLES / "open-300.trf"), "-o", str(target), "--force"],
    }[command]


# ``new`` and ``import`` replace an event when given --force: what those two are for.
WRITERS = [(command, kept) for command in ("export", "pair", "generate", "standings", "publish", "new", "import")
           for kept in KEPT if command not in ("new", "import") or not kept.endswith(".toml")]


@pytest.mark.parametrize("command, kept", WRITERS)
def test_no_command_writes_over_a_file_swisstui_keeps(weekend, tmp_path, capsys, command, kept):
    shutil.copyfile(SAMPLES / "club-rapid.toml", tmp_path / "other.toml")
    before = snapshot(tmp_path)
    assert main(writing_to(command, weekend, tmp_path / kept)) == 2
    line = one_error(capsys)
    assert line.startswith(f"swisstui {command}: {tmp_path / kept}: is "), line
    assert "swisstui keeps it as it is" in line or "name a folder" in line, line
    assert snapshot(tmp_path) == before


def long_commented_event(path: Path) -> Path:
    """A real event file with 8 KB of comments above ``schema = 1``: still an event (issue 29, item 6)."""
    comments = "".join(f"# note {n:03d}: the arbiter's remarks on this event, kept above its data\n"
                       for n in range(120))
    assert len(comments) > 8000
    path.write_text(comments + (SAMPLES / "club-rapid.toml").read_text(encoding="utf-8"), encoding="utf-8")
    assert store.load(path).name == "Thursday Club Rapid"
    return path


@pytest.mark.parametrize("args", [["export", "@W", "--trf"], ["export", "@W", "--dialect", "bbp", "--trf"],
                                  ["pair", "@W", "-p"], ["generate", "--players", "6", "--rounds", "2", "-o"],
                                  ["standings", "@W", "-o"]], ids=["export", "bbp", "pair", "generate", "standings"])
def test_an_event_with_long_leading_comments_is_an_event(weekend, tmp_path, capsys, args):
    long = long_commented_event(tmp_path / "long.toml")
    before = snapshot(tmp_path)
    assert main([str(weekend) if a == "@W" else a for a in args] + [str(long)]) == 2
    assert one_error(capsys).endswith(f"{long}: is an event file: swisstui keeps it as it is; name another file")
    assert snapshot(tmp_path) == before


def test_the_sidecars_of_a_long_commented_event_without_toml_suffix_are_kept(weekend, tmp_path, capsys):
    long = long_commented_event(tmp_path / "club-event")
    (tmp_path / "club-event.bak").write_bytes(long.read_bytes())
    before = snapshot(tmp_path)
    assert main(["export", str(weekend), "--trf", str(tmp_path / "club-event.bak")]) == 2
    assert "is the backup of the event club-event" in one_error(capsys)
    assert snapshot(tmp_path) == before


def test_a_toml_file_that_is_no_event_may_be_replaced(weekend, tmp_path):
    """Parsed, not guessed: ``schema`` in a table, or in a string, does not make a file an event."""
    other = tmp_path / "other.toml"
    other.write_text('title = "schema = 1"\n[tool]\nschema = 1\n', encoding="utf-8")
    assert main(["export", str(weekend), "--trf", str(other)]) == 0
    assert other.read_text(encoding="utf-8").startswith("012 ")


def test_the_lock_queue_is_refused_too(weekend, tmp_path, capsys):
    queue = tmp_path / ".weekend.toml.queue"
    assert main(["export", str(weekend), "--trf", str(queue / "node")]) == 2
    assert "is in the lock queue of the event weekend.toml" in one_error(capsys)
    assert main(["publish", str(weekend), "--to", str(queue)]) == 2
    assert "lock queue" in one_error(capsys)
    assert list(queue.iterdir()) == []


def test_a_link_to_the_event_is_the_event(weekend, tmp_path, capsys):
    before = weekend.read_bytes()
    (tmp_path / "soft.trf").symlink_to(weekend)
    os.link(weekend, tmp_path / "hard.trf")
    for name in ("soft.trf", "hard.trf"):
        assert main(["pair", str(weekend), "-p", str(tmp_path / name)]) == 2
        assert "is the file being paired" in one_error(capsys)
    assert weekend.read_bytes() == before and (tmp_path / "soft.trf").is_symlink()


def test_pair_never_replaces_the_trf_it_pairs(tmp_path, capsys):
    path = tmp_path / "in.trf"
    shutil.copyfile(SAMPLES / "open-300.trf", path)
    assert main(["pair", str(path), "-p", str(path)]) == 2
    assert "is the file being paired" in one_error(capsys)
    assert path.read_bytes() == (SAMPLES / "open-300.trf").read_bytes()


# -- 3. devices, FIFOs, folders, sockets ---------------------------------------------------


def null_device(tmp_path: Path) -> Path:
    """A character device like /dev/null, made in the test's folder where the system lets us."""
    try:
        os.mknod(tmp_path / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except OSError:  # not allowed to make device nodes: the real one (nobody may replace it then either)
        return Path("/dev/null")
    return tmp_path / "null"


@pytest.mark.parametrize("command", ["export", "pair", "generate", "standings"])
def test_a_character_device_is_written_in_place(weekend, tmp_path, command):
    device = null_device(tmp_path)
    assert main(writing_to(command, weekend, device)) == 0
    assert stat.S_ISCHR(os.stat(device).st_mode)
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_fifo_is_written_in_place(weekend, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []

    def reader() -> None:
        with open(fifo, "rb") as fh:
            got.append(fh.read())

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    assert main(["export", str(weekend), "--trf", str(fifo)]) == 0
    thread.join(timeout=30)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert got and got[0].startswith(b"012 Autumn Weekend Open\n"), got
    assert "Ľubomír Ševčík".encode() in got[0]


def run_with_a_deadline(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    """A command that must end on its own: the minute allowed is only there to turn a hang into a failure."""
    try:
        return subprocess.run([sys.executable, "-m", "swisstui.cli", *args], cwd=cwd, capture_output=True,
                              text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"swisstui {' '.join(args)} hung on a FIFO")


@pytest.mark.parametrize("command", ["new", "import"])
def test_a_fifo_as_the_event_file_is_refused_unopened(weekend, tmp_path, command):
    """An event is a regular file: a FIFO is refused by its status (issue 29, item 10: it blocked forever)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    proc = run_with_a_deadline(writing_to(command, weekend, fifo), tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip() == f"swisstui {command}: {fifo}: is a named pipe (FIFO), not a regular file: " \
                                  "name a file to write"
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and not (tmp_path / "pipe.bak").exists()


@pytest.mark.parametrize("command", ["export", "pair", "generate", "standings", "publish"])
def test_a_fifo_no_program_reads_is_refused_at_once(weekend, tmp_path, command):
    """Writing to a named pipe nobody reads would wait for a reader forever: refused, nothing written."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    target = fifo
    if command == "publish":  # the folder publish writes into holds a FIFO by the name of one of its lists
        target = tmp_path / "www"
        target.mkdir()
        fifo.rename(target / "round-4-pairings.html")
        fifo = target / "round-4-pairings.html"
    before = snapshot(tmp_path)
    proc = run_with_a_deadline(writing_to(command, weekend, target), tmp_path)
    assert proc.returncode == 2, proc.stderr
    # the files of a published folder are for a web server: a FIFO there is no regular file, reader or not
    why = ", not a regular file" if command == "publish" else " no program is reading"
    assert proc.stderr.strip() == f"swisstui {command}: {fifo}: is a named pipe (FIFO){why}: name a file to write"
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("name", ["round-4-pairings.html", "round-4-standings.csv", "round-4-cards.txt",
                                  "index.html"])
def test_a_refused_publish_writes_nothing(weekend, tmp_path, capsys, name):
    """Every target is checked before any is written (issue 29, item 11: the alphabetical list was written,
    then exit 2); here one of the names is a hard link to the event file."""
    www = tmp_path / "www"
    www.mkdir()
    os.link(weekend, www / name)
    before = snapshot(tmp_path)
    assert main(["publish", str(weekend), "--to", str(www)]) == 2
    assert one_error(capsys) == f"swisstui publish: {www / name}: is an event file: swisstui keeps it as it is; " \
                                "name another file"
    assert snapshot(tmp_path) == before


def test_a_folder_or_a_socket_is_refused(weekend, tmp_path, capsys):
    folder = tmp_path / "folder"
    folder.mkdir()
    assert main(["export", str(weekend), "--trf", str(folder)]) == 2
    assert one_error(capsys).endswith(f"{folder}: is a folder: name a file to write")
    sock = socket.socket(socket.AF_UNIX)
    try:
        sock.bind(str(tmp_path / "sock"))
        assert main(["export", str(weekend), "--trf", str(tmp_path / "sock")]) == 2
        assert "is a socket, not a regular file" in one_error(capsys)
        assert stat.S_ISSOCK(os.stat(tmp_path / "sock").st_mode)
    finally:
        sock.close()
    assert list(folder.iterdir()) == []


# -- 4. leftovers of a killed writer -------------------------------------------------------


def dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_leftovers_of_a_killed_export_are_removed_by_the_next(weekend, tmp_path):
    out = tmp_path / "out.trf"
    stale = [tmp_path / f".out.trf.swisstui-{dead_pid()}-0badc0de.tmp", tmp_path / f".out.trf.{dead_pid()}.tmp"]
    live = tmp_path / f".out.trf.swisstui-{os.getppid()}-0badc0de.tmp"  # a write in progress elsewhere
    other = tmp_path / f".other.trf.swisstui-{dead_pid()}-0badc0de.tmp"  # another target's: not this run's
    for path in (*stale, live, other):
        path.write_text("half a file")
    assert main(["export", str(weekend), "--trf", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("012 ")
    assert [p.exists() for p in stale] == [False, False]
    assert live.exists() and other.exists()


def test_leftovers_of_a_killed_publish_are_removed_by_the_next(weekend, tmp_path):
    out = tmp_path / "www"
    out.mkdir()
    stale = out / f".round-4-results.txt.swisstui-{dead_pid()}-12345678.tmp"
    live = out / f".round-4-results.txt.swisstui-{os.getppid()}-12345678.tmp"
    stale.write_text("half")
    live.write_text("half")
    assert main(["publish", str(weekend), "--to", str(out)]) == 0
    assert not stale.exists() and live.exists()


def test_a_killed_export_leaves_a_leftover_the_next_one_removes(weekend, tmp_path):
    """A real kill: the writer stopped between writing its temporary file and renaming it."""
    out = tmp_path / "out.trf"
    code = ("import os, signal, sys\nfrom swisstui.cli import main\n"
            "os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)\n"
            f"sys.exit(main(['export', {str(weekend)!r}, '--trf', {str(out)!r}]))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True)
    assert proc.returncode == -signal.SIGKILL
    left = [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.trf.")]
    assert len(left) == 1 and left[0].endswith(".tmp"), left
    assert main(["export", str(weekend), "--trf", str(out)]) == 0
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.trf.")] == []


# -- 5. a terminal or a file that is not UTF-8 ---------------------------------------------


ASCII_ENV = {"PYTHONIOENCODING": "ascii", "LC_ALL": "C", "LANG": "C"}


def run_cli(args: list[str], **kwargs) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_CTYPE", "PYTHONUTF8")} | ASCII_ENV
    return subprocess.run([sys.executable, "-m", "swisstui.cli", *args], env=env, **kwargs)


@pytest.mark.parametrize("args", [["standings"], ["standings", "--format", "csv"], ["standings", "--format", "json"],
                                  ["export", "--trf", "-"]], ids=["text", "csv", "json", "export"])
def test_output_to_a_file_or_a_pipe_is_utf8_whatever_the_locale(weekend, args):
    args = [args[0], str(weekend), *args[1:]]
    proc = run_cli(args, capture_output=True)
    assert proc.returncode == 0, proc.stderr.decode()
    assert "Ľubomír Ševčík" in proc.stdout.decode("utf-8")


def test_files_written_are_utf8_whatever_the_locale(weekend, tmp_path):
    out = tmp_path / "s.csv"
    proc = run_cli(["standings", str(weekend), "--format", "csv", "-o", str(out)], capture_output=True)
    assert proc.returncode == 0, proc.stderr.decode()
    assert "Ľubomír Ševčík" in out.read_text(encoding="utf-8")


def test_a_terminal_that_cannot_show_a_name_gets_a_replacement(weekend):
    import pty

    main_fd, sub_fd = pty.openpty()
    try:
        proc = run_cli(["standings", str(weekend)], stdout=sub_fd, stderr=subprocess.PIPE, timeout=60)
        os.close(sub_fd)
        shown = b""
        while True:
            try:
                chunk = os.read(main_fd, 65536)
            except OSError:  # the terminal's other end is closed: all was read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(main_fd)
    assert proc.returncode == 0, proc.stderr.decode()
    text = shown.decode("ascii")
    assert "?ubom?r ?ev?" in text and "Weekend" in text
