"""Each player's rounds as C.07 sees them: what was played, what was not, and what counts.

Art. 15-16 decide how an unplayed round enters a tie-break, and they need facts
no single round holds: whether a requested bye is followed by a round the player
chose to play (16.2.3 vs 16.2.5) and the final scores of the scheduled opponent
(16.4.1). Everything is derived here once per standings, so the tie-break
functions read plain numbers, and the player's card can show the same numbers.

Only real points ever enter: acceleration (virtual points) is a pairing device
and never reaches a standing or a tie-break.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property

from engine.model.tournament import Colour, ResultCode, Tournament
from engine.tiebreaks.spec import Edition


class RoundKind(enum.Enum):
    GAME = "game"  # played over the board (incl. games of less than one move)
    PENDING = "pending"  # paired, result not in yet
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    PAB = "pairing-allocated bye"
    FULL_BYE = "full-point bye"
    HALF_BYE = "half-point bye"
    ZERO_BYE = "zero-point bye"  # also: absent, not yet entered, withdrawn


class Category(enum.Enum):
    """C.07 art. 16.2: the category of an unplayed round."""

    BYE_WIN = "16.2.1"  # PAB or full-point bye
    FORFEIT_WIN = "16.2.2"
    BYE_THEN_PLAYED = "16.2.3"  # requested bye followed by a round elected to play
    FORFEIT_LOSS = "16.2.4"
    BYE_AT_END = "16.2.5"  # requested bye followed only by VURs, or in the last round


_VUR = frozenset({RoundKind.HALF_BYE, RoundKind.ZERO_BYE, RoundKind.FORFEIT_LOSS})
_REQUESTED = frozenset({RoundKind.HALF_BYE, RoundKind.ZERO_BYE})
_RATED_CODES = frozenset({ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS})
_RATING_POINTS = {ResultCode.WIN: Decimal(1), ResultCode.DRAW: Decimal("0.5"), ResultCode.LOSS: Decimal(0)}


@dataclass(frozen=True)
class Round:
    """One player's round ``number``: the kind, the points awarded, the scheduled opponent."""

    number: int
    kind: RoundKind
    points: Decimal
    opponent: int | None
    colour: Colour
    code: ResultCode
    category: Category | None = None  # unplayed rounds only

    @property
    def played(self) -> bool:
        """A game over the board (or one still in progress): the opponent's score counts."""
        return self.kind in (RoundKind.GAME, RoundKind.PENDING)

    @property
    def vur(self) -> bool:
        """Art. 16.1: a voluntary unplayed round (requested bye or forfeit loss)."""
        return self.kind in _VUR

    @property
    def rated(self) -> bool:
        """Counts for the rating tie-breaks of art. 10: a finished game of at least one move."""
        return self.kind is RoundKind.GAME and self.code in _RATED_CODES

    @property
    def rating_points(self) -> Decimal:
        return _RATING_POINTS[self.code]

    @property
    def opponent_id(self) -> int:
        """The opponent of a round that has one (a game, pending or played, a forfeit); a bye has none."""
        if self.opponent is None:
            raise ValueError(f"round {self.number} ({self.kind.value}) has no opponent")
        return self.opponent


def _kind(code: ResultCode, opponent: int | None) -> RoundKind:
    if opponent is not None:
        if code.is_game:
            return RoundKind.GAME
        if code is ResultCode.FORFEIT_WIN:
            return RoundKind.FORFEIT_WIN
        if code is ResultCode.FORFEIT_LOSS:
            return RoundKind.FORFEIT_LOSS
        return RoundKind.PENDING
    return {
        ResultCode.PAB: RoundKind.PAB,
        ResultCode.FULL_BYE: RoundKind.FULL_BYE,
        ResultCode.FORFEIT_WIN: RoundKind.FULL_BYE,  # "0000 - +": a win without a scheduled opponent
        ResultCode.HALF_BYE: RoundKind.HALF_BYE,
    }.get(code, RoundKind.ZERO_BYE)


def _category(kind: RoundKind, number: int, last_elected: int) -> Category | None:
    if kind in (RoundKind.GAME, RoundKind.PENDING):
        return None
    if kind in (RoundKind.PAB, RoundKind.FULL_BYE):
        return Category.BYE_WIN
    if kind is RoundKind.FORFEIT_WIN:
        return Category.FORFEIT_WIN
    if kind is RoundKind.FORFEIT_LOSS:
        return Category.FORFEIT_LOSS
    # C.07 16.2.3 / 16.2.5: a requested bye before the last round the player elected to play
    return Category.BYE_THEN_PLAYED if number < last_elected else Category.BYE_AT_END


