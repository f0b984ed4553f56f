"""The requirements of each title norm, as the FIDE Title Regulations (B.01) state them.

The text in force is the one applied from 1 January 2024 (B.01, FIDE Handbook,
handbook.fide.com/chapter/B012024), whose norm articles are numbered 1.4.x; the
figures below are its own (docs/norms.md says which were checked against which source):

* 1.4.1 (a): at least nine games, fewer only for the team events of 1.4.1 (b);
  (c) in a nine-round event, eight games and a forfeit win or the pairing-allocated
  bye count as nine; (d) each full point above the norm's least score counts as one
  more game; (e) with pre-determined pairings (a round robin) the norm is over all the
  scheduled rounds, otherwise later games may be left out once a title result is made;
* 1.4.2: (a) opponents of no FIDE federation do not count, and FID players are
  no foreign federation; (b) in a round robin, nor unrated players who score zero
  against the rated; (c) nor games decided by forfeit or other than over the board;
* 1.4.3: at least two federations other than the applicant's, except (a) national
  championships, (b) national team championships (the registering federation's
  players), (c) zonals and (d) a Swiss with, in every round, at least 20 FIDE-rated
  players not from the host federation, from at least 3 federations, at least 10 of
  them GM, IM, WGM or WIM, counting only players who miss at most one round (the
  pairing-allocated bye is no miss); (e) one norm of an application must be without
  these exemptions;
* 1.4.4: at most 3/5 of the opponents from the applicant's federation and at most
  2/3 from any one federation (maxima rounded down, minima up);
* 1.4.5: at least half of the opponents title-holders (the titles of 0.31 but CM and
  WCM), and at least a third of them, and at least 3, holding the norm's title or
  one the text ranks above it;
* 1.4.6: the rating list in force at the start; the adjusted rating floor (GM 2200,
  IM 2050, WGM 2000, WIM 1850) to which at most one opponent, the lowest-rated, is
  raised; an unrated opponent not raised counts as 1400;
* 1.4.7: the average of the opponents' ratings rounded to the nearest whole number,
  .5 upwards;
* 1.4.8: the performance Ra + dp (dp from the table of 1.4.9) at least GM 2600,
  IM 2450, WGM 2400, WIM 2250; (a) the least average GM 2380, IM 2230, WGM 2180,
  WIM 2030; (b) a score of at least 35 %;
* 1.7: a norm counts at most 13 games.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.model.wording import N_

REGULATIONS = N_("FIDE Title Regulations (B.01), effective from 1 January 2024")

MIN_GAMES = 9  # 1.4.1 (a)
SHORT_EVENT_ROUNDS = 9  # 1.4.1 (c): the nine-round event where eight games and a forfeit win or the PAB count as nine
MAX_COUNTED_GAMES = 13  # 1.7: a norm counts as 13 games at most
MIN_SCORE_SHARE = Fraction(35, 100)  # 1.4.8 (b): at least 35 % of the points, for every norm
NO_FEDERATION = "FID"  # 1.4.2 (a): FID players are accepted but are no federation for 1.4.3, 1.4.4 and 1.4.3 (d)
TITLED_SHARE = Fraction(1, 2)  # 1.4.5: at least 50% of the opponents title-holders
MIX_SHARE = Fraction(1, 3)  # 1.4.5 (a)-(d): a third of the opponents hold the norm's title or above ...
MIX_MINIMUM = 3  # ... and at least three
OWN_FEDERATION_SHARE = Fraction(3, 5)  # 1.4.4: at most 3/5 from the applicant's federation
ONE_FEDERATION_SHARE = Fraction(2, 3)  # 1.4.4: at most 2/3 from one federation
OTHER_FEDERATIONS = 2  # 1.4.3: at least two federations besides the applicant's
UNRATED_RATING = 1400  # 1.4.6 (d): an unrated opponent not raised to the floor

# 1.4.3 (d): the Swiss tournament that is exempt from 1.4.3 and 1.4.4.
SWISS_MAX_MISSED = 1  # a player counts for it only when missing at most one round (the PAB is no miss)
SWISS_FOREIGN_RATED = 20
SWISS_FOREIGN_FEDERATIONS = 3
SWISS_FOREIGN_TITLED = 10
SWISS_EXEMPT_TITLES = frozenset({"GM", "IM", "WGM", "WIM"})

EVENT_EXEMPTIONS: dict[str, str] = {
    # 1.4.3 (a)-(c): the events exempt from 1.4.3 (and so from 1.4.4, "otherwise 1.4.4 applies"), by the kind the
    # event declares; (b) only for the players of the federation that registered the event
    "national-championship": "1.4.3 (a)",
    "national-team": "1.4.3 (b)",
    "zonal": "1.4.3 (c)",
}

TITLE_HOLDERS = frozenset({"GM", "IM", "WGM", "FM", "WIM", "WFM"})
"""1.4.5: the titles of 0.31 that make an opponent a title-holder (CM and WCM do not)."""


@dataclass(frozen=True, slots=True)
class NormRules:
    """One norm's figures: the performance, the least average, the floor and the title mix."""

    title: str
    performance: int  # 1.4.8
    average: int  # 1.4.8 (a): the least rating average of the opponents
    floor: int  # 1.4.6 (b): the adjusted rating floor
    mix: frozenset[str]  # 1.4.5: the titles that count towards the third
    women_only: bool  # WGM and WIM norms are for women (0.31)


NORMS: tuple[NormRules, ...] = (
    NormRules("GM", 2600, 2380, 2200, frozenset({"GM"}), False),
    NormRules("IM", 2450, 2230, 2050, frozenset({"GM", "IM"}), False),
    NormRules("WGM", 2400, 2180, 2000, frozenset({"GM", "IM", "WGM"}), True),
    NormRules("WIM", 2250, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"}), True),
)
"""The four norms of 1.4, highest first."""

_HOLDER_NEEDS_NONE_OF: dict[str, frozenset[str]] = {
    # a title-holder seeks no norm for the title held nor for one below it
    "GM": frozenset({"GM", "IM", "WGM", "WIM"}),
    "IM": frozenset({"IM", "WGM", "WIM"}),
    "WGM": frozenset({"WGM", "WIM"}),
    "WIM": frozenset({"WIM"}),
}


def is_woman(sex: str) -> bool:
    """The event file's sex field (FIDE list: ``F``; TRF: ``w`` or ``f``) says a woman."""
    return sex.strip().lower() in ("f", "w")


def norms_sought(title: str, sex: str) -> tuple[NormRules, ...]:
    """The norms a player can still make: none for a title held or one below it; WGM and WIM for women only."""
    held = _HOLDER_NEEDS_NONE_OF.get(title.strip().upper(), frozenset())
    return tuple(n for n in NORMS if n.title not in held and (not n.women_only or is_woman(sex)))


def by_title(title: str) -> NormRules:
    """The rules of the norm named ``title`` (GM, IM, WGM, WIM); ``KeyError`` for any other."""
    for norm in NORMS:
        if norm.title == title.upper():
            return norm
    raise KeyError(f"no FIDE title norm {title!r}: GM, IM, WGM or WIM")
