"""The event's details (city, dates, arbiters, time control, round dates, bye limit) as text and back,
and as the TRF header records the rating report needs (012-132).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from engine.trf.fields import text_problem
from swisstui.language import _
from swisstui.store import event as ev


class DetailsError(ValueError):
    """A field of the details that does not read; the text names the field."""


@dataclass
class Details:
    """What the details screen sets: the name, the report's facts, the bye limit and the round dates."""

    name: str
    info: ev.EventInfo
    bye_limit: int | None = None
    round_dates: dict[int, dt.date | None] = field(default_factory=dict)


def as_text(event: ev.Event) -> dict[str, str]:
    """Every field as the details screen shows it (deputies separated by ``;``, dates ``YYYY-MM-DD``)."""
    info = event.info
    values = {
        "name": event.name, "city": info.city, "federation": info.federation,
        "start": info.start.isoformat() if info.start else "", "end": info.end.isoformat() if info.end else "",
        "chief_arbiter": info.chief_arbiter, "deputy_arbiters": "; ".join(info.deputy_arbiters),
        "time_control": info.time_control, "bye_limit": "" if event.bye_limit is None else str(event.bye_limit),
    }
    for n in range(1, event.settings.rounds + 1):
        rnd = event.round(n)
        values[f"round-{n}"] = rnd.date.isoformat() if rnd is not None and rnd.date else ""
    return values


def _date(text: str, label: str) -> dt.date | None:
    text = text.strip()
    if not text:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise DetailsError(_("{label}: a date like 2026-03-14, not {text}").format(
                label=label, text=repr(text))) from None


def parse(values: dict[str, str], rounds: int) -> Details:
    """The screen's text read into :class:`Details`; :class:`DetailsError` names the first bad field."""
    for key, text in values.items():
        problem = text_problem(text)
        if problem is not None:  # TRF records 012-132 and the screens hold one line of text
            raise DetailsError(f"{key.replace('_', ' ').capitalize()}: {problem}")
    name = values.get("name", "").strip()
    if not name:
        raise DetailsError(_("Name: the event needs a name"))
    federation = values.get("federation", "").strip().upper()
    if federation and (len(federation) != 3 or not federation.isalpha()):
        raise DetailsError(_("Federation: three letters, e.g. NOR"))
    start, end = _date(values.get("start", ""), "Start"), _date(values.get("end", ""), "End")
    if start and end and end < start:
        raise DetailsError(_("End: the event ends ({end}) before it starts ({start})").format(end=end, start=start))
    limit_text = values.get("bye_limit", "").strip()
    if limit_text and not limit_text.isdigit():
        raise DetailsError(_("Bye limit: a number of byes (0 or more), or empty for no limit"))
    dates = {n: _date(values.get(f"round-{n}", ""), f"Round {n} date") for n in range(1, rounds + 1)}
    info = ev.EventInfo(
        city=values.get("city", "").strip(), federation=federation, start=start, end=end,
        chief_arbiter=values.get("chief_arbiter", "").strip(),
        deputy_arbiters=[d.strip() for d in values.get("deputy_arbiters", "").split(";") if d.strip()],
        time_control=values.get("time_control", "").strip(),
    )
    return Details(name=name, info=info, bye_limit=int(limit_text) if limit_text else None, round_dates=dates)


def field_label(key: str) -> str:
    """A field's name as the details screen labels it (``round-3`` is "Round 3 date")."""
    if key.startswith("round-"):
        return f"Round {key.removeprefix('round-')} date"
    return {"deputy_arbiters": "Deputies"}.get(key, key.replace("_", " ").capitalize())


def changes_text(before: dict[str, str], after: dict[str, str]) -> str:
    """What a save changed, field by field (``City: Oslo -> Bergen``), for the event's history.

    The history is where an arbiter looks to learn who changed the dates or the arbiters and
    from what: "details" alone would not say. An empty field is written ``(none)``.
    """
    said = [f"{field_label(key)}: {before.get(key, '') or '(none)'} -> {after[key] or '(none)'}"
            for key in after if after[key] != before.get(key, "")]
    return "; ".join(said) or "nothing changed"


def apply(event: ev.Event, details: Details) -> None:
    event.name = details.name
    event.info = details.info
    event.bye_limit = details.bye_limit
    for number, date in details.round_dates.items():
        rnd = event.round(number)
        if rnd is None and date is None:
            continue
        (rnd or event.ensure_round(number)).date = date


# -- TRF header records ----------------------------------------------------------------------


