"""Team standings: the primary score, then the event's tie-break list (C.07 art. 4.2, 12, 13).

    from engine.tiebreaks.team_order import team_standings
    from engine.tiebreaks.team_spec import parse_team_list
    standings = team_standings(tt, parse_team_list("EDE,MPvGP,BH,EMGSB"))

Teams are ranked as players are (:mod:`engine.tiebreaks.order`): the first
tie-break splits every group on equal primary score, the next one every group
still tied, and so on; the tie-breaks decided inside a group (DE, EDE, TBR, BBE)
are computed for each group, the others once for every team. Teams still tied at
the end share their rank (drawing lots is for people). The primary score is the
event's (C.04.6(2026) art. 1.2, TRF record 192): match points or game points.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from engine.model.team_tournament import Score, TeamTournament
from engine.tiebreaks import direct
from engine.tiebreaks.order import _split
from engine.tiebreaks.spec import Edition
from engine.tiebreaks.team_crosstable import TeamCrosstable
from engine.tiebreaks.team_spec import TeamTieBreak
from engine.tiebreaks.team_values import (
    Crosstables,
    bbe_key,
    bc,
    board_points,
    ede_chain_order,
    ede_order,
    esb,
    mpvgp,
    other,
    split_by,
    sssc,
    tbr_key,
)
from engine.tiebreaks.values import COMPUTE, Number, Table, Value


@dataclass(frozen=True)
class TeamStandings:
    """Teams best first, each with a rank (ties share it), its two scores and one value per tie-break."""

    primary: Score
    tiebreaks: tuple[TeamTieBreak, ...]
    order: tuple[int, ...]
    rank: dict[int, int]
    score: dict[int, Decimal]
    secondary: dict[int, Decimal]
    values: dict[int, tuple[Value, ...]]


def crosstables(tt: TeamTournament, after: int | None = None,
                edition: Edition = Edition.C07_2026) -> Crosstables:
    """The event seen in match points and in game points, after round ``after`` (all played when None)."""
    return {s: TeamCrosstable(tt, s, after, edition=edition) for s in (Score.MATCH, Score.GAME)}


def team_table(ttb: TeamTieBreak, tt: TeamTournament, cts: Crosstables, primary: Score) -> Table:
    """The value of a tie-break computed once for every team (not one decided inside a tied group)."""
    after = cts[primary].after
    if ttb.individual is not None:
        return COMPUTE[ttb.acronym](ttb.individual, cts[ttb.score or primary])
    if ttb.acronym == "MPVGP":
        return mpvgp(cts, primary)
    if ttb.acronym == "SSSC":
        return sssc(ttb, tt, cts, primary)
    if ttb.acronym == "BC":
        return bc(tt, after)
    return esb(ttb, cts, primary)


def _lookup(table: Table) -> Callable[[int], Number | None]:
    return lambda t: table[t].value


def _group_blocks(ttb: TeamTieBreak, tt: TeamTournament, cts: Crosstables, primary: Score, group: list[int],
                  boards: dict[int, tuple[Fraction, ...]]) -> list[list[int]]:
    """The tied ``group`` split by a tie-break decided inside it."""
    if ttb.acronym == "DE" and ttb.individual is not None:
        return direct.order(ttb.individual, cts[ttb.score or primary], group)
    if ttb.acronym == "EDE":
        return ede_order(ttb, cts, primary, group)
    if ttb.acronym.startswith("EDE"):
        return ede_chain_order(ttb, tt, cts, primary, group)
    key = tbr_key if ttb.acronym == "TBR" else bbe_key
    return split_by(group, lambda t: key(boards[t]))


def team_standings(tt: TeamTournament, tiebreaks: tuple[TeamTieBreak, ...], after: int | None = None, *,
                   edition: Edition = Edition.C07_2026) -> TeamStandings:
    """Rank the teams after round ``after`` by the primary score and ``tiebreaks`` (C.07 art. 4.2)."""
    primary = tt.primary
    cts = crosstables(tt, after, edition)
    ct = cts[primary]
    boards = board_points(tt, ct.after)
    tables: list[Table | None] = [None if tb.group else team_table(tb, tt, cts, primary) for tb in tiebreaks]
    shown: list[dict[int, Value]] = [{} for _ in tiebreaks]
    groups = _split(list(ct.ids), lambda t: ct.score[t], ascending=False)
    for i, tb in enumerate(tiebreaks):
        table = tables[i]
        nxt: list[list[int]] = []
        for g in groups:
            if table is None:
                blocks = _group_blocks(tb, tt, cts, primary, g, boards)
                place = 1
                for b in blocks:
                    for t in b:
                        # the place inside the group it was applied to, 0 when it separated nobody
                        shown[i][t] = Value(0 if len(blocks) == 1 else place,
                                            note="tied with " + ", ".join(str(o) for o in g if o != t)
                                            if len(g) > 1 else "not tied")
                    place += len(b)
                nxt.extend(blocks)
            elif len(g) > 1:
                nxt.extend(_split(g, _lookup(table), tb.ascending))
            else:
                nxt.append(g)
        groups = nxt
    order: list[int] = []
    ranks: dict[int, int] = {}
    for g in groups:
        start = len(order) + 1
        for t in sorted(g):
            ranks[t] = start
            order.append(t)
    values = {t: tuple(shown[i][t] if table is None else table[t] for i, table in enumerate(tables))
              for t in ct.ids}
    return TeamStandings(primary, tiebreaks, tuple(order), ranks, dict(ct.score), dict(cts[other(primary)].score),
                         values)
