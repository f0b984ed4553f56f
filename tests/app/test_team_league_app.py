"""A 12-team, 4-board, 7-round league run through the app's screens, keys typed as an arbiter types them.

The teams are registered with the form (``p``, ``a``), each round paired with ``n`` (the session proposes it by
the catalogue's ``fide-team`` entry and the review shows it), stored with ``c`` and ``y``, a lineup changed on the lineups screen (and a change that breaks the
board order refused with the rule named), the results typed board by board on the results screen in
bursts (board forfeits among them), one match forfeited whole; the final team standings on the screen are then checked against the
test's own count of match and game points from the results it typed. Then the arbiter publishes from the team
standings (``P`` on the final round, ``[`` back through the earlier ones, ``P`` on each): the published team
standings page (HTML and text) must be the table on the screen, and the index must link every round's team lists.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import re

import pytest

from swisstui import store
from swisstui.app import SwissApp
from swisstui.store.team_records import TeamSettings
from swisstui.views.team_rows import team_next_step
from tests.app.screen_text import burst, notifications, screen_text, wait_until
from tests.publish.html_read import links, table

SIZE = (80, 24)
TEAMS = 12
BOARDS = 4
ROUNDS = 7
KEYS = ("1", "=", "0", "1", "=", "1", "0", "+", "0", "1", "=", "=", "-")  # the result keys typed, in turn
POINTS = {"1": (Fraction(1), Fraction(0)), "0": (Fraction(0), Fraction(1)), "=": (Fraction(1, 2), Fraction(1, 2)),
          "+": (Fraction(1), Fraction(0)), "-": (Fraction(0), Fraction(1))}  # + and -: a board lost by forfeit


TEAM_PAGES = ("pairings", "results", "standings", "boards", "crosstable")  # a team round's published lists


def text_table(text: str) -> tuple[list[str], list[list[str]]]:
    """The head and rows of a published ``.txt`` list: cells are parted by two spaces or more (a team's name
    holds one), the rows run from the dashes to the first blank line."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line and set(line) <= {"-", " "} and i > 2)
    end = next((i for i in range(start + 1, len(lines)) if not lines[i].strip()), len(lines))
    return re.split(r" {2,}", lines[start - 1].strip()), [re.split(r" {2,}", line.strip()) for line in lines[start + 1:end]]


def make_league(folder: Path) -> Path:
    event = store.new_event("Evening League", ROUNDS, system="fide-team", tiebreaks=("MPVGP",))  # C.07 13.1: GP second
    event.team = TeamSettings(BOARDS)
    path = folder / "league.toml"
    store.create(event, path)
    return path


def team_keys(t: int) -> list[str]:
    """The keys that register team ``t`` through the form: its names, then four players and a reserve."""
    keys = ["a", *f"Club {t:02d}", "enter", *f"C{t:02d}", "enter", *"NOR", "enter", *f"Oslo {t}", "enter",
            *f"Captain {t}", "enter"]
    for b in range(1, BOARDS + 1):
        keys += [*f"Player {t:02d}{b}, {2400 - 40 * t - 10 * b}", "enter"]
    return keys + [*f"Reserve {t:02d}, {1500 + t}", "enter"]


