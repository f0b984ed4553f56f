"""The published pages, the paper for the hall and the venue display speak the language they are written in.

Drawn in the pseudo-language (tests/language/pseudo.py: every sentence looked up comes back with its letters
accented), a page's visible text (tags, scripts and styles left out, the title kept) holds no word in plain
letters but the event's own data, the tie-breaks' C.07 names and the names every language shares; written
in French, German and Spanish, a page shows that language's words, its dates and its decimal separator,
and the files other programs read (CSV) keep their English.
"""

from __future__ import annotations

import csv
import html
import io
import re
from pathlib import Path

import pytest

from swisstui import store
from swisstui.outputs.publish import publish
from tests.language.pseudo import event_words, tiebreak_names, unmarked

pytestmark = pytest.mark.slow  # publishing several events, printing the paper in Chromium: about a minute

ROOT = Path(__file__).resolve().parents[2]
WEEKEND_OPEN = ROOT / "sample_events" / "weekend-open.toml"

_HIDDEN = re.compile(r"<(script|style)\b.*?</\1>", re.S | re.I)
_TAG = re.compile(r"<[^>]+>")


def visible_text(page: str) -> str:
    """What a reader of ``page`` sees: the text between the tags (the title's too), scripts and styles out."""
    return html.unescape(_TAG.sub(" ", _HIDDEN.sub(" ", page)))


def unmarked_by_page(folder: Path, allowed: set[str], pattern: str = "**/*.html") -> dict[str, list[str]]:
    """Each page under ``folder`` with the plain words it shows that are neither data nor names."""
    found = {}
    for path in sorted(folder.glob(pattern)):
        words = unmarked(visible_text(path.read_text(encoding="utf-8")), allowed | tiebreak_names())
        if words:
            found[str(path.relative_to(folder))] = words
    return found


def unmarked_in_text_lists(folder: Path, allowed: set[str]) -> dict[str, list[str]]:
    """The same for the text lists (``.txt``), which are for people: a notice board, an e-mail."""
    return {name: words for name, words in
            ((p.name, unmarked(p.read_text(encoding="utf-8"), allowed | tiebreak_names()))
             for p in sorted(folder.glob("*.txt"))) if words}


@pytest.fixture
def weekend_in_pseudo(pseudo, tmp_path):
    """Rounds 3 and 4 of the weekend open published in the pseudo-language (the arbiter's "en")."""
    event = store.load(WEEKEND_OPEN)
    out = tmp_path / "site"
    publish(event, out, 3)
    publish(event, out, 4)
    return out


def test_every_published_page_of_the_weekend_open_is_in_the_catalogue(weekend_in_pseudo):
    out = weekend_in_pseudo
    pages = {p.name for p in out.glob("*.html")}
    assert {"index.html", "round-4-pairings.html", "round-4-standings.html", "round-4-crosstable.html",
            "round-4-cards.html", "round-4-alphabetical.html", "round-4-results.html"} <= pages
    assert unmarked_by_page(out, event_words(WEEKEND_OPEN)) == {}
    assert unmarked_in_text_lists(out, event_words(WEEKEND_OPEN)) == {}


def test_the_paper_for_the_hall_is_in_the_catalogue(weekend_in_pseudo):
    out = weekend_in_pseudo
    assert len(list((out / "paper").glob("round-4-*.html"))) == 3  # slips, scoresheets, wall lists
    assert unmarked_by_page(out, event_words(WEEKEND_OPEN), "paper/*.html") == {}


def test_the_csv_keeps_its_english_header_and_words_in_any_language(weekend_in_pseudo):
    out = weekend_in_pseudo
    rows = list(csv.reader(io.StringIO((out / "round-4-alphabetical.csv").read_text(encoding="utf-8"))))
    assert rows[0] == ["Name", "No", "Board", "Colour", "Opponent"]
    assert {r[3] for r in rows[1:]} <= {"White", "Black", ""}
    cross = list(csv.reader(io.StringIO((out / "round-4-crosstable.csv").read_text(encoding="utf-8"))))
    assert cross[0][:5] == ["#", "Rk", "No", "Name", "Pts"]
    assert all(re.fullmatch(r"\d+[wb][10½+\-·]|bye|[01½]bye|-|", cell) for row in cross[1:] for cell in row[5:])


