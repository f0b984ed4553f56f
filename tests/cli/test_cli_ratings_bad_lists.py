"""Lists no reader should trust (issue 29, items 7 and 8): a line of a gigabyte, numbers over 2^63.

A line longer than any list line is refused as it is read, with at most a few kilobytes of it
in memory; a number too large for the database is a bad line named in the report, and the
other players are imported.
"""

from __future__ import annotations

import contextlib
import io
import zipfile

import pytest

from swisstui.cli import main
from swisstui.ratings.db import RatingsDb
from swisstui.ratings.fide_list import LINE_BLOCK, MAX_LINE, ListError, bounded_lines
from oracles import fide_lists as F


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


class Endless(io.RawIOBase):
    """A stream of one line that never ends, counting the bytes anyone read of it."""

    def __init__(self, head: bytes) -> None:
        self.head, self.given = head, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        n = len(buffer)
        data = (self.head + b"x" * n)[:n]
        self.head = self.head[len(data):]
        buffer[:n] = data
        self.given += n
        return n


def test_the_bounded_reader_stops_a_line_that_never_ends_after_a_block():
    raw = Endless(F.txt("combined").splitlines(keepends=True)[0].encode() + b"1503014    Carlsen")
    lines = bounded_lines(io.BufferedReader(raw, buffer_size=8192), "endless.txt")
    assert next(lines).startswith(b"ID Number")
    with pytest.raises(ListError) as refused:
        next(lines)
    assert str(refused.value) == ("endless.txt:2: a line longer than 4,096 bytes: not a line of a FIDE list "
                                  "(one is about 160); nothing imported")
    assert raw.given <= LINE_BLOCK + 8192  # the line, endless, was read no further than a block and a buffer


def test_lines_up_to_the_limit_are_read_whole():
    text = b"a" * MAX_LINE + b"\n" + b"b" * (MAX_LINE - 1) + b"\r\n" + b"c"
    assert list(bounded_lines(io.BytesIO(text), "x")) == [b"a" * MAX_LINE, b"b" * (MAX_LINE - 1) + b"\r", b"c"]
    many = b"".join(b"%d\n" % i for i in range(50_000)) + b"x" * (MAX_LINE + 1) + b"\n"  # over several blocks
    lines = bounded_lines(io.BytesIO(many), "many.txt")
    assert [next(lines) for _ in range(50_000)][-1] == b"49999"
    with pytest.raises(ListError, match="^many.txt:50001: a line longer than 4,096 bytes"):
        next(lines)


@pytest.mark.slow
def test_a_zip_holding_one_line_of_a_gigabyte_is_refused_at_that_line(tmp_path):
    path = tmp_path / "players_list.zip"
    header = F.txt("combined").splitlines(keepends=True)[0].encode()
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        with zf.open("players_list_foa.txt", "w") as member:  # written streaming: the test holds 1 MB at a time
            member.write(header)
            chunk = b"7" * (1 << 20)
            for _ in range(1024):
                member.write(chunk)
    assert path.stat().st_size < 8 << 20
    db = tmp_path / "r.sqlite"
    code, _out, err = _run("ratings", "import", str(path), "--month", "2026-11", "--db", str(db))
    assert (code, err) == (3, "swisstui ratings: players_list.zip:players_list_foa.txt:2: a line longer than 4,096 "
                              "bytes: not a line of a FIDE list (one is about 160); nothing imported "
                              "(the database is unchanged)\n")
    assert not db.exists()


def test_an_xml_player_that_never_ends_is_refused(tmp_path):
    text = F.xml().replace("</playerslist>", "<player><name>" + "x" * 300_000 + "</name></player></playerslist>")
    path = F.write(tmp_path / "players_list_xml_foa.xml", text)
    code, _out, err = _run("ratings", "import", str(path), "--month", "2026-11", "--db", str(tmp_path / "r.sqlite"))
    assert code == 3
    assert err.startswith("swisstui ratings: players_list_xml_foa.xml: player 7: over 65,536 bytes without its end")


HUGE = "9" * 25


def test_a_number_over_2_63_in_the_xml_is_a_bad_line_named_and_left_out(tmp_path):
    """A TXT field is at most 6 digits wide; the XML's are as long as the file makes them."""
    text = F.xml(extra={2: f"<player><fideid>777</fideid><name>Big, Numbers</name>"
                           f"<rapid_games>{HUGE}</rapid_games></player>"})
    path = F.write(tmp_path / "players_list_xml_foa.xml", text)
    db = tmp_path / "r.sqlite"
    code, out, err = _run("ratings", "import", str(path), "--month", "2026-11", "--db", str(db))
    assert code == 0, err
    assert "6 players" in out
    assert err.splitlines()[1] == ("  players_list_xml_foa.xml: player 4: rapid_games: 99999999999999999999... is too "
                                   "large (25 digits)")
    assert len(RatingsDb(db).by_name("Carl")) == 2 and RatingsDb(db).by_id(777) is None
