"""What every pairing system returns."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.model.explain import TraceEvent
from engine.model.tournament import Pairing, RoundPairing

# Called by an engine as it works through a round: ``progress(k, n)`` when the k-th of n
# steps (the Dutch engine: brackets) begins. A caller that shows progress passes one; the
# engine knows nothing of how it is shown.
Progress = Callable[[int, int], None]


class NoLegalPairing(Exception):
    """No pairing satisfies the absolute criteria (C.04.3 art. 1.9.3: the Chief Arbiter decides)."""


@dataclass(frozen=True)
class PairingResult:
    """Boards in publishing order (C.04.2 art. 3.6), the pairing-allocated bye and the explanation."""

    round: int
    boards: tuple[Pairing, ...]
    bye: int | None
    trace: tuple[TraceEvent, ...] = ()
    # The limitations a hand-pairing text could not keep this round, each with its article (the text
    # left the round to the arbiter; the engine proposes the pairing that breaks the fewest).
    relaxed: tuple[str, ...] = ()

    def as_round(self) -> RoundPairing:
        return RoundPairing(self.round, self.boards, self.bye)