def test_a_team_events_pages_are_in_the_catalogue(pseudo, tmp_path):
    from swisstui.cli.team_generate import TeamRates, generate_team_event

    path = tmp_path / "league.toml"
    generate_team_event(path, 8, 4, 3, 3, rates=TeamRates(draw=0.3, board_forfeit=0.05, match_forfeit=0.1,
                                                          absent=0.05))
    event = store.load(path)
    out = tmp_path / "site"
    for n in range(1, 4):
        publish(event, out, n)
    assert {"round-3-boards.html", "round-3-standings.html", "round-3-crosstable.html"} <= {
        p.name for p in out.glob("*.html")}
    assert unmarked_by_page(out, event_words(path)) == {}
    assert unmarked_in_text_lists(out, event_words(path)) == {}


def test_a_round_robins_pages_and_schedule_are_in_the_catalogue(pseudo, tmp_path):
    from swisstui.outputs.round_robin_notes import round_robin_notes
    from swisstui.outputs.round_robin_publish import publish_schedule
    from tests.publish.round_robin_event import played_round_robin

    path = played_round_robin(tmp_path / "club.toml", 6, played=3)
    event = store.load(path)
    out = tmp_path / "site"
    publish(event, out, 3)
    publish_schedule(event, out)
    assert (out / "schedule.html").is_file() and (out / "schedule-round-5.html").is_file()
    # The regulations' lines under the table are the engine's sentences (engine.awards.roundrobin_results,
    # worded through engine.model.wording by its own change): their words are not this test's to find.
    engine_lines = {word for line in round_robin_notes(event, 3) for word in re.findall(r"[A-Za-z]+", line)}
    diagonal = {"X"}  # the square table's own-column cell: a sign, the same in every language
    assert unmarked_by_page(out, event_words(path) | engine_lines | diagonal) == {}
    assert unmarked_in_text_lists(out, event_words(path) | engine_lines | diagonal) == {}


def test_the_prize_list_and_the_title_norms_are_in_the_catalogue(pseudo, tmp_path):
    from tests.cli.norm_files import im_norm_file
    from tests.cli.test_cli_prizes import EVENT

    prized = tmp_path / "prizes.toml"
    prized.write_text(EVENT.format(rule="hort"), encoding="utf-8")
    publish(store.load(prized), tmp_path / "prize-site", 1)
    categories = {"U1800"}  # the event's own category, named in its [[categories]]
    assert unmarked_by_page(tmp_path / "prize-site", event_words(prized) | categories, "round-1-prizes.html") == {}
    york = im_norm_file(tmp_path / "york.toml", complete=True)
    publish(store.load(york), tmp_path / "norm-site", 9)
    assert unmarked_by_page(tmp_path / "norm-site", event_words(york), "round-9-norms.html") == {}


def test_the_venue_display_is_in_the_catalogue(pseudo, tmp_path):
    from swisstui.web.display import _State

    path = tmp_path / "weekend.toml"
    path.write_bytes(WEEKEND_OPEN.read_bytes())
    state = _State(path)
    version, body = state.current()
    page = state.env.get_template("display.html").render(body=body, version=version, poll_ms=1000, page_ms=1000,
                                                         token="t", distance=0)
    assert "Standings" not in page and unmarked(visible_text(page), event_words(WEEKEND_OPEN) | tiebreak_names()) == []


REAL_WORDS = {  # the standings' title, its column of tie-break order, the pairings' colours, a month
    "fr": ("Classement", "Départages dans l'ordre", "Blancs", "novembre"),
    "de": ("Rangliste", "Feinwertungen in dieser Reihenfolge", "Weiß", "November"),
    "es": ("Clasificación", "Desempates por orden", "Blancas", "noviembre"),
}


@pytest.fixture(scope="module")
def weekend_in(tmp_path_factory):
    """The weekend open's round 4 published in each language with a catalogue: code -> the folder."""
    event = store.load(WEEKEND_OPEN)
    folders = {}
    for code in REAL_WORDS:
        folders[code] = tmp_path_factory.mktemp(f"weekend-{code}")
        event.language = code  # the event's setting: publishing speaks it (swisstui.language.event_pages)
        publish(event, folders[code], 4)
    return folders


