"""Tie-break descriptors: the MTB26 codes of TRF records 202/212 and the C.07 edition.

A tie-break list is written as the arbiter announces it and as TRF26 stores it,
``BH/C1,BH,SB,DE``: an acronym from C.07 art. 5, optionally followed by
modifiers (art. 14). Parsing is strict: an unknown code or a modifier the
article does not allow is an error that names the code, because a silently
ignored modifier would change prizes.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import TypedDict

from engine.model.catalogue import ROUND_ROBIN_TIEBREAKS, SWISS_TIEBREAKS
from engine.model.wording import N_, _


class Edition(enum.Enum):
    """Which text of C.07 decides the numbers (they differ on unplayed rounds, art. 16)."""

    C07_2026 = "c07-2026"  # in force from 1 March 2026: dummy scores capped (16.4.1, 16.4.2)
    C07_2024 = "c07-2024"  # 1 Aug 2024 - 28 Feb 2026: dummy = own score; SB-C1 cuts the lowest-scoring opponent
    C07_2023 = "c07-2023"  # 2023 text (rated events from 1 Apr 2024): as 2024, SB-C1 cuts the lowest contribution
    PRE_2023 = "pre-2023"  # virtual opponent; opponents' unplayed rounds count as draws

    @classmethod
    def parse(cls, text: str) -> Edition:
        for e in cls:
            if e.value == text.strip().lower():
                return e
        raise TieBreakError(_("unknown tie-break edition {text}; expected one of {editions}").format(
            text=repr(text), editions=", ".join(e.value for e in cls)))


DEFAULT_EDITION = Edition.C07_2026

RECOMMENDED_SWISS: tuple[str, ...] = SWISS_TIEBREAKS  # each catalogue entry names its own; the Swiss ones this
"""The list a new individual Swiss starts with, so that ties are broken unless the arbiter decides otherwise.

C.07 (2023 to 2026 texts) leaves the list to the organiser, the Chief Arbiter
completing it from art. 5 when needed (art. 4.1, 4.1.1 and, when the rules say
nothing, 2.1); the list FIDE recommends by type of event is that of the rules
C.07 replaced, C.02 art. 13.16.4, "Individual Swiss tournaments where not all
the ratings are consistent": Buchholz Cut 1, Buchholz, Sonneborn-Berger, sum of
progressive scores, direct encounter, the greater number of wins including
forfeits, the greater number of wins with Black. Here in C.07's codes (art. 8.1
with 14.1, 8.1, 9.1, 7.5, 6, 7.1, 7.4). No rating tie-break: they drop out when
a player is unrated (art. 10).
"""

RECOMMENDED_SOURCE = N_("FIDE's list for an individual Swiss (C.02 art. 13.16.4)")
"""Where :data:`RECOMMENDED_SWISS` comes from, as the settings screen names it."""

RECOMMENDED_ROUND_ROBIN: tuple[str, ...] = ROUND_ROBIN_TIEBREAKS
"""The list a new individual round robin starts with.

