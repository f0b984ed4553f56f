"""A team tournament's TRF-2026 file as the engine keeps it: the pairing's model plus what else the
file says (the event's header, the players' registration, the teams' short names, strengths and ranks,
the scoring records, the forfeited matches, the records kept as they were).

:func:`engine.trf.team_load.read_team_document` builds it from a file and
:func:`engine.trf.team_write.write_team_trf` writes it, so that reading what was written gives the
same document back. The team model itself (:class:`engine.model.team_tournament.TeamTournament`)
holds what a pairing needs; a document adds only what the file needs beside it, so the model stays
the one every team module shares.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction

from engine.model.registration import Registration
from engine.model.team_tournament import RoundKind, TeamTournament


@dataclass(frozen=True)
class TeamEventHeader:
    """The event's records 012-132 (TRF-2026 tournament section); empty text where the file has none.

    The counts 062, 072 and 082 are not kept: the writer counts the players, rated players and teams.
    """

    name: str = ""                      # 012
    city: str = ""                      # 022
    federation: str = ""                # 032
    start: str = ""                     # 042, YYYY/MM/DD
    end: str = ""                       # 052
    kind: str = ""                      # 092, type of tournament
    chief_arbiter: str = ""             # 102
    deputies: tuple[str, ...] = ()      # 112, one record each
    time_control: str = ""              # 122
    round_dates: tuple[str, ...] = ()   # 132, YY/MM/DD from column 92, ten columns a round


@dataclass(frozen=True)
class TeamPlayer:
    """A player's record 001 beside the games: the registration, and the rank the file gave the player
    (individual standings, computed by whoever wrote it; None when blank). The points are not kept:
    they are the sum of the player's board results, which the writer adds up and the reader checks."""

    id: int
    registration: Registration
    rank: int | None = None


@dataclass(frozen=True)
class TeamDetails:
    """What record 310 says of a team beyond its name and players: the short name (columns 42-46), the
    strength (48-53, the event's strength for the initial order) and the rank (69-71). The match and
    game points (55-60, 62-67) are not kept: they are the team's rounds added up."""

    short_name: str = ""
    strength: int | None = None
    rank: int | None = None


@dataclass(frozen=True)
class ForfeitedMatch:
    """Record 330: a match of ``round`` lost by forfeit; ``white`` is the team with White on board 1.

    ``kind`` is ``+-`` (White won), ``-+`` (Black won) or ``--`` (both lost). The model keeps no colour
    for a match not played (C.04.6(2026) art. 1.6.1), so the record says which team had White.
    """

    round: int
    white: int
    black: int
    kind: str


@dataclass(frozen=True)
class TeamTrfDocument:
    """A team TRF-2026 file: the model and everything else the writer writes back.

    ``board_colours`` is record 352 (the colours of the team with White on boards 1..B); ``baku`` whether
    record 192 announces Baku acceleration (``_BAKU``, C.04.7 art. 1), the table itself being the
    model's ``virtual`` (record 250);
    ``match_scoring`` record 362 (TW, TD, TL); ``game_scoring`` record 162 as (code, points) pairs, ()
    when the file has none; ``other`` the records the engine does not read (202, 212, 222, 260,
    299, ...) and ``comments`` the ``###`` lines, both kept in order, as they were.
    """

    tournament: TeamTournament
    players: tuple[TeamPlayer, ...]
    header: TeamEventHeader = TeamEventHeader()
    details: dict[int, TeamDetails] = field(default_factory=dict)
    board_colours: str = "W"
    match_scoring: tuple[Fraction, Fraction, Fraction] = (Fraction(2), Fraction(1), Fraction(0))
    game_scoring: tuple[tuple[str, Fraction], ...] = ()
    forfeits: tuple[ForfeitedMatch, ...] = ()
    other: tuple[str, ...] = ()
    comments: tuple[str, ...] = ()
    baku: bool = False


def before_round(doc: TeamTrfDocument, rnd: int) -> TeamTrfDocument:
    """The document as it stood when round ``rnd`` was to be paired: every team's first ``rnd - 1``
    rounds, the forfeits of those rounds, and the teams absent from round ``rnd`` as the model keeps
    them (``absent_next``: the teams whose round ``rnd`` was no match and no bye). The ranks (of the
    teams, 310, and of the players, 001) are left blank: they are standings of a later round."""
    t = doc.tournament
    teams = {}
    absent = set()
    for tpn, entry in t.teams.items():
        kept = dataclasses.replace(entry, rounds=list(entry.rounds[: rnd - 1]))
        teams[tpn] = kept
        if len(entry.rounds) >= rnd and entry.rounds[rnd - 1].kind is RoundKind.ABSENT:
            absent.add(tpn)
    cut = dataclasses.replace(t, teams=teams, absent_next=frozenset(absent) if rnd <= t.rounds_played
                              else t.absent_next)
    return dataclasses.replace(
        doc, tournament=cut, forfeits=tuple(f for f in doc.forfeits if f.round < rnd),
        players=tuple(dataclasses.replace(p, rank=None) for p in doc.players),
        details={tpn: dataclasses.replace(d, rank=None) for tpn, d in doc.details.items()})
