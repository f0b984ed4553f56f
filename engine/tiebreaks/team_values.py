"""The tie-breaks C.07 (2026) defines for teams only: art. 12 (boards) and art. 13.

Each table tie-break returns a :class:`Value` per team with its parts, as the
individual ones do (:mod:`engine.tiebreaks.values`); the ones decided inside a tied
group (EDE, TBR, BBE, like DE) give the group's blocks in order.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from engine.model.team_tournament import RoundKind as TeamRoundKind
from engine.model.team_tournament import Score, TeamTournament
from engine.model.tournament import ResultCode
from engine.tiebreaks import direct
from engine.tiebreaks.spec import TieBreak
from engine.tiebreaks.team_crosstable import MATCH_WIN, TeamCrosstable, decimal
from engine.tiebreaks.team_spec import ESB_SCORES, TeamTieBreak
from engine.tiebreaks.values import Part, Table, Value, _Contribution, _cut, bh, fb

Crosstables = dict[Score, TeamCrosstable]

# A board's game points (art. 12 opening: forfeits count as standard wins and losses)
_BOARD_POINTS = {
    ResultCode.WIN: Fraction(1), ResultCode.WIN_UNRATED: Fraction(1), ResultCode.FORFEIT_WIN: Fraction(1),
    ResultCode.DRAW: Fraction(1, 2), ResultCode.DRAW_UNRATED: Fraction(1, 2),
}


def other(score: Score) -> Score:
    return Score.GAME if score is Score.MATCH else Score.MATCH


# -- 13.1 -------------------------------------------------------------------------------------------


def mpvgp(cts: Crosstables, primary: Score) -> Table:
    """C.07 13.1: the score that does not decide the event, game points when match points do and back."""
    ct = cts[other(primary)]
    return {tpn: Value(ct.score[tpn], tuple(Part(x.number, x.opponent, "scored", x.points) for x in ct.rounds[tpn]))
            for tpn in ct.ids}


# -- 13.2 -------------------------------------------------------------------------------------------


def esb(ttb: TeamTieBreak, cts: Crosstables, primary: Score) -> Table:
    """C.07 13.2: for each opponent, the opponent's total times what the team scored against it.

    ``ESB`` takes the opponent's primary score and the secondary score scored; the four
    named variants say both (13.2.1-13.2.4). An unplayed round is a Sonneborn-Berger
    term like any other (art. 16): the dummy's score, in the opponent's score type,
    times what the team got in the round. Cut-1 (14.1.2) drops the term of the
    opponent with the lowest score, the lowest such term when several have it, unless
    art. 16.5 makes it a voluntarily unplayed round's.
    """
    opp_score, own_score = ESB_SCORES.get(ttb.acronym, (primary, other(primary)))
    oct_, sct = cts[opp_score], cts[own_score]
    out = {}
    for tpn in oct_.ids:
        terms = []
        for x, y in zip(oct_.rounds[tpn], sct.rounds[tpn], strict=True):
            if x.played or (x.opponent is not None and ttb.forfeits_played):
                score, vur, what = oct_.adjusted[x.opponent_id], False, f"{x.opponent}'s score"
            else:
                score, why = oct_.dummy(tpn, x)
                vur, what = x.vur, f"{x.kind.value}, {why}"
            terms.append(_Contribution(x.number, x.opponent, score, score * y.points, vur,
                                       f"{what} {score} × {y.points} scored"))
        _cut(terms, ttb.cut_low, 0, True, oct_.edition)
        parts = tuple(Part(c.round, c.opponent, c.what, c.value, c.cut) for c in terms)
        out[tpn] = Value(sum((c.value for c in terms if not c.cut), Decimal(0)), parts)
    return out


# -- 13.4 -------------------------------------------------------------------------------------------


def sssc_divisor(ct: TeamCrosstable, tt: TeamTournament, primary: Score) -> int:
    """C.07 13.4: the highest primary score achievable in the tournament (a win in every scheduled
    round) over the highest secondary score achievable in one match, rounded towards zero.

    The tournament's rounds, not the rounds played so far: the factor is the event's, as one the
    regulations set would be, so standings during the event divide by the same number as the final
    ones (Gacrux takes the rounds played: docs/tiebreaks.md). At least 1 for an event too short to
    reach it (one round of four boards: 2 / 4)."""
    best_match = Decimal(tt.team_size) if primary is Score.MATCH else decimal(MATCH_WIN)
    return max(1, math.floor(ct.win * ct.scheduled_rounds / best_match))


def sssc(ttb: TeamTieBreak, tt: TeamTournament, cts: Crosstables, primary: Score) -> Table:
    """C.07 13.4: the secondary score plus the team's Buchholz (primary score, art. 8.1 with
    art. 16 for unplayed rounds; Fore Buchholz, 8.3, with /F) divided by the normalising factor
    of :func:`sssc_divisor`, or by the one the regulations set (/Kn)."""
    ct = cts[primary]
    divisor = ttb.divisor or sssc_divisor(ct, tt, primary)
    plain = TieBreak("FB" if ttb.fore else "BH", forfeits_played=ttb.forfeits_played, code="BH")
    buchholz = (fb if ttb.fore else bh)(plain, ct)
    secondary = cts[other(primary)].score
    out = {}
    for tpn in ct.ids:
        strength = Decimal(buchholz[tpn].value or 0) / divisor
        parts = (Part(0, None, "secondary score", secondary[tpn]),
                 Part(0, None, f"Buchholz {buchholz[tpn].value} / {divisor}", strength))
        out[tpn] = Value(secondary[tpn] + strength, parts)
    return out


# -- art. 12: the boards ----------------------------------------------------------------------------


def board_points(tt: TeamTournament, after: int) -> dict[int, tuple[Fraction, ...]]:
    """Each team's game points on each board (1 first) over its first ``after`` rounds.

    C.07 12 (opening): individual forfeits count as standard wins and losses; in the
    pairing-allocated bye every board scores a standard win. A match lost or won by
    forfeit without boards scores every board as lost or won; an absence nothing.
    """
    out = {}
    for tpn, team in tt.teams.items():
        totals = [Fraction(0)] * tt.team_size
        for r in team.rounds[:after]:
            if r.kind is TeamRoundKind.BYE or (r.kind is TeamRoundKind.MATCH and not r.boards and r.forfeit_win):
                totals = [t + 1 for t in totals]
            for g in r.boards:
                if 1 <= g.board <= tt.team_size:
                    totals[g.board - 1] += _BOARD_POINTS.get(g.result, Fraction(0))
        out[tpn] = tuple(totals)
    return out


def bc(tt: TeamTournament, after: int) -> Table:
    """C.07 12.1: the sum of each board's number times the game points scored there; the lower, the better."""
    out = {}
    for tpn, boards in board_points(tt, after).items():
        parts = tuple(Part(0, None, f"board {b} × {decimal(p)}", decimal(b * p)) for b, p in enumerate(boards, 1))
        out[tpn] = Value(sum((p.value for p in parts if p.value is not None), Decimal(0)), parts)
    return out


