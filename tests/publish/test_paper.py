"""Paper for the hall (swisstui/outputs/paper.py) as Chromium prints it on A4 and on Letter, read back with
poppler: the slips four a page, a scoresheet a board, the wall lists by board and by name in large type,
and the QR code of ``publish --url`` decoded from the printed page (zxing-cpp) back to the address.

The weekend open's round 4 (64 players, 32 boards) is published once for the module; each paper is
printed on both papers, since the pages set no paper size of their own.
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from swisstui.outputs.publish import publish
from tests.publish.conftest import weekend_open

URL = "https://chess.example.org/weekend-open/"
PAPERS = {"A4": "(A4)", "Letter": "(letter)"}


def _tool(name: str) -> str:
    path = shutil.which(name)
    assert path, f"{name} not found: install Debian's poppler-utils (apt-get install -y poppler-utils)"
    return path


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    out = tmp_path_factory.mktemp("hall")
    event = weekend_open()
    publish(event, out, 4, url=URL)
    return out, event


def _print(browser, html: Path, paper: str) -> Path:
    """The page printed as a print dialog does on ``paper`` (the page sets only its margins)."""
    page = browser.new_page()
    page.goto(html.as_uri())
    pdf = html.with_name(f"{html.stem}-{paper}.pdf")
    pdf.write_bytes(page.pdf(format=paper, prefer_css_page_size=True))
    page.close()
    return pdf


def _pages(pdf: Path) -> list[str]:
    text = subprocess.run([_tool("pdftotext"), "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    return [" ".join(page.split()) for page in text.split("\f") if page.strip()]


def _size(pdf: Path) -> str:
    info = subprocess.run([_tool("pdfinfo"), str(pdf)], capture_output=True, text=True, check=True).stdout
    return next(line for line in info.splitlines() if line.startswith("Page size:"))


@pytest.mark.parametrize("paper", PAPERS)
def test_result_slips_four_a_page_each_board_with_both_players(browser, hall, paper):
    out, event = hall
    boards = event.recorded_round(4).boards
    pdf = _print(browser, out / "paper" / "round-4-slips.html", paper)
    assert PAPERS[paper] in _size(pdf)
    pages = _pages(pdf)
    assert len(pages) == math.ceil(len(boards) / 4) == 8
    for i, b in enumerate(boards):
        page = pages[i // 4]
        assert f"Board {b.number}" in page, f"board {b.number} not on page {i // 4 + 1}"
        for pid in (b.white, b.black):
            assert event.player(pid).name in page, f"board {b.number}: {event.player(pid).name}"
        assert page.count("1-0") == page.count("0-1") == len(boards[i // 4 * 4:i // 4 * 4 + 4])


@pytest.mark.parametrize("paper", PAPERS)
def test_a_scoresheet_a_board_prefilled_with_round_board_names_and_colours(browser, hall, paper):
    out, event = hall
    boards = event.recorded_round(4).boards
    pdf = _print(browser, out / "paper" / "round-4-scoresheets.html", paper)
    assert PAPERS[paper] in _size(pdf)
    pages = _pages(pdf)
    assert len(pages) == len(boards) == 30
    for b, page in zip(boards, pages):
        assert page.startswith(f"{event.name} · scoresheet Round 4 Board {b.number} ")
        white, black = event.player(b.white), event.player(b.black)
        assert f"White {white.name} ({white.id}) Rating {white.rating}" in page
        assert f"Black {black.name} ({black.id}) Rating {black.rating}" in page
        assert " 60 " in page  # the move lines run to 60


@pytest.mark.parametrize("paper", PAPERS)
def test_wall_lists_by_board_then_by_name_in_large_type(browser, hall, paper):
    out, event = hall
    rnd = event.recorded_round(4)
    pdf = _print(browser, out / "paper" / "round-4-wall.html", paper)
    assert PAPERS[paper] in _size(pdf)
    pages = _pages(pdf)
    names_start = next(i for i, p in enumerate(pages) if "players by name" in p)
    assert names_start >= 1 and "pairings by board" in pages[0]
    by_board = " ".join(pages[:names_start])
    at = [by_board.index(f"{event.player(b.white).name} ({b.white})") for b in rnd.boards]
    assert at == sorted(at), "the boards are not in their published order"
    by_name = " ".join(pages[names_start:])
    players = [p for p in sorted(event.players, key=lambda p: p.name.casefold()) if rnd.board_of(p.id)]
    at = [by_name.index(f"{p.name} ({p.id})") for p in players]
    assert at == sorted(at), "the players are not in order of name"
    boxes = subprocess.run([_tool("pdftotext"), "-bbox", str(pdf), "-"], capture_output=True, text=True,
                           check=True).stdout
    heights = sorted(float(b) - float(a) for a, b in re.findall(r'<word [^>]*yMin="([\d.]+)"[^>]*yMax="([\d.]+)"', boxes))
    assert heights[len(heights) // 2] >= 16, f"median word {heights[len(heights) // 2]:.1f} pt high: not large type"


def _qr(pdf: Path, tmp_path: Path) -> list[str]:
    """The QR codes on the first page of ``pdf``, rendered grey at 150 dpi and read by zxing-cpp."""
    import zxingcpp

    stem = tmp_path / pdf.stem
    subprocess.run([_tool("pdftoppm"), "-gray", "-r", "150", "-f", "1", "-l", "1", "-singlefile", str(pdf),
                    str(stem)], check=True)
    data = (stem.with_suffix(".pgm")).read_bytes()
    m = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", data)
    assert m, "pdftoppm wrote no 8-bit PGM"
    width, height = int(m.group(1)), int(m.group(2))
    pixels = memoryview(data[m.end():m.end() + width * height]).cast("B", (height, width))
    return [code.text for code in zxingcpp.read_barcodes(pixels)]


def test_the_qr_code_on_the_wall_list_and_the_index_gives_the_address_back(browser, hall, tmp_path):
    out, _ = hall
    assert _qr(_print(browser, out / "paper" / "round-4-wall.html", "A4"), tmp_path) == [URL]
    assert _qr(_print(browser, out / "index.html", "A4"), tmp_path) == [URL]


def test_the_index_links_the_paper_and_a_publish_without_an_address_keeps_it(tmp_path):
    event = weekend_open()
    publish(event, tmp_path, 4, url=URL)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    for kind in ("slips", "scoresheets", "wall"):
        assert f'href="paper/round-4-{kind}.html"' in index
    publish(event, tmp_path, 3)  # the app's publish gives no address: the folder keeps the one it had
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert 'href="paper/round-3-wall.html"' in index and f'content="{URL}"' in index
    assert URL in (tmp_path / "paper" / "round-3-wall.html").read_text(encoding="utf-8")


def test_publish_url_on_the_command_line_puts_the_address_on_the_wall_list(tmp_path):
    from swisstui.cli import main
    from tests.publish.conftest import WEEKEND_OPEN

    assert main(["publish", str(WEEKEND_OPEN), "--to", str(tmp_path), "--url", URL]) == 0
    assert URL in (tmp_path / "paper" / "round-4-wall.html").read_text(encoding="utf-8")
    assert f'content="{URL}"' in (tmp_path / "index.html").read_text(encoding="utf-8")


def test_an_address_that_is_not_a_web_address_is_refused_before_anything_is_written(tmp_path, capsys):
    from swisstui.cli import main
    from tests.publish.conftest import WEEKEND_OPEN

    assert main(["publish", str(WEEKEND_OPEN), "--to", str(tmp_path / "out"), "--url", "chess.example.org"]) == 2
    assert "--url chess.example.org: give the address a phone opens, starting with https://" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
