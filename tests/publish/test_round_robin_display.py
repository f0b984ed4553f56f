"""The venue display of a round robin: its standings are the square cross-table (issue 32), read at 1920x1080.

The event: tests/store/test_roundrobin_withdrawal_session.py's 8-player double round robin, played to the
end, number 5 withdrawn after round 3 (annulled, FIDE Tournament Rules art. 5.4.1) and number 2 absent in
round 6. Expected values come from the engine's standings and the event's names, not from the display.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from engine.awards.standings import standings
from swisstui import store
from swisstui.web.display import make_server
from swisstui.web.display_lists import screen
from tests.publish.test_display_screen import MEASURE, open_display
from tests.store.test_roundrobin_withdrawal_session import play_event

TOKEN = "round-robin-display-token-0123456789abcdefghij"


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("rr-display") / "final.toml"
    play_event(path, {}, last_round=14, absent=(2, 6))
    return path


@pytest.mark.slow
def test_the_display_lists_the_square_table_with_the_notes(finished: Path) -> None:
    event = store.load(finished)
    shown = screen(event, finished)
    assert [x.kind for x in shown.lists] == ["pairings", "crosstable"]
    square = shown.lists[1]
    assert square.title == "Cross-table after round 14"
    assert [c.title for c in square.columns] == ["#", "No", "Name", *map(str, range(1, 9)),
                                                 "Pts", "Rk", "DE", "WIN", "SB", "KS"]
    rows = standings(event.to_tournament(), 14).rows
    names = {p.id: p.name for p in event.players}
    assert [r[1] for r in square.rows] == [str(r.player) for r in rows]  # in the order of the standings
    assert [r[2] for r in square.rows] == [names[r.player] + " (withdrawn)" * (r.player == 5) for r in rows]
    assert all(r[2 + i] == "X" for i, r in enumerate(square.rows, start=1))  # the diagonal
    assert f"5 {names[5]} withdrew after round 3, 3 of 14 games played" in square.notes
    assert f"2 {names[2]} was absent in round 6: the game is forfeited." in square.notes


@pytest.mark.slow
def test_at_1920x1080_every_name_points_and_place_are_shown_whole_on_one_line(browser, finished: Path) -> None:
    server = make_server(finished, port=0, token=TOKEN)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        page = open_display(browser, f"http://127.0.0.1:{server.server_address[1]}/?token={TOKEN}", (1920, 1080))
        page.wait_for_selector("section.crosstable tbody td")
        m = page.evaluate(MEASURE)
        page.close()
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
    event = store.load(finished)
    square = m["sections"]["crosstable"]
    assert square["shownRows"] == 8 and square["pager"] == ""  # one page: the eight lines at once
    items = [i for i in m["items"] if i["box"][0] >= square["box"][0] and i["box"][1] >= square["box"][1]]
    texts = [i["text"] for i in items]
    for p in event.players:  # names whole: a player finds their line from across the hall
        name = next(i for i in items if i["text"].startswith(p.name))
        assert not name["cut"] and name["lines"] == 1, name
    assert {"Pts", "Rk", *map(str, range(1, 9))} <= set(texts)
    assert not [i["text"] for i in items if i["lines"] > 1], "a cell on two lines"
    assert not [i["text"] for i in items if i["box"][2] > 1920.5 or i["box"][3] > 1080.5], "off the screen"
