"""The catalogue of pairing systems: one frozen entry per edition, and every trait the code asks of a system.

The rest of the code never tells systems apart by their names: it looks a
system up (:func:`get`, or :func:`find` where a name outside the catalogue is
fine) and reads the entry's traits. ``tests/engine/test_catalogue.py`` reads
``engine/`` and ``swisstui/`` for string tests on system names and fails on
any outside this module; it also fails while an entry lacks checks, docs or a
fixture (the checklist in CONTRIBUTING.md).

The catalogue is data. It imports a system's pairing code only when that
system pairs (:meth:`SystemInfo.pair`), so the independent validator
(``engine/validate/``) reads the traits without loading the code it checks.
"""

from __future__ import annotations

import enum
import importlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.model.explain import TraceEvent
from engine.model.result import PairingResult, Progress
from engine.model.team_tournament import TeamTournament
from engine.model.tournament import ZERO, PointSystem, Settings, Tournament
from engine.model.wording import N_, _


class Pairer(Protocol):
    """A system's pairing function: ``pair(tournament, progress=None) -> PairingResult``."""

    def __call__(self, tournament: Tournament, progress: Progress | None = None, /) -> PairingResult: ...


class TeamMatchMade(Protocol):
    """One match of a team round's pairing: ``white`` has White on board 1, ``black`` 0 is the bye."""

    @property
    def white(self) -> int: ...

    @property
    def black(self) -> int: ...


class TeamPairingMade(Protocol):
    """A team round's pairing as the application reads it: the round and its matches, the bye last."""

    @property
    def round(self) -> int: ...

    @property
    def matches(self) -> Sequence[TeamMatchMade]: ...


class TeamPairer(Protocol):
    """A team system's pairing function: ``pair_team(event) -> pairing`` on a :class:`TeamTournament`."""

    def __call__(self, event: TeamTournament, /) -> TeamPairingMade: ...


class TeamExplainer(Protocol):
    """A team system's explanation: ``explain_team(event, pairing)``, the steps of a pairing its entry made."""

    def __call__(self, event: TeamTournament, pairing: TeamPairingMade, /) -> tuple[TraceEvent, ...]: ...


class UnknownSystem(ValueError):
    pass


class SystemNotAvailable(NotImplementedError):
    pass


class Family(enum.Enum):
    """Editions of one system share a family: the validator's facts (topscorers, rule labels) follow it."""

    DUTCH = "dutch"
    BURSTEIN = "burstein"
    DUBOV = "dubov"
    LIM = "lim"
    CLUB = "club"
    BERGER = "berger"  # round robins by the FIDE Berger tables (C.05 Annex 1)
    TEAM_SWISS = "swiss-teams"  # the FIDE Swiss system for teams (C.04.6)
    DOUBLE_SWISS = "double-swiss"  # every pairing a match of two games (C.04.5)


FAMILY_NAMES: dict[Family, str] = {
    Family.DUTCH: N_("Dutch"), Family.BURSTEIN: N_("Burstein"), Family.DUBOV: N_("Dubov"), Family.LIM: N_("Lim"),
    Family.CLUB: N_("Club"), Family.BERGER: N_("Berger"), Family.TEAM_SWISS: N_("Swiss-Teams"),
    Family.DOUBLE_SWISS: N_("Double-Swiss"),
}
"""A family's short name, as the header shows it beside the event's name."""


