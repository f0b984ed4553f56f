"""An event as TRF text: everything the format can carry, a warning for what it cannot, never a file we cannot read.

TRF is a fixed-column format: a name longer than 33 characters, a rating of
five digits or a line break in a name would shift every later column (or split
the line), and the file would no longer read. Values no real event needs (a
five-digit rating, a control character) are refused where they are entered
(``engine.trf.fields``); a legitimate value longer than its column (a long name)
is written as far as TRF holds it and named in a warning, as is anything else an
event built in memory holds that TRF cannot. A withdrawn player is written
absent from the round to pair (``0000 - Z``), so that an engine reading the file
does not pair them, and absent (record 240, ``Z``) from every later round, which
reads back as withdrawn; rounds a player was not paired in are ``0000 - Z`` blocks
in the bbpPairings dialect, which refuses a block with a blank result (they read
back as zero-point byes: the same absence, no game and no points). The text is read
back before it is returned: an export that our own import would refuse is an
error, not a file.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine import trf
from engine.model.tournament import NOT_PAIRED, Colour, Player, ResultCode, RoundEntry, Tournament
from engine.trf.fields import BIRTH_WIDTH, CONTROL, FIDE_ID_MAX, NAME_WIDTH, RATING_MAX
from engine.trf.national import NATIONAL_ID_WIDTH, has_national
from engine.trf.records import format_points, render
from swisstui.store import event as ev
from swisstui.outputs.rating_report import missing_items, rounds_complete
from swisstui.outputs.team_trf_export import TeamExportError, export_team_trf
from swisstui.store.details import trf_header

POINTS_WIDTH = 4  # columns 81-84
ZERO_BYE = RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)


class ExportError(ValueError):
    """The event cannot be written as TRF that reads back (the message says why)."""


@dataclass
class Export:
    """The TRF text and a line for each value TRF could not hold as the event has it."""

    text: str
    warnings: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    """What FIDE's rating report needs that the event leaves empty: header records, the rating type, each
    player's FIDE ID or a new player's data (:func:`swisstui.outputs.rating_report.missing_items`)."""


def export_trf(event: ev.Event, dialect: str = "trf26") -> Export:
    """The event as TRF text in ``dialect``; raises :class:`ExportError` when the text would not read back.

    A team event is written as a team TRF-2026 file (:mod:`swisstui.outputs.team_trf_export`).
    """
    if event.team is not None:
        return _team_export(event, dialect)
    warnings: list[str] = []
    through = rounds_complete(event, warnings)
    t = event.to_tournament(through_round=through)
    t = _absent_withdrawn(event, t, through)
    _check_points_fit(t)
    players = tuple(_fitted(p, warnings, dialect) for p in t.players)
    t = replace(t, players=players)
    if dialect == "bbp":
        t = _for_bbp(t)
    header = tuple(_header_line(line, warnings) for line in trf_header(event))
    national = _national_federation(event, t, warnings)
    try:
        text = trf.dumps(trf.TrfDocument(tournament=t, header=header, national_federation=national), dialect=dialect)
    except ValueError as err:  # what the dialect has no way to say (bbpPairings' scoring lines)
        raise ExportError(f"the {dialect} dialect cannot hold this event: {err}; nothing written") from None
    if dialect == "bbp":
        _warn_if_192_left_out(t, text, warnings)
    try:
        trf.loads(text, source="export")
    except trf.TrfError as err:
        raise ExportError(f"TRF cannot hold {_record_of(text, err.line)} as the event has it: {err.what}"
                          f"{f' (expected {err.expected})' if err.expected else ''}; nothing written") from None
    return Export(text, warnings, missing_items(event, through))


def _team_export(event: ev.Event, dialect: str) -> Export:
    """A team event through the team writer; only TRF-2026 has the team records."""
    if dialect != "trf26":
        raise ExportError(f"the {dialect} dialect has no team records (310, 320, 330): a team event is written "
                          "as TRF-2026 only; nothing written")
    try:
        text, warnings, missing = export_team_trf(event)
    except TeamExportError as err:
        raise ExportError(str(err)) from None
    return Export(text, warnings, missing)


def _national_federation(event: ev.Event, t: Tournament, warnings: list[str]) -> str:
    """The federation the national ratings and numbers are written under (TRF26 record 172): the event's.

    Without one, the national-rating records cannot say whose ratings they hold: left out, and said.
    """
    holders = [p for p in t.players if has_national(p)]
    if not holders:
        return ""
    federation = event.info.federation.strip().upper()
    if len(federation) != 3 or not federation.isalpha():
        warnings.append(f"national ratings and IDs of {len(holders)} players not written: TRF26's national-rating "
                        "records need the event's federation (event details, d)")
        return ""
    return federation


def _record_of(text: str, line: int | None) -> str:
    """What a line of the exported text holds, in the event's terms."""
    lines = text.splitlines()
    if line is None or not 1 <= line <= len(lines):
        return "the event"
    record = lines[line - 1]
    if record.startswith("001"):
        return f"player {record[4:8].strip()}"
    return f"record {record[:3]}"


def _check_points_fit(t: Tournament) -> None:
    """Scores and virtual points in TRF's 4-character fields, or an error naming whose do not fit."""
    for p in t.players:
        pending = t.pending.get(p.id)
        score = t.score(p.id) + (t.settings.points.points(pending.code) if pending is not None else 0)
        if len(format_points(score)) > POINTS_WIDTH:
            raise ExportError(f"player {p.id}: a score of {format_points(score)} does not fit TRF's "
                              f"{POINTS_WIDTH}-character points column; nothing written")
    for a in t.settings.accelerations:
        if len(format_points(a.points)) > POINTS_WIDTH:
            raise ExportError(f"player {a.player}: {format_points(a.points)} virtual points do not fit TRF's "
                              f"{POINTS_WIDTH}-character field of record 250; nothing written")


