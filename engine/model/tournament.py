"""The tournament as the pairing engine sees it: immutable values, no I/O.

Everything a pairing system needs (scores, colour histories, who has met whom,
bye history) is derived here from the recorded round entries, in one place, so
that the pairing code, the validator and the application can never disagree
about the inputs.

Points are :class:`decimal.Decimal` values: TRF writes them with one decimal
and every FIDE point system (1-½-0, 3-1-0, configurable bye values) is exact in
decimal. Floats never take part in a comparison.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal
from functools import cached_property
from types import MappingProxyType
from typing import TypedDict

from engine.model.registration import Registration, check_declares

Points = Decimal

ZERO = Decimal(0)


def as_points(value: int | float | str | Decimal) -> Points:
    """Exact points from a number a person or a file wrote (``1``, ``0.5``, ``"2.5"``).

    Floats go through their shortest text form so ``0.1`` stays ``0.1``.
    """
    if isinstance(value, Decimal):
        return value
    if isinstance(value, float):
        return Decimal(repr(value))
    return Decimal(value)


class Colour(enum.Enum):
    """A colour as written in a round entry (TRF column 97 of each round block)."""

    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    @property
    def opposite(self) -> Colour:
        if self is Colour.WHITE:
            return Colour.BLACK
        if self is Colour.BLACK:
            return Colour.WHITE
        return Colour.NONE

    def __str__(self) -> str:
        return self.value


class ScoreKind(enum.Enum):
    """Which value of the point system a result scores (TRF-2026 record 162 symbols)."""

    WIN = "W"
    DRAW = "D"
    LOSS = "L"
    ABSENT = "A"  # zero-point bye, forfeit loss, absence
    PAB = "P"  # pairing-allocated bye


class ResultCode(enum.Enum):
    """Every result a player can have in one round (the TRF result codes).

    ``ABSENT`` is the blank result of TRF: not paired, no points, no bye requested.
    """

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    WIN_UNRATED = "W"  # game of less than one move: played for pairing, not rated
    DRAW_UNRATED = "D"
    LOSS_UNRATED = "L"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    PAB = "U"  # pairing-allocated bye
    HALF_BYE = "H"
    FULL_BYE = "F"
    ZERO_BYE = "Z"
    ABSENT = " "

    @classmethod
    def parse(cls, text: str) -> ResultCode:
        """The code for one TRF result character (case-insensitive); ``ValueError`` if unknown."""
        upper = text.upper()
        for code in cls:
            if code.value == upper:
                return code
        raise ValueError(f"unknown result code {text!r}")

    @property
    def is_game(self) -> bool:
        """A game that was actually played: counts for colours and rematches (C.04.2 art. 3.4-3.5)."""
        return self in _PLAYED

    @property
    def is_bye(self) -> bool:
        return self in (ResultCode.PAB, ResultCode.HALF_BYE, ResultCode.FULL_BYE, ResultCode.ZERO_BYE)

    @property
    def score_kind(self) -> ScoreKind:
        return _SCORE_KIND[self]

    @property
    def is_requestable(self) -> bool:
        """Results an arbiter sets before a round is paired (requested byes, known absences)."""
        return self in (ResultCode.HALF_BYE, ResultCode.FULL_BYE, ResultCode.ZERO_BYE, ResultCode.ABSENT)

    @property
    def opposite(self) -> ResultCode:
        """The result the opponent must have for the same game."""
        return _OPPOSITE[self]


_PLAYED = frozenset(
    {
        ResultCode.WIN,
        ResultCode.DRAW,
        ResultCode.LOSS,
        ResultCode.WIN_UNRATED,
        ResultCode.DRAW_UNRATED,
        ResultCode.LOSS_UNRATED,
    }
)

_SCORE_KIND = {
    ResultCode.WIN: ScoreKind.WIN,
    ResultCode.WIN_UNRATED: ScoreKind.WIN,
    ResultCode.FORFEIT_WIN: ScoreKind.WIN,
    ResultCode.FULL_BYE: ScoreKind.WIN,
    ResultCode.DRAW: ScoreKind.DRAW,
    ResultCode.DRAW_UNRATED: ScoreKind.DRAW,
    ResultCode.HALF_BYE: ScoreKind.DRAW,
    ResultCode.LOSS: ScoreKind.LOSS,
    ResultCode.LOSS_UNRATED: ScoreKind.LOSS,
    ResultCode.FORFEIT_LOSS: ScoreKind.ABSENT,
    ResultCode.ZERO_BYE: ScoreKind.ABSENT,
    ResultCode.ABSENT: ScoreKind.ABSENT,
    ResultCode.PAB: ScoreKind.PAB,
}

_OPPOSITE = {
    ResultCode.WIN: ResultCode.LOSS,
    ResultCode.LOSS: ResultCode.WIN,
    ResultCode.DRAW: ResultCode.DRAW,
    ResultCode.WIN_UNRATED: ResultCode.LOSS_UNRATED,
    ResultCode.LOSS_UNRATED: ResultCode.WIN_UNRATED,
    ResultCode.DRAW_UNRATED: ResultCode.DRAW_UNRATED,
    ResultCode.FORFEIT_WIN: ResultCode.FORFEIT_LOSS,
    ResultCode.FORFEIT_LOSS: ResultCode.FORFEIT_WIN,
}


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One player's record of one round.

    ``colour`` is what was written (for a forfeit, the scheduled colour); only
    a played game's colour counts for pairing (C.04.2 art. 3.4, :attr:`is_game`).
    """

    opponent: int | None
    colour: Colour
    code: ResultCode
    # A round whose pairing is a match of several games (the Double-Swiss, C.04.5): this player's
    # code in each game, in the order played; ``code`` is then the match's (played, forfeited or
    # unfinished: :mod:`engine.model.match_entries`) and ``colour`` the first game's. Empty: one game.
    games: tuple[ResultCode, ...] = ()

    @property
    def is_game(self) -> bool:
        return self.code.is_game and self.opponent is not None

    @property
    def is_pab(self) -> bool:
        return self.code is ResultCode.PAB

    @property
    def was_paired(self) -> bool:
        """The player took part in the pairing of this round (got an opponent or the PAB)."""
        return self.opponent is not None or self.code is ResultCode.PAB


