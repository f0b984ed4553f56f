"""Fuzzed inputs for the command line, and how each run ended (shared by the tests and ``scripts/fuzz.py``).

The inputs grow from two seed files handed in by the caller (a TRF tournament and
an event file): the tests pass their own copies, the script the files it is given.

Three kinds of input: TRF text (a reference tournament mutated byte by byte and
line by line, or anything at all), event files (a sample event mutated the same
way, and with values of the wrong kind, size or shape put in its keys), and
command lines (every command but ``open`` and ``serve``, which start the app,
with flags and values drawn from what each takes and what it does not).

Every run must end as one of: success (exit 0; an event written by ``import`` or
``new`` loads), or a clean error: the documented exit code (1 only from
``pair``, ``check`` and ``generate``; 2, 3 or 5) and one line saying what is
wrong, located as ``file:line`` for a bad input file (3). Anything else — an
exception out of ``main``, exit 4 (an internal error), a second line, an
unlocated bad-input line — is counted as a traceback.
"""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import strategies as st

from swisstui.cli import main

_ODD_BYTES = [b"\x00", b"\xff", b"\xef\xbb\xbf", b"\r", b"\n", b"\t", b" ", b"-", b"0", b"9", b"=", b"[", b"]",
              b"{", b"}", b'"', b"'", b"\\", b"#", b".", b"1e27", b"\xc3\xa4", b"\xe2\x80\xa8", b"[/b]"]
_RECORD_STARTS = ["001", "012", "022", "042", "092", "132", "142", "152", "162", "192", "202", "212", "240",
                  "250", "260", "299", "XXR", "XXC", "XXS", "XXA", "XXP", "XXZ", "BBW", "BBZ", "013", "310"]
_TOML_VALUES = ["0", "-1", "1e27", "1e-9", "0.333", "nan", "inf", "99999999999999999999", '""', '"[/b]"',
                '"a\\nb"', "true", "[]", "[1, 2]", "{}", "{ a = 1 }", "1979-05-27", "1979-05-27T07:32:00Z",
                '"' + "x" * 300 + '"', "[" * 40 + "]" * 40, '"\\u0000"']


@st.composite
def mutated(draw, seed: bytes, extra_lines: st.SearchStrategy[bytes]) -> bytes:
    """``seed`` with one to four changes: bytes replaced, inserted or cut; lines dropped, doubled, swapped, added."""
    data = bytearray(seed)
    for _ in range(draw(st.integers(1, 4))):
        lines = bytes(data).split(b"\n")
        kind = draw(st.sampled_from(["replace", "insert", "truncate", "drop", "double", "swap", "add", "column"]))
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if kind == "replace" and data:
            piece = draw(st.sampled_from(_ODD_BYTES) | st.binary(min_size=1, max_size=3))
            data[at:at + len(piece)] = piece
        elif kind == "insert":
            data[at:at] = draw(st.sampled_from(_ODD_BYTES) | st.binary(min_size=1, max_size=8))
        elif kind == "truncate":
            del data[at:]
        elif kind in ("drop", "double", "swap", "add", "column") and lines:
            i = draw(st.integers(0, len(lines) - 1))
            if kind == "drop":
                del lines[i]
            elif kind == "double":
                lines.insert(i, lines[i])
            elif kind == "swap":
                j = draw(st.integers(0, len(lines) - 1))
                lines[i], lines[j] = lines[j], lines[i]
            elif kind == "add":
                lines.insert(i, draw(extra_lines))
            else:  # one fixed-width column of a line changed
                line = bytearray(lines[i])
                col = draw(st.integers(0, max(0, len(line))))
                line[col:col + 1] = draw(st.sampled_from([b" ", b"0", b"9", b"x", b"-", b"=", b"1"]))
                lines[i] = bytes(line)
            data = bytearray(b"\n".join(lines))
    return bytes(data)


_TRF_LINE = st.builds(lambda start, rest: (start + " " + rest).encode("utf-8", "surrogatepass"),
                      st.sampled_from(_RECORD_STARTS), st.text(st.characters(exclude_categories=("Cs",)), max_size=90))
