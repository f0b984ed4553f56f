"""FIDE (Dutch) system, C.04.3 2026 edition ("2025 rules").

A pairing system is a package under ``engine/systems/`` whose entry in
:mod:`engine.model.catalogue` names its ``pair(tournament, progress=None)
-> PairingResult`` (CONTRIBUTING.md lists the rest). The Dutch package is
laid out the way a system's may be, one module per concern:

``weights``
    What the rules prefer, as numbers: the weight of every pair of players,
    one integer whose bit fields encode [C1]-[C21] in their order of
    priority, so that a maximum-weight matching is the best candidate.
``bracket``
    The procedure: the round bracket by bracket, one function per article
    (choosing the MDPs, art. 4.4; the MDP-pairing; the remainder, art. 4.2;
    the floaters), the colours and the board order, over the shared state of
    ``state``. ``exchanges`` holds art. 4.3 (the remainder's S1 and S2, the
    fewest exchanges and whom they move). ``bracket_trace`` emits the basic
    trace: each bracket with its players' facts as the engine used them
    (:class:`engine.model.explain.PlayerFacts`), the pairs, the floaters; ``bracket``
    adds the bye and the colours.
``narrate``
    The *why*, told afterwards the way an arbiter pairs by hand (proposals,
    rejected pairs, exchanges, transpositions, the bye's reasons). It reads
    only the tournament and the basic trace, so it can never change a
    pairing; ``rejections`` finds, for each proposed pair not kept, the rule
    that decided.

:func:`pair` is ``narrate`` over ``bracket``'s pairing; :func:`pair_unexplained`
skips the story (conformance runs, benchmarks of the matching alone).

What is not Dutch is shared, not copied: the model (:mod:`engine.model.tournament`),
colour preferences and allocation (:mod:`engine.systems.colours`), the matching over
every player still to pair (:mod:`engine.matching.solver`, on top of
:class:`engine.matching.perfect.PerfectMatcher`, kept sparse where the weights allow
it and certified exact; the Burstein system asks it too) and the trace types
(:mod:`engine.model.explain`); every
system's bracket events carry :class:`engine.model.explain.PlayerFacts`, with what
is particular to the system in their ``extra`` values.
"""

from __future__ import annotations

from engine.model.result import PairingResult, Progress
from engine.model.tournament import Tournament
from engine.systems.dutch.bracket import pair_unexplained
from engine.systems.dutch.narrate import narrate

__all__ = ["pair", "pair_unexplained"]


def pair(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Pair the next round of ``tournament`` by the FIDE (Dutch) system, with the full explanation.

    The matching decides (:func:`pair_unexplained`); the explanation then
    retells that decision the way art. 3-4 generate it. ``progress(k, n)`` is
    told as the k-th of n brackets begins (see :data:`engine.model.result.Progress`).
    """
    return narrate(tournament, pair_unexplained(tournament, progress))
