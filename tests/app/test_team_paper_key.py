"""``P`` on the team standings at 80x24 writes the round's paper for the hall beside its lists: the match list,
the match slips and the scoresheets of a generated team event, linked from the index."""

from __future__ import annotations

from pathlib import Path

from swisstui import store
from swisstui.app import SwissApp
from swisstui.cli.team_generate import generate_team_event
from tests.app.screen_text import burst, notifications, wait_until

SIZE = (80, 24)


async def test_p_on_the_team_standings_writes_the_rounds_paper_for_the_hall(tmp_path: Path) -> None:
    path = tmp_path / "league.toml"
    generate_team_event(path, 8, 4, 3, 7)
    event = store.load(path)
    paper = tmp_path / "league-published" / "paper"
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "s")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamStandingsScreen", "team standings")
        await burst(pilot, "P")
        await wait_until(pilot, lambda: any("round 3 published" in m for m in notifications(app)), "published")
    for kind in ("wall", "slips", "scoresheets"):
        assert (paper / f"round-3-{kind}.html").is_file(), kind
    wall = (paper / "round-3-wall.html").read_text(encoding="utf-8")
    for match in event.recorded_round(3).team.matches:
        first, second = event.team_record(match.white), event.team_record(match.black)
        assert f"Match {match.number}: {first.name} ({first.id}) – {second.name} ({second.id})" in wall
    index = (tmp_path / "league-published" / "index.html").read_text(encoding="utf-8")
    assert 'href="paper/round-3-slips.html"' in index