def _absent_withdrawn(event: ev.Event, t: Tournament, through: int) -> Tournament:
    """Withdrawn players absent from the round to pair (C.04.2 art. 3.2: a withdrawn player is not paired)."""
    if through >= event.settings.rounds:
        return t  # no round left to pair
    pending = dict(t.pending)
    for p in t.players:
        if p.withdrawn and p.id not in pending:
            pending[p.id] = ZERO_BYE
    return replace(t, pending=pending)


def _fitted(p: Player, warnings: list[str], dialect: str) -> Player:
    """The player as TRF can hold them; a warning names each field that had to change."""
    changes: dict[str, Any] = {}  # Player fields, each of its own type
    name = _one_line(p.name)
    if name != p.name:
        warnings.append(f"player {p.id}: line breaks and control characters in the name written as spaces")
    if not name.strip():
        warnings.append(f"player {p.id}: a name TRF reads as blank written as 'Player {p.id}'")
        name = f"Player {p.id}"
    if len(name) > NAME_WIDTH:
        warnings.append(f"player {p.id}: name {name!r} cut to TRF's {NAME_WIDTH} characters")
        name = name[:NAME_WIDTH]
    changes["name"] = name
    if p.rating > RATING_MAX:
        warnings.append(f"player {p.id}: rating {p.rating} does not fit TRF's 4 digits: written blank")
        changes["rating"] = 0
    if p.fide_id is not None and p.fide_id > FIDE_ID_MAX:
        warnings.append(f"player {p.id}: FIDE id {p.fide_id} does not fit TRF's 11 digits: written blank")
        changes["fide_id"] = None
    if len(p.national_id) > NATIONAL_ID_WIDTH:
        warnings.append(f"player {p.id}: national ID {p.national_id!r} does not fit TRF's {NATIONAL_ID_WIDTH} "
                        "characters: written blank")
        changes["national_id"] = ""
    if p.sex and p.sex.strip().lower() not in ("m", "w", "f"):
        warnings.append(f"player {p.id}: sex {p.sex!r} is not one TRF holds (m, w): written blank")
        changes["sex"] = ""
    for key, width in (("federation", 3), ("title", 3), ("birth", BIRTH_WIDTH)):
        value = _one_line(getattr(p, key))
        if len(value) > width:
            warnings.append(f"player {p.id}: {key} {value!r} cut to TRF's {width} characters")
            value = value[:width]
        changes[key] = value
    if dialect == "bbp" and NOT_PAIRED in p.history:
        # bbpPairings refuses a round block with a blank result; Z is the same absence (no game, no
        # points). Not 0000 - -, which its generator writes: that is a forfeit loss to its tie-break
        # orders (Burstein) and would change the pairing. Read back, the round is a zero-point bye.
        changes["history"] = tuple(ZERO_BYE if e == NOT_PAIRED else e for e in p.history)
    return replace(p, **changes)


def _for_bbp(t: Tournament) -> Tournament:
    """What bbpPairings' reader needs beyond TRF (its src/fileformats/trf.cpp; trf.md 2.1, 2.2).

    It refuses a round block with a blank result (an absence: written Z, the same zero-point
    absence), points with more than one decimal and pairing numbers with a gap. (A record 192 of
    a system it does not pair is left out by the writer: :func:`_warn_if_192_left_out`.)
    """
    s = t.settings
    for what, value in (("a win", s.points.win), ("a draw", s.points.draw), ("a loss", s.points.loss),
                        ("an absence", s.points.absent), ("the pairing-allocated bye", s.points.pab_points)):
        _one_decimal(f"{value} points for {what}", value)
    for a in s.accelerations:
        _one_decimal(f"player {a.player}: {a.points} virtual points", a.points)
    for p in t.players:
        pending = t.pending.get(p.id)
        score = t.score(p.id) + (s.points.points(pending.code) if pending is not None else 0)
        _one_decimal(f"player {p.id}: a score of {score}", score)
    ids = sorted(p.id for p in t.players)
    if ids != list(range(1, len(ids) + 1)):
        missing = min(set(range(1, max(ids) + 1)) - set(ids))
        raise ExportError(f"bbpPairings reads pairing numbers 1 to {len(ids)} without a gap, and {missing} is "
                          "missing (sort the pairing numbers first); nothing written")
    return replace(t, pending={pid: ZERO_BYE if e.code is ResultCode.ABSENT else e for pid, e in t.pending.items()})


def _warn_if_192_left_out(t: Tournament, text: str, warnings: list[str]) -> None:
    """bbpPairings refuses a whole file over a system it does not pair: 192 is left out, and the arbiter told."""
    written = render("192", t, dialect="trf26")
    if written and not any(line.startswith("192 ") for line in text.splitlines()):
        warnings.append(f"record 192 ({written[0][4:]}) left out: bbpPairings pairs only the Dutch and "
                        "Burstein systems")


def _one_decimal(what: str, value) -> None:
    if value != round(value, 1):
        raise ExportError(f"bbpPairings reads points with one decimal at most: {what} cannot be written; "
                          "nothing written")


def _header_line(line: str, warnings: list[str]) -> str:
    fixed = _one_line(line)
    if fixed != line:
        warnings.append(f"record {line[:3]}: line breaks and control characters written as spaces")
    return fixed


def _one_line(text: str) -> str:
    return CONTROL.sub(" ", text)
