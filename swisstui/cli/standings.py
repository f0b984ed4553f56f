"""The ``standings`` and ``publish`` commands: the event's results leave the app.

``standings`` prints the standings after any round of an event file or a TRF
file, for people (text) and for programs (CSV, JSON); the CSV header is
``rank,number,name,points``, then one column per tie-break, named as the
list gave it, then the rating figures ``rating,rated_games,aro,performance,k,rating_change``.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
from decimal import Decimal
from pathlib import Path

from swisstui.cli.errors import EXIT_BAD_INPUT, EXIT_FILE, EXIT_OK, EXIT_USAGE, CliError
from swisstui.cli.commands import _load_event, _read_trf, _refuse_early, _write_text
from swisstui.cli.page_language import pages_language


def _event_of(path: Path):
    """An event file, or a TRF file read as an event (its 202 list, if any, is the default list)."""
    if path.suffix.lower() == ".trf":
        from swisstui.store.event import Event

        doc = _read_trf(path)
        t = doc.pairing_tournament()
        try:
            return Event.from_tournament(t, name=t.name or path.stem)
        except ValueError as err:
            raise CliError(f"{path}: {err}", EXIT_BAD_INPUT) from None
    return _load_event(path)


def _number(tb, value) -> int | float | None:
    v = value.value
    if v is None or (tb.acronym == "DE" and v == 0):
        return None
    if isinstance(v, int):
        return v
    return float(v.quantize(Decimal("0.01")) if tb.acronym == "AOB" else v)


RATING_COLUMNS = ("rating", "rated_games", "aro", "performance", "k", "rating_change")
"""The rating figures (B.02) after the tie-breaks: see docs/prizes.md."""


def _rating_cells(t, f, pid: int, plain: bool = False) -> list:
    """A player's rating figures: an unrated player has no K and no change, a player without rated games no ARO."""
    from swisstui.outputs.standings_view import signed

    change = None if f.change is None else (float(f.change) if plain else signed(f.change))
    return [t.player(pid).rating or None, f.games, f.aro, f.performance, f.k, change]


def standings_output(event, after: int | None, tiebreaks: str | None, fmt: str) -> str:
    from engine.awards.ratings import event_ratings
    from engine.awards.standings import standings
    from swisstui.outputs.prize_report import event_year
    from engine.tiebreaks import TieBreakError
    from swisstui.outputs.publish import standings_sheet, to_text

    t = event.to_tournament()
    n = t.rounds_played if after is None else after
    if not 0 <= n <= max(t.rounds_played, 0):
        raise CliError(f"--round {n}: the event has {t.rounds_played} rounds paired", EXIT_USAGE)
    given = None if tiebreaks is None else [c.strip() for c in tiebreaks.split(",") if c.strip()]
    try:
        s = standings(t, n, tiebreaks=given)
    except TieBreakError as err:
        raise CliError(f"--tiebreaks: {err}" if given is not None else str(err), EXIT_USAGE) from None
    names = given if given is not None else [tb.code for tb in s.tiebreaks]
    names = [c for c in names if c.upper() != "PTS"]
    figures = event_ratings(t, n, year=event_year(event))
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["rank", "number", "name", "points", *names, *RATING_COLUMNS])
        for row in s.rows:
            w.writerow([row.rank, row.player, t.player(row.player).name, f"{row.points.normalize():f}",
                        *(("" if _number(tb, v) is None else _number(tb, v)) for tb, v in zip(s.tiebreaks, row.values)),
                        *("" if v is None else v for v in _rating_cells(t, figures[row.player], row.player))])
        return buf.getvalue()
    if fmt == "json":
        doc = {
            "event": event.name, "after_round": n, "edition": s.edition.value, "tiebreaks": names,
            "standings": [
                {"rank": row.rank, "number": row.player, "name": t.player(row.player).name,
                 "points": float(row.points),
                 "tiebreaks": {name: _number(tb, v) for name, tb, v in zip(names, s.tiebreaks, row.values)},
                 "rating": dict(zip(RATING_COLUMNS, _rating_cells(t, figures[row.player], row.player, plain=True)))}
                for row in s.rows
            ],
        }
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    if n == 0:
        return f"{event.name}: no round paired yet\n"
    if given is not None:
        from dataclasses import replace
        event.settings = replace(event.settings, tiebreaks=tuple(names))
    return to_text(standings_sheet(event, n))


def cmd_standings(args: argparse.Namespace) -> int:
    reading = {args.input: "the file the standings are read from"}
    output = getattr(args, "output", None)
    if output is not None and str(output) != "-":
        _refuse_early(output, reading)
    event = _event_of(args.input)
    if event.team is not None and not getattr(args, "players", False):  # the teams' (C.04.6 art. 1.2's scores)
        _write_text(output, _team_standings(event, args), reading)
        return EXIT_OK
    _write_text(output, standings_output(event, args.round, args.tiebreaks, args.format), reading)
    return EXIT_OK


def _team_standings(event, args: argparse.Namespace) -> str:
    from swisstui.outputs.team_standings import team_standings_output

    if args.tiebreaks is not None:  # another list than the event's, checked as the settings check it
        from dataclasses import replace

        from engine.tiebreaks import TieBreakError
        from swisstui.store.event_tiebreaks import written_codes

        try:
            codes = written_codes(args.tiebreaks, event.settings.system)
        except TieBreakError as err:
            raise CliError(f"--tiebreaks: {err}", EXIT_USAGE) from None
        event.settings = replace(event.settings, tiebreaks=codes)
    if args.round is not None and not 0 <= args.round <= event.rounds_paired:
        raise CliError(f"--round {args.round}: the event has {event.rounds_paired} rounds paired", EXIT_USAGE)
    return team_standings_output(event, args.round, args.format)


def cmd_publish(args: argparse.Namespace) -> int:
    from swisstui.outputs.publish import publish

    event = _load_event(args.event)
    if args.language:  # this run only: the event file keeps its own setting
        event.language = pages_language(args.language)
    try:
        written = publish(event, args.to, args.round, url=args.url)
    except ValueError as err:  # a round not paired, or a folder swisstui keeps (file_writer.Refused)
        raise CliError(str(err), EXIT_USAGE) from None
    except OSError as err:
        raise CliError(f"{args.to}: {err.strerror or err}", EXIT_FILE) from None
    print(f"published round {written[0].name.split('-')[1]} of {args.event}: {len(written)} files in {args.to}")
    return EXIT_OK
