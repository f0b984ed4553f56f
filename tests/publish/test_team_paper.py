"""Paper for the hall of a team event (swisstui/outputs/team_paper.py) as Chromium prints it on A4, read back
with poppler, and the pages' cells read as the browser lays them out for print.

The event is a generated 12-team, 4-board league (``swisstui generate --teams``' generator, seed 3: round 2
holds a match lost whole by forfeit, round 3 a bye and an absent team), with team 1 and its board-1
player renamed long and two captains named, one long. What is expected is read from the event file as
plain TOML, not through swisstui: each match's teams, each board's two players and who has White (the team
named first, the team "with White", has White on boards 1 and 3: C.04.6(2026) art. 1.6).
"""

from __future__ import annotations

import math
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from swisstui import store
from swisstui.cli.team_generate import TeamRates, generate_team_event
from tests.publish.html_read import read

pytestmark = pytest.mark.slow

URL = "https://chess.example.org/league/"
LONG_TEAM = "Schachgemeinschaft Turm Hohenlimburg-Letmathe 1923"
LONG_PLAYER = "Maximilian-Alexander Oberhuber-Wiesenthal"
LONG_CAPTAIN = "Annemarie Zimmermann-Schwarzenberger"
ROUNDS = (2, 3)
A4_PORTRAIT = 718  # 210 mm less two 10 mm margins, at 96 px per inch


def _tool(name: str) -> str:
    path = shutil.which(name)
    assert path, f"{name} not found: install Debian's poppler-utils (apt-get install -y poppler-utils)"
    return path


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    """(the event file as plain TOML, the publication folder) with rounds 2 and 3 published."""
    from swisstui.outputs.publish import publish

    base = tmp_path_factory.mktemp("team-hall")
    path = base / "league.toml"
    generate_team_event(path, 12, 4, 7, 3, rates=TeamRates(draw=0.3, board_forfeit=0.04, match_forfeit=0.05,
                                                           absent=0.02))
    event = store.load(path)
    event.team_record(1).name = LONG_TEAM
    event.team_record(1).captain = LONG_CAPTAIN
    event.team_record(3).captain = "Li Wei"
    event.player(event.team_record(1).roster[0]).name = LONG_PLAYER
    store.save(event, path)
    out = base / "published"
    for n in ROUNDS:
        publish(store.load(path), out, n, url=URL)
    return tomllib.loads(path.read_text(encoding="utf-8")), out


def _print(browser, html: Path) -> Path:
    page = browser.new_page()
    page.goto(html.as_uri())
    pdf = html.with_name(f"{html.stem}-A4.pdf")
    pdf.write_bytes(page.pdf(format="A4", prefer_css_page_size=True))
    page.close()
    return pdf


def _pages(pdf: Path, layout: bool = True) -> list[str]:
    args = [_tool("pdftotext"), *(["-layout"] if layout else []), str(pdf), "-"]
    text = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return [" ".join(page.split()) for page in text.split("\f") if page.strip()]


def _squeezed(text: str) -> str:
    """Text without spaces and hyphens: a name wrapped inside its cell (poppler drops a hyphen at a line's
    end) still reads whole."""
    return re.sub(r"[\s\-]", "", text)


def _words_in(name: str, squeezed_page: str) -> bool:
    """Every word of ``name`` on the page: a name wrapped inside its cell is printed in pieces, between which
    poppler reads the row's other cells (the name whole is checked on the laid-out page, below)."""
    return all(_squeezed(word) in squeezed_page for word in name.split())


def _a4(pdf: Path) -> None:
    info = subprocess.run([_tool("pdfinfo"), str(pdf)], capture_output=True, text=True, check=True).stdout
    assert "(A4)" in next(line for line in info.splitlines() if line.startswith("Page size:"))


def _round(raw: dict, n: int) -> dict:
    return next(r for r in raw["rounds"] if r["number"] == n)


def _expected(raw: dict, n: int) -> list[tuple[int, str, list[list[str]]]]:
    """Round ``n``'s matches from the file: (number, the match's line, each board's row as the paper should
    show it: board, the colour and player of the team named first, then the other's)."""
    teams = {t["id"]: t for t in raw["teams"]}
    players = {p["id"]: p for p in raw["players"]}
    rnd = _round(raw, n)
    found = []
    for m in rnd["team_matches"]:
        first, second = teams[m["white"]], teams[m["black"]]
        ours = set(first["roster"]) | set(first.get("reserves", []))
        rows = []
        for b in sorted((b for b in rnd["team_boards"] if b["match"] == m["match"]), key=lambda b: b["board"]):
            mine, theirs = (b["white"], b["black"]) if b["white"] in ours else (b["black"], b["white"])
            letter = "W" if mine == b["white"] else "B"

            def cell(pid: int) -> list[str]:
                return [f"{players[pid]['name']} ({pid})", str(players[pid].get("rating", ""))]
            rows.append([str(b["board"]), letter, *cell(mine), "B" if letter == "W" else "W", *cell(theirs)])
        found.append((m["match"], f"Match {m['match']}: {first['name']} ({first['id']}) – {second['name']} "
                                  f"({second['id']})", rows))
    return found