def trf_header(event: ev.Event) -> list[str]:
    """The tournament-description records 012-132 of the TRF format, for what the event records.

    062 and 072 (players, rated players) are counted from the players; 092 (type
    of tournament, which the rating report needs) is what the event says, else
    ``Individual: Swiss-System``, the system itself going in record 192; 132
    carries one date per round (``YY/MM/DD`` in columns 92-99, 102-109, ...).
    """
    info = event.info
    lines = [f"012 {event.name}"]
    for code, value in (("022", info.city), ("032", info.federation),
                        ("042", _trf_date(info.start)), ("052", _trf_date(info.end))):
        if value:
            lines.append(f"{code} {value}")
    lines.append(f"062 {len(event.players)}")
    lines.append(f"072 {sum(1 for p in event.players if p.rating)}")
    lines.append(f"092 {info.tournament_type or ev.TOURNAMENT_TYPE}")
    if info.chief_arbiter:
        lines.append(f"102 {info.chief_arbiter}")
    lines.extend(f"112 {deputy}" for deputy in info.deputy_arbiters)
    if info.time_control:
        lines.append(f"122 {info.time_control}")
    dates = [rnd.date for rnd in sorted(event.rounds, key=lambda r: r.number)]
    if any(dates):
        record = "132" + " " * 88
        for rnd in sorted(event.rounds, key=lambda r: r.number):
            column = 91 + 10 * (rnd.number - 1)
            text = rnd.date.strftime("%y/%m/%d") if rnd.date else "        "
            record = record.ljust(column) + text
        lines.append(record.rstrip())
    return lines


FIDE_ID = re.compile(r"\d{4,}")
"""An arbiter's FIDE ID within the arbiter's line (FIDE's rating report wants it beside the name)."""


def missing_for_rating_report(event: ev.Event, through_round: int) -> list[str]:
    """The header records FIDE's rating report needs that the event cannot fill yet, one phrase each.

    The TRF file is the rating report (FIDE Rating Regulations B.02, tournament report): 022 city, 032
    federation, 042/052 start and end dates, 102/112 the chief arbiter and deputies with their FIDE IDs,
    122 the time control, 132 the date of every round written (``through_round`` rounds). Nothing here
    stops an export: the file is written, and the arbiter hears what to add on the details screen.
    """
    info = event.info
    missing = [what for what, value in (("022 city", info.city), ("032 federation", info.federation),
                                        ("042 start date", info.start), ("052 end date", info.end)) if not value]
    if not info.chief_arbiter:
        missing.append("102 chief arbiter (name and FIDE ID)")
    elif not FIDE_ID.search(info.chief_arbiter):
        missing.append(f"102 chief arbiter's FIDE ID ({info.chief_arbiter})")
    missing.extend(f"112 deputy arbiter's FIDE ID ({deputy})" for deputy in info.deputy_arbiters
                   if not FIDE_ID.search(deputy))
    if not info.time_control:
        missing.append("122 time control")
    dated = {rnd.number for rnd in event.rounds if rnd.date}
    undated = [n for n in range(1, through_round + 1) if n not in dated]
    if undated:
        missing.append(f"132 round dates (round{'s' if len(undated) > 1 else ''} {_spans(undated)})")
    return missing


def _spans(numbers: list[int]) -> str:
    """1, 2, 3, 5 as ``1-3, 5``."""
    parts: list[str] = []
    for n in numbers:
        if parts and parts[-1].split("-")[-1] == str(n - 1):
            parts[-1] = f"{parts[-1].split('-')[0]}-{n}"
        else:
            parts.append(str(n))
    return ", ".join(parts)


def _trf_date(value: dt.date | None) -> str:
    return value.strftime("%Y/%m/%d") if value else ""


def read_trf_header(lines, event: ev.Event) -> None:
    """Fill the event's details from a TRF file's records 022-132 (an import keeps what the file says)."""
    info = event.info
    for line in lines:
        if not isinstance(line, str) or len(line) < 4:
            continue
        code, value = line[:3], line[4:].strip()
        if code == "022":
            info.city = value
        elif code == "032":
            info.federation = value[:3].upper()
        elif code in ("042", "052"):
            try:
                day = dt.datetime.strptime(value[:10], "%Y/%m/%d").date()
            except ValueError:
                continue
            if code == "042":
                info.start = day
            else:
                info.end = day
        elif code == "092":
            info.tournament_type = "" if value == ev.TOURNAMENT_TYPE else value  # "": what export writes anyway
        elif code == "102":
            info.chief_arbiter = value
        elif code == "112":
            info.deputy_arbiters.append(value)
        elif code == "122":
            info.time_control = value
        elif code == "132":
            for rnd in event.rounds:
                start = 91 + 10 * (rnd.number - 1)
                text = line[start:start + 8].strip()
                try:
                    rnd.date = dt.datetime.strptime(text, "%y/%m/%d").date()
                except ValueError:
                    continue
