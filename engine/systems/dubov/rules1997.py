"""What the 1997 Dubov text knows about each player, and its pairing limitations (arts. 1 and 2).

The 1997 General Assembly text (``dubov-1997``) shares the ARO of the 2026
edition (:func:`engine.systems.dubov.players.aro`) and its forbidden pairs;
what is its own lives here: the due colour of art. 1 (colour counts and the
last game only; none without a game), the bye bar of art. 2.2, the colour
limits of arts. 2.3-2.4 and the absolute upfloat limits of art. 2.5.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.model.tournament import Colour, Points, Tournament
from engine.systems.brackets import taken_into_account
from engine.systems.colours import colour_state
from engine.systems.dubov.players import aro

RULE = "Dubov 1997"


@dataclass(frozen=True, slots=True)
class Player97:
    """One player to pair, as the 1997 text sees them."""

    id: int
    rank: int  # 0-based position in the list (TPN order)
    name: str
    rating: int  # "R"
    score: Points  # pairing score (acceleration included)
    aro: int  # art. 1, computed as the 2026 art. 1.7 does
    history: tuple[Colour, ...]  # colours of the games played, oldest first
    due: Colour  # art. 1; Colour.NONE without a game
    must: Colour  # the colour arts. 2.3-2.4 leave, Colour.NONE when both are allowed
    games: int
    bye_ok: bool  # art. 2.2
    upfloats: int  # transfers to a higher score group so far (art. 2.5: by art. 7.1 or 7.2)
    may_upfloat: bool  # art. 2.5: may be transferred to a higher score group this round
    was_floater: bool  # art. 6.4: floated down to a lower score group before
    opponents: frozenset[int]

    @property
    def tpn(self) -> int:
        return self.rank + 1

    @property
    def column(self) -> Colour:
        """The column of art. 6.2: the due colour; a player without a game stands with the Blacks."""
        return self.due if self.due is not Colour.NONE else Colour.BLACK


def due_colour(history: tuple[Colour, ...]) -> Colour:
    """Dubov 1997 art. 1: White after more Blacks (or as many, the last game Black), Black the other way."""
    if not history:
        return Colour.NONE
    whites = sum(1 for c in history if c is Colour.WHITE)
    blacks = len(history) - whites
    if whites != blacks:
        return Colour.WHITE if blacks > whites else Colour.BLACK
    return history[-1].opposite


def upfloat_limit(rounds: int) -> int:
    """Dubov 1997 art. 2.5: three transfers upwards in fewer than 10 rounds, four from 10 rounds."""
    return 3 if rounds < 10 else 4


Transfers = Mapping[int, frozenset[int]]
"""Round -> the players transferred to a higher score group in it (arts. 7.1, 7.2)."""


def floated_down(t: Tournament, pid: int, transfers: Transfers) -> bool:
    """Art. 6.4: whether ``pid`` met a lower score group in a round played without its player being transferred
    up to him: then he came down to them."""
    for r in range(1, t.rounds_played + 1):
        e = t.player(pid).entry(r)
        if not e.is_game or e.opponent is None:
            continue
        if t.pairing_score(e.opponent, r) < t.pairing_score(pid, r) and \
                e.opponent not in transfers.get(r, frozenset()):
            return True
    return False


def players_1997(t: Tournament, transfers: Transfers) -> list[Player97]:
    """The players to pair, by pairing score (descending), then TPN; ``transfers``: those of the rounds played."""
    rnd = t.next_round
    ranks = {pid: i for i, pid in enumerate(taken_into_account(t))}
    limit = upfloat_limit(t.settings.rounds)
    out = []
    for p in t.to_pair():
        games = [e for e in p.history[: t.rounds_played] if e.is_game]
        ratings = [t.player(e.opponent).rating for e in games if e.opponent is not None]
        ups = sum(1 for r in range(1, rnd) if p.id in transfers.get(r, frozenset()))
        history = t.colours(p.id)
        # Dubov 1997 art. 2.5: not twice running, not beyond the limit, except in the last round
        may = t.is_last_round or (ups < limit and p.id not in transfers.get(rnd - 1, frozenset()))
        out.append(Player97(
            id=p.id, rank=ranks[p.id], name=p.name, rating=p.rating, score=t.pairing_score(p.id),
            aro=aro(ratings), history=history, due=due_colour(history),
            must=_must(history), games=len(games),
            bye_ok=t.pab_eligible(p.id),  # Dubov 1997 art. 2.2, "a point without playing"
            upfloats=ups, may_upfloat=may, was_floater=floated_down(t, p.id, transfers),
            opponents=t.opponents(p.id)))
    out.sort(key=lambda v: (-v.score, v.rank))
    return out


def _must(history: tuple[Colour, ...]) -> Colour:
    """Dubov 1997 arts. 2.3-2.4: the only colour that keeps the difference within 2 and no third in a row."""
    state = colour_state(history)
    return state.preference if state.absolute else Colour.NONE


def may_meet(a: Player97, b: Player97, forbidden: frozenset[frozenset[int]]) -> bool:
    """Dubov 1997 art. 2: not met before (2.1), some colours within 2.3-2.4.

    Art. 2.5 is not a limit on pairs: the higher player can always come down to the lower
    one's group as a floater (6.4, 8). It limits whom 7.1 and 7.2 transfer upwards.
    """
    if b.id in a.opponents or frozenset((a.id, b.id)) in forbidden:
        return False
    if a.must is not Colour.NONE and a.must is b.must:  # Dubov 1997 art. 2.3, 2.4
        return False
    return True
