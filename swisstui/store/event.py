"""The event as the application edits it: a mutable working copy of one event file.

The event file stores what an arbiter records — who sat at which board, the
result written on the score sheet, who asked for a bye — and nothing that can be
derived. Scores, colour histories and bye eligibility are computed by
:class:`engine.model.tournament.Tournament`, which :meth:`Event.to_tournament` builds, so a
hand-edited file can never disagree with itself about a player's points.

Every game is stored once, as a board of its round, which makes asymmetric data
(A beat B but B did not lose to A) impossible in the file. TRF stores each game
twice; :meth:`Event.from_tournament` checks that both halves agree.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.model import acceleration as acceleration_methods
from engine import systems
from engine.awards.prizes import PrizeRules
from engine.systems.board_order import publishing_order
from engine.trf.fields import text_problem
from swisstui.language import _
from swisstui.store.match_entries_of_rounds import entries_of_match, matches_of_round
from swisstui.store.match_records import MatchRecord
from swisstui.store.team_games import player_entries
from swisstui.store.team_acceleration import check_team_acceleration
from swisstui.store.team_records import TeamRecord, TeamRound, TeamSettings
# a board's results, named here too: they are the event's vocabulary (swisstui/store/board_results.py)
from swisstui.store.board_results import (
    NO_RESULT as NO_RESULT,
    RESULT_ALIASES as RESULT_ALIASES,
    RESULTS as RESULTS,
    canonical_result as canonical_result,
    result_codes as result_codes,
    result_from_codes as result_from_codes,
)
from engine.model.registration import REGISTRATION_FIELDS, check_declares
from engine.model.tournament import (
    DEFAULT_SYSTEM,
    Acceleration,
    TITLES,
    TRF_TITLE_CODES,
    Colour,
    ForbiddenPair,
    Player,
    PlayerStatus,
    PointSystem,
    ResultCode,
    RoundEntry,
    Settings,
    Tournament,
)

# -- titles -------------------------------------------------------------------

TRF_TITLES = TRF_TITLE_CODES


def normalise_title(text: str) -> str:
    """A FIDE title as :data:`engine.model.tournament.TITLES` spells it, from that spelling or a TRF code; ``ValueError`` if unknown."""
    stripped = text.strip()
    if not stripped:
        return ""
    if stripped.upper() in TITLES:
        return stripped.upper()
    if stripped.lower() in TRF_TITLES:
        return TRF_TITLES[stripped.lower()]
    raise ValueError(_("unknown title {text}").format(text=repr(text)))


# -- requested byes and absences ------------------------------------------------

REQUESTS: Mapping[str, ResultCode] = {
    "half": ResultCode.HALF_BYE, "full": ResultCode.FULL_BYE, "zero": ResultCode.ZERO_BYE, "absent": ResultCode.ABSENT,
}
"""What an arbiter records for a player who will not be paired in a round (C.04.2 art. 3.3)."""

REQUEST_NAMES: Mapping[ResultCode, str] = {code: name for name, code in REQUESTS.items()}

# -- records ------------------------------------------------------------------

PLAYER_FIELDS = REGISTRATION_FIELDS
"""What an arbiter registers about a player, in the order the event file lists it.

