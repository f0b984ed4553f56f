"""The value of every individual tie-break of C.07 art. 7-10 for every player.

Each function returns, per player, a :class:`Value`: the number, and the parts
it was made of (round, opponent, what counted, what was cut), so that an
arbiter can show a player how a number came about. Type A (direct encounter)
depends on the tied group and lives in :mod:`engine.tiebreaks.direct`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from engine.model.tournament import Colour, ResultCode
from engine.tiebreaks import rating as rt
from engine.tiebreaks.rounds import Crosstable, Round, RoundKind
from engine.model.wording import _
from engine.tiebreaks.spec import Edition, TieBreak, TieBreakError

Number = Decimal | int


@dataclass(frozen=True)
class Part:
    """One round's contribution: ``value`` counted unless ``cut``."""

    round: int
    opponent: int | None
    what: str
    value: Number | None
    cut: bool = False


@dataclass(frozen=True)
class Value:
    value: Number | None
    parts: tuple[Part, ...] = ()
    note: str = ""


@dataclass
class _Contribution:
    """A Buchholz-family term: the opponent's (or dummy's) score and the product that counts."""

    round: int
    opponent: int | None
    score: Decimal
    value: Decimal
    vur: bool
    what: str
    cut: bool = field(default=False)


Table = dict[int, Value]


def _total(parts: Iterable[Part]) -> Decimal:
    """The sum of the parts that count (not cut); the parts summed here always carry a value."""
    total = Decimal(0)
    for p in parts:
        if p.cut:
            continue
        if p.value is None:
            raise ValueError(f"round {p.round}: {p.what} has no value to add")
        total += p.value
    return total


# -- art. 7: the player's own results --------------------------------------------------------


def _count(ct: Crosstable, pred: Callable[[Round], bool], label: str) -> Table:
    out = {}
    for pid, rs in ct.rounds.items():
        parts = tuple(Part(x.number, x.opponent, label, 1) for x in rs if pred(x))
        out[pid] = Value(len(parts), parts)
    return out


def _won(x: Round) -> bool:
    return x.kind is RoundKind.GAME and x.code in (ResultCode.WIN, ResultCode.WIN_UNRATED)


def _games_as_played(ct: Crosstable, x: Round) -> bool:
    """Art. 15.2: in round robins forfeits count as games, except forfeit losses for art. 7."""
    return x.kind is RoundKind.GAME or (ct.round_robin and x.kind is RoundKind.FORFEIT_WIN)


def win(tb: TieBreak, ct: Crosstable) -> Table:
    # C.07 7.1: rounds scored at a win's value, with or without playing
    return _count(ct, lambda x: x.points == ct.win and x.kind is not RoundKind.PENDING, "a win's points")


def won(tb: TieBreak, ct: Crosstable) -> Table:
    # C.07 7.2: games won over the board (round robin: forfeit wins too, 15.2)
    return _count(ct, lambda x: _won(x) or (ct.round_robin and x.kind is RoundKind.FORFEIT_WIN), "won")


def bpg(tb: TieBreak, ct: Crosstable) -> Table:
    # C.07 7.3
    return _count(ct, lambda x: _games_as_played(ct, x) and x.colour is Colour.BLACK, "played with Black")


def bwg(tb: TieBreak, ct: Crosstable) -> Table:
    # C.07 7.4
    return _count(ct, lambda x: x.colour is Colour.BLACK and (
        _won(x) or (ct.round_robin and x.kind is RoundKind.FORFEIT_WIN)), "won with Black")


def rep(tb: TieBreak, ct: Crosstable) -> Table:
    # C.07 7.6: rounds minus half-point byes, zero-point byes and forfeit losses (VURs)
    return _count(ct, lambda x: not x.vur, "elected to play")


def std(tb: TieBreak, ct: Crosstable) -> Table:
    """C.07 7.7: 1 / ½ / 0 per round by comparison with the opponent, or with a draw when unplayed."""
    out = {}
    half, one = Decimal("0.5"), Decimal(1)
    for pid, rs in ct.rounds.items():
        parts = []
        for x in rs:
            if x.kind is RoundKind.PENDING:
                parts.append(Part(x.number, x.opponent, "result not in yet", Decimal(0)))
                continue
            if x.played:
                theirs = next(y.points for y in ct.rounds[x.opponent_id] if y.number == x.number)
                ref, against = theirs, f"opponent scored {theirs}"
            else:
                ref, against = ct.draw, f"unplayed, a draw is {ct.draw}"
            v = one if x.points > ref else half if x.points == ref else Decimal(0)
            parts.append(Part(x.number, x.opponent, f"{x.points} ({against})", v))
        out[pid] = Value(_total(parts), tuple(parts))
    return out


def tpn(tb: TieBreak, ct: Crosstable) -> Table:
    # C.07 7.8: the tournament pairing number (ascending unless /R)
    return {pid: Value(pid) for pid in ct.ids}