@pytest.mark.parametrize("n", ROUNDS)
def test_the_wall_lists_every_match_and_board_with_the_colours_of_the_file(browser, hall, n):
    raw, out = hall
    html = out / "paper" / f"round-{n}-wall.html"
    body = read(html.read_text(encoding="utf-8")).body
    expected = _expected(raw, n)
    shown = [row for row in body if len(row) == 7]  # the board rows (a match's line is one cell)
    assert [row[0] for row in body if len(row) == 1 and re.match(r"Match \d+:", row[0])] == [
        line for _, line, _ in expected]
    assert shown == [row for _, _, rows in expected for row in rows]
    for row in shown:  # the team named first has White on boards 1 and 3, Black on 2 and 4
        assert row[1] == ("W" if int(row[0]) % 2 else "B"), row
    pdf = _print(browser, html)
    _a4(pdf)
    pages = [_squeezed(p) for p in _pages(pdf, layout=False)]
    for number, line, rows in expected:  # each match whole on one page: its line and every player
        on = [i for i, p in enumerate(pages) if _squeezed(line) in p]
        assert len(on) == 1, f"match {number}'s line on pages {on}"
        for row in rows:
            for name in (row[2], row[5]):
                assert _words_in(name, pages[on[0]]), f"match {number}, board {row[0]}: {name} not on its page"
    rnd = _round(raw, n)
    text = " ".join(_pages(pdf))
    if "team_bye" in rnd:
        assert f"Pairing-allocated bye: Team {rnd['team_bye']:03d} ({rnd['team_bye']})" in text
    for team in rnd.get("absent_teams", []):
        assert f"Not paired: Team {team:03d} ({team}), absent" in text
    assert "teams by name" in text


def test_the_wall_names_every_team_with_its_match_colour_and_opponent(hall):
    raw, out = hall
    body = read((out / "paper" / "round-3-wall.html").read_text(encoding="utf-8")).body
    teams = {t["id"]: t["name"] for t in raw["teams"]}
    by_team = [row for row in body if len(row) == 4]
    expected = []
    for m in _round(raw, 3)["team_matches"]:
        expected.append([f"{teams[m['white']]} ({m['white']})", str(m["match"]), "White",
                         f"{teams[m['black']]} ({m['black']})"])
        expected.append([f"{teams[m['black']]} ({m['black']})", str(m["match"]), "Black",
                         f"{teams[m['white']]} ({m['white']})"])
    expected += [["Team 012 (12)", "", "", "pairing-allocated bye"], ["Team 007 (7)", "", "", "absent"]]
    assert by_team == sorted(expected, key=lambda row: row[0].casefold())