@pytest.mark.parametrize("code", sorted(REAL_WORDS))
def test_the_weekend_open_published_in_a_language_shows_its_words(weekend_in, code):
    out = weekend_in[code]
    standings, heading, white, month = REAL_WORDS[code]
    page = visible_text((out / "round-4-standings.html").read_text(encoding="utf-8"))
    assert f"autumn weekend open · {standings.lower()}" in page.lower()  # the title
    assert standings in page and heading in page  # the link among the round's lists, the tie-breaks' note
    assert "Standings" not in page and "Tie-breaks in order" not in page
    assert white in visible_text((out / "round-4-alphabetical.html").read_text(encoding="utf-8"))
    index = visible_text((out / "index.html").read_text(encoding="utf-8"))
    assert f"20 {month}" in index or f"20. {month}" in index or f"20 de {month}" in index
    assert "Pairings" not in index and "Paper for the hall" not in index
    wall = visible_text((out / "paper" / "round-4-wall.html").read_text(encoding="utf-8"))
    assert white in wall and "pairings by board" not in wall


def test_numbers_take_the_languages_decimal_separator_and_the_csv_keeps_the_point(weekend_in):
    out = weekend_in["fr"]
    from tests.publish.html_read import table

    head, body = table((out / "round-4-standings.html").read_text(encoding="utf-8"))
    assert head[:6] == ["Cl", "N°", "Nom", "Elo", "Féd", "Pts"]
    bh = head.index("BH")
    values = [row[bh] for row in body if row[bh]]
    assert any("," in v for v in values) and not any("." in v for v in values)  # BH of halves: 13,5
    assert any("½" in row[5] for row in body)  # a half stays the sign, in every language
    rows = list(csv.reader(io.StringIO((out / "round-4-standings.csv").read_text(encoding="utf-8"))))
    assert rows[0][:6] == ["Rk", "No", "Name", "Rtg", "Fed", "Pts"]
    assert any("." in row[rows[0].index("BH")] for row in rows[1:]) and not any(
        "," in row[rows[0].index("BH")] for row in rows[1:])
    cross = list(csv.reader(io.StringIO((out / "round-4-crosstable.csv").read_text(encoding="utf-8"))))
    assert all(re.fullmatch(r"\d+[wb][10½+\-·]|bye|[01½]bye|-|", cell) for row in cross[1:] for cell in row[5:])
    cells = table((out / "round-4-crosstable.html").read_text(encoding="utf-8"))[1]
    assert any(re.fullmatch(r"\d+b[10½]", c) for row in cells for c in row[5:])  # b: Blancs
    assert any(re.fullmatch(r"\d+n[10½]", c) for row in cells for c in row[5:])  # n: Noirs


PHONE = (390, 844)


@pytest.mark.parametrize("code", ["fr", "de", "es"])
def test_the_longer_words_keep_every_page_whole_on_a_phone(browser, weekend_in, code):
    """French, German and Spanish words are longer than English: no page scrolls sideways at 390 px, no cell,
    title or link is cut short, no part of the line under the title ("20 de noviembre de 2026 – 22 de ...")
    runs past the screen's edge."""
    out = weekend_in[code]
    page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
    for path in sorted(out.glob("*.html")):
        page.goto(path.as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0], f"{path.name}: scrolls sideways"
        cut = page.evaluate("""() => Array.from(document.querySelectorAll('th, td, h1, nav a'))
            .filter(e => e.getBoundingClientRect().width > 0 && e.scrollWidth > e.clientWidth + 1)
            .map(e => e.textContent)""")
        assert not cut, f"{path.name}: cut short at {PHONE[0]} px: {cut[:5]}"
        past = page.evaluate(f"""() => Array.from(document.querySelectorAll('.sub span'))
            .filter(e => e.getBoundingClientRect().right > {PHONE[0]} + 0.5).map(e => e.textContent)""")
        assert not past, f"{path.name}: past the edge at {PHONE[0]} px: {past[:5]}"
    page.close()


@pytest.fixture
def french_display(tmp_path):
    """The venue display of a French weekend open (the event's language setting): the server answers in French
    whatever the arbiter's language (English here)."""
    import threading

    from swisstui.web.display import make_server

    path = tmp_path / "weekend.toml"
    event = store.load(WEEKEND_OPEN)
    event.language = "fr"
    store.save(event, path)
    server = make_server(path, port=0, token="display-token-0123456789abcdefghijklmnop")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/?token=display-token-0123456789abcdefghijklmnop"
    server.shutdown()
    server.server_close()
    thread.join(5)