class Check(enum.Enum):
    """What the independent validator checks for a system, beyond what every pairing gets
    (everybody paired once, no rematch, no forbidden pair, the board order)."""

    COLOUR_LIMITS = "C.04.1 art. 6-7: colour difference within 2, no third same colour in a row"
    SAME_ABSOLUTE = "[C3]: two players with the same absolute colour preference never meet"
    PAB = "C.04.1 art. 4: no second PAB, none after a point scored without playing"
    DUTCH_COLOURS = "C.04.3 art. 5: the colours of each pair"
    DUTCH_CRITERIA = "C.04.3 [C5]-[C21], compared with a reference pairing"
    DUBOV_COLOURS = "C.04.4.1 art. 5.2: the colours of each pair"
    DUBOV_CRITERIA = "C.04.4.1 art. 3.1, [C5]-[C10], compared with a reference pairing"
    DUBOV_1997_COLOURS = "Dubov 1997 art. 3, 5: the colours of each pair"
    LIM_RULES = "C.04.4.3 art. 1.1, 2.1, 5.1, 6: colour limits (not in the last round) and the PAB"
    LIM_SEED_RULES = "Lim, 1999 text: the colour limits of art. 2.1, 5.1, 6 and the PAB of section 8.2"
    CLUB_RULES = "club S2.3, S6.1: one bye each, no third same colour in a row unless unavoidable"
    ROUND_ROBIN_TABLE = "C.05 Annex 1: the pairs, colours and bye of the Berger table, each pair once a cycle"
    TEAM_ABSOLUTE = "C.04.6 art. 2.1: [C1] no two teams meet twice, [C2] no second bye nor one after a forfeit win"
    TEAM_ROUND_ROBIN_TABLE = "C.05 Annex 1 for teams: the table's pairs, White on board 1 and round off, each pair once a cycle"
    DOUBLE_SWISS_RULES = "C.04.5 preface, [C1], [C2]: two games a match with colours reversed, no second match, the PAB"


FIDE_COMMON = frozenset({Check.COLOUR_LIMITS, Check.SAME_ABSOLUTE, Check.PAB})
OUTSIDE_CHECKS = frozenset({Check.COLOUR_LIMITS, Check.PAB})  # a system not in the catalogue: C.04.1 only
HAND_CHECKS = frozenset({Check.LIM_RULES, Check.LIM_SEED_RULES, Check.CLUB_RULES})


class Unit(enum.Enum):
    """What a system pairs: players (the individual Swiss) or teams (C.04.6)."""

    PLAYER = "players"
    TEAM = "teams"


class PairingInput(enum.Enum):
    """What of a player's registration a system's pairing reads, beyond what every pairing reads.

    Every pairing reads the pairing numbers, who plays (registrations, withdrawals, the byes and
    absences of the round to pair), every result and the settings (tie-breaks aside); the session
    also compares FIDE mode, which decides whether a hand-edited pairing may be published (C.04.1
    art. 3: no rematch). These are compared besides, for the systems that read them: a proposal
    made before one of them changed is stale (``swisstui/session/proposal_inputs.py``).
    """

    RATING = "rating"  # the rating orders or weighs players (Dubov's ARO, Lim's colour and float choices)
    NAME = "name"  # the name breaks ties (Dubov 1997 text, art. 6.2: the columns, then alphabetically)


@dataclass(frozen=True)
class SystemOption:
    """A choice a system leaves to the event's regulations, announced before round 1.

    Its value lives in :attr:`Settings.options` under :attr:`id` (left out: :attr:`default`);
    the settings screen, ``swisstui new --<id>``, the event file and TRF record 192 take the
    option from here, so a new option is one entry's change. ``values[0]`` is what "off" is for
    a switch (``("no", "yes")``).
    """

    id: str  # the key in the event file and the word after the system in record 192; ``--<id>`` in ``new``
    title: str  # how the settings screen names it
    help: str  # what it does, with the article that defines it
    values: tuple[str, ...] = ("no", "yes")
    default: str = "no"

    @property
    def switch(self) -> bool:
        """A yes/no option: written as its bare id in record 192 when on, a flag without value in ``new``."""
        return self.values == ("no", "yes")

    @property
    def shown_title(self) -> str:
        """:attr:`title` in the reader's language (the settings screen, the help); the id stays the key."""
        return _(self.title)

    @property
    def shown_help(self) -> str:
        """:attr:`help` in the reader's language."""
        return _(self.help)

    def value(self, settings: Settings) -> str:
        """The value ``settings`` gives this option (its default when left out)."""
        return settings.options.get(self.id, self.default)

    def on(self, settings: Settings) -> bool:
        """For a switch: whether ``settings`` turns it on."""
        return self.value(settings) == "yes"


