"""The prize list as a published list (:class:`swisstui.outputs.sheet.Sheet`).

The ``prizes`` command writes it as text, CSV or JSON and ``publish`` as a page
of each round; every figure comes from :mod:`swisstui.outputs.prize_report`, which hands
the work to the engine.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from engine.awards.prizes import money_text
from engine.model.explain import points_text
from swisstui.store.event import Event
from swisstui.outputs.prize_lines import TIE_RULE_NOTES, not_eligible_lines, prize_rows
from swisstui.outputs.prize_report import PrizeReport, prize_report
from swisstui.outputs.publish_index import event_line
from swisstui.outputs.sheet import Sheet


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def prizes_sheet(event: Event, after_round: int | None = None) -> tuple[Sheet, PrizeReport, list[dict[str, Any]]]:
    report = prize_report(event, after_round)
    rows = prize_rows(event, report)
    cells, csv_cells = [], []
    for r in rows:
        common = [r["list"], _ordinal(r["place"]), r["prize"], str(r["player"] or ""), r["name"]]
        shared = " ".join(str(x) for x in r["shared_with"])
        pts = r["points"]
        cells.append([*common, "" if pts is None else points_text(pts), r["paid_text"], shared])
        csv_cells.append([r["list"], str(r["place"]), *common[2:], "" if pts is None else points_text(pts, plain=True),
                          "" if r["paid"] is None else money_text(r["paid"]), shared])
    n = report.after_round
    notes = []
    if report.provisional:
        notes.append(f"PROVISIONAL: after round {n} of {event.settings.rounds}"
                     f"{'' if n < event.settings.rounds else ', results still missing'}; prizes are decided "
                     "after the last round.")
    notes.extend(report.notes)
    notes.extend(not_eligible_lines(event, report))
    notes.append(TIE_RULE_NOTES[event.prizes.tie_rule])
    notes.append("One prize per player, the higher; a category prize equal to a place prize: "
                 f"the {event.prizes.prefer} prize is taken.")
    if not rows:
        notes.append("The event has no prizes: add [prizes] and [[categories]] to the event file (docs/prizes.md).")
    title = f"{event.name} · prizes after round {n}" + (" (provisional)" if report.provisional else "")
    sheet = Sheet("prizes", title, ["List", "Place", "Prize", "No", "Name", "Pts", "Paid", "Shared with"], cells,
                  notes, numeric={3, 5}, csv_rows=csv_cells, round=n, subtitle=event_line(event))
    return sheet, report, rows


def json_number(value: Decimal | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() else float(value)
