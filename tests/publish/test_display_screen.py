"""The venue display on real screens, in Debian's Chromium: a 720p and a 1080p projector, a 4K television,
a phone; a 64-player and a 300-player event (sample_events).

A hall reads it from ten metres: the type grows with the screen, pairings and
standings fill it (side by side on a landscape screen, one above the other on a
phone), no cell's text ever takes a second line, nothing lies outside the
screen, and a list longer than the screen turns page by page until every board
and every player has been shown.
"""

from __future__ import annotations

import math
import re
import shutil
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from swisstui import store
from swisstui.web.display import make_server
from swisstui.outputs.publish import pairings, standings_sheet

SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"
TOKEN = "display-screen-token-0123456789abcdefghijklmnop"
SCREENS = [(1280, 720), (1920, 1080), (3840, 2160), (390, 844)]
EVENTS = ["weekend-open.toml", "open-300.toml", "tie-breaks.toml"]
TIEBREAKS = ("BH/C1", "BH", "SB", "DE", "WIN")  # the 64-player sample ranked by five tie-breaks (tie-breaks.toml)
SMALLEST_TYPE = 0.022  # of the screen's height on a landscape screen: 24 px on a 1080p projector
PHONE_TYPE = 13  # px

# Every visible cell and heading: its box, how many lines its text takes, whether its text is cut short.
MEASURE = """() => {
  const shown = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const lines = e => { const range = document.createRange(); range.selectNodeContents(e);
    const rects = Array.from(range.getClientRects()).filter(r => r.width > 0).sort((a, b) => a.top - b.top);
    let count = 0, bottom = -Infinity;  // a rect below every rect so far starts a new line
    for (const r of rects) { if (r.top >= bottom - 1) count++; bottom = Math.max(bottom, r.bottom); }
    return count; };
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const items = Array.from(document.querySelectorAll('th, td, h1, h2, .round, .updated')).filter(shown);
  const sections = {};
  for (const s of document.querySelectorAll('section.list')) {
    const rows = Array.from(s.querySelectorAll('tbody tr')).filter(shown);
    sections[s.dataset.kind] = {box: box(s), rowsBox: box(s.querySelector('.rows')), shownRows: rows.length,
      lastRow: rows.length ? box(rows[rows.length - 1]) : null, pager: s.querySelector('.pager').textContent};
  }
  return {
    items: items.map(e => ({text: e.textContent, cls: e.className, lines: lines(e), box: box(e),
                            cut: e.scrollWidth > e.clientWidth + 1})),
    headers: Array.from(document.querySelectorAll('th')).filter(shown).map(e => e.textContent),
    columns: Array.from(document.querySelectorAll('th')).map(e => e.textContent),
    font: parseFloat(getComputedStyle(document.querySelector('tbody td')).fontSize),
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
    sections: sections,
  };
}"""


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """One display per sample event, each on its own copy of the file."""
    urls, running = {}, []
    for name in EVENTS:
        path = tmp_path_factory.mktemp("display") / name
        if name == "tie-breaks.toml":
            event = store.load(SAMPLES / "weekend-open.toml")
            event.settings = replace(event.settings, tiebreaks=TIEBREAKS)
            store.save(event, path)
        else:
            shutil.copy(SAMPLES / name, path)
        server = make_server(path, port=0, token=TOKEN)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        running.append((server, thread))
        urls[name] = (path, f"http://127.0.0.1:{server.server_address[1]}/?token={TOKEN}")
    yield urls
    for server, thread in running:
        server.shutdown()
        server.server_close()
        thread.join(5)


def open_display(browser, url: str, size: tuple[int, int], page_ms: int = 600_000):
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(f"{url}&page_ms={page_ms}")  # the lists are laid out by the time the page has loaded
    page.wait_for_selector("section.pairings tbody td")
    return page