@pytest.mark.parametrize("n", ROUNDS)
def test_a_match_slip_a_match_two_a_page_with_a_box_a_board_and_the_captains(browser, hall, n):
    raw, out = hall
    html = out / "paper" / f"round-{n}-slips.html"
    expected = _expected(raw, n)
    body = read(html.read_text(encoding="utf-8")).body
    boards = [row for row in body if len(row) == 6 and row[0].isdigit()]
    assert boards == [[row[0], row[1], row[2], "", row[4], row[5]] for _, _, rows in expected for row in rows]
    pdf = _print(browser, html)
    _a4(pdf)
    pages = _pages(pdf)
    assert len(pages) == math.ceil(len(expected) / 2)
    teams = {t["id"]: t for t in raw["teams"]}
    for i, (number, _line, rows) in enumerate(expected):
        page = pages[i // 2]
        assert f"Match {number}" in page
        m = next(m for m in _round(raw, n)["team_matches"] if m["match"] == number)
        for team in (teams[m["white"]], teams[m["black"]]):
            assert f"Captain of {team.get('short') or team['name']}" in page
        for row in rows:
            assert _words_in(row[2], _squeezed(page)) and _words_in(row[5], _squeezed(page)), row
    on_pages = [len(expected[i:i + 2]) for i in range(0, len(expected), 2)]
    assert [p.count("Match score") for p in pages] == on_pages
    assert [p.count("Result") for p in pages] == on_pages  # one result column a slip, a box a board in it
    assert LONG_CAPTAIN.split()[0] in " ".join(pages) and "Li Wei" in " ".join(pages)
    if n == 2:
        assert "Match forfeited by Team 008" in " ".join(pages)


@pytest.mark.parametrize("n", ROUNDS)
def test_a_scoresheet_a_board_with_round_match_board_players_colours_and_teams(browser, hall, n):
    raw, out = hall
    teams = {t["id"]: t for t in raw["teams"]}
    players = {p["id"]: p for p in raw["players"]}
    pdf = _print(browser, out / "paper" / f"round-{n}-scoresheets.html")
    _a4(pdf)
    pages = _pages(pdf)
    rnd = _round(raw, n)
    boards = sorted(rnd["team_boards"], key=lambda b: (b["match"], b["board"]))
    assert len(pages) == len(boards)
    team_of = {p: t["id"] for t in raw["teams"] for p in (*t["roster"], *t.get("reserves", []))}
    for b, page in zip(boards, pages):
        assert page.startswith(f"{raw['event']['name']} · scoresheet Round {n} Match {b['match']} "
                               f"Board {b['board']} ")
        white, black = players[b["white"]], players[b["black"]]
        squeezed = _squeezed(page)
        for colour, p in (("White", white), ("Black", black)):
            team = teams[team_of[p["id"]]]
            assert _squeezed(f"{colour} {p['name']} ({p['id']}) Elo {p['rating']} Team {team['name']} ({team['id']})") \
                in squeezed, f"round {n}, match {b['match']}, board {b['board']}: {colour}"
        assert " 60 " in page


CELLS = """() => Array.from(document.querySelectorAll('th, td, .match-slip, .captains > div')).map(e => {
  const r = e.getBoundingClientRect();
  return {text: e.textContent.trim().slice(0, 60), right: r.right,
          cut: e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1};
})"""


@pytest.mark.parametrize("kind", ["wall", "slips", "scoresheets"])
def test_nothing_cut_or_off_the_a4_page_with_long_names(browser, hall, kind):
    _, out = hall
    page = browser.new_page(viewport={"width": A4_PORTRAIT, "height": 1000})
    page.emulate_media(media="print")
    page.goto((out / "paper" / f"round-3-{kind}.html").as_uri())
    cells = page.evaluate(CELLS)
    assert not [c["text"] for c in cells if c["cut"]], f"{kind}: cut short on paper"
    assert [c for c in cells if c["right"] > A4_PORTRAIT + 1] == [], f"{kind}: off the side of the A4 page"
    assert page.evaluate("document.documentElement.scrollWidth") <= A4_PORTRAIT
    text = page.inner_text("body")
    assert LONG_PLAYER in text and LONG_TEAM in text
    page.close()


def test_a_match_of_eight_boards_has_a_slip_a_page(browser, tmp_path):
    from swisstui.outputs.publish import publish

    path = tmp_path / "olympiad.toml"
    generate_team_event(path, 6, 8, 1, 11)
    publish(store.load(path), tmp_path / "out", 1)
    pdf = _print(browser, tmp_path / "out" / "paper" / "round-1-slips.html")
    pages = _pages(pdf)
    assert len(pages) == 3
    for number, page in enumerate(pages, start=1):
        assert f"Match {number}" in page and "Match score" in page
        assert all(f" {board} " in page for board in range(1, 9))


def test_the_index_links_the_team_paper_beside_the_round(hall):
    _, out = hall
    index = (out / "index.html").read_text(encoding="utf-8")
    for n in ROUNDS:
        for kind in ("slips", "scoresheets", "wall"):
            assert f'href="paper/round-{n}-{kind}.html"' in index
    assert URL in (out / "paper" / "round-3-wall.html").read_text(encoding="utf-8")


def test_the_events_board_colours_of_record_352_are_the_papers(tmp_path):
    """A league whose regulations give the team "with White" White on boards 1 and 4 (TRF-2026 record 352,
    ``WBBW``): the wall and the slips show those colours, each player beside their own team."""
    from swisstui.outputs.publish import publish
    from swisstui.session.actions import Session
    from swisstui.session.team_actions import NewTeam
    from swisstui.store.team_records import TeamSettings

    event = store.new_event("Liga", 5, system="fide-team")
    event.team = TeamSettings(4, board_colours="WBBW")
    path = tmp_path / "liga.toml"
    store.create(event, path)
    session = Session.open(path)
    session.teams.add_many([NewTeam(f"Club {t}", tuple({"name": f"Player {t}{b}", "rating": 2400 - 13 * t - 10 * b}
                                                       for b in range(1, 5))) for t in range(1, 7)])
    session.teams.pair()
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    publish(store.load(path), tmp_path / "out", 1)
    wall = [row for row in read((tmp_path / "out" / "paper" / "round-1-wall.html").read_text(encoding="utf-8")).body
            if len(row) == 7]
    expected = [row for _, _, rows in _expected(raw, 1) for row in rows]
    assert wall == expected and len(wall) == 12
    assert [row[1] for row in wall] == ["W", "B", "B", "W"] * 3
    slips = read((tmp_path / "out" / "paper" / "round-1-slips.html").read_text(encoding="utf-8")).body
    assert [row[1] for row in slips if len(row) == 6 and row[0].isdigit()] == ["W", "B", "B", "W"] * 3
