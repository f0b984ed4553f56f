"""The ``prizes`` command: who wins which prize, or the standings of one category, after any round.

Before the last round is complete the list is marked provisional. ``--format csv``
writes the header ``list,place,prize_amount,prize_name,number,name,points,paid,shared_with``;
``--category NAME`` writes that category's standings instead (``category_rank``
first, then the columns of ``swisstui standings``' sheet).
"""

from __future__ import annotations

import argparse
import json

from swisstui.cli_commands import _load_event, _write_text
from swisstui.cli_errors import EXIT_OK, EXIT_USAGE, CliError


def prizes_output(event, after: int | None, category: str | None, fmt: str) -> str:
    from swisstui.prize_sheets import category_sheet, json_number, prizes_sheet
    from swisstui.publish import to_csv, to_text

    paired = event.rounds_paired
    n = paired if after is None else after
    if not 1 <= n <= paired:
        raise CliError(f"--round {n}: the event has {paired} rounds paired", EXIT_USAGE)
    if category is not None:
        try:
            sheet, members = category_sheet(event, category, n)
        except KeyError:
            known = ", ".join(c.category.name for c in event.prizes.categories) or "none defined"
            raise CliError(f"--category {category!r}: no such category (the event's: {known})", EXIT_USAGE) from None
        if fmt == "json":
            rows = sheet.csv_rows or sheet.rows
            doc = {"event": event.name, "after_round": n, "category": sheet.title.split(" · ")[1],
                   "standings": [{"category_rank": int(r[0]), "rank": int(r[1]), "number": int(r[2]), "name": r[3],
                                  "points": float(r[6])} for r in rows]}
            return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
        return to_csv(sheet) if fmt == "csv" else to_text(sheet)
    sheet, report, rows = prizes_sheet(event, n)
    if fmt == "csv":
        sheet.columns = ["list", "place", "prize_amount", "prize_name", "number", "name", "points", "paid", "shared_with"]
        return to_csv(sheet)
    if fmt == "json":
        doc = {"event": event.name, "after_round": n, "provisional": report.provisional,
               "tie_rule": event.prizes.tie_rule, "prefer": event.prizes.prefer,
               "prizes": [{"list": r["list"], "place": r["place"], "prize_amount": json_number(r["prize_amount"]),
                           "prize_name": r["prize_name"], "number": r["player"], "name": r["name"] or None,
                           "points": json_number(r["points"]), "paid": json_number(r["paid"]),
                           "shared_with": r["shared_with"]} for r in rows]}
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    return to_text(sheet)


def cmd_prizes(args: argparse.Namespace) -> int:
    from pathlib import Path

    event = _load_event(Path(args.event))
    _write_text(None, prizes_output(event, args.round, args.category, args.format))
    return EXIT_OK
