"""The absolute rules of the hand-pairing systems, checked independently of their engines.

Lim (C.04.4.3): every player to pair exactly once, no rematch (Basic Rules
art. 2), no pair the arbiter keeps apart, the PAB only to an eligible player
(art. 1.1: Basic Rules art. 4; the seed's section 8.2 for ``lim-seed``), and
the colour limits of art. 2.1 / 5.1 - never a third same colour in a row,
never three more of one colour - except in the last round (art. 6).

Club Swiss (seed 003): every player once, no rematch, one bye per player,
and no third same colour in a row unless no complete pairing avoids it (S6.1).

Only the model (:mod:`engine.model`) is used: nothing is shared with the engines. Which
rules apply is the catalogue's ``checks`` trait (``LIM_RULES``, ``LIM_SEED_RULES``,
``CLUB_RULES``). Whether
a complete pairing exists is decided here by another method than theirs: a
graph has a perfect matching exactly when its Tutte matrix is non-singular,
which a determinant over a large prime field with random entries tells (wrong
with probability below n / 2^61).
"""

from __future__ import annotations

from dataclasses import dataclass

import random
from engine.model.catalogue import HAND_CHECKS, Check, find
from engine.model.tournament import Colour, ResultCode, RoundPairing, Tournament
from engine.model.wording import _, ngettext


@dataclass(frozen=True)
class Finding:
    rule: str
    text: str
    players: tuple[int, ...] = ()


def rules_of(system: str) -> Check | None:
    """The hand-pairing rules ``system`` follows (one of :data:`HAND_CHECKS`), or None for any other system."""
    info = find(system)
    own = info.checks & HAND_CHECKS if info is not None else frozenset()
    return next(iter(own)) if own else None


_LIM = (Check.LIM_RULES, Check.LIM_SEED_RULES)


def _played(t: Tournament, pid: int) -> list[Colour]:
    p = t.player(pid)
    return [e.colour for e in p.history[: t.rounds_played] if e.code.is_game and e.opponent is not None]


def _met(t: Tournament, a: int, b: int) -> bool:
    return any(e.opponent == b and e.code.is_game for e in t.player(a).history[: t.rounds_played])


def _forbidden(t: Tournament, a: int, b: int) -> bool:
    return any({a, b} <= set(f.players) and f.applies(t.next_round) for f in t.settings.forbidden)


def _may_bye(t: Tournament, pid: int, rules: Check | None) -> bool:
    points = t.settings.points
    for e in t.player(pid).history[: t.rounds_played]:
        if e.code is ResultCode.PAB:
            return False
        if rules is Check.LIM_SEED_RULES and e.code is ResultCode.FORFEIT_WIN:
            return False
        if rules is Check.LIM_RULES and not e.code.is_game and e.code is not ResultCode.ABSENT \
                and points.points(e.code) >= points.win:
            return False
    return True


_THIRD, _DIFFERENCE = "third", "difference"
"""How a colour breaks the rules: the third of one colour in a row, or three more of one colour than the other."""


def _colour_breaks(history: list[Colour], new: Colour) -> str:
    """Which colour rule ``new`` after ``history`` breaks (:data:`_THIRD`, :data:`_DIFFERENCE`), "" for none."""
    seq = history + [new]
    if len(seq) >= 3 and seq[-1] is seq[-2] is seq[-3]:
        return _THIRD
    whites = sum(1 for c in seq if c is Colour.WHITE)
    if abs(2 * whites - len(seq)) >= 3:
        return _DIFFERENCE
    return ""


def _colour_finding(pid: int, new: Colour, broken: str, avoidable: bool) -> str:
    """The finding of ``pid`` given ``new`` against the colour rule ``broken``; ``avoidable``: a pairing avoids it."""
    if broken == _DIFFERENCE:
        return _("{player} gets three more of one colour than the other").format(player=pid)
    if avoidable:
        return (_("{player} gets a third white in a row though a pairing avoids it") if new is Colour.WHITE
                else _("{player} gets a third black in a row though a pairing avoids it")).format(player=pid)
    return (_("{player} gets a third white in a row") if new is Colour.WHITE
            else _("{player} gets a third black in a row")).format(player=pid)


