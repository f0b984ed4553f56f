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
from swisstui.language import N_, NC_, _, pgettext
from swisstui.language.formats import score_text


ORDINALS = {"st": NC_("ordinal", "{n}st"), "nd": NC_("ordinal", "{n}nd"), "rd": NC_("ordinal", "{n}rd"),
            "th": NC_("ordinal", "{n}th")}
"""A place by English's suffix; each language writes its own (``{n}e``, ``{n}.``, ``{n}.º``)."""


OVERALL = N_("Overall")
"""The title the engine gives the list of places without a category (:class:`engine.awards.prizes.PrizeList`)."""


def _ordinal(n: int) -> str:
    """A place as the language in force writes it: ``1st``, ``2nd``; French ``1er``, ``2e`` (the first place
    has its own entry, since many languages say it apart), German ``1.``."""
    if n == 1:
        return pgettext("ordinal, first", "{n}st").format(n=n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return pgettext("ordinal", ORDINALS[suffix]).format(n=n)


def prizes_sheet(event: Event, after_round: int | None = None) -> tuple[Sheet, PrizeReport, list[dict[str, Any]]]:
    report = prize_report(event, after_round)
    rows = prize_rows(event, report)
    cells, csv_cells = [], []
    for r in rows:
        shown_list = _(OVERALL) if r["list"] == OVERALL else r["list"]  # a category's name is the event's
        common = [shown_list, _ordinal(r["place"]), r["prize"], str(r["player"] or ""), r["name"]]
        shared = " ".join(str(x) for x in r["shared_with"])
        pts = r["points"]
        cells.append([*common, "" if pts is None else score_text(pts), r["paid_text"], shared])
        csv_cells.append([r["list"], str(r["place"]), *common[2:], "" if pts is None else points_text(pts, plain=True),
                          "" if r["paid"] is None else money_text(r["paid"]), shared])
    n = report.after_round
    notes = []
    if report.provisional:
        notes.append((_("PROVISIONAL: after round {round} of {rounds}; prizes are decided after the last round.")
                      if n < event.settings.rounds else
                      _("PROVISIONAL: after round {round} of {rounds}, results still missing; prizes are decided "
                        "after the last round.")).format(round=n, rounds=event.settings.rounds))
    notes.extend(report.notes)
    notes.extend(not_eligible_lines(event, report))
    notes.append(_(TIE_RULE_NOTES[event.prizes.tie_rule]))
    notes.append(_("One prize per player, the higher; a category prize equal to a place prize: the category prize "
                   "is taken.") if event.prizes.prefer == "category" else
                 _("One prize per player, the higher; a category prize equal to a place prize: the place prize "
                   "is taken."))
    if not rows:
        notes.append(_("The event has no prizes: add [prizes] and [[categories]] to the event file (docs/prizes.md)."))
    title = (_("{event} · prizes after round {round} (provisional)") if report.provisional
             else _("{event} · prizes after round {round}")).format(event=event.name, round=n)
    sheet = Sheet("prizes", title, ["List", "Place", "Prize", "No", "Name", "Pts", "Paid", "Shared with"], cells,
                  notes, numeric={3, 5}, csv_rows=csv_cells, round=n, subtitle=event_line(event))
    return sheet, report, rows


def json_number(value: Decimal | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() else float(value)