From the same recommendations by type of event (C.02 art. 13.16, the rules C.07
replaced), for individual round robins: direct encounter, the greater number of
wins, Sonneborn-Berger, Koya (C.07 art. 6, 7.1, 9.1, 9.2). None of the Buchholz
family: C.07 art. 8 bars them in round robins (``misplaced`` refuses them), where
everybody has the same opponents; Koya is for round robins only (art. 9.2).
"""

RECOMMENDED_ROUND_ROBIN_SOURCE = N_("FIDE's list for an individual round robin (C.02 art. 13.16)")
"""Where :data:`RECOMMENDED_ROUND_ROBIN` comes from, as the settings screen would name it."""


class TieBreakError(ValueError):
    """A tie-break code or list that C.07 / MTB26 does not define."""


class Kind(enum.Enum):
    """C.07 art. 4.3 types: A is recomputed for every tied subgroup; the others once for everybody."""

    A = "A"
    B = "B"
    C = "C"
    D = "D"


@dataclass(frozen=True)
class Definition:
    name: str
    article: str
    kind: Kind
    cuts: bool = False  # Cut-n / Median-n allowed (art. 14.1-14.4)
    limit: bool = False  # Limit allowed (KS, art. 14.5)
    rating: bool = False  # needs ratings (art. 10): dropped when unrated players take part
    ascending: bool = False  # lower value ranks higher
    swiss_only: bool = False  # art. 8: not in round robins
    round_robin_only: bool = False

    @property
    def shown_name(self) -> str:
        """The long name in the reader's language; the short name (the code, C.07's own) stays as written."""
        return _(self.name)


DEFINITIONS: dict[str, Definition] = {
    "DE": Definition(N_("Direct encounter"), "6", Kind.A),
    "WIN": Definition(N_("Number of wins"), "7.1", Kind.B),
    "WON": Definition(N_("Games won over the board"), "7.2", Kind.B),
    "BPG": Definition(N_("Games played with Black"), "7.3", Kind.B),
    "BWG": Definition(N_("Games won with Black"), "7.4", Kind.B),
    "PS": Definition(N_("Progressive scores"), "7.5", Kind.B, cuts=True),
    "REP": Definition(N_("Rounds elected to play"), "7.6", Kind.B),
    "STD": Definition(N_("Standard points"), "7.7", Kind.B),
    "TPN": Definition(N_("Tournament pairing number"), "7.8", Kind.B, ascending=True),
    "BH": Definition(N_("Buchholz"), "8.1", Kind.C, cuts=True, swiss_only=True),
    "AOB": Definition(N_("Average of opponents' Buchholz"), "8.2", Kind.C, swiss_only=True),
    "FB": Definition(N_("Fore Buchholz"), "8.3", Kind.D, cuts=True, swiss_only=True),
    "SB": Definition(N_("Sonneborn-Berger"), "9.1", Kind.C, cuts=True),
    "KS": Definition(N_("Koya"), "9.2", Kind.C, limit=True, round_robin_only=True),
    "ARO": Definition(N_("Average rating of opponents"), "10.1", Kind.D, cuts=True, rating=True),
    "TPR": Definition(N_("Tournament performance rating"), "10.2", Kind.D, rating=True),
    "PTP": Definition(N_("Perfect tournament performance"), "10.3", Kind.D, rating=True),
    "APRO": Definition(N_("Average of opponents' TPR"), "10.4", Kind.D, rating=True),
    "APPO": Definition(N_("Average of opponents' PTP"), "10.5", Kind.D, rating=True),
    "RTNG": Definition(N_("Rating"), "10.6", Kind.B, rating=True),
}

ALIASES = {"GE": "REP"}  # C.07 before August 2024 called REP "games elected"

# Modifiers: /C1 /C2 (cut), /M1 /M2 (median), /L+n /L-n (Koya limit, half points),
# /P (forfeits count as games against the scheduled opponent), /U1400 (rating for the
# unrated), /F (AOB of Fore Buchholz), /R (reverse order, e.g. TPN descending).
_MODIFIER = re.compile(r"^(?:(?P<cut>[CM])(?P<n>\d)|L(?P<sign>[+-])(?P<lim>\d+(?:\.\d)?)|U(?P<rating>\d{1,4})|(?P<flag>[PFR]))$")


@dataclass(frozen=True)
class TieBreak:
    """One entry of the ordered list (C.07 art. 4.1), e.g. ``BH/C1``."""

    acronym: str
    cut_low: int = 0
    cut_high: int = 0
    limit: Decimal = Decimal(0)  # KS: points added to the 50 % threshold
    forfeits_played: bool = False  # /P
    unrated_rating: int | None = None  # /U
    fore: bool = False  # /F (AOB)
    reverse: bool = False  # /R
    code: str = ""  # as written, normalised (what 202/212 and the CSV header show)

    @property
    def definition(self) -> Definition:
        return DEFINITIONS[self.acronym]

    @property
    def kind(self) -> Kind:
        return self.definition.kind

    @property
    def ascending(self) -> bool:
        return self.definition.ascending != self.reverse

    def __str__(self) -> str:
        return self.code


class _Modifiers(TypedDict, total=False):
    """What a tie-break code's modifiers set (C.07 art. 14), by :class:`TieBreak` field."""

    cut_low: int
    cut_high: int
    limit: Decimal
    unrated_rating: int
    forfeits_played: bool
    fore: bool
    reverse: bool


