"""What the Dutch system needs to know about each player before a round.

Built once per round from :class:`engine.model.tournament.Tournament` (scores, colour
history, opponents, PAB history all come from the model); the pairing code
reads only these values.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from engine.model.terms import Float
from engine.model.tournament import Points, Tournament
from engine.systems.colours import ColourState, colour_state


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player to pair, as the Dutch criteria see them."""

    id: int
    rank: int  # 0-based position among the participants taken into account (TPN order)
    score: Points  # pairing score (art. 1.2; acceleration included)
    real_score: Points  # score without acceleration (board order, C.04.2 art. 3.6)
    colours: ColourState
    pab_eligible: bool  # [C2], C.04.1 art. 4
    played_games: int  # [C9]: rounds so far minus the model's unplayed rounds
    float1: Float  # float in round r-1 (art. 1.4)
    float2: Float  # float in round r-2
    opponents: frozenset[int]


def float_in_round(t: Tournament, player_id: int, rnd: int) -> Float:
    """C.04.3 art. 1.4.2-1.4.4: the float a player received in round ``rnd``.

    A played game between different pairing scores floats the higher one down
    and the lower one up; a round scoring more than a loss without a played game
    (PAB, forfeit win, full- or half-point bye) is a downfloat; nothing else is.
    """
    if rnd < 1:
        return Float.NONE
    entry = t.player(player_id).entry(rnd)
    if not entry.is_game or entry.opponent is None:  # a game played has an opponent: this is for the types
        points = t.settings.points
        return Float.DOWN if points.points(entry.code) > points.loss else Float.NONE
    mine = t.pairing_score(player_id, rnd)
    theirs = t.pairing_score(entry.opponent, rnd)
    if mine > theirs:
        return Float.DOWN
    if mine < theirs:
        return Float.UP
    return Float.NONE


def taken_into_account(t: Tournament) -> list[int]:
    """Ids of the participants that hold a TPN for this round, in TPN order.

    Everybody to pair now, and everybody who has taken part in a pairing before
    (C.04.2 art. 2; late entries not yet arrived hold none).
    """
    ids = {p.id for p in t.to_pair()}
    last = t.rounds_played
    for p in t.players:
        if p.id in ids:
            continue
        if any(e.was_paired for e in p.history[:last]):
            ids.add(p.id)
    return sorted(ids)


def player_views(t: Tournament) -> list[PlayerView]:
    """The players to pair in art. 1.2 order: pairing score descending, then TPN."""
    rnd = t.next_round
    ranks = {pid: i for i, pid in enumerate(taken_into_account(t))}
    views = []
    for p in t.to_pair():
        views.append(
            PlayerView(
                id=p.id,
                rank=ranks[p.id],
                score=t.pairing_score(p.id),
                real_score=t.score(p.id),
                colours=colour_state(t.colours(p.id)),
                pab_eligible=t.pab_eligible(p.id),
                played_games=t.rounds_played - t.unplayed_rounds(p.id),
                float1=float_in_round(t, p.id, rnd - 1),
                float2=float_in_round(t, p.id, rnd - 2),
                opponents=t.opponents(p.id),
            )
        )
    views.sort(key=lambda v: (-v.score, v.rank))
    return views


def topscorer_threshold(t: Tournament) -> Decimal | None:
    """C.04.3 art. 1.8: in the final round, a score above half the maximum makes a topscorer.

    ``None`` before the final round (no topscorers). The maximum counts a win
    (or a draw, if the point system values it more) for every round played.
    """
    if t.rounds_played < t.settings.rounds - 1:
        return None
    pts = t.settings.points
    best = max(pts.win, pts.draw)
    # scores are compared in tenths of a point, halved downwards
    tenths = int(t.rounds_played * best * 10) // 2
    return Decimal(tenths) / 10


def score_groups(views: list[PlayerView]) -> list[list[PlayerView]]:
    """Consecutive runs of equal pairing score (art. 1.3.1), highest first."""
    groups: list[list[PlayerView]] = []
    for v in views:
        if groups and groups[-1][0].score == v.score:
            groups[-1].append(v)
        else:
            groups.append([v])
    return groups
