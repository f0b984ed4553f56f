"""A pairing as a match between two units holding one or more games, and a match's score.

One game for the individual Swiss (a board), two with reversed colours for the
Double-Swiss (C.04.5: every pairing is a match of two games with alternating colours),
one a board for a team match (C.04.6). A result is kept per game, never per match:
the match's score is computed here from its games under the event's scoring, so a
file can never hold a match score that its games contradict.

The rules the score follows, stated once:

- Game points: each game gives each side the points of its result under the point
  system (:class:`engine.model.tournament.PointSystem`): a forfeit win the forfeit
  value (the win's unless the event sets another), a forfeit loss the absent value.
- Match points (the team format's 2/1/0, C.04.6; none where the format has none): the
  side with more game points wins the match, equal game points draw it. They exist
  only once every game has a result: a match with a game still on has game points so
  far and no match points.
- Forfeits: a match counts as played when at least one of its games was played over
  the board; a match where no game was played (each one forfeited, or a double
  forfeit) is not played: its units may meet again (C.04.5's preface: a match ends by
  forfeit only if a player forfeits both games; C.04.2 art. 3.5 for one game).
- The bye applies to a match, never to a single game (C.04.5): the unit's bye scores
  the PAB value for each game a match holds and, where the format has match points,
  a match win, unless the event sets other values.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.model.tournament import ZERO, Colour, PointSystem, Points, ResultCode, as_points
from engine.model.units import Unit

GameResult = tuple[ResultCode, ResultCode]
"""White's and Black's result codes of one game."""


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a match: the two players by pairing number, and the result once known."""

    white: int
    black: int
    result: GameResult | None = None

    @property
    def played(self) -> bool:
        """Played over the board: counts for colours and for meeting again (C.04.2 art. 3.4-3.5)."""
        return self.result is not None and self.result[0].is_game

    def colour_of(self, player: int) -> Colour:
        if player == self.white:
            return Colour.WHITE
        if player == self.black:
            return Colour.BLACK
        return Colour.NONE


@dataclass(frozen=True, slots=True)
class Match:
    """A pairing of one round: ``home`` against ``away`` with its games, or ``home``'s bye.

    ``number`` is the match's place in publishing order. ``home`` is the unit listed
    first (the unit with White in the first game); a bye has no ``away`` and no games.
    """

    number: int
    home: Unit
    away: Unit | None
    games: tuple[Game, ...] = ()

    @property
    def is_bye(self) -> bool:
        return self.away is None

    @property
    def units(self) -> tuple[int, ...]:
        """The ids of the units in the match (one for a bye)."""
        return (self.home.id,) if self.away is None else (self.home.id, self.away.id)

    def unit_with_white(self, game: Game) -> Unit | None:
        """The unit whose player has White in ``game``; ``None`` when neither unit holds that player."""
        for unit in (self.home, self.away):
            if unit is not None and game.white in unit.members:
                return unit
        return None


@dataclass(frozen=True, slots=True)
class MatchScoring:
    """How a match scores: ``game`` points per game, and ``match_points`` (win, draw, loss) where the format has them.

    ``bye_game_points`` and ``bye_match_points`` are the bye's values when the event
    sets them; unset, a bye is worth the PAB value of each game and a match win.
    """

    game: PointSystem = field(default_factory=PointSystem)
    match_points: tuple[Points, Points, Points] | None = None
    bye_game_points: Points | None = None
    bye_match_points: Points | None = None

    @classmethod
    def team(cls, game: PointSystem | None = None) -> MatchScoring:
        """Match points 2/1/0 over 1-½-0 games: C.04.6's default, unless the regulations say otherwise."""
        return cls(game or PointSystem(), (as_points(2), as_points(1), ZERO))


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A match's score for its two sides (``away`` zero for a bye), computed from its games.

    ``home_match``/``away_match`` are ``None`` where the format has no match points or
    a game has no result yet (``complete`` false).
    """

    home: Points
    away: Points
    complete: bool
    played: bool
    home_match: Points | None = None
    away_match: Points | None = None


def match_score(match: Match, scoring: MatchScoring, games_per_match: int = 1) -> MatchScore:
    """The score of ``match`` under ``scoring`` (the rules in this module's text).

    ``games_per_match`` is what a bye stands for: the games the unit would have played.
    """
    if match.away is None:
        points = scoring.bye_game_points
        if points is None:
            points = scoring.game.pab_points * games_per_match
        bye_match = scoring.bye_match_points
        if bye_match is None and scoring.match_points is not None:
            bye_match = scoring.match_points[0]
        return MatchScore(points, ZERO, complete=True, played=False, home_match=bye_match)
    home = away = ZERO
    complete = bool(match.games)
    played = False
    for game in match.games:
        if game.result is None:
            complete = False
            continue
        white_code, black_code = game.result
        home_is_white = game.white in match.home.members
        home_code, away_code = (white_code, black_code) if home_is_white else (black_code, white_code)
        home += scoring.game.points(home_code)
        away += scoring.game.points(away_code)
        played = played or game.played
    if not complete or scoring.match_points is None:
        return MatchScore(home, away, complete, played)
    win, draw, loss = scoring.match_points
    if home > away:
        return MatchScore(home, away, complete, played, win, loss)
    if home < away:
        return MatchScore(home, away, complete, played, loss, win)
    return MatchScore(home, away, complete, played, draw, draw)