NOT_PAIRED = RoundEntry(None, Colour.NONE, ResultCode.ABSENT)


class PlayerStatus(enum.Enum):
    ACTIVE = "active"
    WITHDRAWN = "withdrawn"


TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""FIDE titles in the order C.04.2 art. 2.2 ranks them."""

TRF_TITLE_CODES: Mapping[str, str] = {
    "g": "GM", "m": "IM", "wg": "WGM", "f": "FM", "wm": "WIM", "c": "CM", "wf": "WFM", "wc": "WCM",
}
"""The one- and two-letter title codes of TRF player records (columns 11-13), besides the titles spelt out."""


@dataclass(frozen=True, slots=True)
class Player:
    """A participant and their round-by-round record.

    The fields from ``name`` to ``k_factor`` are the registration, defined once in
    :class:`engine.model.registration.Registration` (checked below, on import).
    ``id`` is the pairing number (TRF starting rank, the TPN once the list is
    closed). ``history[r - 1]`` is round ``r``; rounds past the end of the
    history were not paired for this player.
    """

    id: int
    name: str
    rating: int = 0
    title: str = ""
    federation: str = ""
    fide_id: int | None = None
    birth: str = ""
    sex: str = ""
    club: str = ""
    national_id: str = ""
    national_rating: int = 0
    k_factor: int = 0  # the FIDE list's K for the event's rating type; 0: not known (engine.ratings applies the rules)
    status: PlayerStatus = PlayerStatus.ACTIVE
    history: tuple[RoundEntry, ...] = ()

    def entry(self, round_number: int) -> RoundEntry:
        """The record of round ``round_number`` (1-based); not-paired when absent from the history."""
        if 1 <= round_number <= len(self.history):
            return self.history[round_number - 1]
        return NOT_PAIRED

    @property
    def withdrawn(self) -> bool:
        return self.status is PlayerStatus.WITHDRAWN

    @property
    def registration(self) -> Registration:
        """The registration fields and their values."""
        return Registration(
            self.name, self.rating, self.title, self.federation, self.fide_id, self.birth, self.sex, self.club,
            self.national_id, self.national_rating, self.k_factor,
        )

    def with_entry(self, round_number: int, entry: RoundEntry) -> Player:
        """A copy with round ``round_number`` set, padding skipped rounds as not paired."""
        history = list(self.history)
        while len(history) < round_number:
            history.append(NOT_PAIRED)
        history[round_number - 1] = entry
        return replace(self, history=tuple(history))


check_declares(Player, after="id")


@dataclass(frozen=True, slots=True)
class PointSystem:
    """Points per kind of result (TRF-2026 record 162; bbpPairings ``BB?`` lines).

    ``pab`` defaults to the win value (C.04.1 art. 3); ``half_bye`` to the draw value.
    """

    win: Points = Decimal(1)
    draw: Points = Decimal("0.5")
    loss: Points = ZERO
    absent: Points = ZERO
    pab: Points | None = None
    half_bye: Points | None = None
    full_bye: Points | None = None
    forfeit_win: Points | None = None

    def __post_init__(self) -> None:
        # Accept PointSystem(win=3, draw=1): every value becomes an exact Decimal.
        for name in ("win", "draw", "loss", "absent", "pab", "half_bye", "full_bye", "forfeit_win"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Decimal):
                object.__setattr__(self, name, as_points(value))

    @property
    def pab_points(self) -> Points:
        return self.win if self.pab is None else self.pab

    def points(self, code: ResultCode) -> Points:
        """The points one round with result ``code`` is worth."""
        if code is ResultCode.HALF_BYE and self.half_bye is not None:
            return self.half_bye
        if code is ResultCode.FULL_BYE and self.full_bye is not None:
            return self.full_bye
        if code is ResultCode.FORFEIT_WIN and self.forfeit_win is not None:
            return self.forfeit_win
        kind = code.score_kind
        if kind is ScoreKind.WIN:
            return self.win
        if kind is ScoreKind.DRAW:
            return self.draw
        if kind is ScoreKind.LOSS:
            return self.loss
        if kind is ScoreKind.PAB:
            return self.pab_points
        return self.absent

    def entry_points(self, entry: RoundEntry) -> Points:
        """The points one round is worth: its games' points for a match of several games (C.04.5
        preface: points are assigned for each game), else those of its one result."""
        if entry.games:
            return sum((self.points(code) for code in entry.games), ZERO)
        return self.points(entry.code)

    @property
    def is_standard(self) -> bool:
        return self == PointSystem()


@dataclass(frozen=True, slots=True)
class ForbiddenPair:
    """Players who must not meet (TRF ``XXP`` / TRF-2026 record 260), optionally only in some rounds."""

    players: frozenset[int]
    first_round: int = 1
    last_round: int | None = None

    def applies(self, round_number: int) -> bool:
        return self.first_round <= round_number and (self.last_round is None or round_number <= self.last_round)


@dataclass(frozen=True, slots=True)
class Acceleration:
    """Virtual points added to a player's pairing score in a range of rounds (TRF ``XXA`` / 250)."""

    player: int
    points: Points
    first_round: int
    last_round: int