@pytest.mark.parametrize("name", EVENTS)
@pytest.mark.parametrize("size", SCREENS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_display_fills_the_screen_without_wrapping(browser, servers, name, size):
    _, url = servers[name]
    page = open_display(browser, url, size)
    m = page.evaluate(MEASURE)
    page.close()
    width, height = size
    landscape = width > height

    wrapped = [i["text"] for i in m["items"] if i["lines"] > 1]
    assert not wrapped, f"text on more than one line at {width}x{height}: {wrapped[:10]}"
    outside = [i["text"] for i in m["items"]
               if i["box"][0] < -0.5 or i["box"][1] < -0.5 or i["box"][2] > width + 0.5 or i["box"][3] > height + 0.5]
    assert not outside, f"off the {width}x{height} screen: {outside[:10]}"
    assert m["scroll"][0] <= width and m["scroll"][1] <= height
    cut = [i["text"] for i in m["items"] if i["cut"] and "name" not in i["cls"]]
    assert not cut, f"cut short at {width}x{height}: {cut[:10]}"
    if landscape:  # room for every column that decides a place; a name may end in an ellipsis only if it is
        # much longer than most. With FIDE's seven tie-breaks of an individual Swiss beside the pairings, the
        # pairing numbers, the pairings' points and the rating and federation give way first.
        hidden = list(m["columns"])
        for shown in m["headers"]:
            hidden.remove(shown)
        assert set(hidden) <= {"No", "Pts", "Rtg", "Fed"}, f"columns left out at {width}x{height}: {hidden}"
        assert m["headers"].count("Pts") >= 1  # the standings' points, always
        names = [i for i in m["items"] if "name" in i["cls"] and i["text"] not in ("White", "Black", "Name")]
        assert sum(i["cut"] for i in names) <= len(names) // 20, f"names cut short at {width}x{height}"

    if landscape:
        assert m["font"] >= SMALLEST_TYPE * height, f"{m['font']} px type on a {height} px high screen"
    else:
        assert m["font"] >= PHONE_TYPE
    pairing, standing = m["sections"]["pairings"], m["sections"]["standings"]
    assert pairing["shownRows"] > 0 and standing["shownRows"] > 0
    if landscape:  # side by side, together nearly the whole width
        assert pairing["box"][2] <= standing["box"][0]
        assert standing["box"][2] - pairing["box"][0] >= 0.9 * width
    else:  # one above the other, each the whole width
        assert pairing["box"][3] <= standing["box"][1]
        assert pairing["box"][2] - pairing["box"][0] >= 0.9 * width
    for kind, s in m["sections"].items():  # a page holds as many rows as fit: one more would not
        row_height = s["lastRow"][3] - s["lastRow"][1]
        assert s["lastRow"][3] + row_height > s["rowsBox"][3], f"{kind}: room for another row at {width}x{height}"
        assert s["pager"].startswith("page 1 of "), f"{kind}: {s['pager']!r} (the list is longer than the screen)"


def _expected(path: Path) -> dict[str, list[str]]:
    """Boards of the pairings, player numbers of the standings: what the pages must show, in order."""
    event = store.load(path)
    n = event.rounds_paired
    return {"pairings": [row[0] for row in pairings(event, n).rows],
            "standings": [row[1] for row in standings_sheet(event, n).rows]}


SHOWN = """kind => { const s = document.querySelector('section.' + kind);
  const key = kind === 'pairings' ? 0 : 1;
  const pager = s.querySelector('.pager');
  return [pager ? pager.textContent : '', Number(s.dataset.perPage),
          Array.from(s.querySelectorAll('tbody tr')).filter(r => !r.hidden && r.getBoundingClientRect().height > 0)
               .map(r => r.cells[key].textContent)]; }"""


@pytest.mark.parametrize("name, size", [("weekend-open.toml", s) for s in SCREENS]
                         + [("open-300.toml", (1920, 1080))], ids=lambda v: v if isinstance(v, str) else f"{v[0]}x{v[1]}")
def test_long_lists_turn_page_by_page(browser, servers, name, size):
    """Page 1, 2, ... of each list show different rows; across the pages, every board and player once, in order."""
    path, url = servers[name]
    expected = _expected(path)
    page = open_display(browser, url, size, page_ms=300)
    for kind, rows in expected.items():
        pager, per_page, first = page.evaluate(SHOWN, kind)
        match = re.fullmatch(r"page (\d+) of (\d+)", pager)
        assert match, f"{kind}: no page indicator ({pager!r}) for {len(rows)} rows at {size}"
        count = int(match[2])
        assert count == math.ceil(len(rows) / per_page) > 1
        seen = {int(match[1]): first}
        while len(seen) < count:
            page.wait_for_function(f"document.querySelector('section.{kind} .pager').textContent !== {pager!r}",
                                   timeout=60_000)
            pager, _, shown = page.evaluate(SHOWN, kind)
            number = int(re.fullmatch(r"page (\d+) of \d+", pager)[1])
            assert seen.get(number, shown) == shown, f"{kind}: page {number} changed while the file did not"
            seen[number] = shown
        assert all(len(seen[k]) == per_page for k in range(1, count)), f"{kind}: a page short of rows"
        together = [row for k in sorted(seen) for row in seen[k]]
        assert together == rows, f"{kind}: the pages do not show every row once, in order"
    page.close()


def test_the_screen_follows_a_resize(browser, servers):
    """A window made smaller lays its pages out again: fewer rows per page, still nothing off the screen."""
    _, url = servers["weekend-open.toml"]
    page = open_display(browser, url, (1920, 1080))
    before = page.evaluate("document.querySelector('section.standings').dataset.perPage")
    page.set_viewport_size({"width": 1280, "height": 500})
    page.wait_for_function("Number(document.getElementById('lists').dataset.laidOut) >= 2")
    m = page.evaluate(MEASURE)
    page.close()
    assert int(m["sections"]["standings"]["shownRows"]) < int(before)
    bad = [(i["text"], i["lines"], i["box"][3]) for i in m["items"] if i["box"][3] > 500.5 or i["lines"] > 1]
    assert not bad, bad[:8]


def test_round_one_being_played_has_the_whole_screen(browser, tmp_path):
    """No round finished yet: no standings to show, and the pairings take the width of the screen."""
    event = store.load(SAMPLES / "weekend-open.toml")
    event.rounds = event.rounds[:1]
    event.round(1).boards[0].result = ""
    path = tmp_path / "event.toml"
    store.save(event, path)
    server = make_server(path, port=0, token=TOKEN)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        page = open_display(browser, f"http://127.0.0.1:{server.server_address[1]}/?token={TOKEN}", (1920, 1080))
        m = page.evaluate(MEASURE)
        page.close()
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
    assert list(m["sections"]) == ["pairings"]
    box = m["sections"]["pairings"]["box"]
    assert box[2] - box[0] >= 0.9 * 1920 and box[3] >= 0.9 * 1080
    assert not [i["text"] for i in m["items"] if i["lines"] > 1 or i["box"][3] > 1080.5]


def test_the_header_says_when_the_server_stops_answering(browser, servers):
    """The lists stay up when the server cannot be reached, and the header says so until it answers again."""
    _, url = servers["weekend-open.toml"]
    page = open_display(browser, url, (1920, 1080))
    after = "getComputedStyle(document.querySelector('.updated'), '::after').content"
    assert "no connection" not in page.evaluate(after)
    page.route("**/state?*", lambda r: r.abort())
    page.wait_for_function("document.getElementById('lists').classList.contains('offline')", timeout=10_000)
    assert "no connection" in page.evaluate(after)
    assert page.locator("section.pairings tbody tr:not([hidden])").count() > 0
    page.unroute("**/state?*")
    page.wait_for_function("!document.getElementById('lists').classList.contains('offline')", timeout=10_000)
    page.close()
