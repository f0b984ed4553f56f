"""py4swiss (test-only oracle): its Dubov pairing of the next round of a tournament.

py4swiss implements the 2026 Dubov text independently of us; it is not
endorsed, and where it and the text disagree the text wins (docs/systems.md
lists the known cases). It reads the TRF we write (JaVaFo dialect: XXR, XXC).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from engine import trf
from engine.model import Pairing, RoundPairing, Tournament


class OracleError(Exception):
    """py4swiss refused the input or could not pair it."""


def py4swiss_dubov(t: Tournament) -> RoundPairing:
    """py4swiss's Dubov pairing of ``t.next_round``: boards in its order, the PAB as ``bye``."""
    from py4swiss.engines import DubovEngine
    from py4swiss.trf import TrfParser

    text = trf.dumps(t, dialect="javafo")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "round.trf"
        path.write_text(text, encoding="utf-8")
        try:
            parsed = TrfParser.parse(path)
            result = DubovEngine.generate_pairings(parsed)
        except Exception as exc:  # its parser and engine raise their own exception types
            raise OracleError(f"py4swiss: {type(exc).__name__}: {exc}") from exc
    boards = tuple(Pairing(p.white, p.black) for p in result if p.black != 0)
    byes = [p.white for p in result if p.black == 0]
    return RoundPairing(t.next_round, boards, byes[0] if byes else None)
