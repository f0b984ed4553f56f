"""The standings of an event after any round: points, then the event's tie-breaks in order.

This is the one place that orders players for a standings table, a cross-table
or a published list, so the screen, the command line and the published pages
always agree. A round robin's results are read as its regulations count a
withdrawal or an absence (``roundrobin_results.regulated``). Points are the real points of the rounds taken into account:
acceleration's virtual points are a pairing device and never appear here.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from engine.awards.roundrobin_results import regulated
from engine.model.catalogue import is_round_robin
from engine.model.tournament import Tournament
from engine.tiebreaks import Crosstable, Edition, TieBreak, Value, parse_list, rank


@dataclass(frozen=True)
class Row:
    rank: int  # players still tied after the whole list share it
    player: int
    points: Decimal
    values: tuple[Value, ...]  # one per tie-break, in list order


@dataclass(frozen=True)
class Standings:
    after_round: int
    tiebreaks: tuple[TieBreak, ...]
    edition: Edition
    rows: tuple[Row, ...]
    crosstable: Crosstable

    def row(self, player: int) -> Row:
        return next(r for r in self.rows if r.player == player)

    @property
    def rank_of(self) -> dict[int, int]:
        return {r.player: r.rank for r in self.rows}


def standings(t: Tournament, after_round: int | None = None, tiebreaks: str | tuple[str, ...] | list[str] | None = None,
              edition: Edition | str | None = None) -> Standings:
    """Standings after ``after_round`` (default: every round paired so far).

    ``tiebreaks`` defaults to the event's list (``Settings.tiebreaks``) and
    ``edition`` to the event's (``Settings.tiebreak_edition``); both raise
    :class:`engine.tiebreaks.TieBreakError` when C.07 does not define them.
    """
    t = regulated(t)  # a round robin's withdrawals and absences as its regulations count them
    after = t.rounds_played if after_round is None else after_round
    if not 0 <= after <= max(t.rounds_played, t.settings.rounds):
        raise ValueError(f"no round {after} in an event of {t.settings.rounds} rounds")
    tbs = parse_list(t.settings.tiebreaks if tiebreaks is None else tiebreaks)
    ed = edition if isinstance(edition, Edition) else Edition.parse(edition or t.settings.tiebreak_edition)
    ct = Crosstable(t, after, edition=ed, round_robin=is_round_robin(t.settings.system))
    ranked = rank(ct, tbs)
    rows = tuple(Row(ranked.rank[p], p, ct.score[p], ranked.values[p]) for p in ranked.order)
    return Standings(after, tbs, ed, rows, ct)