MAXI = SystemOption(
    "maxi", N_("Maxi"), N_("ratings within 100 for floaters and exchanges (C.04.4.3 art. 3.2.3, 3.8, 5.7)"))
"""Lim: a Maxi-tournament. Read by ``engine.systems.lim`` as ``MAXI.on(settings)``."""

# What a round robin's regulations choose for a withdrawal (FIDE Tournament Rules, Handbook C.06, art. 5.4):
# read by engine.awards.roundrobin_results as ``option.value(settings)``; named in the settings by themselves.
KEPT, ANNULLED_UNDER_HALF = "kept", "annulled-under-half"
WITHDRAWN_GAMES = SystemOption(
    "withdrawn-games", N_("Games a withdrawn player played"),
    N_("a player who withdraws having completed fewer than half of the games has them annulled: out of everybody's "
       "score (FIDE Tournament Rules art. 5.4.1, the usual rule); at least half, or 'kept': they count (art. 5.4.2)"),
    values=(ANNULLED_UNDER_HALF, KEPT), default=ANNULLED_UNDER_HALF)
FORFEITED, NOT_PLAYED = "forfeited", "not-played"
LEFT_GAMES = SystemOption(
    "left-games", N_("Games a withdrawal leaves"),
    N_("the games a withdrawn player no longer plays: forfeited, a win for the opponent (FIDE Tournament Rules art. "
       "5.4: '-' and '+'), or not played, no points either side; the schedule stays the table's (C.05)"),
    values=(FORFEITED, NOT_PLAYED), default=FORFEITED)
TEAM_LEFT_GAMES = SystemOption(
    "left-games", N_("Matches a withdrawal leaves"),
    N_("the matches a withdrawn team no longer plays: forfeited, the opponent winning the match by forfeit on "
       "every board (FIDE Tournament Rules art. 5.4, TRF-2026 record 330), or not played, no points either side; "
       "the schedule stays the table's (C.05)"),
    values=(FORFEITED, NOT_PLAYED), default=FORFEITED)
"""A team round robin's choice for a withdrawn team's matches, as ``left-games`` is a round robin of players'
(the same id and values: an event file or ``swisstui new --left-games`` says it the same way). Read by the
store into :attr:`engine.model.team_tournament.TeamTournament.left_games_forfeited`."""
ROUND_ROBIN_OPTIONS = (WITHDRAWN_GAMES, LEFT_GAMES)
"""A round robin's options. A player absent from one round forfeits that game (Laws art. 6.7.1) whatever they say."""
TEAM_COLOURS = SystemOption(
    "team_colours", N_("Colour preference"),
    N_("the teams' colour preference: type A, type B or none (C.04.6 art. 1.7)"), ("A", "B", "none"), "A")
"""C.04.6: which colour model the teams' preferences follow; its values are
:class:`engine.model.team_tournament.ColourType`'s."""

TEAM_SCORE = SystemOption(
    "team_score", N_("Primary score"),
    N_("match points (MP) or game points (GP) first, the other second (C.04.6 art. 1.2)"), ("MP", "GP"), "MP")
"""C.04.6: the primary score; its values are :class:`engine.model.team_tournament.Score`'s."""

TEAM_TIEBREAKS: tuple[str, ...] = ("MPVGP", "EMGSB/C1", "BH:MP/C1", "EDE")
"""The list a new team event starts with (C.07 2026; the regulations may choose another before round 1,
art. 4.1): the secondary score first (MPvGP, art. 13.1: a team's other score, game points after match points,
the order team standings have always been read in, C.04.6 art. 1.2); then the extended Sonneborn-Berger of
art. 13.2.2 (the opponents' match points times the game points scored against them, Cut-1 as art. 14.1.2
allows: the Olympiad-style "SB" arbiters know), then Buchholz on match points with Cut-1 (art. 8.1, 14.1:
the opponents' strength, the lowest dropped as for individuals), and last the extended direct encounter
(art. 13.3.1), which like DE in the individual list rarely decides after the others in a Swiss. None needs a
rating (art. 10 defines none for teams) and all are computed as Gacrux's checker computes them."""

