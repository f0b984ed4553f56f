"""The prize screen's rows: who wins which prize, and the standings of one category, as text cells.

The figures are those of ``swisstui prizes`` and the published prize list
(:mod:`swisstui.outputs.prize_sheets`): one computation, three ways of showing it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.explain import points_text
from swisstui.language import N_, _, ngettext
from swisstui.store.event import Event
from swisstui.outputs.prize_report import PrizeReport, category_members, prize_report
from swisstui.outputs.prize_lines import TIE_RULE_NOTES, not_eligible_lines, prize_rows
from swisstui.outputs.standings_view import rank_texts

PRIZE_LABELS = (N_("List"), N_("Pl"), N_("Prize"), N_("No"), N_("Name"), N_("Pts"), N_("Paid"), N_("Tie"))
CATEGORY_LABELS = (N_("Cat"), N_("Rk"), N_("No"), N_("Name"), N_("Rtg"), N_("Born"), N_("Pts"))
"""The columns, in English as the screen's code finds them ("Name"); shown through the catalogue."""


@dataclass(frozen=True)
class PrizeView:
    """One view of the screen: its title, columns, rows and the lines under the table."""

    title: str
    labels: tuple[str, ...]
    rows: list[tuple[str, ...]]
    notes: list[str]


def views(event: Event) -> list[str]:
    """The views the screen steps through: the prize list, then each category's standings."""
    return ["prizes", *(c.category.name for c in event.prizes.categories)]


def _tie_text(rule: str, pool: int) -> str:
    """How a paid amount came about when tied players pooled their prizes: ``shared 3``, ``Hort 3``."""
    if pool < 2:
        return ""
    return (_("Hort {count}") if rule == "hort" else _("shared {count}")).format(count=pool)


def _status(event: Event, report: PrizeReport) -> str:
    n, total = report.after_round, event.settings.rounds
    if report.provisional:
        if n < total:
            return _("provisional after round {round} of {rounds}: prizes are decided after the last round").format(
                round=n, rounds=total)
        return _("provisional after round {round} of {rounds}, results still missing: prizes are decided after "
                 "the last round").format(round=n, rounds=total)
    return _("final: after round {round} of {rounds}").format(round=n, rounds=total)


def prize_view(event: Event, after_round: int) -> PrizeView:
    """The prize list after ``after_round``: every prize, its winner and what they are paid."""
    report = prize_report(event, after_round)
    rows: list[tuple[str, ...]] = []
    # the whole field's list is titled by the engine ("Overall"); a category's by its name, as the arbiter wrote it
    overall = {plist.title for plist in event.prizes.lists() if plist.category is None}
    for r in prize_rows(event, report):
        pts = "" if r["points"] is None else points_text(r["points"])
        pool = len(r["shared_with"]) + 1 if r["player"] is not None else 0
        rows.append((_("Overall") if r["list"] in overall else r["list"], f"{r['place']}.", r["prize"], str(r["player"] or ""), r["name"], pts,
                     r["paid_text"] if r["player"] is not None else _("not awarded"), _tie_text(event.prizes.tie_rule, pool)))
    notes = [_status(event, report), *report.notes, *not_eligible_lines(event, report)]
    if rows:
        notes.append(_(TIE_RULE_NOTES[event.prizes.tie_rule]))  # the published list's sentence, in the screen's language
    else:
        notes.append(_("The event has no prizes: add [prizes] and [[categories]] to the event file (docs/prizes.md)."))
    # short: the header gives the event's name the room the title leaves
    title = (_("provisional prizes · round {round}") if report.provisional else
             _("prizes after round {round}")).format(round=after_round)
    return PrizeView(title, PRIZE_LABELS, rows, notes)


def category_view(event: Event, name: str, after_round: int) -> PrizeView:
    """The standings of category ``name`` after ``after_round``: its place, the overall rank, points."""
    report = prize_report(event, after_round)
    members = category_members(event)[name]
    ranks = rank_texts(report.standings)
    rows: list[tuple[str, ...]] = []
    place = 0
    last_rank = None
    shown_rank = ""
    for rank, row in zip(ranks, report.standings.rows):
        shown_rank = rank or shown_rank  # a shared rank is printed once overall; here every member shows it
        if row.player not in members:
            continue
        place += 1
        p = event.player(row.player)
        same = row.rank == last_rank
        last_rank = row.rank
        rows.append(("" if same else str(place), shown_rank, str(p.id), p.name + (" " + _("(w/d)") if p.withdrawn else ""),
                     str(p.rating or ""), p.birth[:4], points_text(row.points)))
    why = {pid: text for pid, text in report.not_eligible.items() if pid in members}
    notes = [_status(event, report),
             ngettext("{count} member; Cat: place in the category, Rk: place overall",
                      "{count} members; Cat: place in the category, Rk: place overall", len(rows)).format(count=len(rows))]
    notes += [_("not eligible: {number} {name}: {why}").format(number=pid, name=event.player(pid).name, why=text)
              for pid, text in sorted(why.items())]
    title = _("{category} · standings after round {round}").format(category=name, round=after_round)
    return PrizeView(title, CATEGORY_LABELS, rows, notes)
