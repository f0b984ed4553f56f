"""A team event's board standings as rows: the engine's lines (:func:`engine.tiebreaks.board_standings.board_standings`)
with names, teams and the event's FIDE ratings, for the board standings screen and the published page.

The order is the engine's (performance first, then games, then the percentage, as board prizes are
ranked: see that module); nothing here ranks. Ratings are the players' FIDE ratings in the event (0, no
rating, is left out: an unrated opponent does not enter a performance, C.07 art. 10.2 without /U).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from engine.model.explain import points_text
from engine.model.team_tournament import RoundKind
from engine.tiebreaks.board_standings import BoardLine, board_standings
from swisstui.language import N_
from swisstui.language.formats import score_text
from swisstui.store.event import Event
from swisstui.store.event_teams import team_tournament

BOARD_COLUMNS = ["Bd", "Rk", "Name", "Team", "Pts", "Rds", "%", "Rtd", "Perf"]
"""Board, place on the board, player, team, points there, rounds there (forfeits included), per cent of the
points possible, rated games played over the board, rating performance (C.07 art. 10.2)."""

BOARD_NOTE = N_("Per board: points and rounds on that board (forfeits count, as in the team's game points), "
                "% of the points possible, Rtd rated games, Perf performance over them (C.07 art. 10.2); "
                "ranked by performance, then games, then %")


def event_ratings(event: Event) -> dict[int, int]:
    """Each player's FIDE rating in the event, unrated players left out."""
    return {p.id: p.rating for p in event.players if p.rating}


def board_lines(event: Event, n: int) -> dict[int, tuple[BoardLine, ...]]:
    """The engine's board standings after round ``n``, per board number.

    A match no game of which was played (forfeited whole, TRF-2026 record 330) is left out: its lineups
    never sat down, so the players named on its boards earn nothing for a board prize there."""
    t = team_tournament(event, through_round=n)
    for entry in t.teams.values():
        entry.rounds = [replace(r, boards=()) if r.kind is RoundKind.MATCH and not r.played else r
                        for r in entry.rounds]
    return board_standings(t, event_ratings(event), after=n)


def _percent(line: BoardLine) -> str:
    p = line.percentage
    return "" if p is None else f"{p.quantize(Decimal(1))}"


def board_rows(event: Event, n: int, plain: bool = False, short: bool = False) -> list[list[str]]:
    """One row per player and board, board 1 first, each board's players in the engine's order; the team by
    its full name (``short``: by its short name where it has one, for the 80 columns of a terminal)."""
    rows = []
    for board, lines in board_lines(event, n).items():
        for place, line in enumerate(lines, start=1):
            team = event.team_record(line.team)
            rows.append([str(board), str(place), event.player(line.player).name, (team.short or team.name) if short else team.name,
                         points_text(line.points, plain=True) if plain else score_text(line.points),
                         str(line.rounds), _percent(line),
                         str(line.rated_games), "" if line.performance is None else str(line.performance)])
    return rows
