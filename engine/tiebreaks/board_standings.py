"""Board standings of a team event: for each board number, every player who played there, for board prizes.

A player's line on board ``b`` holds the results of the rounds the player sat on
board ``b`` (a player moved between boards by the lineups has a line on each):

- ``points``: the game points scored there, forfeits included, as they count in
  the team's game points (C.07 art. 12's opening: forfeits are standard wins and
  losses); a pairing-allocated bye is not a game of any player and is left out;
- ``games``: the games played over the board (results 1 = 0, and W D L);
- ``rated_points`` and ``performance``: the rating performance of C.07 art. 10.2
  (TPR: the average rating of the opponents plus dp(p) of FIDE B.02 art. 8.1.1,
  p the score in rated games) over the rated games on that board; forfeits and
  games of less than one move are not rated (B.02) and do not enter it. This is the
  figure Olympiad-style board prizes rank by; None without a rated game. A game
  against an unrated opponent enters it only with the rating the event gives the
  unrated (``unrated``, as /U does in art. 10).

Lines are ranked as the European Chess Union ranks board prizes (ECU Tournament
Regulations B.7.1, the published text nearest to FIDE's Olympiad practice that
could be read here): the best performance first; ties by the number of games (more
first), then the percentage score. Its other two steps (mutual results, the team's
final rank) and its 400-point cap on a rating difference are the caller's or the
event's; ``min_games`` (the event's minimum for a board prize, e.g. 70 % of the
rounds for ECU) leaves out the lines below it. Ratings come from the caller (the
rosters' FIDE ratings): the team model keeps none.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from engine.model.team_tournament import TeamTournament
from engine.model.tournament import ResultCode
from engine.tiebreaks.rating import performance
from engine.tiebreaks.team_crosstable import decimal

_POINTS = {
    ResultCode.WIN: Fraction(1), ResultCode.WIN_UNRATED: Fraction(1), ResultCode.FORFEIT_WIN: Fraction(1),
    ResultCode.DRAW: Fraction(1, 2), ResultCode.DRAW_UNRATED: Fraction(1, 2),
}
_RATED = {ResultCode.WIN: Decimal(1), ResultCode.DRAW: Decimal("0.5"), ResultCode.LOSS: Decimal(0)}


@dataclass(frozen=True)
class BoardLine:
    """One player's results on one board."""

    board: int
    player: int
    team: int
    points: Decimal
    rounds: int  # rounds on this board, games and forfeits
    games: int  # played over the board
    rated_games: int
    rated_points: Decimal
    performance: int | None

    @property
    def percentage(self) -> Decimal | None:
        """Points per round on the board, in per cent (None without a round)."""
        return None if not self.rounds else self.points * 100 / self.rounds


def board_standings(tt: TeamTournament, ratings: Mapping[int, int], *, after: int | None = None,
                    unrated: int | None = None, min_games: int = 0) -> dict[int, tuple[BoardLine, ...]]:
    """Per board number (1 first), the players' lines best first (performance, games, percentage)."""
    upto = tt.rounds_played if after is None else after
    found: dict[tuple[int, int], list[tuple[ResultCode, int]]] = {}
    team_of: dict[int, int] = {}
    for tpn, team in tt.teams.items():
        for r in team.rounds[:upto]:
            for g in r.boards:
                if g.player <= 0:
                    continue  # a board left empty: no player to list
                found.setdefault((g.board, g.player), []).append((g.result, g.opponent))
                team_of[g.player] = tpn
    lines: dict[int, list[BoardLine]] = {}
    for (board, player), results in found.items():
        points = sum((_POINTS.get(code, Fraction(0)) for code, _ in results), Fraction(0))
        games = sum(1 for code, _ in results if code.is_game)
        rated = [(_RATED[code], rating) for code, opp in results
                 if code in _RATED and (rating := ratings.get(opp) or unrated) is not None]
        score = sum((s for s, _ in rated), Decimal(0))
        perf = performance(score, [r for _, r in rated]) if rated else None
        if games < min_games:
            continue
        lines.setdefault(board, []).append(
            BoardLine(board, player, team_of[player], decimal(points), len(results), games, len(rated), score, perf))
    return {b: tuple(sorted(ls, key=lambda x: (x.performance is None, -(x.performance or 0), -x.games,
                                               -(x.percentage or 0), x.player)))
            for b, ls in sorted(lines.items())}
