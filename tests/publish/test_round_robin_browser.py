"""A round robin's square cross-table and schedule in a real browser (Debian's Chromium through Playwright).

A phone (390 px): nothing scrolls sideways, and each player's block starts with the line, the name,
the points and the place, before the cells. Print (A4): every column inside the printable width, each
game whole in its cell, its round above its colour and result. The venue display (1920x1080): the whole table of 20 players on the
screen at once, nothing scrolled.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swisstui.session.actions import Session
from tests.publish.round_robin_event import played_round_robin

PHONE = 390
A4_PORTRAIT = 718  # 210 mm less two 10 mm margins, at 96 px per inch
A4_LANDSCAPE = 1047


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    """The cross-table and schedule of a finished 8-player double and 20-player single round robin."""
    out: dict[str, Path] = {}
    folder = tmp_path_factory.mktemp("rr")
    for name, players, system, rounds in (("d8", 8, "berger-double", 14), ("s20", 20, "berger", 19)):
        session = Session.open(played_round_robin(folder / f"{name}.toml", players, system, rounds))
        target, _ = session.results.publish(rounds)
        session.round_robin.publish_schedule()
        out[f"{name}-crosstable"] = target / f"round-{rounds}-crosstable.html"
        out[f"{name}-schedule"] = target / "schedule.html"
    return out


def test_a_phone_scrolls_nothing_sideways_and_shows_points_and_place_first(browser, pages):
    page = browser.new_page(viewport={"width": PHONE, "height": 844})
    for name, html in pages.items():
        page.goto(html.as_uri())
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE, f"{name}: {width} px wide at {PHONE} px"
        if name.endswith("crosstable"):
            order = page.evaluate("""() => {
                const row = document.querySelector('tbody tr');
                const top = label => row.querySelector(`td[data-label="${label}"]`).getBoundingClientRect().top;
                return {name: top('Name'), pts: top('Pts'), rk: top('Rk'), first: top('1'), last: top('KS')};
            }""")
            assert order["name"] <= order["pts"] <= order["first"] and order["rk"] <= order["first"], (name, order)
    page.close()


def test_print_keeps_every_column_on_the_page_and_each_game_on_one_line(browser, pages):
    for name, html in pages.items():
        landscape = "@page { size: A4 landscape; }" in html.read_text(encoding="utf-8")
        width = A4_LANDSCAPE if landscape else A4_PORTRAIT
        page = browser.new_page(viewport={"width": width, "height": 1000})
        page.emulate_media(media="print")
        page.goto(html.as_uri())
        right = page.evaluate(
            "Math.max(0, ...Array.from(document.querySelectorAll('th, td, h1')).map(e => e.getBoundingClientRect().right))")
        assert right <= width, f"{name}: content reaches {right} px of {width}"
        if name.endswith("crosstable"):
            broken = page.evaluate("""() => Array.from(document.querySelectorAll('td.games .game')).filter(g => {
                const cell = g.closest('td').getBoundingClientRect(), rd = g.querySelector('.rd'),
                      res = g.querySelector('.res'), box = g.getBoundingClientRect();
                return res.getClientRects().length > 1 || rd.getClientRects().length > 1
                    || box.right > cell.right + 0.5 || rd.getBoundingClientRect().bottom > res.getBoundingClientRect().top + 0.5;
            }).map(g => g.textContent)""")
            assert broken == [], f"{name}: games broken or out of their cell: {broken[:5]}"
        page.close()


def test_the_venue_display_shows_the_whole_table_of_twenty(browser, pages):
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(pages["s20-crosstable"].as_uri())
    box = page.evaluate("(() => { const r = document.querySelector('table').getBoundingClientRect();"
                        " return [r.right, r.bottom]; })()")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
    assert box[0] <= 1920 and box[1] <= 1080, box
    page.close()