@pytest.mark.parametrize("size", [(1920, 1080), PHONE], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_display_in_french_keeps_every_heading_whole_and_on_one_line(browser, french_display, size):
    from tests.publish.test_display_screen import MEASURE, open_display

    page = open_display(browser, french_display, size)
    m = page.evaluate(MEASURE)
    page.close()
    width, height = size
    titles = [i["text"] for i in m["items"]]
    assert any(t.startswith("Appariements de la ronde 4") for t in titles)
    assert any(t.startswith("Classement après la ronde") for t in titles) and "Blancs" in m["columns"]
    assert all(s["pager"].startswith("page 1 sur ") for s in m["sections"].values())
    wrapped = [i["text"] for i in m["items"] if i["lines"] > 1]
    assert not wrapped, f"text on more than one line at {width}x{height}: {wrapped[:10]}"
    outside = [i["text"] for i in m["items"] if i["box"][2] > width + 0.5 or i["box"][3] > height + 0.5]
    assert not outside and m["scroll"][0] <= width, f"off the {width}x{height} screen: {outside[:10]}"
    cut = [i["text"] for i in m["items"] if i["cut"] and "name" not in i["cls"]]
    assert not cut, f"cut short at {width}x{height}: {cut[:10]}"


@pytest.mark.parametrize("code, board", [("fr", "Échiquier"), ("de", "Brett")])
def test_the_paper_in_french_and_german_prints_on_as_many_pages_as_in_english(browser, tmp_path, code, board):
    """The longer words and the date written out keep each slip, scoresheet and wall list on its page:
    printed on A4 and Letter, each paper has the pages the English one has, every board's slip named."""
    from tests.publish.test_paper import PAPERS, _pages, _print

    event = store.load(WEEKEND_OPEN)
    english, translated = tmp_path / "en", tmp_path / code
    publish(event, english, 4)
    event.language = code
    publish(event, translated, 4)
    boards = event.recorded_round(4).boards
    for kind in ("slips", "scoresheets", "wall"):
        for paper in PAPERS:
            shown = _pages(_print(browser, translated / "paper" / f"round-4-{kind}.html", paper))
            assert len(shown) == len(_pages(_print(browser, english / "paper" / f"round-4-{kind}.html", paper))), \
                f"{kind} on {paper}: a page more or less than in English"
            if kind == "slips":
                assert all(f"{board} {b.number}" in shown[i // 4] for i, b in enumerate(boards))


@pytest.mark.parametrize("code", ["fr", "de"])
def test_a_team_events_pages_stay_whole_on_a_phone_in_french_and_german(browser, tmp_path, code):
    """German's "Mannschaftsrangliste" and "Mannschaft" as a column heading: still nothing sideways at 390 px."""
    from swisstui.cli.team_generate import TeamRates, generate_team_event

    path = tmp_path / "league.toml"
    generate_team_event(path, 8, 4, 3, 3, rates=TeamRates(draw=0.3, board_forfeit=0.05, match_forfeit=0.1,
                                                          absent=0.05))
    out = tmp_path / "site"
    event = store.load(path)
    event.language = code
    publish(event, out, 3)
    page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
    for html_path in sorted(out.glob("*.html")):
        page.goto(html_path.as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0], f"{html_path.name}: sideways"
        cut = page.evaluate("""() => Array.from(document.querySelectorAll('th, td, h1, nav a'))
            .filter(e => e.getBoundingClientRect().width > 0 && e.scrollWidth > e.clientWidth + 1)
            .map(e => e.textContent)""")
        assert not cut, f"{html_path.name}: cut short at {PHONE[0]} px: {cut[:5]}"
    page.close()


def test_a_double_swiss_round_of_matches_is_in_the_catalogue(pseudo, tmp_path):
    """The lists of a round of two-game matches (C.04.5, :mod:`swisstui.outputs.match_lists`)."""
    from swisstui.cli import main
    from swisstui.session.actions import Session

    path = tmp_path / "ds.toml"
    assert main(["new", str(path), "--name", "Double open", "--rounds", "5", "--system", "double-swiss"]) == 0
    session = Session.open(path)
    for i in range(1, 8):
        session.players.add(f"Player {i}")
    session.pairing.propose()
    session.pairing.confirm()
    publish(store.load(path), tmp_path / "site", 1)
    found = unmarked_by_page(tmp_path / "site", event_words(path), "round-1-*.html")
    assert found == {}
    assert "Match" in (tmp_path / "site" / "round-1-pairings.csv").read_text(encoding="utf-8")  # English header