def findings(t: Tournament, pairing: RoundPairing, system: str) -> list[Finding]:
    """Every broken absolute rule of ``system`` (a Lim edition or ``club``) in ``pairing``."""
    rules = rules_of(system)
    out: list[Finding] = []
    to_pair = {p.id for p in t.to_pair()}
    seen: dict[int, int] = {}
    for b in pairing.boards:
        for pid in (b.white, b.black):
            seen[pid] = seen.get(pid, 0) + 1
    if pairing.bye is not None:
        seen[pairing.bye] = seen.get(pairing.bye, 0) + 1
    for pid in sorted(to_pair | set(seen)):
        if seen.get(pid, 0) != (1 if pid in to_pair else 0):
            times = seen.get(pid, 0)
            told = ngettext("{player} appears {count} time", "{player} appears {count} times", times)
            out.append(Finding("participants", told.format(player=pid, count=times), (pid,)))
    last = t.is_last_round and t.next_round > 1
    for b in pairing.boards:
        if _met(t, b.white, b.black):
            out.append(Finding("rematch", _("{first} and {second} have met").format(first=b.white, second=b.black),
                               (b.white, b.black)))
        if _forbidden(t, b.white, b.black):
            out.append(Finding("forbidden", _("{first} and {second} are kept apart").format(first=b.white,
                                                                                         second=b.black),
                               (b.white, b.black)))
        for pid, colour in ((b.white, Colour.WHITE), (b.black, Colour.BLACK)):
            broken = _colour_breaks(_played(t, pid), colour)
            if not broken:
                continue
            if rules in _LIM and not last:
                out.append(Finding("colour", _colour_finding(pid, colour, broken, False), (pid,)))
            elif rules is Check.CLUB_RULES and broken == _THIRD and pairing_exists(t, system, keep_colours=True):
                out.append(Finding("colour", _colour_finding(pid, colour, broken, True), (pid,)))
    if pairing.bye is not None:
        if len(to_pair) % 2 == 0:
            out.append(Finding("pab", _("{player} has a bye in an even field").format(player=pairing.bye),
                               (pairing.bye,)))
        elif not _may_bye(t, pairing.bye, rules):
            out.append(Finding("pab", _("{player} may not have the bye").format(player=pairing.bye), (pairing.bye,)))
    return out


def _may_meet(t: Tournament, a: int, b: int, rules: Check | None, keep_colours: bool) -> bool:
    if _met(t, a, b) or _forbidden(t, a, b):
        return False
    ha, hb = _played(t, a), _played(t, b)
    if rules in _LIM:
        if t.is_last_round and t.next_round > 1:
            return True
        return any(not _colour_breaks(ha, ca) and not _colour_breaks(hb, ca.opposite)
                   for ca in (Colour.WHITE, Colour.BLACK))
    if keep_colours:
        ra = ha[-1] if len(ha) >= 2 and ha[-1] is ha[-2] else None
        rb = hb[-1] if len(hb) >= 2 and hb[-1] is hb[-2] else None
        return ra is None or ra is not rb
    return True


def pairing_exists(t: Tournament, system: str, *, keep_colours: bool = False) -> bool:
    """Whether the system's own rules allow any complete pairing of the round (the bye included)."""
    rules = rules_of(system)
    ids = [p.id for p in t.to_pair()]
    byes = [None] if len(ids) % 2 == 0 else [pid for pid in ids if _may_bye(t, pid, rules)]
    for bye in byes:
        rest = [pid for pid in ids if pid != bye]
        edges = [(i, j) for i in range(len(rest)) for j in range(i + 1, len(rest))
                 if _may_meet(t, rest[i], rest[j], rules, keep_colours)]
        if _has_perfect_matching(len(rest), edges):
            return True
    return False


_PRIME = (1 << 61) - 1


def _has_perfect_matching(n: int, edges: list[tuple[int, int]]) -> bool:
    """Tutte: a perfect matching exists iff the skew-symmetric matrix of random edge values is non-singular."""
    if n % 2:
        return False
    rng = random.Random(n * 7919 + len(edges))
    m = [[0] * n for _ in range(n)]
    for i, j in edges:
        x = rng.randrange(1, _PRIME)
        m[i][j], m[j][i] = x, _PRIME - x
    for col in range(n):
        pivot = next((r for r in range(col, n) if m[r][col]), None)
        if pivot is None:
            return False
        m[col], m[pivot] = m[pivot], m[col]
        inv = pow(m[col][col], _PRIME - 2, _PRIME)
        row = m[col]
        for r in range(col + 1, n):
            factor = m[r][col] * inv % _PRIME
            if factor:
                other = m[r]
                for c in range(col, n):
                    other[c] = (other[c] - factor * row[c]) % _PRIME
    return True
