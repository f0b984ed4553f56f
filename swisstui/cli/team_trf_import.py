"""``swisstui import FILE.trf`` of a team TRF-2026 file: a team event, with its teams, rosters and every round.

Record 192 names the system: a code of the catalogue's team entry (``FIDE_TEAM...``, C.04.6) makes the
file a team file, read whole and checked by :func:`engine.trf.team_load.read_team_document`; any other
file goes the individual way, as before. A file that does not read is one error naming the file, the
line and the columns, and nothing is written.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from swisstui.cli.errors import EXIT_BAD_INPUT, EXIT_OK, EXIT_USAGE, CliError


def team_file_text(path: Path) -> str | None:
    """The file's text when its record 192 names a system of teams; None otherwise (or when unreadable:
    the individual path says what is wrong with the file, as it always has)."""
    from engine import systems

    try:
        text = path.read_text(encoding="latin-1")
    except OSError:
        return None
    named = next((line[4:].strip() for line in text.splitlines() if line.startswith("192 ")), "")
    info = systems.find(named)
    if info is None or info.unit is not systems.Unit.TEAM:
        return None
    return text


def import_team_trf(args: argparse.Namespace, text: str,
                    save: Callable[[object, Path, bool, dict[Path, str]], None]) -> int:
    """Read the team file ``args.trf`` (its ``text``) and save the team event at ``args.output`` by ``save``."""
    import dataclasses

    from engine import systems
    from engine.trf.errors import TrfError
    from engine.trf.team_load import read_team_document
    from swisstui.store.team_import import event_from_team_document

    try:
        doc = read_team_document(text, source=str(args.trf))
    except TrfError as err:
        raise CliError(str(err), EXIT_BAD_INPUT) from None
    t = doc.tournament
    if args.rounds is not None:
        least = max(1, t.rounds_played)
        if args.rounds < least:
            raise CliError(f"--rounds {args.rounds}: the file records {least} round(s)", EXIT_USAGE)
        doc = dataclasses.replace(doc, tournament=dataclasses.replace(t, total_rounds=args.rounds))
        t = doc.tournament
    elif t.total_rounds < 1:
        raise CliError(f"{args.trf}: the file does not say how many rounds the event has (no 142 record): "
                       "give --rounds N", EXIT_USAGE)
    named = next(line[4:].strip() for line in text.splitlines() if line.startswith("192 "))
    system = systems.get(named).id
    name = args.name or doc.header.name or args.trf.stem
    try:
        event = event_from_team_document(doc, name, system)
    except ValueError as err:
        raise CliError(f"{args.trf}: {err}", EXIT_BAD_INPUT) from None
    from swisstui.store.details import read_trf_header

    read_trf_header(_header_lines(text), event)
    save(event, args.output, args.force, {args.trf: "the TRF file being imported"})
    print(f"imported {args.trf} -> {args.output}: {len(t.teams)} teams, {len(doc.players)} players, "
          f"{t.rounds_played} rounds played")
    return EXIT_OK


def _header_lines(text: str) -> list[str]:
    """Records 022-132, which the individual import reads into the event's details the same way."""
    return [line for line in text.splitlines() if line[:3] in ("022", "032", "042", "052", "092", "102", "112",
                                                               "122", "132")]