class Crosstable:
    """The tournament after round ``after`` as the tie-breaks read it.

    ``scheduled_rounds`` is the event's number of rounds; ``after`` the last round
    taken into account: "standings after round N" treat round N as the last one
    (art. 16.2.5) and N as the number of rounds of the 16.4.2 cap.
    """

    def __init__(self, t: Tournament, after: int | None = None, *, edition: Edition = Edition.C07_2026,
                 round_robin: bool = False) -> None:
        self.tournament = t
        self.after = t.rounds_played if after is None else after
        self.scheduled_rounds = max(t.settings.rounds, self.after)
        self.edition = edition
        self.round_robin = round_robin
        self.points = t.settings.points
        self.draw = self.points.draw
        self.win = self.points.win
        self.ids = tuple(p.id for p in t.players)
        self.rounds: dict[int, tuple[Round, ...]] = {pid: self._rounds(pid) for pid in self.ids}

    def _rounds(self, pid: int) -> tuple[Round, ...]:
        p = self.tournament.player(pid)
        raw = []
        for r in range(1, self.after + 1):
            e = p.entry(r)
            kind = _kind(e.code, e.opponent)
            raw.append((r, kind, self.points.entry_points(e), e))
        last_elected = max((r for r, kind, _, _ in raw if kind not in _VUR), default=0)
        return tuple(
            Round(r, kind, pts, e.opponent, e.colour, e.code, _category(kind, r, last_elected))
            for r, kind, pts, e in raw
        )

    # -- scores ---------------------------------------------------------------------------

    @cached_property
    def score(self) -> dict[int, Decimal]:
        """Points after round ``after`` (the standings' first column)."""
        return {pid: sum((x.points for x in rs), Decimal(0)) for pid, rs in self.rounds.items()}

    def opponent_value(self, x: Round) -> Decimal:
        """What one round of a player is worth in the score their opponents see (art. 16.3)."""
        if self.edition is Edition.PRE_2023:
            # before 2023 every unplayed round of an opponent counted as a draw
            return x.points if x.played else self.draw
        if x.category is Category.BYE_AT_END and not self.round_robin:
            return self.draw  # C.07 16.3: category 16.2.5 counts as a draw
        return x.points

    @cached_property
    def adjusted(self) -> dict[int, Decimal]:
        """Each player's score as their opponents see it (C.07 16.3)."""
        return {pid: sum((self.opponent_value(x) for x in rs), Decimal(0)) for pid, rs in self.rounds.items()}

    @cached_property
    def fore_adjusted(self) -> dict[int, Decimal]:
        """Art. 8.3: the adjusted score with every paired game of the final round drawn."""
        out = {}
        for pid, rs in self.rounds.items():
            if rs and rs[-1].opponent is not None and self.after == self.scheduled_rounds:
                last = rs[-1]
                drawn = Round(last.number, RoundKind.GAME, self.draw, last.opponent, last.colour, ResultCode.DRAW)
                changed = tuple(
                    Round(x.number, x.kind, x.points, x.opponent, x.colour, x.code,
                          Category.BYE_THEN_PLAYED if x.category is Category.BYE_AT_END else x.category)
                    for x in rs[:-1]) + (drawn,)
                out[pid] = sum((self.opponent_value(x) for x in changed), Decimal(0))
            else:
                out[pid] = self.adjusted[pid]
        return out

    def fore_score(self, pid: int) -> Decimal:
        """Own score with a paired final-round game counted as a draw (the FB dummy's base)."""
        rs = self.rounds[pid]
        if rs and rs[-1].opponent is not None and self.after == self.scheduled_rounds:
            return self.score[pid] - rs[-1].points + self.draw
        return self.score[pid]

    def dummy(self, pid: int, x: Round, *, fore: bool = False) -> tuple[Decimal, str]:
        """The score of the dummy opponent of an own unplayed round (16.4), and why."""
        own = self.fore_score(pid) if fore else self.score[pid]
        if self.edition is Edition.PRE_2023:
            before = sum((y.points for y in self.rounds[pid][: x.number - 1]), Decimal(0))
            later = self.after - x.number
            value = before + (self.win - x.points) + self.draw * later
            return value, "virtual opponent: score before the round + the result it got + a draw per later round"
        if self.edition is not Edition.C07_2026:
            return own, "dummy: own score"
        if x.kind in (RoundKind.FORFEIT_WIN, RoundKind.FORFEIT_LOSS):
            opp = (self.fore_adjusted if fore else self.adjusted)[x.opponent_id]
            if opp < own:
                return opp, f"dummy: own score {own} capped at opponent {x.opponent}'s adjusted score (16.4.1)"
            return own, "dummy: own score (16.4.1 cap not reached)"
        # "number of rounds": the rounds taken into account, so that the standings after
        # round N are those of the event as it stood then (docs/tiebreaks.md)
        cap = self.draw * self.after
        if cap < own:
            return cap, f"dummy: own score {own} capped at a draw per round, {cap} (16.4.2)"
        return own, "dummy: own score (16.4.2 cap not reached)"

    # -- rating ---------------------------------------------------------------------------

    def rating(self, pid: int, unrated: int | None) -> int | None:
        r = self.tournament.player(pid).rating
        return r if r else unrated

    def all_rated(self) -> bool:
        return all(self.tournament.player(pid).rating for pid in self.ids)