Defined once, in :class:`engine.model.registration.Registration`: :class:`PlayerRecord`
adds the pairing number and the status, the engine's :class:`engine.model.tournament.Player`
the history, both checked on import to declare exactly these fields; the file's key set,
the writer, the TRF conversion, the import and the actions all take them from here.
"""

STATUSES = ("active", "withdrawn")
RESULT_KEY_LAYOUTS = ("default", "papi")
RATING_TYPES = ("standard", "rapid", "blitz")  # the ratings of the FIDE list (C.04.2 art. 2.1: one list for all)
ACCELERATIONS = tuple(m.id for m in acceleration_methods.METHODS)  # "none", "baku", "custom"
CHANGE_KINDS = ("pairing", "result", "bye", "other")


@dataclass
class PlayerRecord:
    """One registered participant. ``id`` is the pairing number (TPN once the list is closed).

    ``withdrawn_after`` is the last round the player took part in (0 = withdrew
    before round 1); it is set exactly when ``status`` is ``"withdrawn"``.

    ``entry`` is the player's registration number: given once (the pairing number at
    registration unless another player has it) and never changed, while the pairing number
    changes each time the list is sorted again (C.04.2 art. 2.3-2.4). It is what an action
    addresses a player by: another arbiter's late entry can move "7 Hansen" to number 8
    while a dialog about Hansen is open, never Hansen's entry number.
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
    national_id: str = ""  # the national federation's identifier (TRF26 national-rating record)
    national_rating: int = 0  # 0: none
    k_factor: int = 0  # K of the event's rating type as the FIDE list gives it (B.02 art. 8.3.3); 0: not known
    status: str = "active"
    withdrawn_after: int | None = None
    entry: int = 0  # 0: the pairing number it is created with
    fixed_board: int = 0  # the board the player always plays on (accessibility); 0: none (engine.systems.board_order)

    def __post_init__(self) -> None:
        if not self.entry:
            self.entry = self.id

    @property
    def withdrawn(self) -> bool:
        return self.status == "withdrawn"

    def registration(self) -> dict[str, Any]:
        """The :data:`PLAYER_FIELDS` and their values (each of its own type: a ``str``, an ``int``, ...)."""
        return {name: getattr(self, name) for name in PLAYER_FIELDS}

    def plays_in(self, round_number: int) -> bool:
        """Whether the player may still be paired in ``round_number`` (C.04.2 art. 3.2)."""
        return not self.withdrawn or (self.withdrawn_after or 0) >= round_number


check_declares(PlayerRecord, after="id")


@dataclass
class Board:
    """One game of a round; ``result`` is one of :data:`RESULTS` or ``""`` while the game is on."""

    number: int
    white: int
    black: int
    result: str = NO_RESULT

    @property
    def players(self) -> tuple[int, int]:
        return (self.white, self.black)


@dataclass
class ChangeRecord:
    """A manual override of a round: a changed pairing, a corrected result, a moved bye.

    ``old``/``new`` are free text as the arbiter saw it (``"3-9"``, ``"1-0"``), kept for the report.
    """

    kind: str
    reason: str
    board: int | None = None
    old: str = ""
    new: str = ""
    by: str = ""
    at: dt.datetime | None = None


@dataclass
class RoundRecord:
    """A round: its boards (or matches of several games) in publishing order, the pairing-allocated bye, and known absences.

    ``requests`` holds the players who are not to be paired in this round and what
    they score for it (half-, full- or zero-point bye, absence). A round with
    requests but no boards and no bye has not been paired yet.
    """

    number: int
    boards: list[Board] = field(default_factory=list)
    bye: int | None = None
    requests: dict[int, ResultCode] = field(default_factory=dict)
    published: bool = False
    changes: list[ChangeRecord] = field(default_factory=list)
    date: dt.date | None = None
    matches: list[MatchRecord] = field(default_factory=list)  # pairings of several games: a round has these or boards
    team: TeamRound = field(default_factory=TeamRound)  # a team event's matches, bye and absent teams

    @property
    def paired(self) -> bool:
        return bool(self.boards) or bool(self.matches) or self.bye is not None or self.team.paired

    def board_of(self, player_id: int) -> Board | None:
        for board in self.boards:
            if player_id in board.players:
                return board
        return None


@dataclass
class EventInfo:
    """What the tournament report needs besides the pairings (TRF records 022-122)."""

    city: str = ""
    federation: str = ""
    start: dt.date | None = None
    end: dt.date | None = None
    chief_arbiter: str = ""
    deputy_arbiters: list[str] = field(default_factory=list)
    time_control: str = ""
    tournament_type: str = ""
    """TRF record 092, free text; empty: written as ``TOURNAMENT_TYPE``."""


