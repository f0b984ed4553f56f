"""Burstein system, C.04.4.2 2026 edition.

The seeding rounds - the first min(R/2 rounded down, 4) - are paired by the
FIDE (Dutch) system (art. 1.6). After them the pairing-allocated bye is given
first (art. 3.1), then the brackets are paired from the top: each bracket's
players are ranked by the opposition Index (art. 1.7-1.8: Buchholz, then
Sonneborn-Berger, then TPN; scores and ratings play no part) and the pairing
kept is the first in the "high Index against low Index" order of art. 4.3
among those best on [C4]-[C8]. Colours follow art. 5.

The 2026 text has no default acceleration (the earlier text's engines added
one): virtual points exist only where the event announced them, as the
explicit table of :mod:`engine.model.acceleration`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine.model.explain import Step, TraceEvent, points_text
from engine.model.result import PairingResult, Progress
from engine.model.tournament import Colour, Pairing, Tournament
from engine.model.wording import _, ngettext
from engine.systems.boards import COLOUR_REASONS, Allocation, initial_colour, publish
from engine.systems.brackets import PlayerView, player_views
from engine.systems.burstein.bracket import RULE, Brackets
from engine.systems.burstein.bye import complete_pairing
from engine.systems.burstein.colours import allocate_colours
from engine.systems.burstein.index import Index, indices


def seeding_rounds(rounds: int) -> int:
    """Art. 1.6.2: half the rounds, rounded down, but at most four."""
    return min(rounds // 2, 4)


def pair(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Pair the next round of ``tournament`` by the Burstein system, with the explanation.

    ``progress`` is told of the seeding rounds' brackets, which the Dutch system pairs.
    """
    t = tournament
    rnd = t.next_round
    seeding = seeding_rounds(t.settings.rounds)
    if rnd <= seeding:
        from engine.systems import dutch

        result = dutch.pair(t, progress)
        note = TraceEvent(
            Step.NOTE,
            _("round {round} is seeding round {round} of {seeding}: paired by the FIDE (Dutch) system").format(
                round=rnd, seeding=seeding),
            f"{RULE} art. 1.6",
            data={"seeding_rounds": seeding},
        )
        return replace(result, trace=(note, *result.trace))
    return _pair_by_index(t)


def _pair_by_index(t: Tournament) -> PairingResult:
    rnd = t.next_round
    views = player_views(t)
    index = indices(t, (v.id for v in views))
    # vertex order: pairing score descending, then the Index order of art. 1.8
    views.sort(key=lambda v: (-v.score, *index[v.id].key(v.rank)))
    trace: list[TraceEvent] = [_index_note(rnd, views, index)]
    n = len(views)
    if n == 0:
        return PairingResult(rnd, (), None, tuple(trace))
    compat = _compat_rows(t, views)
    place = {v.id: k for k, v in enumerate(sorted(views, key=lambda v: index[v.id].key(v.rank)))}
    solver, bye_vertex = complete_pairing(views, place, compat)
    if bye_vertex is not None:
        trace.append(_bye_event(views[bye_vertex]))
    brackets = Brackets(views, dict(index), compat, solver, lambda a, b: _why_not(t, a, b))
    brackets.pair_all([v for v in range(n) if v != bye_vertex])
    trace.extend(brackets.trace)
    boards = _colours_and_order(t, views, index, brackets.pairs, trace)
    bye = views[bye_vertex].id if bye_vertex is not None else None
    return PairingResult(rnd, boards, bye, tuple(trace))


def _index_note(rnd: int, views: list[PlayerView], index: Mapping[int, Index]) -> TraceEvent:
    return TraceEvent(
        Step.NOTE,
        _("round {round} is after the seeding rounds: inside each bracket players are ranked by the Index "
          "(Buchholz, then Sonneborn-Berger, then TPN), not by score").format(round=rnd),
        f"{RULE} art. 1.7, 1.8",
        data={
            "index": [
                {
                    "id": v.id,
                    "score": str(v.score),
                    "buchholz": str(index[v.id].buchholz),
                    "sonneborn_berger": str(index[v.id].sonneborn_berger),
                }
                for v in views
            ]
        },
    )


def _bye_event(p: PlayerView) -> TraceEvent:
    return TraceEvent(
        Step.BYE,
        ngettext("{player} ({score}, {games} game played) receives the pairing-allocated bye: eligible, the others "
                 "stay pairable, lowest score, then most games played, then lowest in the Index order",
                 "{player} ({score}, {games} games played) receives the pairing-allocated bye: eligible, the others "
                 "stay pairable, lowest score, then most games played, then lowest in the Index order",
                 p.played_games).format(player=p.id, score=points_text(p.score), games=p.played_games),
        f"{RULE} art. 3.1",
        players=(p.id,),
        data={"score": str(p.score), "played_games": p.played_games},
    )


def _compat_rows(t: Tournament, views: list[PlayerView]) -> list[bytearray]:
    """``rows[i][j]`` is 1 when players ``i`` and ``j`` may meet: [C1], forbidden pairs, [C3] (no exception)."""
    n = len(views)
    at = {v.id: i for i, v in enumerate(views)}
    rows = [bytearray(b"\x01") * n for _ in range(n)]
    for i, v in enumerate(views):
        rows[i][i] = 0
        for o in v.opponents:  # [C1]
            j = at.get(o)
            if j is not None:
                rows[i][j] = rows[j][i] = 0
    for f in t.settings.forbidden:
        if f.applies(t.next_round):
            ids = [at[x] for x in f.players if x in at]
            for a in ids:
                for b in ids:
                    if a != b:
                        rows[a][b] = 0
    by_colour: dict[Colour, list[int]] = {}
    for i, v in enumerate(views):
        if v.colours.absolute:
            by_colour.setdefault(v.colours.preference, []).append(i)
    for members in by_colour.values():  # [C3]
        for a in members:
            for b in members:
                rows[a][b] = 0
    return rows


def _why_not(t: Tournament, a: PlayerView, b: PlayerView) -> tuple[str, str]:
    if b.id in a.opponents:
        rounds = [r for r in range(1, t.rounds_played + 1)
                  if t.player(a.id).entry(r).is_game and t.player(a.id).entry(r).opponent == b.id]
        return _("they met in round {round}").format(round=rounds[0]), f"{RULE} [C1]"
    if t.is_forbidden(a.id, b.id):
        return _("they may not be paired (forbidden pair)"), "C.04.2 art. 1.2, TRF 260"
    if a.colours.absolute and b.colours.absolute and a.colours.preference is b.colours.preference:
        told = _("both must have White") if a.colours.preference is Colour.WHITE else _("both must have Black")
        return told, f"{RULE} [C3]"
    return _("they may not meet"), f"{RULE} [C1]"


def _colours_and_order(t: Tournament, views: list[PlayerView], index: Mapping[int, Index],
                       pairs: list[tuple[int, int]], trace: list[TraceEvent]) -> tuple[Pairing, ...]:
    """Colours by art. 5.2, boards in the order of C.04.2 art. 3.6 on real scores (:func:`publish`)."""
    initial = initial_colour(t)
    allocations = []
    for u, v in pairs:
        a, b = views[u], views[v]
        alloc = allocate_colours(a, b, index[a.id].key(a.rank) < index[b.id].key(b.rank), initial)
        reason = COLOUR_REASONS[alloc.rule]
        allocations.append(Allocation(alloc.white, alloc.black, f"{RULE} art. {alloc.rule}", reason))
    return publish(t, allocations, trace)