def ps(tb: TieBreak, ct: Crosstable) -> Table:
    """C.07 7.5: the sum of running scores; Cut-n drops the first n (14.1)."""
    out = {}
    for pid, rs in ct.rounds.items():
        running, parts = Decimal(0), []
        for x in rs:
            running += x.points
            parts.append(Part(x.number, x.opponent, "score after the round", running, cut=x.number <= tb.cut_low))
        out[pid] = Value(_total(parts), tuple(parts))
    return out


# -- art. 8-9: opponents' scores -------------------------------------------------------------------


def _terms(tb: TieBreak, ct: Crosstable, pid: int, *, fore: bool, sb: bool) -> list[_Contribution]:
    """One term per round: the opponent's adjusted score, or the dummy's (art. 16.3-16.4)."""
    seen = ct.fore_adjusted if fore else ct.adjusted
    terms = []
    for x in ct.rounds[pid]:
        final = fore and x.number == ct.scheduled_rounds == ct.after and x.opponent is not None
        as_game = x.played or final or (x.opponent is not None and (tb.forfeits_played or ct.round_robin))
        if as_game:
            score, vur, what = seen[x.opponent_id], False, "opponent's score"
        elif ct.round_robin:
            continue  # a round robin's bye round has no opponent and no term
        else:
            score, why = ct.dummy(pid, x, fore=fore)
            vur, what = x.vur, f"{x.kind.value}, {why}"
        own = ct.draw if final else x.points
        value = score * own if sb else score
        if sb:
            what += f" {score} × {own} scored"
        terms.append(_Contribution(x.number, x.opponent, score, value, vur, what))
    return terms


def _cut(terms: list[_Contribution], low: int, high: int, sb: bool, edition: Edition) -> None:
    """Art. 14.1-14.4 with 16.5: mark the terms that Cut/Median remove."""
    left = list(terms)
    low = min(low, len(left))
    high = min(high, len(left) - low)
    for _step in range(low):
        if sb and edition is Edition.C07_2023:
            least = min(left, key=lambda c: (c.value, c.score))  # the 2023 text: the lowest contribution
        else:
            least = min(left, key=lambda c: (c.score, c.value))  # 14.1: lowest-scoring opponent
        vurs = [c for c in left if c.vur]
        chosen = least
        if vurs and edition is not Edition.PRE_2023:
            lowest_vur = min(vurs, key=lambda c: (c.value, c.score))
            if lowest_vur.value >= least.value:
                chosen = lowest_vur  # 16.5: cut the VUR instead when it is not lower
        chosen.cut = True
        left.remove(chosen)
    for _step in range(high):
        top = max(left, key=lambda c: (c.score, c.value))
        top.cut = True
        left.remove(top)


def _family(tb: TieBreak, ct: Crosstable, *, fore: bool, sb: bool) -> Table:
    out = {}
    for pid in ct.ids:
        terms = _terms(tb, ct, pid, fore=fore, sb=sb)
        _cut(terms, tb.cut_low, tb.cut_high, sb, ct.edition)
        parts = tuple(Part(c.round, c.opponent, c.what, c.value, c.cut) for c in terms)
        out[pid] = Value(sum((c.value for c in terms if not c.cut), Decimal(0)), parts)
    return out


def _swiss_only(tb: TieBreak, ct: Crosstable) -> None:
    if ct.round_robin:
        raise TieBreakError(_("{acronym} must not be used in round robins (C.07 art. 8)").format(acronym=tb.acronym))


def bh(tb: TieBreak, ct: Crosstable) -> Table:
    # C.07 8.1
    _swiss_only(tb, ct)
    return _family(tb, ct, fore=False, sb=False)


def fb(tb: TieBreak, ct: Crosstable) -> Table:
    # C.07 8.3: Buchholz with every paired game of the final round counted as a draw
    _swiss_only(tb, ct)
    return _family(tb, ct, fore=True, sb=False)


def sb(tb: TieBreak, ct: Crosstable) -> Table:
    # C.07 9.1
    return _family(tb, ct, fore=False, sb=True)


def aob(tb: TieBreak, ct: Crosstable) -> Table:
    """C.07 8.2: the average of the (Fore) Buchholz of the opponents met over the board."""
    _swiss_only(tb, ct)
    base = _family(tb, ct, fore=tb.fore, sb=False)
    out = {}
    for pid, rs in ct.rounds.items():
        parts = tuple(Part(x.number, x.opponent, f"Buchholz of {x.opponent}", base[x.opponent_id].value)
                      for x in rs if x.kind is RoundKind.GAME)
        avg = _total(parts) / len(parts) if parts else None
        out[pid] = Value(avg, parts)
    return out