DEFAULT_SYSTEM = "dutch-2026"


@dataclass(frozen=True, slots=True)
class Settings:
    """What the tournament regulations fix before round 1 (C.04.1 art. 1, C.04.2 art. 1)."""

    rounds: int
    system: str = DEFAULT_SYSTEM
    initial_colour: Colour = Colour.WHITE
    points: PointSystem = field(default_factory=PointSystem)
    acceleration: str = "none"  # the announced method (C.04.2 art. 1.3): "none", "baku" or "custom"
    accelerations: tuple[Acceleration, ...] = ()  # its virtual points, the table every round is paired from
    forbidden: tuple[ForbiddenPair, ...] = ()
    tiebreaks: tuple[str, ...] = ()
    # the values of the system's options (engine.model.catalogue.SystemOption) by option id, those set only;
    # an option left out has its default. Which options a system has, the catalogue entry says.
    options: Mapping[str, str] = field(default_factory=dict)
    colour_seed: int | None = None  # club: the seed of the drawn first colour (seed 003, S6.2)
    """The ordered tie-break list (C.07 art. 4.1) as MTB26 codes, e.g. ``("BH/C1", "BH", "SB")``."""
    tiebreak_edition: str = "c07-2026"
    """Which text of C.07 the tie-breaks follow (``engine.tiebreaks.Edition``)."""


