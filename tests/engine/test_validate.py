"""The independent validator: reference rounds pass, broken pairings are caught with their rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.model import (
    Colour,
    ForbiddenPair,
    Pairing,
    Player,
    PlayerStatus,
    PointSystem,
    ResultCode,
    RoundEntry,
    RoundPairing,
    Settings,
    Tournament,
)
from engine.validate import (
    RULE_ABSENT,
    RULE_COLOUR_DIFFERENCE,
    RULE_COLOUR_REPEAT,
    RULE_FORBIDDEN,
    RULE_PAB,
    RULE_PARTICIPANTS,
    RULE_REMATCH,
    RULE_SAME_ABSOLUTE,
    RULE_UNKNOWN,
    RULE_WITHDRAWN,
    Severity,
    Violation,
    validate,
)
from tests.engine.fixture_rounds import FIXTURES, before_round, fixture_files, played_round, read_fixture

W, B = Colour.WHITE, Colour.BLACK

# A fixed subset: small and large fields, 3-1-0 scoring (2300023, 2300032), half-point
# and zero-point byes, forfeits, odd fields with the PAB, long events (11 rounds).
SUBSET = [
    "dutch-2300001-n16-r9.trf",
    "dutch-2300002-n41-r8.trf",
    "dutch-2300006-n42-r6.trf",
    "dutch-2300007-n10-r5.trf",
    "dutch-2300008-n30-r11.trf",
    "dutch-2300010-n12-r10.trf",
    "dutch-2300017-n14-r8.trf",
    "dutch-2300023-n100-r8.trf",
    "dutch-2300025-n28-r8.trf",
    "dutch-2300032-n26-r9.trf",
    "dutch-2300044-n102-r11.trf",
    "dutch-2300045-n17-r5.trf",
]


def fixture(name: str) -> Tournament:
    return read_fixture(FIXTURES / name)


def absolute(found: list[Violation]) -> list[Violation]:
    return [v for v in found if v.severity is Severity.ABSOLUTE]


def rules(found: list[Violation], severity: Severity = Severity.ABSOLUTE) -> set[str]:
    return {v.rule for v in found if v.severity is severity}


# -- hand-made tournaments ------------------------------------------------------------

RESULTS = {
    "1-0": (ResultCode.WIN, ResultCode.LOSS),
    "0-1": (ResultCode.LOSS, ResultCode.WIN),
    "=": (ResultCode.DRAW, ResultCode.DRAW),
    "+-": (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS),
    "-+": (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN),
}


def event(players: int, rounds: int, **settings) -> Tournament:
    return Tournament(Settings(rounds=rounds, **settings), tuple(Player(i, f"P{i}") for i in range(1, players + 1)))


def play(t: Tournament, rnd: int, games: list[tuple[int, int, str]], bye: int | None = None,
         others: dict[int, ResultCode] | None = None) -> Tournament:
    """Record round ``rnd``: (white, black, result) games, the PAB, other entries (byes, absences)."""
    entries: dict[int, RoundEntry] = {}
    for white, black, result in games:
        rw, rb = RESULTS[result]
        entries[white] = RoundEntry(black, W, rw)
        entries[black] = RoundEntry(white, B, rb)
    if bye is not None:
        entries[bye] = RoundEntry(None, Colour.NONE, ResultCode.PAB)
    for pid, code in (others or {}).items():
        entries[pid] = RoundEntry(None, Colour.NONE, code)
    players = [p.with_entry(rnd, entries[p.id]) if p.id in entries else p for p in t.players]
    return t.with_players(players)


def rp(rnd: int, *boards: tuple[int, int], bye: int | None = None) -> RoundPairing:
    return RoundPairing(rnd, tuple(Pairing(w, b) for w, b in boards), bye)


# -- reference rounds ---------------------------------------------------------------------


@pytest.mark.parametrize("name", SUBSET)
def test_reference_rounds_have_no_absolute_violation(name: str) -> None:
    t = fixture(name)
    for r in range(1, t.settings.rounds + 1):
        found = validate(before_round(t, r), played_round(t, r))
        assert absolute(found) == [], (name, r, absolute(found))
        # bbpPairings allocates colours by C.04.3 art. 5 exactly as the validator reads it.
        assert rules(found, Severity.QUALITY) == set(), (name, r, found)


def test_reference_compared_with_itself_is_clean() -> None:
    t = fixture("dutch-2300002-n41-r8.trf")
    for r in range(1, t.settings.rounds + 1):
        pairing = played_round(t, r)
        found = validate(before_round(t, r), pairing, reference=pairing)
        assert [v for v in found if v.severity is not Severity.NOTE] == []
        assert [v for v in found if v.rule == "reference"] == []


def test_topscorer_exception_seen_in_a_reference_final_round() -> None:
    # Round 8 (final) of this event gives player 2 a third White in a row: allowed
    # only because of the Dutch topscorer exception, and reported as a note.
    t = fixture("dutch-2300017-n14-r8.trf")
    found = validate(before_round(t, 8), played_round(t, 8))
    assert absolute(found) == []
    notes = [v for v in found if v.severity is Severity.NOTE and v.rule == RULE_COLOUR_REPEAT]
    assert [v.players for v in notes] == [(2,)]
    # Under a system without that exception the same round breaks C.04.1 art. 7.
    strict = validate(before_round(t, 8), played_round(t, 8), system="burstein-2026")
    assert RULE_COLOUR_REPEAT in rules(strict)
