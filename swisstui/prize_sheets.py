"""The prize list as a published list (:class:`swisstui.sheet.Sheet`).

The ``prizes`` command writes it as text, CSV or JSON and ``publish`` as a page
of each round; every figure comes from :mod:`swisstui.prize_report`, which hands
the work to the engine.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from engine.awards.prizes import money_text
from engine.model.explain import points_text
from swisstui.event import Event
from swisstui.prize_report import PrizeReport, prize_report
from swisstui.publish_index import event_line
from swisstui.sheet import Sheet

TIE_RULE_NOTES = {
    "tiebreak": "Tied players take the prizes in tie-break order.",
    "shared": "Tied prize winners share the money of their places equally (also across the last prize).",
    "hort": "Hort system: tied prize winners keep half of their place's money and share the other halves equally.",
}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def prize_rows(event: Event, report: PrizeReport) -> list[dict[str, Any]]:
    """Every prize of every list with its winner (``None`` when nobody could win it), and the pool's extra members."""
    points = {row.player: row.points for row in report.standings.rows}
    by_prize = {(a.list_title, a.prize.place): a for a in report.awards}
    out = []
    for plist in event.prizes.lists():
        extra = sorted((a for a in report.awards if a.list_title == plist.title and a.prize.place > len(plist.prizes)),
                       key=lambda a: a.prize.place)
        for prize in (*plist.prizes, *(a.prize for a in extra)):
            award = by_prize.get((plist.title, prize.place))
            out.append({
                "list": plist.title, "place": prize.place, "prize": prize.label() or "-",
                "prize_amount": prize.amount, "prize_name": prize.name,
                "player": award.player if award else None,
                "name": event.player(award.player).name if award else "",
                "points": points[award.player] if award else None,
                "paid": award.amount if award else None,
                "paid_text": award.label if award else "not awarded",
                "shared_with": list(award.shared_with) if award else [],
            })
    return out


ELIGIBILITY_NOTES = {
    "not-withdrawn": "A player who withdrew is not eligible for prizes (the event's regulations).",
    "every-round": "Only players who played every round are eligible for prizes (the event's regulations).",
}


def not_eligible_lines(event: Event, report: PrizeReport) -> list[str]:
    """The rule the regulations set and each player it excludes, best placed first: ``not eligible: 4 Dee
    (3.5): withdrew after round 3``, so that a prize passed down the list can be explained."""
    if event.prizes.eligible == "all":
        return []
    order = [row.player for row in report.standings.rows if row.player in report.not_eligible]
    points = {row.player: row.points for row in report.standings.rows}
    return [ELIGIBILITY_NOTES[event.prizes.eligible]] + [
        f"not eligible: {pid} {event.player(pid).name} ({points_text(points[pid])}): {report.not_eligible[pid]}"
        for pid in order]


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
