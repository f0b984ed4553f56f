"""The ``norms`` command: each player's FIDE title norms after a round (B.01 1.4), for people and programs.

Text lists the norms made and those still reachable (``--all``: every player's, with the
condition that failed); CSV one row per player and norm; JSON the same with each
condition and, for a norm made, the norm report form's data.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from swisstui.cli.commands import _load_event, _refuse_early, _write_text
from swisstui.cli.errors import EXIT_OK, EXIT_USAGE, CliError


def add_norms_command(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("norms", help="FIDE title norms (B.01): made, still reachable with the score needed, or out "
                       "of reach with the condition that failed; the norm report form's data in the JSON")
    p.add_argument("event", type=Path, help="the event file (TOML)")
    p.add_argument("--round", type=int, help="after this round (default: the last paired)")
    p.add_argument("--format", choices=("text", "csv", "json"), default="text",
                   help="text (default): the norms made and reachable; csv; json (with the report form's data)")
    p.add_argument("--all", action="store_true", help="text: every player's norms, the ones out of reach too")
    p.add_argument("-o", "--output", type=Path,
                   help="the file to write (default: standard output)")


def cmd_norms(args: argparse.Namespace) -> int:
    from swisstui.outputs import norms_report

    reading = {args.event: "the event file the norms are read from"}
    if args.output is not None and str(args.output) != "-":
        _refuse_early(args.output, reading)
    event = _load_event(args.event)
    t = event.to_tournament()
    after = t.rounds_played if args.round is None else args.round
    if not 0 <= after <= t.rounds_played:
        raise CliError(f"--round {after}: the event has {t.rounds_played} rounds paired", EXIT_USAGE)
    if args.format == "csv":
        text = norms_report.as_csv(event, t, after)
    elif args.format == "json":
        text = norms_report.as_json(event, t, after)
    else:
        text = norms_report.as_text(event, t, after, all_players=args.all)
    _write_text(args.output, text, reading)
    return EXIT_OK
