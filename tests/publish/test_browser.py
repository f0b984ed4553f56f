"""The published pages in a real browser: Debian's Chromium, driven by Playwright, never a downloaded one.

Checked: nothing scrolls sideways on a 375 px phone; in A4 print preview every
column of every table lies inside the printable width; dark and light schemes
both apply. The tests fail (they never skip) when /usr/bin/chromium is missing:
``.ci/run`` installs it. The browser is the one each test process shares (``browser`` in
tests/conftest.py).
"""

from __future__ import annotations

from pathlib import Path

PHONE = 375
A4_PORTRAIT = 718  # 210 mm less two 10 mm margins, at 96 px per inch
A4_LANDSCAPE = 1047  # 297 mm less the margins


def _pages(published) -> list[Path]:
    out, _ = published
    pages = sorted(out.glob("*.html"))
    assert len(pages) == 7  # six lists and the index
    return pages


def test_no_horizontal_scroll_on_a_phone(browser, published):
    page = browser.new_page(viewport={"width": PHONE, "height": 800})
    for html in _pages(published):
        page.goto(html.as_uri())
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE, f"{html.name}: {width} px wide at {PHONE} px"
    page.close()


def test_every_column_inside_the_a4_page(browser, published):
    for html in _pages(published):
        landscape = "@page { size: A4 landscape; }" in html.read_text(encoding="utf-8")
        width = A4_LANDSCAPE if landscape else A4_PORTRAIT
        page = browser.new_page(viewport={"width": width, "height": 1000})
        page.emulate_media(media="print")
        page.goto(html.as_uri())
        right = page.evaluate(
            "Math.max(0, ...Array.from(document.querySelectorAll('th, td, h1, pre')).map(e => e.getBoundingClientRect().right))")
        visible = page.evaluate("Array.from(document.querySelectorAll('th')).every(e => e.getBoundingClientRect().width > 0)")
        assert right <= width and visible, f"{html.name}: content reaches {right} px of {width}"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.close()


def test_dark_and_light(browser, published):
    html = next(p for p in _pages(published) if p.name.endswith("standings.html"))
    colours = {}
    for scheme in ("light", "dark"):
        page = browser.new_page(color_scheme=scheme)
        page.goto(html.as_uri())
        colours[scheme] = page.evaluate("getComputedStyle(document.body).backgroundColor")
        page.close()
    assert colours["light"] == "rgb(255, 255, 255)" and colours["dark"] != colours["light"]


def test_a4_pdf_has_the_standings(browser, published):
    html = next(p for p in _pages(published) if p.name.endswith("standings.html"))
    page = browser.new_page()
    page.goto(html.as_uri())
    pdf = page.pdf(format="A4", print_background=False)
    page.close()
    assert pdf.startswith(b"%PDF") and len(pdf) > 1000


def test_the_index_on_a_phone(browser, weekend_published):
    """390 px: nothing sideways, every link inside the screen and tall enough to tap, the header's facts shown."""
    out, _ = weekend_published
    page = browser.new_page(viewport={"width": 390, "height": 844})
    for name in ("index.html", "round-4-crosstable.html"):
        page.goto((out / name).as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
        boxes = page.evaluate("Array.from(document.querySelectorAll('a')).map(a => a.getBoundingClientRect())"
                              ".map(r => [r.left, r.right, r.height])")
        assert boxes and all(left >= 0 and right <= 390 and height >= 24 for left, right, height in boxes), (name, boxes)
    page.goto((out / "index.html").as_uri())
    shown = page.evaluate("Array.from(document.querySelectorAll('dt')).filter(e => e.offsetParent).map(e => e.textContent)")
    assert shown == ["City", "Dates", "Chief arbiter", "Time control", "System", "Tie-breaks", "Rounds played"]
    page.close()


def test_the_player_cards_keep_their_lines_on_a_phone(browser, published):
    """Issue 30 item 5: the cards' preformatted lines wrapped at phone width, breaking their columns;
    now each card is as many lines tall on a phone as on a desktop (it scrolls sideways inside itself)."""
    out, _ = published
    (cards,) = out.glob("*-cards.html")
    heights = {}
    for width in (1200, PHONE):
        page = browser.new_page(viewport={"width": width, "height": 800})
        page.goto(cards.as_uri())
        heights[width] = page.evaluate("Array.from(document.querySelectorAll('pre'), p => p.scrollHeight)")
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # the page itself does not scroll
        page.close()
    assert heights[1200] and heights[PHONE] == heights[1200]