SWISS_TIEBREAKS: tuple[str, ...] = ("BH/C1", "BH", "SB", "PS", "DE", "WIN", "BWG")
"""The tie-break list a new individual Swiss starts with (``engine.tiebreaks.RECOMMENDED_SWISS`` says why)."""

DOUBLE_SWISS_TIEBREAKS: tuple[str, ...] = ("BH/C1", "BH", "SB", "PS", "DE")
"""A new Double-Swiss starts with the Swiss list but the counts of one game's result (WIN, BWG): a
round is a match worth 0-2 game points, and what "a win's value" is for a match was not read in C.07."""

TEAM_ROUND_ROBIN_TIEBREAKS: tuple[str, ...] = ("MPVGP", "EDE", "EMGSB")
"""A new team round robin's list, C.07 (2026)'s team articles: the secondary score (art. 13.1: game
points when match points are primary), then the extended direct encounter (13.3.1), then the extended
Sonneborn-Berger of the opponents' match points times the game points scored against them (13.2.2). Every
team meets every other, so the Buchholz family and SSSC (which weighs the schedule's strength) tell
nothing apart there and C.07 bars the Buchholz family in round robins (art. 8)."""

ROUND_ROBIN_TIEBREAKS: tuple[str, ...] = ("DE", "WIN", "SB", "KS")
"""The tie-break list a new round robin starts with (``engine.tiebreaks.RECOMMENDED_ROUND_ROBIN`` says why)."""


FIDE_RENUMBER_UNTIL = 4  # C.04.2 art. 2.3-2.4: a late entry takes its place in the list until round 4


