"""A team tournament seen by the tie-breaks in one of its two scores, match points or game points.

C.07 (2026) art. 13 lets a team event use the tie-breaks of art. 6-9 on a team's
score: a team is then one participant, a match one round, and the match points or
game points it scored there its points. So rather than writing Buchholz, Sonneborn-
Berger, direct encounter or progressive scores again for teams, a
:class:`TeamCrosstable` gives the individual tie-breaks (:mod:`engine.tiebreaks.values`,
:mod:`engine.tiebreaks.direct`) the rounds they read, and the unplayed rounds of
art. 15-16 follow the same rules as for players:

- a match played over the board is a game; a match won or lost by forfeit (TRF 330,
  or no board played) is a forfeit win or loss (16.2.2, 16.2.4);
- the pairing-allocated bye is a PAB (16.2.1) worth what the event gives it
  (record 320); a team absent or withdrawn has a zero-point bye (16.2.3 / 16.2.5);
- "a draw" is one match point, or half the boards in game points; a win two match
  points, or every board.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from engine.model.team_tournament import RoundKind as TeamRoundKind
from engine.model.team_tournament import Score, TeamRound, TeamTournament
from engine.model.tournament import Colour, ResultCode
from engine.tiebreaks.rounds import _VUR, Crosstable, Round, RoundKind, _category
from engine.tiebreaks.spec import Edition

MATCH_WIN = Fraction(2)
"""Match points for a won match: C.04.6(2026) art. 1.2's default, the one the team reader scores."""
MATCH_DRAW = Fraction(1)


def decimal(value: Fraction) -> Decimal:
    """An exact Decimal for the halves and quarters team scores are made of."""
    return Decimal(value.numerator) / Decimal(value.denominator)


def round_points(r: TeamRound, score: Score) -> Fraction:
    """What a team scored in one round, in match or game points."""
    return r.match_points if score is Score.MATCH else r.game_points


class TeamCrosstable(Crosstable):
    """Every team's rounds after round ``after``, scored in ``score`` (MP or GP).

    ``ids`` are the teams' pairing numbers; ``win`` and ``draw`` are a won and a
    drawn match in that score, which is what the art. 16 dummy (a draw per round),
    the 16.3 "counts as a draw" and direct encounter's best possible result (6.3) need.
    """

    def __init__(self, tt: TeamTournament, score: Score, after: int | None = None, *,
                 edition: Edition = Edition.C07_2026) -> None:
        self.team_tournament = tt
        self.reference = score
        self.after = tt.rounds_played if after is None else after
        self.scheduled_rounds = max(tt.total_rounds, self.after)
        self.edition = edition
        self.round_robin = False  # C.04.6 is a Swiss system
        if score is Score.MATCH:
            self.win, self.draw = decimal(MATCH_WIN), decimal(MATCH_DRAW)
        else:
            self.win, self.draw = Decimal(tt.team_size), Decimal(tt.team_size) / 2
        self.ids = tuple(sorted(tt.teams))
        self.rounds = {tpn: self._team_rounds(tpn) for tpn in self.ids}

    def _team_rounds(self, tpn: int) -> tuple[Round, ...]:
        team = self.team_tournament.teams[tpn]
        raw: list[tuple[int, RoundKind, Decimal, int | None, Colour, ResultCode]] = []
        for number in range(1, self.after + 1):
            r = team.rounds[number - 1] if number <= len(team.rounds) else TeamRound(TeamRoundKind.ABSENT)
            raw.append((number, *self._round(r)))
        last_elected = max((n for n, kind, *_ in raw if kind not in _VUR), default=0)
        return tuple(Round(n, kind, pts, opp, colour, code, _category(kind, n, last_elected))
                     for n, kind, pts, opp, colour, code in raw)

    def _round(self, r: TeamRound) -> tuple[RoundKind, Decimal, int | None, Colour, ResultCode]:
        points = decimal(round_points(r, self.reference))
        if r.kind is TeamRoundKind.BYE:
            return RoundKind.PAB, points, None, Colour.NONE, ResultCode.PAB
        if r.kind is TeamRoundKind.ABSENT:
            return RoundKind.ZERO_BYE, points, None, Colour.NONE, ResultCode.ZERO_BYE
        if not r.played:
            if r.forfeit_win:
                return RoundKind.FORFEIT_WIN, points, r.opponent, Colour.NONE, ResultCode.FORFEIT_WIN
            return RoundKind.FORFEIT_LOSS, points, r.opponent, Colour.NONE, ResultCode.FORFEIT_LOSS
        colour = Colour.NONE if r.white is None else Colour.WHITE if r.white else Colour.BLACK
        # the match's result, as a game's would be: won, drawn or lost on match points
        code = (ResultCode.WIN if r.match_points == MATCH_WIN else
                ResultCode.DRAW if r.match_points == MATCH_DRAW else ResultCode.LOSS)
        return RoundKind.GAME, points, r.opponent, colour, code

    def rating(self, pid: int, unrated: int | None) -> int | None:
        """Teams have no rating of their own: the rating tie-breaks (art. 10) are refused for them."""
        return unrated

    def all_rated(self) -> bool:
        return False
