"""The catalogue's entry for the Double-Swiss: one round of a Tournament paired by C.04.5.

The Tournament keeps a round of matches in its entries (:mod:`engine.model.match_entries`);
this reads them back as matches, pairs them with :func:`pair_matches` and returns each
match as the board of its first game (White of game 1 first): the second game reverses
its colours (C.04.5 preface), which is how the application writes the match's games.
The review's lines become the explanation, each with the article that decided it.
"""

from __future__ import annotations

from engine.model.explain import Step, TraceEvent
from engine.model.match_entries import matches_before
from engine.model.matches import MatchScoring
from engine.model.result import NoLegalPairing, PairingResult, Progress
from engine.model.tournament import Pairing, ResultCode, Tournament
from engine.model.units import Unit
from engine.model.wording import _
from engine.systems.doubleswiss.pairer import DoubleSwissError, pair_matches


def pair(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Pair the next round of ``tournament`` by the Double-Swiss (C.04.5); quick, so ``progress`` is never called."""
    t = tournament
    number = t.next_round
    units = [Unit.player(p.id, p.name) for p in t.to_pair()]
    ids = [u.id for u in units]
    # Pairs the arbiter keeps apart are treated like [C1] (C.04.2 art. 1.6 leaves them to the arbiter).
    forbidden = frozenset(frozenset((a, b)) for i, a in enumerate(ids) for b in ids[i + 1:] if t.is_forbidden(a, b))
    # The match-bye is worth the event's PAB value (C.04.5 art. 1.4 as restated: a game won and one drawn).
    scoring = MatchScoring(game=t.settings.points, bye_game_points=t.settings.points.pab_points)
    try:
        paired = pair_matches(
            units,
            matches_before(t, number),
            scoring=scoring,
            initial_colour=t.settings.initial_colour,
            last_round=t.is_last_round,
            forbidden=forbidden,
            scored_without_playing=_full_byes(t, number),
        )
    except DoubleSwissError as err:
        raise NoLegalPairing(str(err)) from None
    boards = tuple(Pairing(m.games[0].white, m.games[0].black) for m in paired.matches if not m.is_bye)
    trace = [TraceEvent(Step.NOTE, _("Double-Swiss (C.04.5, 2026; articles 1.4 on restated): round {round}").format(
                            round=number),
                        "C.04.5 art. 3.3")]
    trace += [_event(line) for line in paired.review]
    return PairingResult(number, boards, paired.bye, tuple(trace))


def _full_byes(t: Tournament, number: int) -> frozenset[int]:
    """Players who had a requested full-point bye before round ``number``: no PAB for them ([C2] as restated)."""
    return frozenset(p.id for p in t.players if any(p.entry(r).code is ResultCode.FULL_BYE for r in range(1, number)))


def _event(line: str) -> TraceEvent:
    """One review line (``art. 3.4: bye to 7 ...``) as a step of the explanation, its article as the rule."""
    article, _colon, text = line.partition(": ")
    step = Step.BYE if article == "art. 3.4" else Step.COLOUR if article.startswith("art. 4") else (
        Step.FLOATER if article == "art. 3.5" else Step.PAIRED)
    return TraceEvent(step, text, f"C.04.5 {article}")
