"""The title norms made in an event, as a published list of the final round (``round-N-norms``).

Published with the last round only, and only by an event of nine rounds or more (B.01 1.4.1 (a); an eight-round norm by
1.4.1 (d) is left to `swisstui norms`): a norm is made over the event's games, and a
list of norms still reachable would change with every result. Each norm made is a
row (the player, the norm, games, points, Ra, Rp); the notes say the regulations, the
host federation and, when no norm was made, so. The figures are :mod:`engine.norms`'s,
as ``swisstui norms`` prints them.
"""

from __future__ import annotations

from decimal import Decimal

from engine.norms import Status
from swisstui.language import _
from swisstui.language.formats import score_text
from swisstui.outputs.norms_report import verdicts
from swisstui.outputs.publish_index import event_line
from swisstui.outputs.sheet import Sheet
from engine.norms.rules import MIN_GAMES, REGULATIONS
from swisstui.store.event import Event

COLUMNS = ["No", "Name", "Fed", "FIDE ID", "Norm", "Games", "Pts", "Ra", "Rp"]


def norms_sheet(event: Event, n: int) -> Sheet | None:
    """The norms made after round ``n``, when ``n`` is the event's last round; None before it, and for an event
    too short for any norm (fewer rounds than the nine games of B.01 1.4.1 (a))."""
    if n != event.settings.rounds or event.settings.rounds < MIN_GAMES:
        return None
    t = event.to_tournament(through_round=n)
    made = [v for v in verdicts(event, t, n) if v.status is Status.MADE]
    rows, csv_rows = [], []
    for v in made:
        p = t.player(v.player)
        common = [str(v.player), p.name, p.federation, str(p.fide_id or ""), v.norm, str(len(v.games))]
        rows.append([*common, score_text(Decimal(v.score.numerator) / v.score.denominator), str(v.ratings.average),
                     str(v.performance)])
        csv_rows.append([*common, f"{float(v.score):g}", str(v.ratings.average), str(v.performance)])
    host = event.info.federation.strip().upper() or _("not set")
    notes = [_("Title norms by the {regulations}; host federation {federation}.").format(
                 regulations=_(REGULATIONS), federation=host),
             _("Each norm is subject to the FIDE Qualification Commission's confirmation.")]
    if not made:
        notes.insert(0, _("No title norm was made in this event."))
    return Sheet("norms", _("{event} · title norms").format(event=event.name), COLUMNS, rows, notes,
                 numeric={0, 5, 6, 7, 8},
                 csv_rows=csv_rows, round=n, subtitle=event_line(event))
