"""A team event with its own board colour sequence (TRF-2026 record 352, ``WBBW``): the published pairings,
the lineups screen and the match card put each player beside their own team, board by board.

The team with White on board 1 has White where the sequence repeats its first letter (C.04.6(2026) art.
1.6 and the event's rule); the default W B W B would put boards 2 and 3 the other way round.
"""

from __future__ import annotations

import tomllib

from swisstui import store
from swisstui.app import SwissApp
from swisstui.session.actions import Session
from swisstui.session.team_actions import NewTeam
from swisstui.store.team_records import TeamSettings
from tests.app.screen_text import burst, screen_text
from tests.publish.html_read import table


def _league(tmp_path):
    event = store.new_event("Liga", 5, system="fide-team")
    event.team = TeamSettings(4, board_colours="WBBW")
    path = tmp_path / "liga.toml"
    store.create(event, path)
    session = Session.open(path)
    session.teams.add_many([NewTeam(f"Club {t}", tuple({"name": f"Player {t}{b}", "rating": 2400 - 13 * t - 10 * b}
                                                       for b in range(1, 5))) for t in range(1, 7)])
    session.teams.pair()
    return path


def test_the_published_pairings_name_each_players_own_team(tmp_path):
    from swisstui.outputs.publish import publish

    path = _league(tmp_path)
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    team_of = {p["id"]: t["id"] for t in raw["teams"] for p in raw["players"] if p["id"] in t["roster"]}
    short = {t["id"]: t.get("short") or t["name"] for t in raw["teams"]}
    publish(store.load(path), tmp_path / "out", 1)
    _, rows = table((tmp_path / "out" / "round-1-pairings.html").read_text(encoding="utf-8"))
    boards = [row for row in rows if row[1]]
    assert len(boards) == 12
    names = {p["name"]: p["id"] for p in raw["players"]}
    for _, board, white_team, white, _, black, black_team in boards:
        assert short[team_of[names[white]]] == white_team and short[team_of[names[black]]] == black_team, board
    first = [row for row in rows if not row[1]]
    assert [row[3] for row in first] and all(  # the team named first has White on boards 1 and 4 only
        (row[2] == boards[0][2]) == (row[1] in ("1", "4")) for row in boards[:4])


async def test_the_lineups_screen_and_the_match_card_show_the_teams_own_players(tmp_path):
    path = _league(tmp_path)
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    match = raw["rounds"][0]["team_matches"][0]
    first = next(t for t in raw["teams"] if t["id"] == match["white"])
    names = {p["id"]: p["name"] for p in raw["players"]}
    app = SwissApp(path, pair_in_child=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await burst(pilot, "g")
        text = screen_text(app)
        for board, pid in enumerate(first["roster"], start=1):  # the team's players, in board order, own colours
            line = next(line for line in text.splitlines() if names[pid] in line)
            assert line.split()[:2] == [str(board), "W" if board in (1, 4) else "B"], line
        await burst(pilot, "r", "m")  # the results by match, then the first match's card
        card = screen_text(app)
        assert "W B B W (White on board 1)" in card