TOURNAMENT_TYPE = "Individual: Swiss-System"
"""Record 092 for the events swisstui runs (every system it pairs is an individual Swiss), as rating officers expect it."""


@dataclass
class LogEntry:
    """A notable arbiter action (leaving FIDE mode, a correction); the log is append-only."""

    action: str
    text: str = ""
    round: int | None = None
    by: str = ""
    at: dt.datetime | None = None


# -- the event ----------------------------------------------------------------


@dataclass
class Event:
    """A mutable working copy of one event file.

    ``forbidden`` is the one place forbidden pairs live; ``settings.forbidden`` is
    folded into it on construction and rebuilt by :meth:`to_tournament`.
    ``revision`` is the revision of the file this copy was loaded from (0 for a
    new event); saving bumps it.
    """

    name: str
    settings: Settings
    players: list[PlayerRecord] = field(default_factory=list)
    rounds: list[RoundRecord] = field(default_factory=list)
    forbidden: list[ForbiddenPair] = field(default_factory=list)
    info: EventInfo = field(default_factory=EventInfo)
    log: list[LogEntry] = field(default_factory=list)
    revision: int = 0
    fide_mode: bool = True
    result_keys: str = "default"
    bye_limit: int | None = None  # half- and full-point byes a player may have (None: no limit)
    prizes: PrizeRules = field(default_factory=PrizeRules)  # place and category prizes, categories (docs/prizes.md)
    rating_type: str = "standard"  # the FIDE rating registration takes from the list: standard, rapid or blitz
    language: str = "en"  # the published pages' language (swisstui.language.LANGUAGES); the screens follow the arbiter
    team: TeamSettings | None = None  # a team event's size, match points and bye; None: an individual event
    teams: list[TeamRecord] = field(default_factory=list)  # a team event's teams, by pairing number

    def __post_init__(self) -> None:
        if self.settings.forbidden:
            for pair in self.settings.forbidden:
                if pair not in self.forbidden:
                    self.forbidden.append(pair)
            self.settings = replace(self.settings, forbidden=())

    @property
    def acceleration(self) -> str:
        """The announced acceleration method (C.04.2 art. 1.3): "none", "baku" or "custom".

        Held once, in :attr:`settings` (``Settings.acceleration``), which the pairing reads; this
        is a shorthand for it, so that the event and its settings can never disagree.
        """
        return self.settings.acceleration

    @acceleration.setter
    def acceleration(self, method: str) -> None:
        self.settings = replace(self.settings, acceleration=method)

    # -- lookup -------------------------------------------------------------

    def player(self, player_id: int) -> PlayerRecord:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)

    def fixed_boards(self) -> dict[int, int]:
        """Pairing number -> the board the player always plays on, for the players who have one: what the
        engine keeps when it numbers a round's boards (:func:`engine.systems.board_order.keep_fixed_boards`)."""
        return {p.id: p.fixed_board for p in self.players if p.fixed_board}

    def team_record(self, team_id: int) -> TeamRecord:
        """The team whose pairing number is ``team_id``; ``KeyError`` when there is none."""
        for t in self.teams:
            if t.id == team_id:
                return t
        raise KeyError(team_id)

    def player_by_entry(self, entry: int) -> PlayerRecord:
        """The player registered as ``entry`` (:attr:`PlayerRecord.entry`), whatever their pairing number now."""
        for p in self.players:
            if p.entry == entry:
                return p
        raise KeyError(entry)

    def next_entry(self) -> int:
        """The registration number the next player registered gets."""
        return max((max(p.entry, p.id) for p in self.players), default=0) + 1

    def round(self, number: int) -> RoundRecord | None:
        """The record of round ``number``, ``None`` when nothing is recorded for it yet."""
        for rnd in self.rounds:
            if rnd.number == number:
                return rnd
        return None

    def recorded_round(self, number: int) -> RoundRecord:
        """The record of round ``number``, known to be there (paired); :meth:`round` where it may not be."""
        rnd = self.round(number)
        if rnd is None:
            raise KeyError(f"round {number} is not recorded")
        return rnd

    def ensure_round(self, number: int) -> RoundRecord:
        """The record of round ``number``, added in its place when missing."""
        rnd = self.round(number)
        if rnd is None:
            rnd = RoundRecord(number)
            self.rounds.append(rnd)
            self.rounds.sort(key=lambda r: r.number)
        return rnd

    @property
    def rounds_paired(self) -> int:
        """The last round that has a pairing (boards or a bye), 0 before round 1."""
        last = 0
        for rnd in self.rounds:
            if rnd.paired:
                last = rnd.number
        return last

    # -- to and from the engine's model ----------------------------------------

    def to_tournament(self, *, through_round: int | None = None) -> Tournament:
        """The snapshot the engine pairs round ``through_round + 1`` from.

        Rounds ``1..through_round`` (default: every paired round) become the
        players' histories; the requests of the round after them become
        ``Tournament.pending``. A board without a result yet gives both players
        the opponent and colour with a blank code: paired, no points, no game.
        """
        last = self.rounds_paired if through_round is None else through_round
        histories: dict[int, list[RoundEntry]] = {p.id: [] for p in self.players}
        for number in range(1, last + 1):
            entries = self._round_entries(number)
            for pid, history in histories.items():
                history.append(entries.get(pid, _NOT_PAIRED))
        pending: dict[int, RoundEntry] = {}
        upcoming = self.round(last + 1)
        if upcoming is not None:
            for pid, code in upcoming.requests.items():
                pending[pid] = RoundEntry(None, Colour.NONE, code)
        players = [
            Player(
                id=p.id,
                **p.registration(),
                status=PlayerStatus.WITHDRAWN if not p.plays_in(last + 1) else PlayerStatus.ACTIVE,
                history=tuple(histories[p.id]),
            )
            for p in self.players
        ]
        settings = replace(self.settings, forbidden=tuple(self.forbidden))
        t = Tournament(settings=settings, players=tuple(players), name=self.name, pending=pending)
        if self.acceleration == acceleration_methods.BAKU:
            # a team event's Baku table is the teams' (swisstui.store.team_acceleration), never its players'
            team = systems.get(settings.system).unit is systems.Unit.TEAM
            t = replace(t, settings=replace(settings, accelerations=() if team else acceleration_methods.baku(t)))
        return t

    def acceleration_table(self) -> tuple[Acceleration, ...]:
        """The virtual points every round is paired from (C.04.7): Baku's, derived from the event as it
        stands (GA from the round-1 list, late entries by art. 1.3), else the table as entered or imported."""
        if self.acceleration != acceleration_methods.BAKU:
            return self.settings.accelerations
        return self.to_tournament().settings.accelerations

    def _round_entries(self, number: int) -> dict[int, RoundEntry]:
        rnd = self.round(number)
        if rnd is None:
            return {}
        entries: dict[int, RoundEntry] = {}
        for board in rnd.boards:
            codes = result_codes(board.result)
            white_code, black_code = codes if codes is not None else (ResultCode.ABSENT, ResultCode.ABSENT)
            entries[board.white] = RoundEntry(board.black, Colour.WHITE, white_code)
            entries[board.black] = RoundEntry(board.white, Colour.BLACK, black_code)
        for match in rnd.matches:  # C.04.5: each game's code kept, scored game by game
            entries.update(entries_of_match(match))
        if rnd.bye is not None:
            entries[rnd.bye] = RoundEntry(None, Colour.NONE, ResultCode.PAB)
        if self.team is not None:  # a team event's board games are its players' own (rated) games
            entries.update(player_entries(rnd.team, self.team.size, {t.id: t.board_order for t in self.teams},
                                          self.team.board_colours))
        for pid, code in rnd.requests.items():
            entries.setdefault(pid, RoundEntry(None, Colour.NONE, code))
        return entries

    @classmethod
    def from_tournament(cls, t: Tournament, *, name: str = "") -> Event:
        """An event holding everything ``t`` records (used by TRF import).

        TRF does not store board numbers, so each round's boards are put in
        publishing order (C.04.2 art. 3.6); TRF title codes (``g``, ``wf``)
        become the titles they stand for. Raises ``ValueError`` when the two
        halves of a game disagree, a round has two pairing-allocated byes or the name is not one
        line of text.
        """
        check_event_name(name or t.name)
        rounds: list[RoundRecord] = []
        for number in range(1, t.rounds_played + 1):
            rounds.append(_round_from_tournament(t, number))
        if t.pending:
            rnd = RoundRecord(t.rounds_played + 1)
            for pid, entry in sorted(t.pending.items()):
                if entry.code is ResultCode.ZERO_BYE and pid in t.by_id and t.player(pid).withdrawn:
                    continue  # withdrawn (TRF says it as absent from every round left): no request of its own
                if not entry.code.is_requestable:
                    raise ValueError(_("player {pid}: {name} cannot be requested before round {number}").format(
                            pid=pid, name=entry.code.name, number=rnd.number))
                rnd.requests[pid] = entry.code
            if rnd.requests:
                rounds.append(rnd)
        players = []
        for p in t.players:
            withdrawn_after = None
            if p.withdrawn:
                withdrawn_after = max((r for r in range(1, t.rounds_played + 1) if p.entry(r).was_paired), default=0)
            fields = p.registration.values()
            fields["title"] = normalise_title(p.title)
            fields["fide_id"] = p.fide_id or None  # TRF writes 0 for "no FIDE id"
            players.append(PlayerRecord(id=p.id, **fields, status=p.status.value, withdrawn_after=withdrawn_after))
        settings = replace(t.settings, forbidden=())
        return cls(
            name=name or t.name,
            settings=settings,
            players=players,
            rounds=rounds,
            forbidden=list(t.settings.forbidden),
        )


