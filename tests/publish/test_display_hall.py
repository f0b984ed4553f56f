"""The venue display read from 10 m (issue 30 item 7), in Debian's Chromium at 1920x1080.

Capitals of 28 px on a 1080-line screen read well from 4-6 m; the hall setting (``distance=10`` in the
address, ``serve --display --distance 10``) sizes them for the distance at the same angle: 56 px at 10 m,
about 3.5 cm on a 55" television. One list fills the screen at a time, fewer rows a page; the tie-breaks
give way before any other column, and the names stay whole.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path

import pytest

from swisstui import store
from swisstui.cli import main
from swisstui.web.display import make_server
from tests.publish.test_display_screen import MEASURE as EVERY_CELL
from tests.serving import serve_on_a_free_port, stop

SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"
TOKEN = "display-hall-token-0123456789abcdefghijklmnopqrs"
TIEBREAKS = ("BH/C1", "BH", "SB", "PS", "DE", "WIN", "BWG")  # FIDE's list for an individual Swiss
BOARDS = 30  # round 4 of the sample: 60 players paired
CAP_AT_10_M = 56  # px on a 1080-line screen: 28 px (fine at 5 m) twice over

# For the list on the screen (or the list named, shown as its turn shows it), with every row of it shown: the capital height of a name as rendered (the
# canvas measures an H in the cell's own computed font), each name cell whole or cut, the columns shown.
MEASURE = """kind => {
  const all = Array.from(document.querySelectorAll('section.list'));
  if (kind) all.forEach(s => s.classList.toggle('off', s.dataset.kind !== kind));  // as its turn shows it
  const sec = all.find(s => !s.classList.contains('off'));
  sec.querySelectorAll('tbody tr').forEach(r => { r.hidden = false; });
  const cell = sec.querySelector('td.name');
  const style = getComputedStyle(cell);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const shown = e => e.getBoundingClientRect().width > 0;
  return {
    kind: sec.dataset.kind,
    font: parseFloat(style.fontSize),
    cap: ctx.measureText('H').actualBoundingBoxAscent,
    names: Array.from(sec.querySelectorAll('td.name')).map(c => [c.textContent, c.scrollWidth > c.clientWidth + 1]),
    shown: Array.from(sec.querySelectorAll('th')).filter(shown).map(e => e.textContent),
    columns: Array.from(sec.querySelectorAll('th')).map(e => e.textContent),
    perPage: Number(sec.dataset.perPage),
    lists: document.querySelectorAll('section.list').length,
    visibleLists: Array.from(document.querySelectorAll('section.list')).filter(shown).length,
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
  };
}"""


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    """The 64-player sample with FIDE's seven tie-breaks, round 4 being played: pairings and standings."""
    path = tmp_path_factory.mktemp("hall") / "weekend.toml"
    event = store.load(SAMPLES / "weekend-open.toml")
    event.settings = replace(event.settings, tiebreaks=TIEBREAKS)
    store.save(event, path)
    server = make_server(path, port=0, token=TOKEN)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/?token={TOKEN}&page_ms=600000"
    server.shutdown()
    server.server_close()
    thread.join(5)


def measure(browser, address: str) -> dict:
    """MEASURE's figures, and (``cells``) the box and lines of every cell and heading shown, as the page
    first lays them out (tests/publish/test_display_screen.py's measure)."""
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(address)
    page.wait_for_selector("section.pairings tbody td")
    cells = page.evaluate(EVERY_CELL)["items"]
    m = page.evaluate(MEASURE, None)
    page.close()
    return {**m, "cells": cells}


def test_at_ten_metres_the_capitals_are_56_px_and_the_tiebreaks_give_way_before_the_names(browser, url):
    near = measure(browser, url)
    hall = measure(browser, url + "&distance=10")
    assert near["cap"] < 30 and near["visibleLists"] == 2  # the type that follows the screen: both lists
    assert hall["kind"] == "pairings" and hall["lists"] == 2 and hall["visibleLists"] == 1
    assert CAP_AT_10_M - 1 <= hall["cap"] <= CAP_AT_10_M + 2, hall["cap"]
    assert hall["scroll"] == [1920, 1080]  # nothing outside the screen
    assert not [c["text"] for c in hall["cells"] if c["lines"] > 1]  # nothing on two lines
    assert not [c["text"] for c in hall["cells"] if c["box"][2] > 1920.5 or c["box"][3] > 1080.5]
    cut = [name for name, is_cut in hall["names"] if is_cut]
    assert not cut and len(hall["names"]) == 2 * BOARDS, cut  # every name of every board whole
    assert 5 <= hall["perPage"] <= 8, hall["perPage"]  # rows traded for size: the boards in pages of a few
    assert near["perPage"] >= 2 * hall["perPage"]  # 21 boards a page where the type follows the screen


def test_the_standings_at_ten_metres_drop_the_tiebreaks_first_and_keep_names_rating_and_points(browser, url):
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    # pages turned every 200 ms: the pairings' pages, then the standings take the screen
    page.goto(url.replace("page_ms=600000", "page_ms=200") + "&distance=10")
    page.wait_for_selector("section.standings:not(.off) tbody td", timeout=60_000)
    m = page.evaluate(MEASURE, "standings")
    page.close()
    assert m["kind"] == "standings"
    assert m["cap"] >= CAP_AT_10_M - 1
    hidden = [c for c in m["columns"] if c not in m["shown"]]
    # the tie-breaks after the first go first, then the numbers, then rating and federation: the two
    # withdrawn players' names, "(withdrawn)" added, are whole only once those go too; never the points
    assert set(TIEBREAKS[1:]) <= set(hidden), hidden
    assert hidden == ["No", "Rtg", "Fed", *TIEBREAKS[1:]], hidden
    assert m["shown"] == ["Rk", "Name", "Pts", TIEBREAKS[0]], m["shown"]
    assert not [name for name, is_cut in m["names"] if is_cut]
    assert len(m["names"]) == 64 and sum("(withdrawn)" in name for name, _ in m["names"]) == 2


def test_serve_display_distance_ten_sets_the_hall_for_every_page_it_serves(browser, tmp_path, capsys):
    path = tmp_path / "weekend.toml"
    path.write_bytes((SAMPLES / "weekend-open.toml").read_bytes())
    proc, address, _ = serve_on_a_free_port([str(path), "--display", "--distance", "10"], cwd=tmp_path)
    try:
        m = measure(browser, address + "&page_ms=600000")
    finally:
        stop(proc)
    assert m["visibleLists"] == 1 and CAP_AT_10_M - 1 <= m["cap"] <= CAP_AT_10_M + 2, m["cap"]
    assert main(["serve", str(path), "--distance", "10"]) == 2  # a setting of the display only
    assert "--distance is a setting of the venue display: give --display too" in capsys.readouterr().err
