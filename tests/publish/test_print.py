"""The published lists printed on A4 for a wall, as Chromium prints them (its PDF, read back with poppler).

On every page of the PDF: the list's column headers (the table head repeats),
every row whole on one line of one page (no row split by a page break, no
column cut at the edge), and nothing printed smaller than 11 pt. Checked on
lists of several pages: the weekend open (64 players), a 63-player event after
nine rounds (its cross-table printed landscape) and a 245-player event (three-digit
numbers). ``pdftotext`` and ``pdfinfo`` come from Debian's poppler-utils, which
``.ci/run`` installs; the tests fail without it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import replace

import pytest

from engine import trf
from swisstui.store.event import Event
from swisstui.outputs.publish import BUILDERS, publish
from tests.data_paths import dutch
from tests.publish.conftest import weekend_open

ELEVEN_PT = 11 * 96 / 72  # CSS px


def _tool(name: str) -> str:
    path = shutil.which(name)
    assert path, f"{name} not found: install Debian's poppler-utils (apt-get install -y poppler-utils)"
    return path


def _reference(name: str) -> Event:
    t = trf.load(dutch(name)).pairing_tournament()
    t = replace(t, settings=replace(t.settings, tiebreaks=("BH/C1", "BH", "SB", "DE", "WIN")))
    return Event.from_tournament(t, name=name.split("-")[1])


SAMPLES = {
    "weekend-open-r4": (weekend_open, 4),
    "n63-r9": (lambda: _reference("dutch-2300009-n63-r9.trf"), 9),
    "n245-r6": (lambda: _reference("dutch-2300003-n245-r10.trf"), 6),
}


def _pdf(browser, path) -> bytes:
    page = browser.new_page()
    page.goto(path.as_uri())
    pdf = page.pdf(format="A4", prefer_css_page_size=True)  # the page's own @page size, as a print dialog uses
    page.close()
    return pdf


@pytest.mark.slow
@pytest.mark.parametrize("sample", SAMPLES)
def test_every_pdf_page_has_the_column_headers_and_whole_rows(browser, tmp_path, sample):
    make, n = SAMPLES[sample]
    event = make()
    publish(event, tmp_path, n)
    for kind in ("pairings", "standings", "crosstable"):
        sheet = BUILDERS[kind](event, n)
        pdf = tmp_path / f"{kind}.pdf"
        pdf.write_bytes(_pdf(browser, tmp_path / f"round-{n}-{kind}.html"))
        info = subprocess.run([_tool("pdfinfo"), str(pdf)], capture_output=True, text=True, check=True).stdout
        size = next(line for line in info.splitlines() if line.startswith("Page size:"))
        width, height = (float(x) for x in size.split()[2:5:2])
        assert "(A4)" in size and (width > height) == sheet.landscape, f"{sample} {kind}: {size}"
        text = subprocess.run([_tool("pdftotext"), "-layout", str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout
        pages = [[line.split() for line in page.splitlines()] for page in text.split("\f") if page.strip()]
        assert pages, f"{sample} {kind}: empty PDF"
        for number, page in enumerate(pages, start=1):
            assert sheet.columns in page, f"{sample} {kind}: page {number} of {len(pages)} has no column headers"
        lines = [line for page in pages for line in page]
        for row in sheet.rows:
            tokens = [t for cell in row for t in cell.split()]
            assert tokens in lines, f"{sample} {kind}: row {row[:4]} is not whole on one line of one page"
        # a word's box is the font's ascent plus descent, over 1 em in any text face: under 11 pt, the type is smaller
        boxes = subprocess.run([_tool("pdftotext"), "-bbox", str(pdf), "-"], capture_output=True, text=True,
                               check=True).stdout
        heights = [float(b) - float(a) for a, b in re.findall(r'<word [^>]*yMin="([\d.]+)"[^>]*yMax="([\d.]+)"', boxes)]
        assert heights and min(heights) >= 11, f"{sample} {kind}: words {min(heights):.1f} pt high"
        if sample == "weekend-open-r4" and kind != "pairings":
            assert len(pages) >= 2, f"{kind}: the check needs a list of several pages"


def test_printed_text_is_at_least_11pt_and_the_head_repeats(browser, weekend_published):
    out, _ = weekend_published
    page = browser.new_page(viewport={"width": 718, "height": 1000})
    page.emulate_media(media="print")
    for html in sorted(out.glob("*.html")):
        assert "@page { size: A4; margin: 10mm; }" in html.read_text(encoding="utf-8"), html.name
        page.goto(html.as_uri())
        smallest = page.evaluate("""() => Math.min(...Array.from(document.querySelectorAll('body *'))
            .filter(e => e.offsetParent !== null && Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim()))
            .map(e => parseFloat(getComputedStyle(e).fontSize)))""")
        assert smallest >= ELEVEN_PT - 0.01, f"{html.name}: text of {smallest} px ({smallest * 72 / 96:.1f} pt) in print"
        heads = page.evaluate("Array.from(document.querySelectorAll('thead')).map(e => getComputedStyle(e).display)")
        assert all(h == "table-header-group" for h in heads), f"{html.name}: {heads}"
        shown = page.evaluate("Array.from(document.querySelectorAll('nav, .back')).some(e => e.offsetParent !== null)")
        assert not shown, f"{html.name}: links printed"
    page.close()