@pytest.mark.slow
async def test_a_twelve_team_league_from_registration_to_final_standings(tmp_path: Path) -> None:
    path = make_league(tmp_path)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    typed: dict[tuple[int, int, int], str] = {}  # (round, match, board) -> the key typed
    forfeited: dict[tuple[int, int], str] = {}
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "p")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamsScreen", "the teams screen")
        for t in range(1, TEAMS + 1):
            await burst(pilot, *team_keys(t))
            await wait_until(pilot, lambda: len(store.load(path).teams) == t and type(app.screen).__name__ ==
                             "TeamsScreen", f"team {t} registered")
        event = store.load(path)
        assert [t.name for t in event.teams] == [f"Club {t:02d}" for t in range(1, TEAMS + 1)]
        assert event.teams[4].short == "C05" and event.teams[4].federation == "NOR"
        assert event.teams[4].captain == "Captain 5" and event.teams[4].club == "Oslo 5"
        assert [event.player(p).name for p in event.teams[4].roster] == [f"Player 05{b}" for b in range(1, 5)]
        assert [event.player(p).rating for p in event.teams[4].roster] == [2190, 2180, 2170, 2160]
        assert [event.player(p).name for p in event.teams[4].reserves] == ["Reserve 05"]
        assert "Player 121 (1910)" in screen_text(app) and "R1. 60 Reserve 12 (1512)" in screen_text(app)  # the new team

        count = 0
        for k in range(1, ROUNDS + 1):
            await burst(pilot, "n")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamReviewScreen", f"round {k} proposed")
            assert store.load(path).rounds_paired == k - 1  # reviewed first: nothing stored yet
            await burst(pilot, "c", "y")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamRoundScreen" and
                             store.load(path).rounds_paired == k, f"round {k} paired")
            event = store.load(path)
            matches = event.recorded_round(k).team.matches
            assert len(matches) == TEAMS // 2
            shown = screen_text(app)
            for m in matches:  # every pair on the screen, the team with White on board 1 first
                assert f"{m.white} Club {m.white:02d}" in shown and f"{m.black} Club {m.black:02d}" in shown
            if k == 2:  # team 1 brings its reserve in for board 2; then a move that breaks the board order
                await burst(pilot, "g", "down", "e", "1")
                await wait_until(pilot, lambda: store.load(path).recorded_round(2).team.match_of(1).lineup(1)[3]
                                 == store.load(path).team_record(1).reserves[0], "the reserve on board 4")  # type: ignore[union-attr]
                lineup = store.load(path).recorded_round(2).team.match_of(1).lineup(1)  # type: ignore[union-attr]
                team = store.load(path).team_record(1)
                assert lineup == [team.roster[0], team.roster[2], team.roster[3], team.reserves[0]]
                await burst(pilot, "shift+up")
                await wait_until(pilot, lambda: "breaks its board order" in screen_text(app), "the refusal shown")
                assert "breaks its board order" in screen_text(app)
                assert store.load(path).recorded_round(2).team.match_of(1).lineup(1) == lineup  # type: ignore[union-attr]
            await burst(pilot, "r")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamResultsScreen", "the results screen")
            keys = []
            for m in matches:
                if k == 3 and m.number == 2:  # a match lost whole by forfeit: F, then the team that did not come
                    continue
                for board in range(1, BOARDS + 1):
                    key = KEYS[count % len(KEYS)]
                    count += 1
                    typed[(k, m.number, board)] = key
                    keys.append(key)
            if k == 3:
                await burst(pilot, "right", "F", "b")
                forfeited[(3, 2)] = "black"
                await wait_until(pilot, lambda: store.load(path).recorded_round(3).team.matches[1].forfeit == "black",
                                 "match 2 forfeited")
                await burst(pilot, "left")
                await wait_until(pilot, lambda: app.screen.match == 1, "back on match 1")
            await burst(pilot, *keys)  # a round's results in one burst
            await wait_until(pilot, lambda: all(m.finished for m in store.load(path).recorded_round(k).team.matches),
                             f"every board of round {k}")
        assert team_next_step(store.load(path)) == "All rounds played: final team standings with s; P there publishes them."
        await burst(pilot, "s")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamStandingsScreen", "the team standings")
        shown_table = app.screen.query_one("#team-standings")
        heads = [str(c.label) for c in shown_table.columns.values()]
        rows = [[str(c) for c in shown_table.get_row_at(i)] for i in range(shown_table.row_count)]
        assert len(rows) == TEAMS
        assert not [n for n in notifications(app) if "refused" in n]

        # published as an arbiter does it: P on the final standings, then [ to each earlier round and P
        out = path.with_name("league-published")
        await burst(pilot, "P")
        await wait_until(pilot, lambda: (out / f"round-{ROUNDS}-standings.html").is_file(), "the final round published")
        for k in range(ROUNDS - 1, 0, -1):
            await burst(pilot, "left_square_bracket", "P")
            await wait_until(pilot, lambda: (out / f"round-{k}-standings.html").is_file(), f"round {k} published")
        files = len(TEAM_PAGES) * 3 + 3 + 1  # each list as HTML, text and CSV, the 3 pages of paper for the hall, the index
        assert {n for n in notifications(app) if " published: " in n} == \
            {f"round {k} published: {files} files in {out}" for k in range(1, ROUNDS + 1)}
        assert not [n for n in notifications(app) if "not published" in n]

    # the published final standings are the screen's table: the same teams, in the same order, the same scores
    page_head, page_rows = table((out / f"round-{ROUNDS}-standings.html").read_text(encoding="utf-8"))
    text_head, text_rows = text_table((out / f"round-{ROUNDS}-standings.txt").read_text(encoding="utf-8"))
    assert heads == ["Pl", "No", "Team", "MP", "GP", "Pld", "MPVGP"]
    assert page_head == text_head == ["Rk", "No", "Team", "MP", "GP", "Pld", "MPVGP"]
    for published in (page_rows, text_rows):
        assert [[r[0].rstrip("="), *r[1:]] for r in published] == rows  # "4=": a place shared (the screen: 4)
    index = links((out / "index.html").read_text(encoding="utf-8"))
    for k in range(1, ROUNDS + 1):
        for kind in TEAM_PAGES:
            assert f"round-{k}-{kind}.html" in index and f"round-{k}-{kind}.txt" in index
            assert (out / f"round-{k}-{kind}.html").is_file()

    # the hand count: each board's key scores the team with White there (odd boards: the first team)
    event = store.load(path)
    mp = {t: Fraction(0) for t in range(1, TEAMS + 1)}
    gp = {t: Fraction(0) for t in range(1, TEAMS + 1)}
    for k in range(1, ROUNDS + 1):
        for m in event.recorded_round(k).team.matches:
            score = {m.white: Fraction(0), m.black: Fraction(0)}
            if (k, m.number) in forfeited:
                score[m.white if forfeited[(k, m.number)] == "black" else m.black] = Fraction(BOARDS)
            else:
                for board in range(1, BOARDS + 1):
                    white_team, black_team = (m.white, m.black) if board % 2 else (m.black, m.white)
                    w, b = POINTS[typed[(k, m.number, board)]]
                    score[white_team] += w
                    score[black_team] += b
            for team, other in ((m.white, m.black), (m.black, m.white)):
                gp[team] += score[team]
                mp[team] += 2 if score[team] > score[other] else 1 if score[team] == score[other] else 0
    assert sum(mp.values()) == 2 * (TEAMS // 2) * ROUNDS
    expected = sorted(range(1, TEAMS + 1), key=lambda t: (-mp[t], -gp[t], t))

    def shown(x: Fraction) -> str:
        whole, half = divmod(x * 2, 2)
        return f"{int(whole)}{'½' if half else ''}" if whole or not half else "½"

    assert [(r[1], r[2], r[3], r[4]) for r in rows] == \
        [(str(t), f"Club {t:02d}", shown(mp[t]), shown(gp[t])) for t in expected]
    assert [(r[1], r[2], r[3], r[4]) for r in page_rows] == \
        [(str(t), f"Club {t:02d}", shown(mp[t]), shown(gp[t])) for t in expected]  # the page: the hand count too
