"""A team event's paper for the hall (swisstui/outputs/team_paper.py) in the pseudo-language, French and German:
every word printed either the event's own data or looked up in the catalogue, the real languages' words on
the paper, and the longer French and German words still whole inside the A4 page."""

from __future__ import annotations

import datetime as dt
from html.parser import HTMLParser
from pathlib import Path

import pytest

from swisstui import language, store
from swisstui.cli.team_generate import TeamRates, generate_team_event
from swisstui.outputs.team_paper import team_paper_pages, team_paper_round
from tests.language.pseudo import event_words, tiebreak_names, unmarked

KINDS = ("wall", "slips", "scoresheets")
A4_PORTRAIT = 718  # 210 mm less two 10 mm margins, at 96 px per inch


class _Text(HTMLParser):
    """The words a reader sees on the page (the title included, the style sheet not)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script", "svg"):
            self._skip += 1

    def handle_endtag(self, tag):
        if tag in ("style", "script", "svg"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def _text(html: str) -> str:
    reader = _Text()
    reader.feed(html)
    return " ".join(" ".join(reader.parts).split())


@pytest.fixture
def league(tmp_path: Path) -> Path:
    """A generated 12-team, 4-board league (round 2: a match lost whole; round 3: a bye and an absent team),
    two captains named and round 3 dated."""
    path = tmp_path / "league.toml"
    generate_team_event(path, 12, 4, 7, 3, rates=TeamRates(draw=0.3, board_forfeit=0.04, match_forfeit=0.05,
                                                           absent=0.02))
    event = store.load(path)
    event.team_record(1).captain = "Annemarie Zimmermann"
    event.team_record(3).captain = "Li Wei"
    event.recorded_round(3).date = dt.date(2026, 11, 29)
    store.save(event, path)
    return path


def _paper(path: Path, n: int, code: str | None, out: Path) -> dict[str, str]:
    """Round ``n``'s paper written as the publication writes it, in the language ``code`` (None: the one in force)."""
    event = store.load(path)
    with language.using(code):
        pages = team_paper_pages(team_paper_round(event, n), out)
    for file, text in pages.items():
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text, encoding="utf-8")
    return {file.name.split("-")[2].removesuffix(".html"): text for file, text in pages.items()}


@pytest.mark.parametrize("n", [2, 3])
def test_every_word_of_the_team_paper_goes_through_the_catalogue(pseudo, league, tmp_path, n):
    papers = _paper(league, n, None, tmp_path / "pseudo")
    allowed = event_words(league) | tiebreak_names()
    assert set(papers) == set(KINDS)
    for kind, html in papers.items():
        assert unmarked(_text(html), allowed) == [], kind


def test_the_team_paper_in_french_and_german(league, tmp_path):
    fr = _paper(league, 3, "fr", tmp_path / "fr")
    assert '<html lang="fr">' in fr["wall"]
    wall = _text(fr["wall"])
    assert "Ronde 3 · matchs échiquier par échiquier" in wall and "29 novembre 2026" in wall
    assert "Exempt attribué par l'appariement : Team 012 (12)" in wall
    assert "Éch" in wall and " N " in wall  # the board column; a colour letter: Noirs
    slips = _text(fr["slips"])
    assert "Capitaine de T001 Annemarie Zimmermann" in slips and "Score du match" in slips
    assert "Résultat" in slips and "signature" in slips
    assert "feuille de notation" in _text(fr["scoresheets"]) and "Blancs" in _text(fr["scoresheets"])
    de = _paper(league, 3, "de", tmp_path / "de")
    assert "Runde 3 · Begegnungen Brett für Brett" in _text(de["wall"])
    assert "Mannschaftsführer T003 Li Wei" in _text(de["slips"])
    assert "Partieformular" in _text(de["scoresheets"]) and "Schwarz" in _text(de["scoresheets"])


@pytest.mark.slow
@pytest.mark.parametrize("code", ["fr", "de", "es"])
def test_the_longer_words_stay_whole_inside_the_a4_page(browser, league, tmp_path, code):
    _paper(league, 3, code, tmp_path / code)
    page = browser.new_page(viewport={"width": A4_PORTRAIT, "height": 1000})
    page.emulate_media(media="print")
    for kind in KINDS:
        page.goto((tmp_path / code / "paper" / f"round-3-{kind}.html").as_uri())
        cut = page.evaluate("""() => Array.from(document.querySelectorAll('th, td, .match-slip, .captains > div'))
            .filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1
                         || e.getBoundingClientRect().right > %d).map(e => e.textContent.trim())""" % (A4_PORTRAIT + 1))
        assert cut == [], f"{code} {kind}: cut or off the page"
    page.close()
