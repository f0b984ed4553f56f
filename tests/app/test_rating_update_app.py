"""``R`` on the players screen: the FIDE list's changes shown in a dialog, applied on y, nothing on n."""

from __future__ import annotations

import os
from pathlib import Path

from swisstui import store
from swisstui.app import SwissApp
from swisstui.store.event import Board, PlayerRecord
from swisstui.ratings.db import import_list
from swisstui.ratings.fide_list import FideList
from swisstui.screens.rating_update import RatingUpdateScreen
from oracles import fide_lists as F
from tests.app.screen_text import notifications, screen_text

SIZE = (80, 24)


def registered(tmp_path: Path) -> Path:
    """Three players registered weeks ago, and the November list imported since."""
    path = F.write(tmp_path / "players_list_foa.txt", F.txt("combined"))
    import_list(Path(os.environ["SWISSTUI_RATINGS_DB"]), FideList(path), "2026-11")
    event = store.new_event("Autumn Open", 5)
    event.players = [PlayerRecord(1, "Muzychuk, Mariya", 2850, "GM", "UKR", 13300474),  # a typing error: 2501
                     PlayerRecord(2, "Carlsen, M.", 2800, "GM", "NOR", 1503014),
                     PlayerRecord(3, "Ghost, G.", 1700, "", "ENG", 99999999)]
    store.save(event, tmp_path / "autumn.toml")
    return tmp_path / "autumn.toml"


async def test_r_shows_every_change_n_keeps_the_event_y_applies(tmp_path):
    path = registered(tmp_path)
    before = path.read_bytes()
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "R")
        await pilot.pause()
        assert isinstance(app.screen, RatingUpdateScreen)
        text = screen_text(app)
        assert "FIDE list 2026-11 (standard)" in text
        assert "2 Carlsen, M. (1503014)" in text and "name: Carlsen, M. -> Carlsen, Magnus" in text
        assert "1 Muzychuk, Mariya (13300474)" in text and "rating: 2850 -> 2501" in text
        assert "3 Ghost, G.: FIDE ID 99999999 is not in the 2026-11 list (kept as it is)" in text
        assert "y apply 5 changes to 2 players" in text
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, RatingUpdateScreen)
        assert path.read_bytes() == before
        await pilot.press("R")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        # Muzychuk (No 1) is now below Carlsen (No 2): the numbers no longer follow the ratings, # sorts them.
        assert ("2 players from the 2026-11 FIDE list (standard): name 1, rating 2, K 2; # sorts the pairing "
                "numbers by the new ratings; u undoes") in notifications(app)
        assert "2831" in screen_text(app)  # the players list shows the new rating
    players = store.load(path).players
    assert [(p.name, p.rating, p.k_factor) for p in players] == [
        ("Muzychuk, Mariya", 2501, 10), ("Carlsen, Magnus", 2831, 10), ("Ghost, G.", 1700, 0)]


async def test_r_after_round_1_is_paired_is_refused(tmp_path):
    path = registered(tmp_path)
    event = store.load(path)
    event.ensure_round(1).boards = [Board(1, 1, 2)]
    event.round(1).bye = 3
    store.save(event, path)
    before = path.read_bytes()
    app = SwissApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "R")
        await pilot.pause()
        assert not isinstance(app.screen, RatingUpdateScreen)
        assert any(m.startswith("round 1 is paired: the ratings stay those pairing began with (C.04.2 art. 2.1-2.3")
                   for m in notifications(app))
    assert path.read_bytes() == before


async def test_a_long_list_of_changes_scrolls_with_the_keys(tmp_path):
    listed = [dict(id=7000 + i, name=f"Player{i:02d}, Test", fed="NOR", s=2000 + i, sk=20) for i in range(1, 13)]
    path = F.write(tmp_path / "players_list_foa.txt", F.txt("combined", listed))
    import_list(Path(os.environ["SWISSTUI_RATINGS_DB"]), FideList(path), "2026-11")
    event = store.new_event("Long", 5)
    event.players = [PlayerRecord(i, f"Player{i:02d}, T.", 1900, "", "ENG", 7000 + i) for i in range(1, 13)]
    store.save(event, tmp_path / "long.toml")
    app = SwissApp(tmp_path / "long.toml")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p", "R")
        await pilot.pause()
        assert isinstance(app.screen, RatingUpdateScreen)
        # 12 players x 5 lines (the player, name, federation, rating, K) do not fit: the end is below.
        assert "1 Player01, T. (7001)" in screen_text(app) and "12 Player12, T. (7012)" not in screen_text(app)
        assert "y apply 48 changes to 12 players" in screen_text(app)  # the hint stays in view
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
        assert "12 Player12, T. (7012)" in text and "rating: 1900 -> 2012" in text
        assert "y apply 48 changes to 12 players" in text
