"""Fuzzed CSV registration lists, read by the import preview and by ``swisstui import`` (``scripts/fuzz_csv.py``).

A registration list (header row, then players) is mutated byte by byte and line by line
(:func:`oracles.cli_fuzzing.mutated`), with what broke the reader before: old Mac line ends
(CR alone), a CR alone inside a field, a field over the ``csv`` module's 131,072 characters,
quotes left open, NUL bytes, byte-order marks, UTF-16, Latin-1, odd delimiters.

Each input is read twice, as the arbiter meets it:

- by the app's import preview (:func:`swisstui.session.player_import.read_players`): it must return,
  never raise, and every problem it names must start with the file's name and a line
  (``club.csv:4: ...``; a file that cannot be read at all, with its path);
- by ``swisstui import FILE -o EVENT.toml``: judged as every command line is
  (:func:`oracles.cli_fuzzing.judge`): success, or one located line with the documented
  exit code; exit 4 (an internal error) or a traceback is counted as a failure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import strategies as st

from oracles.cli_fuzzing import judge, mutated, run_in_process

SEED = """Name;Rating;Title;Fed;FIDE id;Sex;Date of birth;Club;National ID;National rating;K
Ivanova-Petrova, Margarita;2105;WFM;BUL;2900123;F;12.05.1990;Plovdiv CC;BUL-77;2140;20
Smith, John;1800;;ENG;;m;1975;;;;40
"Berg, Anna";1900;;GER;;female;1990-05-12;"Riverside; West";GER-1234;1850;
Ševčík, Ľubomír;2210;FM;SVK;14900432;M;1961/00/00;ŠK Slovan;;;
Dahl, Ben;;;NOR;;;;;;;
""".encode()

_LONG = b"x" * 131_073  # one character over the csv module's field limit
_PIECES = [b"\r", b"\r\n", b"\n", b"\x00", b'"', b'""', b";", b",", b"\t", b"\xef\xbb\xbf", b"\xff\xfe",
           b"\xe9", b"\x9a", b"\xc3\xa4", b"\xe2\x80\xa8", b"\x1b[2J", b" ", b"0", b"99999999999999999999", b"-1",
           b"=", b"[/b]", b"\\", b"'", b"3501"]
_CELL = st.sampled_from([b"", b"Berg, Anna", b'"Dahl, Ben"', b"1900", b"GM", b"XX", b"NOR", b"12.05.1990",
                         b"31.02.1990", b"2900123", b"w", b"x", b'"a\rb"', b"a\rb", b'"open', _LONG,
                         b'"' + _LONG + b'"'] + _PIECES)
_LINE = st.builds(lambda cells, sep: sep.join(cells), st.lists(_CELL, max_size=12), st.sampled_from([b";", b","]))
_HEADERS = [b"Name;Rating", b"name,rating,fed", b"Player;Elo;Tit;Country;FIDE_ID", b"rating,fed", b"", b'"Name',
            b"Name\r;Rating"]


def _mac(data: bytes) -> bytes:
    return data.replace(b"\r\n", b"\r").replace(b"\n", b"\r")


def _utf16(data: bytes) -> bytes:
    return data.decode("utf-8", "replace").encode("utf-16")


def _latin1(data: bytes) -> bytes:
    return data.decode("utf-8", "replace").encode("latin-1", "replace")


def csv_texts(seed: bytes = SEED) -> st.SearchStrategy[bytes]:
    """Registration lists: the seed mutated, re-encoded or re-ended, lines of odd cells, or any bytes."""
    changed = mutated(seed, _LINE)
    return (changed
            | st.builds(lambda data, how: how(data), changed | st.just(seed), st.sampled_from([_mac, _utf16, _latin1]))
            | st.builds(lambda head, lines: b"\n".join([head, *lines]) + b"\n", st.sampled_from(_HEADERS),
                        st.lists(_LINE, max_size=6))
            | st.binary(max_size=300))


@dataclass
class CsvCase:
    """One registration list and the name it is saved under (the name decides CSV or TRF)."""

    data: bytes
    name: str = "club.csv"


def csv_cases(seed: bytes = SEED) -> st.SearchStrategy[CsvCase]:
    return st.builds(CsvCase, csv_texts(seed), st.sampled_from(["club.csv", "club.csv", "club.csv", "entries.txt",
                                                                "list"]))


@dataclass
class CsvTally:
    """How the inputs ended: ``tracebacks`` counts both readers' failures, ``exit_4`` the command line's."""

    inputs: int = 0
    previews: int = 0  # the preview returned, every problem located
    players: int = 0  # players the previews found
    tracebacks: int = 0
    exit_4: int = 0
    by_exit: dict[int, int] = field(default_factory=dict)
    examples: list[str] = field(default_factory=list)

    def failed(self, case: CsvCase, what: str) -> None:
        self.tracebacks += 1
        if len(self.examples) < 20:
            self.examples.append(f"{case.name} {case.data[:80]!r}...: {what[-600:]}")


def fuzz_csv_one(case: CsvCase, folder: Path, tally: CsvTally) -> None:
    """Read ``case`` through the preview and the command line; count how each ended."""
    from swisstui.session.player_import import read_players

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / case.name
    path.write_bytes(case.data)
    out = folder / "out.toml"
    out.unlink(missing_ok=True)
    tally.inputs += 1
    try:
        preview = read_players(path)
    except Exception:  # noqa: BLE001 - what must never happen, counted with its traceback
        import traceback

        tally.failed(case, f"preview: {traceback.format_exc()}")
    else:
        located = re.compile(rf"{re.escape(case.name)}:(\d+|\s*player \d+)|{re.escape(str(path))}: ")
        unlocated = [p for p in preview.problems if not located.match(p)]
        if unlocated:
            tally.failed(case, f"preview: a problem without file and line: {unlocated[0]!r}")
        else:
            tally.previews += 1
            tally.players += len(preview.players)
    argv = ["import", str(path), "-o", str(out), "--rounds", "5"]
    code, stdout, stderr = run_in_process(argv)
    tally.by_exit[code] = tally.by_exit.get(code, 0) + 1
    tally.exit_4 += code == 4
    verdict, detail = judge(argv, code, stdout, stderr, folder)
    if verdict == "traceback":
        tally.failed(case, f"swisstui import: exit {code}: {detail}")