@dataclass(frozen=True)
class SystemInfo:
    """One edition of one system. ``module``/``entry`` name its pairing function,
    ``pair(tournament, progress=None) -> PairingResult``; ``module`` is None while it cannot pair."""

    id: str
    title: str
    family: Family
    trf_code: str  # ETT26 record 192; CUSTOM_SWISS is written with the id after it
    checks: frozenset[Check]
    aliases: tuple[str, ...] = ()
    module: str | None = None
    entry: str = "pair"
    word: str | None = None  # the word that names it in free text (TRF record 092): the edition in force
    older_text: bool = False  # an earlier text than the edition in force: named with its year in the header
    acceleration: bool = True  # pairs on pairing scores, so an announced acceleration applies (C.04.7)
    options: tuple[SystemOption, ...] = ()  # the choices it leaves to the regulations (Lim's Maxi)
    draws_first_colour: bool = False  # the first colour is drawn when the event is created (club S6.2)
    resort_rounds: int = 0  # a rating entered or changed re-sorts the list until this many rounds are paired
    bbp_code: str | None = None  # what bbpPairings v6 accepts in record 192 for it; None: not written to it
    # a late entry takes its place in the list (renumbering those after it) while fewer rounds than this
    # are paired: C.04.2 art. 2.3-2.4 (round 4); None: in any round, as the club text says (seed 003)
    renumber_until: int | None = FIDE_RENUMBER_UNTIL
    unit: Unit = Unit.PLAYER  # what a pairing puts together
    games: int = 1  # games a pairing holds (two, colours reversed, for the Double-Swiss C.04.5)
    tiebreaks: tuple[str, ...] = SWISS_TIEBREAKS  # the list a new event of this system starts with (MTB26 codes)
    reads: frozenset[PairingInput] = frozenset()  # what of a player its pairing reads beyond what all read
    cycles: int = 0  # a round robin: how often each pair meets (C.05 Annex 1), its rounds (N or N+1) - 1 each; 0: a Swiss
    # a system of teams (``unit`` TEAM): the function of ``module`` pairing a TeamTournament, pair_team(event)
    team_entry: str | None = None

    @property
    def available(self) -> bool:
        return self.module is not None

    @property
    def hand(self) -> bool:
        """Hand-pairing rules (Lim, club): colour and bye rules of its own instead of C.04.1 art. 4, 6-7."""
        return bool(self.checks & HAND_CHECKS)

    @property
    def round_robin(self) -> bool:
        """Pairs by a fixed table (C.05 Annex 1): pairs meet again in a second cycle, boards keep the table's
        order, forfeits count as games and the Buchholz family is barred (C.07 art. 8, 15.2)."""
        return self.cycles > 0

    def new_points(self) -> PointSystem | None:
        """The point system a new event of this system starts with; None: the default (the PAB a win).

        A round robin's bye is a round off for the odd player: nothing scored (as Gacrux scores it).
        A match of two games (the Double-Swiss) has its bye worth 1½ (C.04.5 art. 1.4, restated).
        """
        if self.round_robin:
            return PointSystem(pab=ZERO)
        if self.games == 2:
            # C.04.5 art. 1.4 (restated, docs/systems.md): the match-bye is worth a game won and a game drawn.
            defaults = PointSystem()
            return PointSystem(pab=defaults.win + defaults.draw)
        return None

    def rounds_for(self, players: int) -> int | None:
        """The rounds a round robin of ``players`` has (the table's, C.05 Annex 1); None for a Swiss."""
        return (players + players % 2 - 1) * self.cycles if self.round_robin else None

    @property
    def shown_title(self) -> str:
        """:attr:`title` in the reader's language (the settings screen, ``new``'s list, the index page); the id,
        the aliases and the TRF code stay as they are: files and the command line name the system by them."""
        return _(self.title)

    @property
    def short_name(self) -> str:
        """``Dutch``, or ``Dubov 1997`` for an older text: it pairs otherwise than the one in force (the header's
        word for the system, in the reader's language)."""
        name = _(FAMILY_NAMES[self.family])
        return f"{name} {self.id.rpartition('-')[2]}" if self.older_text else name

    def option(self, option_id: str) -> SystemOption | None:
        """This system's option ``option_id``, or None when it has none of that id."""
        return next((o for o in self.options if o.id == option_id), None)

    def names(self) -> tuple[str, ...]:
        return (self.id, *self.aliases)

    def pairer(self) -> Pairer:
        """The function :meth:`pair` calls (imported now): ``(tournament, progress=None) -> PairingResult``."""
        if self.module is None:
            raise SystemNotAvailable(f"the {self.title} cannot pair yet")
        # looked up by name so that reading the catalogue loads no pairing code; the catalogue
        # test checks every entry's function against this shape
        found: Pairer = getattr(importlib.import_module(self.module), self.entry)
        return found

    def team_pairer(self) -> TeamPairer:
        """The function a team system pairs a :class:`TeamTournament` with (imported now)."""
        if self.module is None or self.team_entry is None:
            raise SystemNotAvailable(f"the {self.title} does not pair teams")
        found: TeamPairer = getattr(importlib.import_module(self.module), self.team_entry)
        return found

    def pair_teams(self, event: TeamTournament) -> TeamPairingMade:
        """Pair the next round of the team tournament ``event`` by this system's rules."""
        return self.team_pairer()(event)

    def explain_teams(self, event: TeamTournament, pairing: TeamPairingMade) -> tuple[TraceEvent, ...]:
        """The steps of ``pairing`` (made by :meth:`pair_teams` on ``event``), each with its article: the
        review shows them. A system of teams names its explanation ``explain_team`` beside ``team_entry``."""
        if self.module is None or self.team_entry is None:
            raise SystemNotAvailable(f"the {self.title} does not pair teams")
        found: TeamExplainer = getattr(importlib.import_module(self.module), "explain_team")
        return found(event, pairing)

    def pair(self, tournament: Tournament, progress: Progress | None = None) -> PairingResult:
        """Pair the next round of ``tournament`` by this edition's rules, whatever its settings name.

        ``progress`` is told how far the pairing is (:data:`engine.model.result.Progress`); a system
        whose pairing is quick may never call it.
        """
        return self.pairer()(tournament, progress)


_FIDE_DUTCH = FIDE_COMMON | {Check.DUTCH_COLOURS}
_RATING = frozenset({PairingInput.RATING})

