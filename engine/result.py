"""What every pairing system returns."""

from __future__ import annotations

from dataclasses import dataclass

from engine.explain import TraceEvent
from engine.model import Pairing, RoundPairing


class NoLegalPairing(Exception):
    """No pairing satisfies the absolute criteria (C.04.3 art. 1.9.3: the Chief Arbiter decides)."""


@dataclass(frozen=True)
class PairingResult:
    """Boards in publishing order (C.04.2 art. 3.6), the pairing-allocated bye and the explanation."""

    round: int
    boards: tuple[Pairing, ...]
    bye: int | None
    trace: tuple[TraceEvent, ...] = ()

    def as_round(self) -> RoundPairing:
        return RoundPairing(self.round, self.boards, self.bye)
