"""The prize list as rows and notes: what the prizes command, the published list and the prize screen all show.

Kept apart from :mod:`swisstui.outputs.prize_sheets` (which builds the published list)
so that the screen can show the same rows without reaching the publishing code.
"""

from __future__ import annotations

from typing import Any

from swisstui.store.event import Event
from swisstui.outputs.prize_report import PrizeReport
from swisstui.language import N_, _
from swisstui.language.formats import score_text

TIE_RULE_NOTES = {
    "tiebreak": N_("Tied players take the prizes in tie-break order."),
    "shared": N_("Tied prize winners share the money of their places equally (also across the last prize)."),
    "hort": N_("Hort system: tied prize winners keep half of their place's money and share the other halves equally."),
}


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
                "paid_text": award.label if award else _("not awarded"),
                "shared_with": list(award.shared_with) if award else [],
            })
    return out


ELIGIBILITY_NOTES = {
    "not-withdrawn": N_("A player who withdrew is not eligible for prizes (the event's regulations)."),
    "every-round": N_("Only players who played every round are eligible for prizes (the event's regulations)."),
}


def not_eligible_lines(event: Event, report: PrizeReport) -> list[str]:
    """The rule the regulations set and each player it excludes, best placed first: ``not eligible: 4 Dee
    (3.5): withdrew after round 3``, so that a prize passed down the list can be explained."""
    if event.prizes.eligible == "all":
        return []
    order = [row.player for row in report.standings.rows if row.player in report.not_eligible]
    points = {row.player: row.points for row in report.standings.rows}
    return [_(ELIGIBILITY_NOTES[event.prizes.eligible])] + [
        _("not eligible: {number} {name} ({points}): {why}").format(
            number=pid, name=event.player(pid).name, points=score_text(points[pid]), why=report.not_eligible[pid])
        for pid in order]