_NOT_PAIRED = RoundEntry(None, Colour.NONE, ResultCode.ABSENT)


def _round_from_tournament(t: Tournament, number: int) -> RoundRecord:
    rnd = RoundRecord(number, published=True)
    games: list[tuple[int, int, str]] = []
    seen: set[int] = set()
    rnd.matches = matches_of_round(t, number)  # entries that keep games: a match of several games (C.04.5)
    for p in t.players:
        e = p.entry(number)
        if e.games:
            continue
        if e.opponent is not None:
            if p.id in seen:
                continue
            other = t.by_id.get(e.opponent)
            back = other.entry(number) if other is not None else None
            if back is None or back.opponent != p.id:
                raise ValueError(_("round {number}: player {id} has opponent {opponent}, who does not have {id}").format(
                        number=number, id=p.id, opponent=e.opponent))
            if e.colour is Colour.BLACK or (e.colour is Colour.NONE and back.colour is Colour.WHITE):
                white, black, we, be = e.opponent, p.id, back, e
            else:
                white, black, we, be = p.id, e.opponent, e, back
            if we.colour is not Colour.NONE and we.colour is be.colour:
                raise ValueError(_("round {number}: players {white} and {black} both have colour {value}").format(
                        number=number, white=white, black=black, value=repr(we.colour.value)))
            try:
                result = result_from_codes(we.code, be.code)
            except ValueError as exc:
                raise ValueError(_("round {number}, players {white} and {black}: {reason}").format(
                        number=number, white=white, black=black, reason=exc)) from None
            games.append((white, black, result))
            seen.update((white, black))
        elif e.code is ResultCode.PAB:
            if rnd.bye is not None:
                raise ValueError(_("round {number}: two pairing-allocated byes ({bye} and {id})").format(
                        number=number, bye=rnd.bye, id=p.id))
            rnd.bye = p.id
        elif e.code is ResultCode.FORFEIT_LOSS:
            continue  # "0000 - -": how bbpPairings and JaVaFo write an absent player (0 points, not paired)
        elif e.code is not ResultCode.ABSENT:
            if not e.code.is_requestable:
                raise ValueError(_("round {number}: player {id} has result {value} without an opponent").format(
                        number=number, id=p.id, value=repr(e.code.value)))
            rnd.requests[p.id] = e.code
    pairs = [(w, b) for w, b, _ in games]
    ordered = _table_order(t, number, pairs) or publishing_order(t, number, pairs)
    result_of = {(w, b): r for w, b, r in games}
    rnd.boards = [Board(i, w, b, result_of[(w, b)]) for i, (w, b) in enumerate(ordered, start=1)]
    return rnd


