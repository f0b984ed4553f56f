"""A team tournament as the FIDE Swiss system for teams (C.04.6, 2026) pairs it.

Kept apart from the individual :class:`engine.model.tournament.Tournament`: a team's
round is a match of several boards, its scores are match points and game points, and
its colour is the colour of its first board (C.04.6(2026) art. 1.6). Everything here is
what a pairing needs and nothing more; the reader of team TRF-2026 files
(:mod:`engine.trf.team_read`) builds it, the pairing (:mod:`engine.systems.team`) reads it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction

from engine.model.tournament import ResultCode


class ColourType(enum.Enum):
    """The three colour models of C.04.6(2026) art. 1.7 (type A is the default)."""

    A = "A"
    B = "B"
    NONE = "none"


class Score(enum.Enum):
    """Which score is the primary one (C.04.6(2026) art. 1.2)."""

    MATCH = "MP"
    GAME = "GP"


class RoundKind(enum.Enum):
    """What a team's round was."""

    MATCH = "match"      # paired against another team (played, or forfeited)
    BYE = "bye"          # the pairing-allocated bye (art. 1.4)
    ABSENT = "absent"    # not paired: absent, withdrawn, zero-point bye


@dataclass(frozen=True)
class BoardGame:
    """One board of a team's round, seen from the team's side: what board standings, the
    players' own results (they are rated) and a team file's player records need.

    ``player`` is the team's player on ``board`` (1-based), 0 when the board was left
    empty; ``opponent`` the other team's player there, 0 when none; ``white`` whether the
    team's player had White (None without a game over the board); ``result`` the player's
    result code (a board left empty is a forfeit loss, ``-``).
    """

    board: int
    player: int
    opponent: int
    white: bool | None
    result: ResultCode


@dataclass(frozen=True)
class TeamRound:
    """One team's round, as far as pairing and scores need it.

    ``played`` is True only when the match took place over the board (at least one game
    played, or both teams scored): a match lost by forfeit gives no colour (art. 1.6.1)
    and is no meeting, so the teams may meet again.
    """

    kind: RoundKind
    opponent: int = 0
    played: bool = False
    white: bool | None = None          # White on board 1 (only for played matches)
    game_points: Fraction = Fraction(0)
    match_points: Fraction = Fraction(0)
    forfeit_win: bool = False
    boards: tuple[BoardGame, ...] = ()  # the match's boards in order; () for a bye or an absence


@dataclass
class TeamEntry:
    """A team: its pairing number (TPN, art. 1.1), name, players in board order, rounds."""

    tpn: int
    name: str
    players: tuple[int, ...]
    rounds: list[TeamRound] = field(default_factory=list)

    def score(self, which: Score, upto: int | None = None) -> Fraction:
        """Match or game points after the first ``upto`` rounds (all when None)."""
        chosen = self.rounds if upto is None else self.rounds[:upto]
        if which is Score.MATCH:
            return sum((r.match_points for r in chosen), Fraction(0))
        return sum((r.game_points for r in chosen), Fraction(0))


@dataclass
class TeamTournament:
    """The state of a team tournament before the round to pair."""

    teams: dict[int, TeamEntry]
    total_rounds: int
    team_size: int
    colour_type: ColourType = ColourType.A
    primary: Score = Score.MATCH
    secondary_used: bool = True
    initial_colour_white: bool = True
    absent_next: frozenset[int] = frozenset()
    bye_match_points: Fraction = Fraction(1)
    bye_game_points: Fraction = Fraction(0)
    # acceleration (C.04.7): each team's virtual points of the primary score for the
    # pairing of each round, index 0 for round 1; a team left out, or a round past its
    # tuple, has none. They make the pairing score only (C.04.7 art. 1.5).
    virtual: dict[int, tuple[Fraction, ...]] = field(default_factory=dict)
    # a round robin: the teams that withdrew (among ``absent_next``), and whether the regulations make the
    # matches a withdrawal leaves forfeited, the opponent winning on every board (FIDE Tournament Rules,
    # Handbook C.06, art. 5.4, as for a round robin of players), rather than not played
    withdrawn: frozenset[int] = frozenset()
    left_games_forfeited: bool = False

    def virtual_points(self, tpn: int, rnd: int) -> Fraction:
        """The virtual points team ``tpn`` has for the pairing of round ``rnd``."""
        table = self.virtual.get(tpn, ())
        return table[rnd - 1] if 0 < rnd <= len(table) else Fraction(0)

    @property
    def rounds_played(self) -> int:
        """How many rounds the teams' histories hold."""
        return max((len(t.rounds) for t in self.teams.values()), default=0)

    @property
    def secondary(self) -> Score:
        """The other score (art. 1.2.1)."""
        return Score.GAME if self.primary is Score.MATCH else Score.MATCH
