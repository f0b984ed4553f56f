"""A team event as a team TRF-2026 file, written by the engine's team writer (:func:`engine.trf.team_write.write_team_trf`).

What the individual export does for players, this does for a team event: the players with all their
registration fields (001), the event's header (012-132), the teams with their short names and strength
(310: the average rating of the roster's boards, the order C.04.6(2026) art. 1.1 numbers them by), the
boards' colour sequence (352: the team "with White" has White on boards 1, 3, ...), the event's match
points (362) and the bye's value (320), the matches lost whole by forfeit (330) and the teams absent
(240 Z). Rounds paired but not complete are left out with a warning, as the individual export does,
and the text is read back by the checked reader (:func:`engine.trf.team_load.read_team_document`)
before it is returned: an export our own import would refuse is an error, not a file.

Record 310 lists a team's players in its board order, the reserves who played after the roster; a
round's lineup is its players who sat, in that order, unless a record 300 (written by the engine's writer
for a changed board order or a board left empty) says otherwise. A team's reserves who never played
are left out and named in a warning.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from engine.model.catalogue import find
from engine.model.registration import Registration
from engine.model.tournament import PointSystem
from engine.trf.errors import TrfError
from engine.trf.team_document import ForfeitedMatch, TeamDetails, TeamEventHeader, TeamPlayer, TeamTrfDocument
from engine.trf.team_load import read_team_document
from engine.trf.team_write import write_team_trf
from swisstui.outputs.rating_report import missing_items, rounds_complete
from swisstui.store import event as ev
from swisstui.store.details import trf_header
from swisstui.store.event_teams import team_tournament
from swisstui.store.team_import import alternating
from swisstui.store.team_records import TeamMatchRecord

FORFEIT_KINDS = {"white": "-+", "black": "+-", "both": "--"}
"""Record 330's result by the side of the match that lost it whole (the team with White on board 1 first)."""
_HEADER_FIELDS = {"012": "name", "022": "city", "032": "federation", "042": "start", "052": "end",
                  "092": "kind", "102": "chief_arbiter", "122": "time_control"}


class TeamExportError(ValueError):
    """The team event cannot be written as a team TRF file that reads back (the message says why)."""


def team_document(event: ev.Event, warnings: list[str]) -> tuple[TeamTrfDocument, int]:
    """The event's complete rounds as the engine's team document, and the last round it holds."""
    assert event.team is not None
    through = rounds_complete(event, warnings, lambda rnd: all(m.finished for m in rnd.team.matches))
    t = team_tournament(event, through_round=through)
    on_a_roster: set[int] = set()
    for team in event.teams:
        size = event.team.size
        unused = [p for p in team.board_order[size:] if not _played(t.teams[team.id].rounds, p)]
        if unused:
            warnings.append(f"team {team.id} ({team.name}): reserves {', '.join(map(str, unused))} not written "
                            f"(TRF-2026 record 310 holds one player a board, {size} boards)")
        kept = tuple(p for p in team.board_order if p not in unused)
        t.teams[team.id].players = kept
        on_a_roster |= set(kept)
    players = tuple(TeamPlayer(p.id, Registration(**p.registration())) for p in sorted(event.players, key=lambda p: p.id)
                    if p.id in on_a_roster)
    ratings = {p.id: p.rating for p in event.players}
    details = {team.id: TeamDetails(short_name=team.short, strength=_strength(team.roster[:event.team.size], ratings))
               for team in event.teams}
    header = _header(trf_header(event))
    _warn_if_scoring_lost(event.settings.points, warnings)
    doc = TeamTrfDocument(
        tournament=t, players=players, header=header, details=details,
        board_colours=event.team.board_colours or alternating(event.team.size),
        match_scoring=(Fraction(str(event.team.match_win)), Fraction(str(event.team.match_draw)),
                       Fraction(str(event.team.match_loss))),
        forfeits=tuple(_forfeits(event, through)))
    return doc, through


def export_team_trf(event: ev.Event) -> tuple[str, list[str], list[str]]:
    """The team event as TRF-2026 text, the warnings and what the rating report lacks; :class:`TeamExportError`
    when the text would not read back."""
    warnings: list[str] = []
    doc, through = team_document(event, warnings)
    try:
        text = round_robin_code(event, write_team_trf(doc))
    except ValueError as err:
        raise TeamExportError(f"{err}; nothing written") from None
    try:
        read_team_document(text, source="export")
    except TrfError as err:
        raise TeamExportError(f"TRF cannot hold line {err.line} ({err.what}) as the event has it; nothing written") \
            from None
    return text, warnings, missing_items(event, through)


def round_robin_code(event: ev.Event, text: str) -> str:
    """``text`` with record 192 naming the event's team round robin (the entry's own code: ETT26 names
    none, docs/systems.md), which the team reader takes as the team Swiss's type A, match points first:
    what a team round robin scores. Any other team event's text is returned as written."""
    info = find(event.settings.system)
    if info is None or not info.round_robin:
        return text
    return "\n".join(f"192 {info.trf_code}" if line.startswith("192 ") else line for line in text.split("\n"))


def _played(rounds: list, player: int) -> bool:
    return any(b.player == player for rnd in rounds for b in rnd.boards)


def _strength(roster: list[int], ratings: dict[int, int]) -> int | None:
    """Record 310's strength: the average rating of the roster's boards (the order the teams are numbered by)."""
    if not roster:
        return None
    return round(sum(ratings.get(p, 0) for p in roster) / len(roster))


def _forfeits(event: ev.Event, through: int) -> list[ForfeitedMatch]:
    """Record 330 for each match lost whole by forfeit."""
    found = []
    for number in range(1, through + 1):
        rnd = event.round(number)
        matches: list[TeamMatchRecord] = rnd.team.matches if rnd is not None else []
        found += [ForfeitedMatch(number, m.white, m.black, FORFEIT_KINDS[m.forfeit]) for m in matches if m.forfeit]
    return found


def _header(lines: list[str]) -> TeamEventHeader:
    """Records 012-132 as the individual export writes them, in the team document's fields."""
    values: dict[str, str] = {}
    deputies: list[str] = []
    dates: tuple[str, ...] = ()
    for line in lines:
        tag = line[:3]
        if tag in _HEADER_FIELDS:
            values[_HEADER_FIELDS[tag]] = line[4:].strip()
        elif tag == "112":
            deputies.append(line[4:].strip())
        elif tag == "132":
            dates = tuple(line[p:p + 8].strip() for p in range(91, len(line), 10))
    return TeamEventHeader(**values, deputies=tuple(deputies), round_dates=dates)


def _warn_if_scoring_lost(points: PointSystem, warnings: list[str]) -> None:
    """The team file's game points are 1, 1/2 and 0 a board (record 162 not written for a team event yet)."""
    if (points.win, points.draw, points.loss) != (Decimal(1), Decimal("0.5"), Decimal(0)):
        warnings.append(f"game points {points.win}/{points.draw}/{points.loss} a board written as 1/0.5/0 "
                        "(record 162 is not written for a team event yet)")