SYSTEMS: tuple[SystemInfo, ...] = (
    SystemInfo("dutch-2026", N_("FIDE (Dutch) system, 2026 edition"), Family.DUTCH, "FIDE_DUTCH_2026",
               _FIDE_DUTCH | {Check.DUTCH_CRITERIA},
               ("dutch", "dutch-2025", "fide_dutch", "fide_dutch_2025", "fide_dutch_2026"),
               "engine.systems.dutch", bbp_code="FIDE_DUTCH"),
    SystemInfo("dutch-2017", N_("FIDE (Dutch) system, 2017 edition"), Family.DUTCH, "FIDE_DUTCH_2017",
               _FIDE_DUTCH,  # the criteria compared are the 2026 ones; 2017 numbers and weighs them otherwise
               ("fide_dutch_2017",), older_text=True, bbp_code="FIDE_DUTCH"),
    SystemInfo("burstein-2026", N_("FIDE Burstein system"), Family.BURSTEIN, "FIDE_BURSTEIN", FIDE_COMMON,
               ("burstein", "fide_burstein"), "engine.systems.burstein", word="burstein", bbp_code="FIDE_BURSTEIN"),
    SystemInfo("dubov-2026", N_("FIDE Dubov system"), Family.DUBOV, "FIDE_DUBOV",
               FIDE_COMMON | {Check.DUBOV_COLOURS, Check.DUBOV_CRITERIA},
               ("dubov", "fide_dubov"), "engine.systems.dubov", word="dubov",
               resort_rounds=4, reads=_RATING),  # C.04.4.1 art. 1.2.2: re-sorting is compulsory before round 4 is paired
    SystemInfo("dubov-1997", N_("FIDE Dubov system, 1997 text"), Family.DUBOV, "CUSTOM_SWISS",
               FIDE_COMMON | {Check.DUBOV_1997_COLOURS},  # art. 2.5 limits transfers, not pairs
               ("dubov97", "dubov-seed"), "engine.systems.dubov", "pair_1997", older_text=True,
               reads=_RATING | {PairingInput.NAME}),  # 1997 text art. 6.2: the columns' ties broken by name
    SystemInfo("lim-2026", N_("FIDE Lim system, 2026 edition"), Family.LIM, "CUSTOM_SWISS",
               frozenset({Check.LIM_RULES}), ("lim",), "engine.systems.lim", word="lim", options=(MAXI,),
               reads=_RATING),
    SystemInfo("lim-seed", N_("FIDE Lim system, 1999 text (seed)"), Family.LIM, "CUSTOM_SWISS",
               frozenset({Check.LIM_SEED_RULES}), (), "engine.systems.lim", "pair_seed", options=(MAXI,),
               reads=_RATING),
    SystemInfo("club", N_("Simplified club Swiss"), Family.CLUB, "CUSTOM_SWISS",
               frozenset({Check.CLUB_RULES}), ("simplified",), "engine.systems.club",
               draws_first_colour=True, renumber_until=None),
    # C.04.5: each pairing a match of two games, colours reversed; articles 1.4 onwards could not be read
    # in the original, so the title says so (docs/systems.md, "Double-Swiss"). No acceleration until
    # what C.04.7 gives a match of two games is settled.
    SystemInfo("double-swiss-2026", N_("FIDE Double-Swiss system, 2026 (art. 1.4 on restated)"), Family.DOUBLE_SWISS,
               "FIDE_DOUBLESWISS", frozenset({Check.DOUBLE_SWISS_RULES, Check.PAB}),
               ("double-swiss", "doubleswiss", "fide_doubleswiss"), "engine.systems.doubleswiss",
               acceleration=False, games=2, tiebreaks=DOUBLE_SWISS_TIEBREAKS),
    # C.05 Annex 1: the schedule is fixed once the pairing numbers are drawn; nothing is read but them.
    # No acceleration (no scores are paired), no late entry once round 1 is paired.
    SystemInfo("berger", N_("Round robin (FIDE Berger tables)"), Family.BERGER, "FIDE_ROUNDROBIN",
               frozenset({Check.ROUND_ROBIN_TABLE}), ("fide_roundrobin",), "engine.systems.roundrobin",
               acceleration=False, renumber_until=1, tiebreaks=ROUND_ROBIN_TIEBREAKS, cycles=1,
               options=ROUND_ROBIN_OPTIONS),
    SystemInfo("berger-double", N_("Double round robin (FIDE Berger tables)"), Family.BERGER, "FIDE_DOUBLEROUNDROBIN",
               frozenset({Check.ROUND_ROBIN_TABLE}), ("fide_doubleroundrobin",), "engine.systems.roundrobin",
               "pair_double", acceleration=False, renumber_until=1, tiebreaks=ROUND_ROBIN_TIEBREAKS, cycles=2,
               options=ROUND_ROBIN_OPTIONS),
    # C.04.6 (2026): teams paired by match or game points; record 192 names the colour type and the scores'
    # order (FIDE_TEAM_TYPEA_MP_GP ...), each code an alias, the options saying the same. A match holds the
    # event's team size of games ([settings.team]), so ``games`` is 0 here. Baku acceleration is offered
    # (C.04.7 art. 1.4: its own example is a team event), never with game points first (art. 1.4.4).
    SystemInfo("fide-team", N_("FIDE Swiss system for teams (C.04.6)"), Family.TEAM_SWISS, "FIDE_TEAM_TYPEA_MP_GP",
               frozenset({Check.TEAM_ABSOLUTE}),
               ("fide_team_typea_mp_gp", "fide_team_typea_gp_mp", "fide_team_typeb_mp_gp", "fide_team_typeb_gp_mp",
                "fide_team_mp_gp", "fide_team_gp_mp", "fide_team_typea", "fide_team_typeb", "fide_team_mp",
                "fide_team_gp", "fide_team_typea_mp", "fide_team_typea_gp", "fide_team_typeb_mp", "fide_team_typeb_gp"),
               "engine.systems.team", acceleration=True, options=(TEAM_COLOURS, TEAM_SCORE), renumber_until=1,
               unit=Unit.TEAM, games=0, tiebreaks=TEAM_TIEBREAKS, team_entry="pair_team"),
    # C.05 Annex 1 for a league of teams: the Berger table's row for the teams' numbers (drawn by lot), the
    # first-named team White on board 1, the odd team's round off; no Swiss criteria, no acceleration.
    # ETT26 names no team round robin in record 192: FIDE_TEAM_ROUNDROBIN is our own code, the ETT26
    # words for a team event and for a round robin put together (docs/systems.md).
    SystemInfo("team-berger", N_("Team round robin (FIDE Berger tables)"), Family.BERGER, "FIDE_TEAM_ROUNDROBIN",
               frozenset({Check.TEAM_ROUND_ROBIN_TABLE}), ("berger-teams", "fide_team_roundrobin"),
               "engine.systems.roundrobin.teams", acceleration=False, renumber_until=1, unit=Unit.TEAM, games=0,
               tiebreaks=TEAM_ROUND_ROBIN_TIEBREAKS, cycles=1, team_entry="pair_team", options=(TEAM_LEFT_GAMES,)),
    SystemInfo("team-berger-double", N_("Double team round robin (FIDE Berger tables)"), Family.BERGER,
               "FIDE_TEAM_DOUBLEROUNDROBIN", frozenset({Check.TEAM_ROUND_ROBIN_TABLE}),
               ("berger-teams-double", "fide_team_doubleroundrobin"), "engine.systems.roundrobin.teams", acceleration=False,
               renumber_until=1, unit=Unit.TEAM, games=0, tiebreaks=TEAM_ROUND_ROBIN_TIEBREAKS, cycles=2,
               team_entry="pair_team_double", options=(TEAM_LEFT_GAMES,)),
)


