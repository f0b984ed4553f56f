"""A team event as the event file keeps it: the teams, the team settings and each round's team matches.

The players of a team are ordinary ``[[players]]`` (all their fields, so the FIDE list
import serves them); a team names them by pairing number in its fixed board order
(``roster``: the board order the regulations fix before round 1), then its ``reserves``. A round of a team event holds its team matches, each with the boards
played: a board is one game, the players named by colour, so a board's result is
entered with the same keys as an individual board. The lineup of a team is the
players it put on the boards, read back from them. Nothing computed is kept: match
and game points come from the boards (:mod:`engine.model.matches`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

FORFEIT_SIDES = ("white", "black", "both")
"""Who lost a whole match by forfeit (TRF-2026 record 330): the team with White on board 1, the other, both."""


@dataclass
class TeamRecord:
    """One registered team: its pairing number ``id``, names, captain and players in board order.

    ``roster`` is the fixed board order of its regular players, ``reserves`` the players who may
    come in for them (after them in the board order). ``withdrawn_after`` is the last round the
    team took part in (0: before round 1); ``None`` while it plays on.
    """

    id: int
    name: str
    short: str = ""
    federation: str = ""
    club: str = ""
    captain: str = ""
    roster: list[int] = field(default_factory=list)
    reserves: list[int] = field(default_factory=list)
    withdrawn_after: int | None = None

    @property
    def board_order(self) -> list[int]:
        """Every player of the team in the order they may sit on the boards: the roster, then the reserves."""
        return self.roster + self.reserves

    def plays_in(self, round_number: int) -> bool:
        """Whether the team may be paired in ``round_number`` (C.04.2(2026) art. 3.2, applied to teams by C.04.6 art. 0)."""
        return self.withdrawn_after is None or self.withdrawn_after >= round_number


@dataclass
class TeamSettings:
    """What a team event's regulations fix before round 1, besides the pairing system's options.

    ``size`` is the boards of a match; match points for a won, drawn and lost match (2/1/0 unless
    the regulations say otherwise); the pairing-allocated bye's match and game points (art. 1.4;
    ``bye_game_points`` None: one point for each board, as Gacrux scores a bye without record 320).
    Game points per game are the event's ``[settings.scoring]``.
    """

    size: int
    match_win: Decimal = Decimal("2.0")
    match_draw: Decimal = Decimal("1.0")
    match_loss: Decimal = Decimal("0.0")
    bye_match_points: Decimal = Decimal("1.0")
    bye_game_points: Decimal | None = None
    board_colours: str = ""
    """TRF-2026 record 352: the colours of the team "with White" on boards 1, 2, ... (``WBBW``), the
    sequence repeated past its end; "" for ``WBWB...`` (C.04.6(2026) art. 1.6: boards 1, 3, ... White)."""
    lineup: str = "strict"
    """How a lineup breaking the regulations' rules is taken (:mod:`swisstui.store.lineups`): ``strict`` refuses it,
    ``warn`` accepts a changed board order or a board left empty above a player, with a warning naming the
    rule (never a player of another team, one on two boards, nor a team fielding nobody)."""

    @property
    def bye_game_value(self) -> Decimal:
        """The bye's game points: the event's, else one a board."""
        return Decimal(self.size) if self.bye_game_points is None else self.bye_game_points


@dataclass
class TeamBoard:
    """One board of a team match: the players by colour (0 for a board its team left empty) and the result."""

    board: int
    white: int
    black: int
    result: str = ""


@dataclass
class TeamMatchRecord:
    """A team match of a round: ``white`` is the team with White on board 1 (C.04.6(2026) art. 4),
    ``black`` the other; the boards in order; ``forfeit`` the side that lost the whole match by
    forfeit (one of :data:`FORFEIT_SIDES`, or ``""``), which then needs no boards."""

    number: int
    white: int
    black: int
    boards: list[TeamBoard] = field(default_factory=list)
    forfeit: str = ""

    @property
    def teams(self) -> tuple[int, int]:
        return (self.white, self.black)

    def side_of_board(self, board: int, colours: str = "") -> tuple[int, int]:
        """(team with White, team with Black) on ``board``: the team "with White" has White on boards 1, 3, ...,
        or, given the event's ``colours`` (record 352), where the sequence has its first board's colour."""
        if colours:
            same = colours[(board - 1) % len(colours)] == colours[0]
            return (self.white, self.black) if same else (self.black, self.white)
        return (self.white, self.black) if board % 2 == 1 else (self.black, self.white)

    def lineup(self, team: int, colours: str = "") -> list[int]:
        """The players ``team`` put on the boards, in board order (0 for an empty board)."""
        found = []
        for b in self.boards:
            white_team, _ = self.side_of_board(b.board, colours)
            found.append(b.white if white_team == team else b.black)
        return found

    @property
    def finished(self) -> bool:
        """Every board has a result, or the match was forfeited whole."""
        return bool(self.forfeit) or (bool(self.boards) and all(b.result for b in self.boards))


@dataclass
class TeamRound:
    """What a round of a team event holds besides the individual keys: its matches, the team that has the
    pairing-allocated bye, and the teams known not to play it (absent; a withdrawn team is left out)."""

    matches: list[TeamMatchRecord] = field(default_factory=list)
    bye: int | None = None
    absent: list[int] = field(default_factory=list)

    @property
    def paired(self) -> bool:
        return bool(self.matches) or self.bye is not None

    def match_of(self, team: int) -> TeamMatchRecord | None:
        return next((m for m in self.matches if team in m.teams), None)