def ks(tb: TieBreak, ct: Crosstable) -> Table:
    """C.07 9.2: points scored against opponents with at least half the maximum score (Limit: 14.5)."""
    if not ct.round_robin:
        raise TieBreakError(_("KS is defined for round robins only (C.07 art. 9.2)"))
    n = len(ct.ids)
    games = ct.scheduled_rounds - (ct.scheduled_rounds // n if ct.scheduled_rounds % n == 0 else 0)
    # A player who never had an opponent (games annulled, FIDE Tournament Rules art. 5.4.1, or withdrawn
    # before playing, the games left not played) takes their games out of everybody's maximum score.
    gone = sum(1 for rs in ct.rounds.values() if rs and all(x.opponent is None for x in rs))
    if gone:
        per_pair = next((ct.scheduled_rounds // k for k in (n, n - 1) if k > 0 and ct.scheduled_rounds % k == 0), 1)
        games -= per_pair * gone
    threshold = ct.win * games / 2 + tb.limit
    out = {}
    for pid, rs in ct.rounds.items():
        parts = tuple(Part(x.number, x.opponent, f"against {x.opponent} ({ct.score[x.opponent]})", x.points,
                           cut=ct.score[x.opponent] < threshold) for x in rs if x.opponent is not None)
        out[pid] = Value(_total(parts), parts, note=f"threshold {threshold}")
    return out


# -- art. 10: ratings --------------------------------------------------------------------------------


def _rated(tb: TieBreak, ct: Crosstable) -> bool:
    """C.07 10: dropped when unrated players take part, unless a rating for them was announced (/U)."""
    return tb.unrated_rating is not None or ct.all_rated()


def _rated_games(tb: TieBreak, ct: Crosstable, pid: int) -> list[tuple[Round, int]]:
    """The games that count for the rating tie-breaks (C.07 10), each with the opponent's rating."""
    games = []
    for x in ct.rounds[pid]:
        rating = ct.rating(x.opponent_id, tb.unrated_rating) if x.rated else None
        if rating is not None:
            games.append((x, rating))
    return games


def aro(tb: TieBreak, ct: Crosstable) -> Table:
    """C.07 10.1: the mean rating of the opponents met over the board; Cut/Median drop the lowest/highest."""
    if not _rated(tb, ct):
        return {pid: Value(None, note="unrated players take part") for pid in ct.ids}
    out = {}
    for pid in ct.ids:
        games = _rated_games(tb, ct, pid)
        ordered = sorted(games, key=lambda game: game[1])
        low = min(tb.cut_low, len(ordered))
        high = min(tb.cut_high, len(ordered) - low)
        cut = {x.number for x, _ in ordered[:low]} | {x.number for x, _ in ordered[len(ordered) - high:]}
        parts = tuple(Part(x.number, x.opponent, "rating", rating, cut=x.number in cut) for x, rating in games)
        out[pid] = Value(rt.average_rating([rating for x, rating in games if x.number not in cut]), parts)
    return out


def _performances(tb: TieBreak, ct: Crosstable, fn: Callable[[Decimal, list[int]], int | None]) -> Table:
    if not _rated(tb, ct):
        return {pid: Value(None, note="unrated players take part") for pid in ct.ids}
    out = {}
    for pid in ct.ids:
        games = _rated_games(tb, ct, pid)
        score = sum((x.rating_points for x, _ in games), Decimal(0))
        ratings = [rating for _, rating in games]
        parts = tuple(Part(x.number, x.opponent, f"rating, scored {x.rating_points}", r) for x, r in games)
        out[pid] = Value(fn(score, ratings), parts, note=f"{score} from {len(games)} games")
    return out


def tpr(tb: TieBreak, ct: Crosstable) -> Table:
    # C.07 10.2
    return _performances(tb, ct, rt.performance)


def ptp(tb: TieBreak, ct: Crosstable) -> Table:
    # C.07 10.3
    return _performances(tb, ct, rt.perfect_performance)


def _average_of_opponents(tb: TieBreak, ct: Crosstable, base: Table, label: str) -> Table:
    out = {}
    for pid in ct.ids:
        found = [(x, v) for x, _ in _rated_games(tb, ct, pid) if (v := base[x.opponent_id].value) is not None]
        parts = tuple(Part(x.number, x.opponent, f"{label} of {x.opponent}", v) for x, v in found)
        avg = rt.round_half_up(_total(parts) / len(parts)) if parts else None
        out[pid] = Value(avg if _rated(tb, ct) else None, parts)
    return out


def apro(tb: TieBreak, ct: Crosstable) -> Table:
    # C.07 10.4
    return _average_of_opponents(tb, ct, tpr(tb, ct), "TPR")


def appo(tb: TieBreak, ct: Crosstable) -> Table:
    # C.07 10.5
    return _average_of_opponents(tb, ct, ptp(tb, ct), "PTP")


def rtng(tb: TieBreak, ct: Crosstable) -> Table:
    # C.07 10.6: the player's rating, highest first
    if not _rated(tb, ct):
        return {pid: Value(None, note="unrated players take part") for pid in ct.ids}
    return {pid: Value(ct.rating(pid, tb.unrated_rating)) for pid in ct.ids}


COMPUTE: dict[str, Callable[[TieBreak, Crosstable], Table]] = {
    "WIN": win, "WON": won, "BPG": bpg, "BWG": bwg, "PS": ps, "REP": rep, "STD": std, "TPN": tpn,
    "BH": bh, "AOB": aob, "FB": fb, "SB": sb, "KS": ks,
    "ARO": aro, "TPR": tpr, "PTP": ptp, "APRO": apro, "APPO": appo, "RTNG": rtng,
}