def option_ids() -> frozenset[str]:
    """The ids of every system's options: the keys an event file of an earlier format wrote in ``[settings]``."""
    return frozenset(o.id for s in SYSTEMS for o in s.options)


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-")


_BY_NAME = {_key(n): info for info in SYSTEMS for n in info.names()}


def find(name: str) -> SystemInfo | None:
    """The entry an id or an alias names (case, ``-`` and ``_`` aside), or None for any other name."""
    return _BY_NAME.get(_key(name))


def get(name: str) -> SystemInfo:
    """The system for an id, an alias or a TRF record-192 code (case-insensitive)."""
    info = find(name)
    if info is not None:
        return info
    known = ", ".join(s.id for s in SYSTEMS)
    if is_trf_code(name):
        raise UnknownSystem(f"pairing system code {name.strip()!r} (TRF record 192) names a system swisstui does "
                            f"not pair; change the event's system to pair it (known: {known})")
    raise UnknownSystem(f"unknown pairing system {name!r} (known: {known})")


def available() -> tuple[SystemInfo, ...]:
    return tuple(s for s in SYSTEMS if s.available)


_TRF_CODE = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?: +\S+)*")


def is_trf_code(name: str) -> bool:
    """Whether ``name`` is written as an ETT26 record-192 code (``FIDE_ROUNDROBIN``, ``CUSTOM_SWISS x``).

    An event imported from a file whose system swisstui does not pair keeps that
    code as its system: its standings and its rating report need no pairing. Our
    own ids are lower case, so a mistyped id is still an unknown system.
    """
    return bool(_TRF_CODE.fullmatch(name.strip()))


