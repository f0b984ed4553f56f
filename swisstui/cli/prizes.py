"""The ``prizes`` command: who wins which prize, or the standings of one category, after any round.

Before the last round is complete the list is marked provisional. ``--format csv``
writes the header ``list,place,prize_amount,prize_name,number,name,points,paid,shared_with``;
``--category NAME`` writes that category's standings instead (``category_rank``
first, then the columns of ``swisstui standings``' sheet).
"""

from __future__ import annotations

import argparse
import csv
import io
import json

from swisstui.cli.commands import _load_event, _write_text
from swisstui.cli.errors import EXIT_OK, EXIT_USAGE, CliError


def prizes_output(event, after: int | None, category: str | None, fmt: str) -> str:
    from swisstui.outputs.prize_sheets import json_number, prizes_sheet
    from swisstui.outputs.publish import to_csv, to_text

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
            doc = {"event": event.name, "after_round": n, "category": event.prizes.category(category).name,
                   "standings": [{"category_rank": int(r[0]), "rank": int(r[1]), "number": int(r[2]), "name": r[3],
                                  "points": float(r[6])} for r in rows]}
            return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
        return to_csv(sheet) if fmt == "csv" else to_text(sheet)
    sheet, report, rows = prizes_sheet(event, n)
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["list", "place", "prize_amount", "prize_name", "number", "name", "points", "paid", "shared_with"])
        for r in rows:
            w.writerow([r["list"], r["place"], _plain(r["prize_amount"] or None), r["prize_name"], r["player"] or "",
                        r["name"], _plain(r["points"]), _plain(r["paid"]), " ".join(map(str, r["shared_with"]))])
        return buf.getvalue()
    if fmt == "json":
        doc = {"event": event.name, "after_round": n, "provisional": report.provisional,
               "tie_rule": event.prizes.tie_rule, "prefer": event.prizes.prefer, "eligible": event.prizes.eligible,
               "not_eligible": [{"number": pid, "name": event.player(pid).name, "why": why}
                                for pid, why in sorted(report.not_eligible.items())],
               "prizes": [{"list": r["list"], "place": r["place"], "prize_amount": json_number(r["prize_amount"]),
                           "prize_name": r["prize_name"], "number": r["player"], "name": r["name"] or None,
                           "points": json_number(r["points"]), "paid": json_number(r["paid"]),
                           "shared_with": r["shared_with"]} for r in rows]}
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    return to_text(sheet)


def category_sheet(event, name: str, after_round: int):
    """The standings of the members of category ``name`` (``KeyError`` for an unknown one): ``Cat`` is the
    place in the category, ``Rk`` the place overall."""
    from swisstui.outputs.prize_report import category_members
    from swisstui.outputs.publish import standings_sheet
    from swisstui.outputs.publish_index import event_line
    from swisstui.outputs.sheet import Sheet

    category = event.prizes.category(name)
    members = category_members(event)[category.name]
    overall = standings_sheet(event, after_round)
    keep = [i for i, row in enumerate(overall.rows) if int(row[1]) in members]
    plain = overall.csv_rows or overall.rows  # the overall rank on every row: the row above may be another's
    rows = [[str(k), plain[i][0], *overall.rows[i][1:]] for k, i in enumerate(keep, start=1)]
    csv_rows = [[str(k), *plain[i]] for k, i in enumerate(keep, start=1)]
    sheet = Sheet("standings", f"{event.name} · {category.name} · standings after round {after_round}",
                  ["Cat", *overall.columns], rows, overall.notes, numeric={0, *(i + 1 for i in overall.numeric)},
                  csv_rows=csv_rows, round=after_round, subtitle=event_line(event))
    return sheet, [int(overall.rows[i][1]) for i in keep]


def _plain(value) -> str:
    from engine.awards.prizes import money_text

    return "" if value is None else money_text(value)


def cmd_prizes(args: argparse.Namespace) -> int:
    from pathlib import Path

    event = _load_event(Path(args.event))
    _write_text(None, prizes_output(event, args.round, args.category, args.format))
    return EXIT_OK
