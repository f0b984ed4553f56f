"""Every screen of a team event at 80x24: no text cut off without a scroll bar, no name drawn shorter than
the table holds it (as tests/app/test_screens_fit.py checks the individual screens).

The event has what pushes a screen wide: team names of 36 letters, players' names of 40 with a
diacritic, a round paired, a match half entered.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swisstui import store
from swisstui.app import SwissApp
from swisstui.session.actions import Session
from swisstui.store.team_records import TeamSettings
from tests.app.clipping import clipped, drawn_cut
from tests.app.screen_text import burst, screen_text, wait_until

SIZE = (80, 24)


def long_names(folder: Path, teams: int = 12, size: int = 4) -> Path:
    event = store.new_event("Bundesliga Nord Evening League 2026", 7, system="fide-team")
    event.team = TeamSettings(size)
    path = folder / "league.toml"
    store.create(event, path)
    session = Session.open(path)
    for t in range(1, teams + 1):
        session.teams.add(f"Schachfreunde Neukölln-Britz 1947 {t}",
                          [{"name": f"Kowalczyk-Wiśniewska, Aleksandra {t}{b}", "rating": 2400 - 30 * t - b}
                           for b in range(size)],
                          [{"name": f"Reserve, Long Name Here {t}", "rating": 1500}], short=f"SFNB{t}",
                          federation="GER", club="SF Neukölln-Britz e.V.", captain="Müller-Lüdenscheidt, H.")
    session.teams.pair()
    session.teams.set_result(1, 1, 1, "1-0")
    session.teams.set_result(1, 1, 2, "1/2-1/2")
    return path


@pytest.mark.slow
async def test_every_team_screen_fits_80x24(tmp_path: Path) -> None:
    app = SwissApp(long_names(tmp_path), pair_in_child=False, watch_interval=0)
    problems: list[str] = []
    names = {"h": "HomeScreen", "p": "TeamsScreen", "g": "LineupsScreen", "r": "TeamResultsScreen",
             "m": "MatchCardScreen", "s": "TeamStandingsScreen"}
    async with app.run_test(size=SIZE) as pilot:
        for key in ("h", "p", "g", "r", "m", "escape", "s"):
            await burst(pilot, key)
            if key in names:
                await wait_until(pilot, lambda: type(app.screen).__name__ == names[key], names[key])
                problems += [f"{key}: {p}" for p in clipped(app) + drawn_cut(app)]
        text = screen_text(app)
        assert "Schachfreunde Neukölln-Britz 1947 12" in text  # the standings keep a long name whole
        await burst(pilot, "p", "a")  # the form of a new team
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamFormScreen", "the form")
        problems += [f"form: {p}" for p in clipped(app)]
        assert all(label in screen_text(app) for label in ("Team", "Captain", "Board 4", "Reserves", "ctrl+s save"))
        await burst(pilot, "escape")
    assert not problems, "\n".join(problems)


async def test_the_results_and_the_card_show_every_board_and_both_teams(tmp_path: Path) -> None:
    """What a cut would lose on the results screen: the result column, the second team, the card's players."""
    app = SwissApp(long_names(tmp_path), pair_in_child=False, watch_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "r")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamResultsScreen", "the results")
        text = screen_text(app)
        assert "1½ - ½ (2 boards to play)" in text
        lines = text.splitlines()
        for board, result in ((1, "1-0"), (2, "½-½")):
            row = next(line for line in lines if line.startswith(f" {board}   "))
            assert result in row and row.count("Kowalczyk") == 2, row
        await burst(pilot, "m")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "MatchCardScreen", "the card")
        text = screen_text(app)
        assert "W 1 Kowalczyk-Wiśniewska, Aleksandra 10 (2370) · team 1" in text
        assert "Board 4: no result yet" in text


async def test_the_pairing_of_the_next_round_fits_80x24(tmp_path: Path) -> None:
    """n proposes round 2 and its review fits (the step with its article, every match, the keys); c and y store
    it and the round's matches show: both teams of every match and the colours, nothing cut."""
    path = long_names(tmp_path)
    session = Session.open(path)
    for match in session.event.recorded_round(1).team.matches:
        for board in match.boards:
            if not board.result:
                session.teams.set_result(1, match.number, board.board, "0-1")
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "n")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamReviewScreen", "the review")
        problems = clipped(app) + drawn_cut(app)
        review = screen_text(app)
        assert "rule: C.04.6" in review and "c confirm and store" in review, review
        assert sum(1 for line in review.splitlines() if line.count("Schachfreunde") == 2) == 6, review
        await burst(pilot, "c", "y")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamRoundScreen", "the pairing")
        problems += clipped(app) + drawn_cut(app)
        rows = [line for line in screen_text(app).splitlines() if "W B W B" in line]
        assert len(rows) == 6 and all(line.count("Schachfreunde") == 2 for line in rows), rows
    assert not problems, "\n".join(problems)
    assert store.load(path).rounds_paired == 2
