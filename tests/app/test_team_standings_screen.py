"""The team standings screen with the event's tie-break list, and the board standings screen it opens (``b``),
whole at 80x24: the columns the engine computes, its ranks, nothing cut without a scroll bar."""

from __future__ import annotations

from pathlib import Path

from swisstui import store
from swisstui.app import SwissApp
from swisstui.outputs.board_lines import board_rows
from swisstui.outputs.team_standings import team_tiebreaks
from swisstui.session.actions import Session
from swisstui.store.team_records import TeamSettings
from tests.app.clipping import clipped, drawn_cut
from tests.app.screen_text import burst, screen_text, wait_until

SIZE = (80, 24)
LIST = "EDE,MPvGP,EMGSB/C1,BH:MP/C1"


def league(folder: Path, teams: int = 12, size: int = 4) -> Path:
    """A 12-team, 4-board event with long names and a team list, round 1 played (every board decided)."""
    event = store.new_event("Bundesliga Nord Evening League 2026", 7, system="fide-team")
    event.team = TeamSettings(size)
    path = folder / "league.toml"
    store.create(event, path)
    session = Session.open(path)
    for t in range(1, teams + 1):
        session.teams.add(f"Schachfreunde Neukölln-Britz 1947 {t}",
                          [{"name": f"Kowalczyk-Wiśniewska, Aleksandra {t}{b}", "rating": 2400 - 30 * t - b}
                           for b in range(size)], short=f"SFNB{t}")
    session.settings.set_tiebreaks(LIST)
    session.teams.pair()
    for match in session.event.recorded_round(1).team.matches:
        for board in match.boards:
            session.teams.set_result(1, match.number, board.board, ("1-0", "1/2-1/2", "0-1", "1-0")[board.board - 1])
    return path


async def test_team_and_board_standings_fit_80x24_with_the_engines_columns(tmp_path: Path) -> None:
    path = league(tmp_path)
    event = Session.open(path).event
    expected = team_tiebreaks(event, 1)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    problems: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "s")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamStandingsScreen", "team standings")
        problems += [f"s: {p}" for p in clipped(app) + drawn_cut(app)]
        text = screen_text(app)
        header = next(line for line in text.splitlines() if "Pld" in line)
        assert header.split()[-4:] == ["EDE", "MPVGP", "EMGSB/C1", "BH:MP/C1"]
        # the rows in the engine's order, each with its rank
        rows = [line.split() for line in text.splitlines() if line.split()[:1] and line.split()[0].isdigit()]
        assert [(int(r[0]), int(r[1])) for r in rows[:12]] == [(expected.rank[t], t) for t in expected.order]
        assert "b board standings" in text
        await burst(pilot, "b")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "BoardStandingsScreen", "board standings")
        problems += [f"b: {p}" for p in clipped(app) + drawn_cut(app)]
        text = screen_text(app)
        assert all(label in text for label in ("Bd", "Rk", "Rds", "Rtd", "Perf"))
        first = board_rows(event, 1)[0]  # board 1's best performance, a win against a rated opponent
        assert first[8] and first[8] in text
        await burst(pilot, "escape")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamStandingsScreen", "back")
    assert not problems, "\n".join(problems)


async def _answer_tiebreaks(path: Path, text: str) -> list[str]:
    """The settings screen's tie-break line answered with ``text``; the notices shown."""
    from textual.widgets import Input

    from tests.app.screen_text import choose_line, notifications

    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        await choose_line(pilot, "tiebreaks")
        app.screen.query_one("#answer", Input).value = text
        await pilot.press("enter")
        await pilot.pause()
        return notifications(app)


async def test_the_settings_screen_takes_team_codes_and_refuses_a_rating_tiebreak_with_the_reason(
        tmp_path: Path) -> None:
    event = store.new_event("League", 5, system="fide-team")
    event.team = TeamSettings(4)
    path = tmp_path / "league.toml"
    store.create(event, path)
    await _answer_tiebreaks(path, "ede, MPvGP, EGGSB/C1, BH:GP")
    assert store.load(path).settings.tiebreaks == ("EDE", "MPVGP", "EGGSB/C1", "BH:GP")
    shown = await _answer_tiebreaks(path, "MPvGP,ARO")
    assert any("ARO needs a team rating" in n and "art. 10" in n for n in shown), shown
    assert store.load(path).settings.tiebreaks == ("EDE", "MPVGP", "EGGSB/C1", "BH:GP")


async def test_the_team_standings_build_the_team_tournament_once_a_draw(tmp_path: Path, monkeypatch) -> None:
    """Scores, order and tie-breaks all come from one team tournament: a redraw builds it once (it built three:
    the session's for the primary score, then one for the tie-breaks and one for the rows)."""
    import swisstui.outputs.team_standings as outputs
    import swisstui.session.team_actions as actions

    path = league(tmp_path)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "s")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "TeamStandingsScreen", "team standings")
        before = screen_text(app)
        builds: list[int | None] = []
        for module in (outputs, actions):
            real = module.team_tournament

            def counted(event, *, through_round=None, _real=real):  # type: ignore[no-untyped-def]
                builds.append(through_round)
                return _real(event, through_round=through_round)

            monkeypatch.setattr(module, "team_tournament", counted)
        app.screen.refresh_data()  # type: ignore[attr-defined]
        await pilot.pause()
        assert builds == [1]
        assert screen_text(app) == before