def is_round_robin(system: str) -> bool:
    """Round robins change how forfeits count (C.07 art. 15.2) and forbid the Buchholz family.

    A catalogue entry says so itself (:attr:`SystemInfo.round_robin`); any other name is a
    record-192 code read from another program's file (``BERGER_ROUNDROBIN_G2``), judged by its words.
    """
    info = find(system)
    if info is not None:
        return info.round_robin
    s = system.lower()
    return "robin" in s or "berger" in s


def named_in(text: str) -> SystemInfo | None:
    """The system a free-text description names (TRF-16 record 092, "Individual: Swiss-System (Dubov)").

    Only an entry's :attr:`SystemInfo.word` counts, and only when exactly one is
    found; anything else (a plain "Swiss-System") is left to the caller's default.
    """
    words = set("".join(c if c.isalnum() else " " for c in text.lower()).split())
    found = [s for s in SYSTEMS if s.word is not None and s.word in words]
    return found[0] if len(found) == 1 else None


BAKU_SUFFIX = "_BAKU"


def read_code(code: str) -> tuple[SystemInfo, bool]:
    """The system a TRF record-192 (or 092) code names, and whether it asks for Baku acceleration.

    ETT26 writes Baku as a ``_BAKU`` suffix on any Swiss code (``FIDE_DUTCH_BAKU``).
    Raises :class:`UnknownSystem` for a code naming no system we know.
    """
    key = code.strip()
    baku = key.upper().endswith(BAKU_SUFFIX)
    if baku:
        key = key[: -len(BAKU_SUFFIX)]
    return get(key), baku


def pairable_codes() -> str:
    """The record-192 codes of the systems that pair, as an error message names what it expected."""
    able = available()
    codes = [[s.trf_code, *(a.upper() for a in s.aliases if is_trf_code(a.upper()))]
             for s in able if s.trf_code != "CUSTOM_SWISS"]
    fide = ", ".join(" | ".join(dict.fromkeys(names)) for names in codes)
    custom = " | ".join(s.id for s in able if s.trf_code == "CUSTOM_SWISS")
    return f"a system swisstui pairs: {fide} (each also with {BAKU_SUFFIX}), CUSTOM_SWISS {custom}"


def write_code(system: str, baku: bool) -> str:
    """The record-192 code for ``system``, with ``_BAKU`` when the event announced Baku acceleration."""
    return get(system).trf_code + (BAKU_SUFFIX if baku else "")


def pair(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Pair the next round of ``tournament`` with the system its settings name."""
    return get(tournament.settings.system).pair(tournament, progress)
