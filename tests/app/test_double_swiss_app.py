"""A Double-Swiss (C.04.5) run in the app at 80x24: 16 players, 5 rounds, from registration to published standings.

Everything goes through the keys: the new event dialog names the system, the players
are typed into the player form, each round is paired (n), stepped in the review,
confirmed (c, y), and its 16 games (8 matches of two) entered one key a game on the
results screen; the standings are published (P) and the published pairings show both
games of every match.
"""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from swisstui import store
from swisstui.app import SwissApp
from swisstui.screens.player_form import PlayerForm
from swisstui.screens.results import ResultsScreen
from tests.app.screen_text import notifications, screen_text
from tests.app.test_review import SIZE, confirm, pair

PLAYERS = 16
ROUNDS = 5
KEYS = "1=0=1001=01=0=10"  # one result key a game, 16 games a round


async def register(pilot, number: int) -> None:
    await pilot.press("a")
    await pilot.pause()
    assert isinstance(pilot.app.screen, PlayerForm)
    await pilot.press(*f"Player {number:02d}", "tab", *str(2400 - 10 * number), "enter")
    await pilot.pause()
    assert not isinstance(pilot.app.screen, PlayerForm)


@pytest.mark.slow
async def test_a_double_swiss_from_registration_to_published_standings(tmp_path):
    path = tmp_path / "double.toml"
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "double-swiss-2026" in screen_text(app)  # the new event dialog offers it
        await pilot.press(*"Double Open", "tab", "ctrl+u", "5", "tab", "ctrl+u", *"double-swiss", "enter")
        await pilot.pause()
        assert " · Double-Swiss · round 0 of 5" in screen_text(app)
        await pilot.press("p")
        await pilot.pause()
        for number in range(1, PLAYERS + 1):
            await register(pilot, number)
        for rnd in range(1, ROUNDS + 1):
            review = await pair(pilot)
            rules = " ".join(e.rule for e in review.session.proposal.result.trace)
            assert "C.04.5 art. 3.6" in rules and "C.04.5 art. 4" in rules  # the review cites the text
            await confirm(pilot)
            assert isinstance(app.screen, ResultsScreen)
            text = screen_text(app)
            assert f"round {rnd} results · 0 of 16 in" in text
            assert "1.1" in text and "1.2" in text  # a row a game: match 1, games 1 and 2
            if rnd == 1:  # j jumps to a game by match.game, then back to the first
                await pilot.press("j", *"3.2", "enter")
                await pilot.pause()
                assert app.screen.query_one(DataTable).cursor_row == 5
                await pilot.press("j", "1", "enter")
                await pilot.pause()
                assert app.screen.query_one(DataTable).cursor_row == 0
            for key in KEYS:
                await pilot.press({"=": "equals_sign"}.get(key, key))
                await pilot.pause()
            assert f"round {rnd} results · 16 of 16 in · saved" in screen_text(app)
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
        assert any("round 5 published" in n for n in notifications(app))
    event = store.load(path)
    assert [len(r.matches) for r in event.rounds] == [8] * ROUNDS
    for rnd in event.rounds:
        for m in rnd.matches:
            first, second = m.games
            assert (second.white, second.black) == (first.black, first.white)  # C.04.5 preface
            assert first.result and second.result
    # no pair met twice in a played match ([C1])
    pairs = [frozenset(m.players) for r in event.rounds for m in r.matches]
    assert len(pairs) == len(set(pairs))
    published = tmp_path / "double-published"
    standings = (published / "round-5-standings.txt").read_text(encoding="utf-8")
    assert "Player 01" in standings and "standings after round 5" in standings
    pairings = (published / "round-5-pairings.txt").read_text(encoding="utf-8")
    assert "Match  Game" in pairings and pairings.count("Player") == 32  # 16 games, two names each
    # game points: every round gives out 2 points a match, 16 a round
    t = store.load(path).to_tournament()
    assert sum(t.score(p.id) for p in t.players) == 16 * ROUNDS


async def test_the_settings_say_that_articles_1_4_onwards_are_restated(tmp_path):
    from textual.widgets import OptionList

    path = tmp_path / "probe.toml"
    store.save(store.new_event("Probe", 5, system="double-swiss-2026"), path)
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        menu = app.screen.query_one(OptionList)
        index = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "system:double-swiss-2026")
        menu.highlighted = index  # scrolled into view
        await pilot.pause()
        assert "● FIDE Double-Swiss system, 2026 (art. 1.4 on restated)" in screen_text(app)
