"""The Double-Swiss offered through the catalogue: a Tournament keeping matches, scored by games, its TRF.

The fixture ``tests/engine/data/systems/double-swiss-2026.trf`` (``swisstui generate
--system double-swiss-2026 --players 17 --rounds 7``) holds each match as two round
columns; docs/trf.md says why.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from engine import systems, trf
from engine.model.match_entries import match_entries, round_as_matches
from engine.model.tournament import Colour, Player, ResultCode, Settings, Tournament
from engine.trf.errors import TrfError
from engine.validate.check import validate
from engine.validate.violations import Severity
from engine.model.tournament import Pairing, RoundPairing

FIXTURE = Path(__file__).parent / "data" / "systems" / "double-swiss-2026.trf"
W, D, L = ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS
FW, FL = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS
SYSTEM = "double-swiss-2026"


def event(rounds: list[dict[int, object]], n: int = 4, total: int = 5) -> Tournament:
    """``rounds``: per round, player -> entry; players without one were not paired."""
    info = systems.get(SYSTEM)
    players = []
    for pid in range(1, n + 1):
        history = tuple(r.get(pid, None) for r in rounds)
        from engine.model.tournament import NOT_PAIRED

        players.append(Player(pid, f"P{pid}", history=tuple(e if e is not None else NOT_PAIRED for e in history)))  # type: ignore[misc]
    points = info.new_points()
    assert points is not None
    return Tournament(Settings(rounds=total, system=SYSTEM, points=points), tuple(players))


def two(white: int, black: int, g1: tuple[ResultCode, ResultCode], g2: tuple[ResultCode, ResultCode]) -> dict[int, object]:
    """A match: ``white`` has White in game 1; ``g1``, ``g2`` each game's (White's, Black's) codes."""
    a, b = match_entries(white, black, [g1, g2])
    return {white: a, black: b}


def test_the_entry_is_in_the_catalogue_with_two_games_and_its_trf_code() -> None:
    info = systems.get("double-swiss")
    assert (info.id, info.games, info.trf_code, info.available) == (SYSTEM, 2, "FIDE_DOUBLESWISS", True)
    assert "restated" in info.title  # the settings show that articles 1.4 onwards are restated


def test_art_1_4_as_restated_a_new_event_has_a_bye_worth_a_game_won_and_one_drawn() -> None:
    points = systems.get(SYSTEM).new_points()
    assert points is not None and points.pab_points == Decimal("1.5")


def test_preface_points_are_counted_a_game_and_a_single_forfeit_leaves_a_played_match() -> None:
    # 1-2: 1 wins game 1, game 2 forfeited by 1: 1 point each, a match played (the preface).
    # 3-4: 3 forfeits both games: ended by forfeit, 4 won without playing.
    r1 = {**two(1, 2, (W, L), (FW, FL)), **two(3, 4, (FL, FW), (FW, FL))}
    t = event([r1])
    assert [t.score(p) for p in (1, 2, 3, 4)] == [Decimal(1), Decimal(1), Decimal(0), Decimal(2)]
    assert t.player(1).entry(1).is_game and t.player(1).entry(1).code is D
    assert not t.player(4).entry(1).is_game and t.player(4).entry(1).code is FW
    assert {m.home.id for m in round_as_matches(t, 1)} == {1, 3}


def test_pairing_never_repeats_a_match_played_with_one_game_forfeited() -> None:
    # Round 2 of four players: 1-2 met (one game forfeited), 3-4 ended by forfeit (may meet again).
    r1 = {**two(1, 2, (W, L), (FW, FL)), **two(3, 4, (FL, FW), (FW, FL))}
    result = systems.pair(event([r1]))
    pairs = {frozenset((b.white, b.black)) for b in result.boards}
    assert frozenset({1, 2}) not in pairs
    assert result.round == 2 and result.trace and result.trace[0].rule == "C.04.5 art. 3.3"


def test_the_validator_finds_a_second_match_after_a_single_forfeited_game() -> None:
    r1 = {**two(1, 2, (W, L), (FW, FL)), **two(3, 4, (D, D), (D, D))}
    t = event([r1])
    found = validate(t, RoundPairing(2, (Pairing(2, 1), Pairing(3, 4))))
    absolute = [v for v in found if v.severity is Severity.ABSOLUTE]
    assert any("C.04.5" in v.rule for v in absolute) and any("1" in v.text and "2" in v.text for v in absolute)


def test_trf_writes_each_match_as_two_columns_and_reads_it_back_unchanged() -> None:
    doc = trf.load(FIXTURE)
    t = doc.tournament
    assert t.settings.system == SYSTEM and t.rounds_played == 7
    text = trf.dumps(t)
    line = next(x for x in text.splitlines() if x.startswith("001    1"))
    assert len(line[91:].split()) == 14 * 3  # 7 matches, 2 games each: opponent, colour, result
    again = trf.loads(text).tournament
    assert again.players == t.players
    assert trf.dumps(again) == text


def test_trf_a_bye_in_one_game_of_a_match_is_refused_with_line_and_columns() -> None:
    text = FIXTURE.read_text(encoding="utf-8")
    lines = text.splitlines()
    n, line = next((i, x) for i, x in enumerate(lines) if "0000 - U  0000 - U" in x)
    lines[n] = line.replace("0000 - U  0000 - U", "0000 - U  0000 - Z", 1)
    with pytest.raises(TrfError) as err:
        trf.loads("\n".join(lines) + "\n")
    message = str(err.value)
    assert f"<string>:{n + 1}:" in message and "match 5: a bye or absence in one game only" in message


def test_match_entries_keep_each_game_with_alternating_colours() -> None:
    white, black = match_entries(5, 9, [(W, L), None])
    assert (white.colour, white.games, white.code) == (Colour.WHITE, (W, ResultCode.ABSENT), ResultCode.ABSENT)
    assert (black.colour, black.games) == (Colour.BLACK, (L, ResultCode.ABSENT))