class SettingsFields(TypedDict, total=False):
    """:class:`Settings` as keyword arguments, each optional: what a reader found; the rest keep their defaults."""

    rounds: int
    system: str
    initial_colour: Colour
    points: PointSystem
    acceleration: str
    accelerations: tuple[Acceleration, ...]
    forbidden: tuple[ForbiddenPair, ...]
    tiebreaks: tuple[str, ...]
    options: Mapping[str, str]
    colour_seed: int | None
    tiebreak_edition: str


@dataclass(frozen=True)
class Tournament:
    """An immutable snapshot of an event: the input of every pairing.

    ``players`` are sorted by pairing number. ``pending`` holds what is already
    known about the round to be paired (requested byes, announced absences); a
    player in ``pending`` is not paired in that round.
    """

    settings: Settings
    players: tuple[Player, ...]
    name: str = ""
    pending: Mapping[int, RoundEntry] = field(default_factory=dict)

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.players, key=lambda p: p.id))
        object.__setattr__(self, "players", ordered)
        object.__setattr__(self, "pending", MappingProxyType(dict(self.pending)))

    def __reduce__(self) -> tuple[object, ...]:
        # The app hands the Tournament to the pairing's child process pickled. A mapping proxy
        # cannot be pickled, and the caches are derived: the fields alone make it again.
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values["pending"] = dict(self.pending)
        return _tournament_of, (values,)

    # -- lookup -----------------------------------------------------------

    @cached_property
    def by_id(self) -> Mapping[int, Player]:
        return MappingProxyType({p.id: p for p in self.players})

    def player(self, player_id: int) -> Player:
        return self.by_id[player_id]

    def __iter__(self) -> Iterator[Player]:
        return iter(self.players)

    def __len__(self) -> int:
        return len(self.players)

    # -- rounds -------------------------------------------------------------

    @cached_property
    def rounds_played(self) -> int:
        """The number of rounds already paired: the last round in which anybody was paired."""
        last = 0
        for p in self.players:
            for r in range(len(p.history), last, -1):
                if p.history[r - 1].was_paired:
                    last = r
                    break
        return last

    @property
    def next_round(self) -> int:
        return self.rounds_played + 1

    @property
    def is_last_round(self) -> bool:
        """True when the round to be paired is the final one (C.04.1 art. 1)."""
        return self.next_round >= self.settings.rounds

    def to_pair(self) -> tuple[Player, ...]:
        """Players to be paired in the next round: not withdrawn and not known to be absent (C.04.2 art. 3.2-3.3)."""
        return tuple(p for p in self.players if not p.withdrawn and p.id not in self.pending)

    # -- derived per player ---------------------------------------------------

    def score(self, player_id: int, after_round: int | None = None) -> Points:
        """Points scored in rounds ``1..after_round`` (all recorded rounds by default)."""
        limit = self.rounds_played if after_round is None else after_round
        return self._scores(limit)[player_id]

    def _scores(self, limit: int) -> Mapping[int, Points]:
        cache: dict[int, Mapping[int, Points]] = self.__dict__.setdefault("_score_cache", {})
        if limit not in cache:
            points = self.settings.points
            cache[limit] = {
                p.id: sum((points.entry_points(p.entry(r)) for r in range(1, limit + 1)), ZERO)
                for p in self.players
            }
        return cache[limit]

    def pairing_score(self, player_id: int, round_number: int | None = None) -> Points:
        """Score before ``round_number`` plus the virtual points of acceleration for that round."""
        rnd = self.next_round if round_number is None else round_number
        bonus = sum(
            (a.points for a in self.settings.accelerations if a.player == player_id and a.first_round <= rnd <= a.last_round),
            ZERO,
        )
        return self.score(player_id, rnd - 1) + bonus

    def colours(self, player_id: int, before_round: int | None = None) -> tuple[Colour, ...]:
        """The colours of the played games, oldest first (C.04.2 art. 3.4: unplayed rounds dropped)."""
        limit = self.rounds_played if before_round is None else before_round - 1
        p = self.by_id[player_id]
        return tuple(e.colour for e in p.history[:limit] if e.is_game and e.colour is not Colour.NONE)

    def colour_difference(self, player_id: int, before_round: int | None = None) -> int:
        """Games with White minus games with Black (played games only)."""
        seq = self.colours(player_id, before_round)
        return sum(1 if c is Colour.WHITE else -1 for c in seq)

    def opponents(self, player_id: int, before_round: int | None = None) -> frozenset[int]:
        """Opponents met over the board (C.04.2 art. 3.5: forfeits do not count)."""
        limit = self.rounds_played if before_round is None else before_round - 1
        p = self.by_id[player_id]
        return frozenset(e.opponent for e in p.history[:limit] if e.is_game and e.opponent is not None)

    def have_met(self, a: int, b: int) -> bool:
        return b in self.opponents(a)

    def is_forbidden(self, a: int, b: int, round_number: int | None = None) -> bool:
        rnd = self.next_round if round_number is None else round_number
        pair = frozenset((a, b))
        return any(pair <= f.players and f.applies(rnd) for f in self.settings.forbidden)

    def had_pab(self, player_id: int) -> bool:
        return any(e.is_pab for e in self.by_id[player_id].history[: self.rounds_played])

    def pab_eligible(self, player_id: int) -> bool:
        """C.04.1 art. 4: no second PAB, none after scoring a win's points in a round without playing."""
        win = self.settings.points.win
        points = self.settings.points
        for e in self.by_id[player_id].history[: self.rounds_played]:
            if e.is_pab:
                return False
            if not e.is_game and points.points(e.code) >= win and e.code is not ResultCode.ABSENT:
                return False
        return True

    def unplayed_rounds(self, player_id: int) -> int:
        """Rounds so far without a played game, rounds before a late entry included (Dutch [C9])."""
        p = self.by_id[player_id]
        return sum(1 for r in range(1, self.rounds_played + 1) if not p.entry(r).is_game)

    def score_groups(self) -> list[tuple[Points, list[int]]]:
        """The players to pair, grouped by pairing score, highest first; TPN order inside a group."""
        groups: dict[Points, list[int]] = {}
        for p in self.to_pair():
            groups.setdefault(self.pairing_score(p.id), []).append(p.id)
        return [(s, groups[s]) for s in sorted(groups, reverse=True)]

    # -- building new snapshots ----------------------------------------------

    def with_players(self, players: Iterable[Player]) -> Tournament:
        return replace(self, players=tuple(players))

    def with_pending(self, pending: Mapping[int, RoundEntry]) -> Tournament:
        return replace(self, pending=dict(pending))


def _tournament_of(values: dict[str, object]) -> Tournament:
    """A Tournament from its fields (how a pickled one is made again, :meth:`Tournament.__reduce__`)."""
    return Tournament(**values)  # type: ignore[arg-type]  # the fields of a Tournament, by name


@dataclass(frozen=True, slots=True)
class Pairing:
    """One board of a round: ``white`` against ``black``."""

    white: int
    black: int


@dataclass(frozen=True)
class RoundPairing:
    """A complete pairing of one round, as any system or a person produces it.

    ``boards`` are in publishing order; ``bye`` is the pairing-allocated bye.
    """

    round: int
    boards: tuple[Pairing, ...]
    bye: int | None = None

    def players(self) -> set[int]:
        ids = {b.white for b in self.boards} | {b.black for b in self.boards}
        if self.bye is not None:
            ids.add(self.bye)
        return ids
