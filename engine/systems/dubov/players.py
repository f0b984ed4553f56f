"""What the Dubov system knows about each player before a round (C.04.4.1 art. 1).

Built once per round from :class:`engine.model.tournament.Tournament`: scores, colour
histories, opponents and PAB history all come from the model; only what is
Dubov's own is computed here: the ARO (art. 1.7), the Black preference of a
player without a game (art. 1.6.4) and the upfloat record behind the maximum
upfloater (art. 1.8).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.terms import Float
from engine.model.terms import Strength
from engine.model.tournament import Colour, Points, Tournament
from engine.systems.brackets import float_in_round, taken_into_account
from engine.systems.colours import ColourState, colour_state


@dataclass(frozen=True, slots=True)
class DubovPlayer:
    """One player to pair, as the Dubov criteria see them."""

    id: int
    rank: int  # 0-based position in TPN order among the participants taken into account
    rating: int
    score: Points  # pairing score: points plus virtual points of acceleration
    real_score: Points  # points only (board order, C.04.2 art. 3.6)
    aro: int  # art. 1.7
    colours: ColourState  # art. 1.6, with art. 1.6.4 for a player without a game
    games: int  # games played over the board (art. 3.1.4)
    pab_eligible: bool  # [C2], C.04.1 art. 4
    upfloats: int  # times upfloated so far (art. 1.8)
    upfloat_rounds: tuple[int, ...]  # the rounds of those upfloats
    max_upfloater: bool  # art. 1.8.1: upfloats >= MaxT
    upfloated_last: bool  # upfloated in the previous round ([C10])
    opponents: frozenset[int]

    @property
    def tpn(self) -> int:
        return self.rank + 1

    @property
    def preference(self) -> Colour:
        return self.colours.preference

    @property
    def has_played(self) -> bool:
        return self.games > 0


def aro(ratings: list[int]) -> int:
    """Art. 1.7.1: the mean rating of the opponents met over the board, half up; 0 without a game."""
    if not ratings:
        return 0
    return (2 * sum(ratings) + len(ratings)) // (2 * len(ratings))


def max_upfloats(rounds: int) -> int:
    """Art. 1.8.2: MaxT = 2 + [Rnds / 5]."""
    return 2 + rounds // 5


def dubov_colour_state(history: tuple[Colour, ...]) -> ColourState:
    """The Dutch-style preference of art. 1.6, and a mild Black one without any game (art. 1.6.4)."""
    state = colour_state(history)
    if state.strength is Strength.NONE:
        return ColourState(state.history, 0, Colour.BLACK, Strength.MILD, Colour.NONE)
    return state


RESORT_UNTIL = 4  # art. 1.2.2: "before the fourth round is paired"


def pairing_ranks(t: Tournament) -> dict[int, int]:
    """Art. 1.2.2: 0-based TPN positions; the list re-sorted by rating until round 4 is paired.

    Whenever a rating is introduced or changed before round 4 is paired, the
    TPNs must be recomputed (C.04.2 art. 2). The engine applies the rule to
    whatever ratings the event holds when rounds 1-4 are paired: highest
    rating first, the event's own order among equal ratings (title and name
    were already decided there). From round 5 on the pairing numbers stand.
    """
    ids = taken_into_account(t)
    if t.next_round <= RESORT_UNTIL:
        ids = sorted(ids, key=lambda pid: -t.player(pid).rating)  # stable: equal ratings keep their order
    return {pid: i for i, pid in enumerate(ids)}


def dubov_players(t: Tournament) -> list[DubovPlayer]:
    """The players to pair, in pairing-score order (descending), then TPN (art. 1.2.2)."""
    rnd = t.next_round
    ranks = pairing_ranks(t)
    max_t = max_upfloats(t.settings.rounds)
    out = []
    for p in t.to_pair():
        opponents = t.opponents(p.id)
        games = [e for e in p.history[: t.rounds_played] if e.is_game]
        ratings = [t.player(e.opponent).rating for e in games if e.opponent is not None]
        ups = [r for r in range(1, rnd) if p.entry(r).is_game and float_in_round(t, p.id, r) is Float.UP]
        out.append(DubovPlayer(
            id=p.id,
            rank=ranks[p.id],
            rating=p.rating,
            score=t.pairing_score(p.id),
            real_score=t.score(p.id),
            aro=aro(ratings),
            colours=dubov_colour_state(t.colours(p.id)),
            games=len(games),
            pab_eligible=t.pab_eligible(p.id),
            upfloats=len(ups),
            upfloat_rounds=tuple(ups),
            max_upfloater=len(ups) >= max_t,
            upfloated_last=bool(ups) and ups[-1] == rnd - 1,
            opponents=opponents,
        ))
    out.sort(key=lambda v: (-v.score, v.rank))
    return out


def legal(a: DubovPlayer, b: DubovPlayer, forbidden: frozenset[frozenset[int]]) -> bool:
    """[C1] no second game, [C3] no meeting of two equal absolute preferences, and no forbidden pair."""
    if b.id in a.opponents:
        return False
    if a.colours.absolute and b.colours.absolute and a.preference is b.preference:
        return False
    return frozenset((a.id, b.id)) not in forbidden


def legal_partners(players: list[DubovPlayer], forbidden: frozenset[frozenset[int]]) -> list[list[int]]:
    """For each index ``i``, the indices ``j > i`` it may meet (:func:`legal`), ascending; one pass per player."""
    idx = {p.id: i for i, p in enumerate(players)}
    barred: dict[int, set[int]] = {}
    for pair in forbidden:
        a, b = tuple(pair)
        if a in idx and b in idx:
            barred.setdefault(idx[a], set()).add(idx[b])
            barred.setdefault(idx[b], set()).add(idx[a])
    absolute = {c: {i for i, p in enumerate(players) if p.colours.absolute and p.preference is c}
                for c in (Colour.WHITE, Colour.BLACK)}
    out = []
    n = len(players)
    for i, p in enumerate(players):
        banned = {idx[o] for o in p.opponents if o in idx}
        banned |= barred.get(i, set())
        if p.colours.absolute:
            banned |= absolute[p.preference]
        out.append([j for j in range(i + 1, n) if j not in banned])
    return out


def forbidden_pairs(t: Tournament) -> frozenset[frozenset[int]]:
    """The pairs the regulations keep apart in the round to pair (C.04.1 art. 2 note)."""
    rnd = t.next_round
    out: set[frozenset[int]] = set()
    for f in t.settings.forbidden:
        if not f.applies(rnd):
            continue
        ids = sorted(f.players)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                out.add(frozenset((a, b)))
    return frozenset(out)
