"""The index of a publication folder, the links between pages, and draws written as ½.

The folder is the weekend open's, rounds 3 then 4 published into it: the index
must keep round 3's links, list round 4 first, and every link of every page
must open a file that is in the folder (relative names only, nothing loaded
from elsewhere).
"""

from __future__ import annotations

import csv
import re
from urllib.parse import urlsplit

from swisstui.outputs.publish import publish
from tests.publish.conftest import weekend_open
from tests.publish.html_read import read

LISTS = ("pairings", "alphabetical", "results", "standings", "crosstable", "cards")


def _index(out) -> str:
    return (out / "index.html").read_text(encoding="utf-8")


def test_publish_writes_the_index_last(weekend_published):
    out, paths = weekend_published
    assert paths[-1] == out / "index.html" and (out / "index.html").is_file()


def test_the_index_lists_every_published_round_newest_first(weekend_published):
    out, _ = weekend_published
    html = _index(out)
    rounds = [int(n) for n in re.findall(r"<h2>Round (\d+)</h2>", html)]
    assert rounds == [4, 3]
    hrefs = read(html).links
    for n in (3, 4):
        for kind in LISTS:
            assert f"round-{n}-{kind}.html" in hrefs, (n, kind)
            assert f"round-{n}-{kind}.txt" in hrefs, (n, kind)
        assert f"round-{n}-standings.csv" in hrefs and f"round-{n}-cards.csv" not in hrefs
    assert hrefs.index("round-4-pairings.html") < hrefs.index("round-3-pairings.html")


def test_the_index_carries_the_events_header(weekend_published):
    out, _ = weekend_published
    text = re.sub(r"<[^>]+>", " ", _index(out))
    text = re.sub(r"\s+", " ", text)
    for fact in ("Autumn Weekend Open", "City Ghent", "Dates 20 November 2026 – 22 November 2026", "Chief arbiter Dubois, Claire",
                 "Time control 90+30", "System FIDE (Dutch) system, 2026 edition",
                 "Tie-breaks none: players level on points share their place", "Rounds played 4 of 7"):
        assert fact in text, fact


def test_the_index_names_the_tiebreaks_and_a_round_under_way(tmp_path):
    from dataclasses import replace
    event = weekend_open()
    event.settings = replace(event.settings, tiebreaks=("BH/C1", "BH", "SB"))
    event.round(4).boards[0].result = ""
    publish(event, tmp_path, 4)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", _index(tmp_path)))
    assert "Tie-breaks BH/C1, BH, SB" in text and "Rounds played 3 of 7 (round 4 under way)" in text


def test_the_index_is_rebuilt_from_the_folder_on_every_publish(tmp_path):
    event = weekend_open()
    publish(event, tmp_path, 2)
    assert re.findall(r"<h2>Round (\d+)</h2>", _index(tmp_path)) == ["2"]
    publish(event, tmp_path, 4)
    assert re.findall(r"<h2>Round (\d+)</h2>", _index(tmp_path)) == ["4", "2"]
    publish(event, tmp_path, 1)  # an earlier round published again keeps the later ones
    assert re.findall(r"<h2>Round (\d+)</h2>", _index(tmp_path)) == ["4", "2", "1"]
    (tmp_path / "notes.html").write_text("not a list", encoding="utf-8")  # other files are not listed
    publish(event, tmp_path, 1)
    assert "notes.html" not in _index(tmp_path)


def test_every_link_opens_a_file_of_the_folder(weekend_published):
    out, _ = weekend_published
    pages = sorted(out.glob("*.html"))
    assert len(pages) == 13  # six lists a round, two rounds, and the index
    for page in pages:
        doc = read(page.read_text(encoding="utf-8"))
        assert not doc.sources, page.name  # nothing loaded: no image, script or frame
        for href in doc.links:
            parts = urlsplit(href)
            assert not parts.scheme and not parts.netloc and not href.startswith("/"), f"{page.name}: {href}"
            folder, _, name = parts.path.rpartition("/")  # the paper for the hall is in paper/
            assert folder in ("", "paper") and (out / parts.path).is_file(), f"{page.name}: {href} is not in the folder"


def test_every_page_links_back_to_the_index(weekend_published):
    out, _ = weekend_published
    for page in out.glob("round-*.html"):
        assert "index.html" in read(page.read_text(encoding="utf-8")).links, page.name


def test_draws_are_written_as_halves_for_people_and_as_1_2_for_programs(weekend_published):
    out, _ = weekend_published
    for page in [*out.glob("*.html"), *out.glob("*.txt")]:
        text = page.read_text(encoding="utf-8")
        assert "1/2" not in text, page.name
    pairings = (out / "round-4-pairings.txt").read_text(encoding="utf-8")
    assert "½-½" in pairings and " 2½ " in pairings
    assert "½-½" in (out / "round-4-results.html").read_text(encoding="utf-8")
    # points on the standings page: 2½, never 2.5
    standings = (out / "round-4-standings.txt").read_text(encoding="utf-8")
    assert re.search(r"\b2½\b", standings) and not re.search(r"\b\d\.5\b", standings.split("\n\n")[1])
    rows = list(csv.reader((out / "round-4-pairings.csv").open(encoding="utf-8")))[1:]
    event = weekend_open()
    assert [r[4] for r in rows] == [b.result for b in event.round(4).boards]
    assert "1/2-1/2" in [r[4] for r in rows] and "2.5" in [r[3] for r in rows]
    standings_csv = list(csv.reader((out / "round-4-standings.csv").open(encoding="utf-8")))
    assert "2.5" in [r[5] for r in standings_csv[1:]]