_TOML_LINE = st.builds(lambda key, value: f"{key} = {value}".encode(), st.sampled_from(
    ["name", "rounds", "system", "win", "draw", "rating", "id", "result", "board", "white", "schema", "x",
     "virtual_points", "tiebreaks", "status", "withdrawn_after", "bye"]), st.sampled_from(_TOML_VALUES))

COMMANDS = ("new", "import", "export", "pair", "check", "generate", "standings", "publish")
_FLAG_VALUES = ["0", "1", "2", "3", "-1", "abc", "", "1e3", "99999999999", "[/b]", "dutch", "dubov", "lim",
                "bbp", "javafo", "trf26", "white", "BH/C1,BH,SB", "XYZ,,", "csv", "json", "text"]
_FLAGS = ["--name", "--rounds", "--system", "--initial-colour", "--tiebreaks", "--dialect", "--round", "--format",
          "--players", "--seed", "--draw-rate", "--forfeit-rate", "--bye-rate", "--retire-rate", "-p", "-o",
          "--trf", "--to", "--explain", "--force", "--accelerate", "--bogus"]


@dataclass
class Case:
    """One command line to run, and the file it reads (written into a scratch folder first)."""

    kind: str  # "trf", "event" or "argv"
    trf: bytes  # the TRF file the command line may name (fuzzed when kind is "trf")
    event: bytes  # the event file it may name (fuzzed when kind is "event")
    argv: list[str] = field(default_factory=list)


def trf_texts(trf_seed: bytes) -> st.SearchStrategy[bytes]:
    return mutated(trf_seed, _TRF_LINE) | st.binary(max_size=400) | st.lists(_TRF_LINE, max_size=6).map(b"\n".join)


def event_texts(event_seed: bytes) -> st.SearchStrategy[bytes]:
    return mutated(event_seed, _TOML_LINE) | st.binary(max_size=300) | st.builds(
        lambda value: event_seed.replace(b"win = 1.0", b"win = " + value.encode(), 1), st.sampled_from(_TOML_VALUES))


def trf_cases(trf_seed: bytes, event_seed: bytes) -> st.SearchStrategy[Case]:
    return st.builds(lambda data, command: Case("trf", data, event_seed, [command]), trf_texts(trf_seed),
                     st.sampled_from(["import", "pair", "check", "standings"]))


def event_cases(trf_seed: bytes, event_seed: bytes) -> st.SearchStrategy[Case]:
    return st.builds(lambda data, command: Case("event", trf_seed, data, [command]), event_texts(event_seed),
                     st.sampled_from(["export", "pair", "standings", "publish"]))


def all_cases(trf_seed: bytes, event_seed: bytes) -> st.SearchStrategy[Case]:
    """Fuzzed TRF files, fuzzed event files and fuzzed command lines, in one strategy."""
    return trf_cases(trf_seed, event_seed) | event_cases(trf_seed, event_seed) | argv_cases(trf_seed, event_seed)


@st.composite
def argv_cases(draw, trf_seed: bytes, event_seed: bytes) -> Case:
    command = draw(st.sampled_from(COMMANDS))
    words = [command]
    for _ in range(draw(st.integers(0, 5))):
        flag = draw(st.sampled_from(_FLAGS))
        words.append(flag)
        if draw(st.booleans()):
            words.append(draw(st.sampled_from(_FLAG_VALUES + ["@OUT", "@TRF", "@EVENT", "@MISSING", "@DIR"])))
    if draw(st.booleans()):
        words.insert(1, draw(st.sampled_from(["@TRF", "@EVENT", "@MISSING", "@DIR", "@OUT"])))
    return Case("argv", trf_seed, event_seed, words)