def parse(code: str) -> TieBreak:
    """One MTB26 code (case-insensitive): ``BH/C1``, ``ARO/M1``, ``KS/L-2``, ``TPN/R``."""
    text = code.strip().upper()
    if not text:
        raise TieBreakError(_("empty tie-break code"))
    head, *mods = text.split("/")
    acronym = ALIASES.get(head, head)
    if acronym not in DEFINITIONS:
        raise TieBreakError(_("unknown tie-break {head} in {code}; C.07 art. 5 defines {defined}").format(
            head=repr(head), code=repr(code.strip()), defined=", ".join(DEFINITIONS)))
    d = DEFINITIONS[acronym]
    fields: _Modifiers = {}
    for mod in mods:
        m = _MODIFIER.match(mod)
        if m is None:
            raise TieBreakError(_("unknown modifier /{mod} in {code}").format(mod=mod, code=repr(code.strip())))
        if m["cut"]:
            if not d.cuts:
                raise TieBreakError(_("{acronym} takes no Cut or Median (C.07 art. 14): {code}").format(
                    acronym=acronym, code=repr(code.strip())))
            n = int(m["n"])
            fields["cut_low"] = n
            fields["cut_high"] = n if m["cut"] == "M" else 0
        elif m["sign"]:
            if not d.limit:
                raise TieBreakError(_("only KS takes a Limit (C.07 art. 14.5): {code}").format(code=repr(code.strip())))
            half = Decimal(m["lim"]) * Decimal("0.5")  # L-2 = one point lower
            fields["limit"] = half if m["sign"] == "+" else -half
        elif m["rating"]:
            if not d.rating:
                raise TieBreakError(_("/U applies to rating tie-breaks only: {code}").format(code=repr(code.strip())))
            fields["unrated_rating"] = int(m["rating"])
        elif m["flag"] == "P":
            fields["forfeits_played"] = True
        elif m["flag"] == "F":
            if acronym != "AOB":
                raise TieBreakError(_("/F applies to AOB only: {code}").format(code=repr(code.strip())))
            fields["fore"] = True
        else:
            fields["reverse"] = True
    return TieBreak(acronym, code="/".join([acronym, *mods]), **fields)


def parse_list(text: str | tuple[str, ...] | list[str]) -> tuple[TieBreak, ...]:
    """An ordered list, comma-separated (``"BH/C1,BH,SB,DE"``) or already split.

    ``PTS`` (TRF record 212 starts with it) is the score itself and is skipped.
    """
    items = text.split(",") if isinstance(text, str) else list(text)
    out = []
    for item in items:
        if item.strip().upper() in ("PTS", ""):
            if not item.strip() and isinstance(text, str) and text.strip():
                raise TieBreakError(_("empty entry in tie-break list {text}").format(text=repr(text)))
            continue
        out.append(parse(item))
    return tuple(out)


def misplaced(tb: TieBreak, round_robin: bool) -> str | None:
    """Why C.07 does not allow ``tb`` in this kind of event, or None when it does."""
    if tb.definition.swiss_only and round_robin:
        return f"{tb.code} must not be used in round robins (C.07 art. 8)"
    if tb.definition.round_robin_only and not round_robin:
        return f"{tb.code} is for round robins only (C.07 art. 9.2)"
    return None


def format_list(tiebreaks: tuple[TieBreak, ...]) -> str:
    return ",".join(tb.code for tb in tiebreaks)