def _table_order(t: Tournament, number: int, pairs: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
    """A round robin's boards in the table's order (C.05 Annex 1: boards keep it), or None when the
    event is not a round robin or the round holds a pair off the table (then the publishing order)."""
    from engine.systems.roundrobin import Cycles, ScheduleError, round_of

    info = systems.find(t.settings.system)
    if info is None or not info.round_robin or info.unit is not systems.Unit.PLAYER:  # a team's boards: its match's
        return None
    try:
        row = round_of(len(t.players), number, Cycles.SINGLE if info.cycles == 1 else Cycles.DOUBLE_FIDE)
    except ScheduleError:
        return None
    place = {(b.white, b.black): i for i, b in enumerate(row)}
    if any(p not in place for p in pairs):
        return None
    return sorted(pairs, key=place.__getitem__)


def check_event_name(name: str) -> None:
    """``ValueError`` for a name that is not one line of text (TRF record 012, the screens' header)."""
    problem = text_problem(name)
    if problem is not None:
        raise ValueError(_("event name {name} {problem}").format(name=repr(name), problem=problem))


def draw_club_colour() -> tuple[int, Colour]:
    """The club Swiss draws player 1's colour (seed 003, S6.2): (the seed of the draw, the colour).

    Drawn once: the seed is kept in the file and the colour it gives as the initial
    colour too (so a TRF export pairs the same).
    """
    seed = random.SystemRandom().randrange(2**31)
    return seed, random.Random(seed).choice((Colour.WHITE, Colour.BLACK))


def new_event(
    name: str,
    rounds: int,
    system: str = DEFAULT_SYSTEM,
    *,
    initial_colour: Colour | None = None,
    points: PointSystem | None = None,
    tiebreaks: Iterable[str] = (),
    info: EventInfo | None = None,
    fide_mode: bool = True,
    acceleration: str = "none",
    options: Mapping[str, str] | None = None,
) -> Event:
    """A new, empty event. ``system`` may be an id or an alias (``"dutch"``); the id is stored.

    ``initial_colour`` is the lot of round 1 when the arbiter drew it; left out, it is White,
    except for the club Swiss, which draws it here and keeps the seed of the draw.

    Raises :class:`engine.systems.UnknownSystem` for an unknown system and
    ``ValueError`` for a name that is not one line of text, a non-positive number of rounds, an unknown acceleration
    method, or Baku acceleration with a scoring it does not allow (C.04.7 art. 1.1).
    """
    if rounds < 1:
        raise ValueError(_("an event needs at least one round, not {rounds}").format(rounds=rounds))
    check_event_name(name)
    system_id = systems.get(system).id
    colour_seed = None
    if systems.get(system_id).draws_first_colour and initial_colour is None:
        colour_seed, initial_colour = draw_club_colour()
    method = acceleration_methods.method(acceleration).id
    if method == acceleration_methods.BAKU:
        acceleration_methods.check_baku_scoring(points or PointSystem())
    settings = Settings(
        rounds=rounds,
        system=system_id,
        initial_colour=Colour.WHITE if initial_colour is None else initial_colour,
        points=points or PointSystem(),
        tiebreaks=tuple(tiebreaks),
        colour_seed=colour_seed,
        acceleration=method,
        options=dict(options or {}),  # the system's options set (``swisstui new --maxi``): its entry's ids
    )
    check_team_acceleration(settings)  # C.04.7 art. 1.4.4: not with game points first
    return Event(name=name, settings=settings, info=info or EventInfo(), fide_mode=fide_mode)