def command_line(case: Case, folder: Path) -> list[str]:
    """The argv to run: the fuzzed file written into ``folder``, the placeholders made paths there."""
    folder.mkdir(parents=True, exist_ok=True)
    trf_path, event_path, out = folder / "in.trf", folder / "in.toml", folder / "out"
    trf_path.write_bytes(case.trf)
    event_path.write_bytes(case.event)
    for leftover in (out, folder / "out.toml"):
        if leftover.is_dir():
            import shutil

            shutil.rmtree(leftover)
        elif leftover.exists():
            leftover.unlink()
    places = {"@TRF": str(trf_path), "@EVENT": str(event_path), "@OUT": str(out), "@MISSING": str(folder / "none"),
              "@DIR": str(folder)}
    if case.kind == "trf":
        argv = [case.argv[0], str(trf_path)] + (["-o", str(folder / "out.toml")] if case.argv[0] == "import" else [])
    elif case.kind == "event":
        command = case.argv[0]
        argv = [command, str(event_path)] + {"export": ["--trf", str(out)], "publish": ["--to", str(out)]}.get(
            command, [])
    else:
        argv = [places.get(word, word) for word in case.argv]
    return argv


@dataclass
class Tally:
    """How the runs ended."""

    inputs: int = 0
    succeeded: int = 0
    clean_errors: int = 0
    tracebacks: int = 0
    by_exit: dict[int, int] = field(default_factory=dict)
    examples: list[str] = field(default_factory=list)

    def add(self, argv: list[str], verdict: str, code: int, detail: str) -> None:
        self.inputs += 1
        self.by_exit[code] = self.by_exit.get(code, 0) + 1
        if verdict == "ok":
            self.succeeded += 1
        elif verdict == "clean":
            self.clean_errors += 1
        else:
            self.tracebacks += 1
            if len(self.examples) < 20:
                self.examples.append(f"{' '.join(argv)!r}: exit {code}: {detail[-600:]}")


_LOCATED = re.compile(r":\d+(?:[:-]\d+)*: ")


def judge(argv: list[str], code: int, out: str, err: str, folder: Path) -> tuple[str, str]:
    """("ok" | "clean" | "traceback", why) for one finished run."""
    lines = [line for line in err.strip().splitlines() if not line.startswith("warning: ")]
    if "Traceback" in err or code == 4 or code not in (0, 1, 2, 3, 5):
        return "traceback", err
    if code == 0:
        if argv[0] in ("import", "new"):
            target = next((argv[i + 1] for i, w in enumerate(argv[:-1]) if w in ("-o", "--output")), None)
            target = target or (argv[1] if argv[0] == "new" and len(argv) > 1 else None)
            if target and Path(target).is_file():
                from swisstui import store

                try:
                    store.load(target)
                except store.EventFileError as exc:
                    return "traceback", f"exit 0 but the event written does not load: {exc}"
        return "ok", ""
    if code == 2 and lines and lines[-1].startswith("swisstui") and ": error: " in lines[-1]:
        return "clean", ""  # argparse: usage, then one error line
    if len(lines) != 1 or not lines[0].startswith("swisstui "):
        return "traceback", f"not one line: {err!r}"
    if code == 1 and argv[0] not in ("pair", "check", "generate"):
        return "traceback", f"exit 1 from {argv[0]}: {err!r}"
    if code == 3 and not _LOCATED.search(lines[0]):
        return "traceback", f"bad input without file:line: {err!r}"
    return "clean", ""


def run_in_process(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse
            code = exc.code if isinstance(exc.code, int) else 2
        except BaseException:  # noqa: BLE001 - counted, with the traceback, as what must never happen
            import traceback

            err.write(traceback.format_exc())
            code = -1
    return code, out.getvalue(), err.getvalue()


def run_in_subprocess(argv: list[str], cwd: Path) -> tuple[int, str, str]:
    script = Path(sys.executable).parent / "swisstui"
    done = subprocess.run([str(script), *argv], capture_output=True, text=True, timeout=120, cwd=cwd,
                          stdin=subprocess.DEVNULL)
    return done.returncode, done.stdout, done.stderr


def fuzz_one(case: Case, folder: Path, tally: Tally, *, subprocess_run: bool = False) -> None:
    argv = command_line(case, folder)
    code, out, err = run_in_subprocess(argv, folder) if subprocess_run else run_in_process(argv)
    verdict, detail = judge(argv, code, out, err, folder)
    tally.add(argv, verdict, code, detail)