def tbr_key(boards: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    """C.07 12.2: board 1's game points, then (still tied) board 2's, and so on down."""
    return boards


def bbe_key(boards: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    """C.07 12.3: the game points of every board but the bottom one, then without the two bottom
    ones, and so on up."""
    return tuple(sum(boards[:len(boards) - k], Fraction(0)) for k in range(1, len(boards) + 1))


def split_by(group: list[int], key: Callable[[int], tuple[Fraction, ...]]) -> list[list[int]]:
    """``group`` in blocks of equal key, the highest key first."""
    blocks: list[list[int]] = []
    for tpn in sorted(group, key=lambda t: (tuple(-v for v in key(t)), t)):
        if blocks and key(blocks[-1][-1]) == key(tpn):
            blocks[-1].append(tpn)
        else:
            blocks.append([tpn])
    return blocks


# -- 13.3 -------------------------------------------------------------------------------------------


def ede_order(ttb: TeamTieBreak, cts: Crosstables, primary: Score, group: list[int]) -> list[list[int]]:
    """C.07 13.3.1: direct encounter (art. 6) on the primary score; when it breaks no tie, on the
    secondary score; every new tied subset starts again from the primary score."""
    if len(group) < 2:
        return [group]
    de = _de(ttb)
    for score in (primary, other(primary)):
        blocks = direct.order(de, cts[score], group)
        if len(blocks) > 1:
            return [sub for b in blocks for sub in ede_order(ttb, cts, primary, b)]
    return [group]


def ede_chain_order(ttb: TeamTieBreak, tt: TeamTournament, cts: Crosstables, primary: Score,
                    group: list[int]) -> list[list[int]]:
    """C.07 13.3.2: EDE, then, when exactly two teams are still tied on both scores, the boards of
    the match(es) between them: board count (12.1, in EDEBT and EDEBB), then top board results
    (12.2, EDET and EDEBT) or bottom board elimination (12.3, EDEB and EDEBB)."""
    out: list[list[int]] = []
    for block in ede_order(ttb, cts, primary, group):
        if len(block) != 2:
            out.append(block)
            continue
        a, b = block
        mine, theirs = _met_boards(ttb, tt, cts[primary].after, a, b), _met_boards(ttb, tt, cts[primary].after, b, a)
        if mine is None or theirs is None:
            out.append(block)
            continue
        keys = {a: _chain_key(ttb.acronym, mine), b: _chain_key(ttb.acronym, theirs)}
        out.extend(split_by(block, lambda t: keys[t]))
    return out


def _met_boards(ttb: TeamTieBreak, tt: TeamTournament, after: int, team: int,
                opponent: int) -> tuple[Fraction, ...] | None:
    """``team``'s game points on each board against ``opponent``, the average of their matches (6.1.2);
    None when they did not meet over the board (a forfeited match counts with /P)."""
    met = [r for r in tt.teams[team].rounds[:after]
           if r.kind is TeamRoundKind.MATCH and r.opponent == opponent and (r.played or ttb.forfeits_played)]
    if not met:
        return None
    totals = [Fraction(0)] * tt.team_size
    for r in met:
        for g in r.boards:
            if 1 <= g.board <= tt.team_size:
                totals[g.board - 1] += _BOARD_POINTS.get(g.result, Fraction(0))
        if not r.boards and r.forfeit_win:
            totals = [t + 1 for t in totals]
    return tuple(t / len(met) for t in totals)


def _chain_key(acronym: str, boards: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    """The comparison 13.3.2 makes, highest first: minus the board count, then the boards."""
    count = (-sum((b * p for b, p in enumerate(boards, 1)), Fraction(0)),) if acronym in ("EDEBT", "EDEBB") else ()
    return count + (tbr_key(boards) if acronym in ("EDET", "EDEBT") else bbe_key(boards))


def _de(ttb: TeamTieBreak) -> TieBreak:
    return TieBreak("DE", forfeits_played=ttb.forfeits_played, code=ttb.code)

