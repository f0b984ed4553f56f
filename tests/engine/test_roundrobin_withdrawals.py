"""A round robin's withdrawals and absences: the table kept, the validator, and the results as the options say.

The event of every test: 6 players, one cycle (C.05 Annex 1, table of 6:
1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1), every game
played drawn; 4 withdraws after round 2 (2 games of 5 played), 2 is absent in
round 3 (a zero-point bye asked for). Played, so: round 3 only 3-1, round 4
6-5 and 2-3, round 5 3-6 and 5-1.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from engine.awards.roundrobin_results import notes, regulated
from engine.awards.standings import standings
from engine.model.catalogue import LEFT_GAMES, WITHDRAWN_GAMES
from engine.model.tournament import (
    NOT_PAIRED,
    Colour,
    Pairing,
    Player,
    PlayerStatus,
    ResultCode,
    RoundEntry,
    RoundPairing,
    Settings,
    Tournament,
)
from engine.systems.roundrobin import Cycles, pair, schedule
from engine.validate.check import validate
from engine.validate.violations import Severity

WITHDRAWN, AFTER, ABSENT, ABSENT_IN = 4, 2, 2, 3


def _event(rounds_played: int, options: dict[str, str] | None = None) -> Tournament:
    history: dict[int, list[RoundEntry]] = {p: [] for p in range(1, 7)}
    for rnd, row in enumerate(schedule(6, Cycles.SINGLE)[:rounds_played], start=1):
        away = {ABSENT} if rnd == ABSENT_IN else set()
        if rnd > AFTER:
            away.add(WITHDRAWN)
        for b in row:
            if b.white in away or b.black in away:
                continue
            history[b.white].append(RoundEntry(b.black, Colour.WHITE, ResultCode.DRAW))
            history[b.black].append(RoundEntry(b.white, Colour.BLACK, ResultCode.DRAW))
        for p, h in history.items():
            if len(h) < rnd:
                h.append(RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE) if p == ABSENT and rnd == ABSENT_IN
                         else NOT_PAIRED)
    settings = Settings(rounds=5, system="berger", options=options or {}, tiebreaks=("DE", "WIN", "SB", "KS"))
    return Tournament(settings, tuple(Player(p, f"P{p}", history=tuple(h),
                                             status=PlayerStatus.WITHDRAWN if p == WITHDRAWN else PlayerStatus.ACTIVE)
                                      for p, h in history.items()))


def test_the_round_the_pairing_gives_passes_the_validator_and_a_wrong_one_does_not() -> None:
    t = replace(_event(2), pending={ABSENT: RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)})
    result = pair(t)
    paired = RoundPairing(result.round, result.boards, result.bye)
    assert paired == RoundPairing(3, (Pairing(3, 1),), None)
    assert [v for v in validate(t, paired) if v.severity is Severity.ABSOLUTE] == []
    # 6 and 5 lost their table opponents (2 absent, 4 withdrawn): pairing them together is not the table's
    wrong = RoundPairing(3, (Pairing(3, 1), Pairing(6, 5)), None)
    texts = [v.text for v in validate(t, wrong) if v.severity is Severity.ABSOLUTE]
    assert any("meet in round 4 of the table's order" in x for x in texts), texts
    # and leaving out a player whose table opponent plays is still found
    texts = [v.text for v in validate(t, RoundPairing(3, (), None)) if v.severity is Severity.ABSOLUTE]
    assert texts == ["1 is not paired", "3 is not paired"]


# points counted by hand for each choice (module docstring): the withdrawn player played 2 of 5 games
BY_HAND = {
    # annulled: 4's draws with 3 (round 1) and 6 (round 2) and every forfeit against 4 are out
    ("annulled-under-half", "forfeited"): {1: "2", 2: "1.5", 3: "2", 4: "0", 5: "2", 6: "2.5"},
    ("annulled-under-half", "not-played"): {1: "2", 2: "1.5", 3: "2", 4: "0", 5: "2", 6: "2.5"},
    # kept: 4's two draws count; 5 (round 3), 1 (round 4), 2 (round 5) win against 4 by forfeit
    ("kept", "forfeited"): {1: "3", 2: "2.5", 3: "2.5", 4: "1", 5: "3", 6: "3"},
    ("kept", "not-played"): {1: "2", 2: "1.5", 3: "2.5", 4: "1", 5: "2", 6: "3"},
}


@pytest.mark.parametrize(("games", "left"), list(BY_HAND))
def test_the_standings_count_a_withdrawal_and_an_absence_as_the_options_say(games: str, left: str) -> None:
    t = _event(5, {WITHDRAWN_GAMES.id: games, LEFT_GAMES.id: left})
    table = standings(t)
    assert {r.player: r.points for r in table.rows} == {p: Decimal(v) for p, v in BY_HAND[games, left].items()}
    # the absence: a forfeit whatever the options, 6 wins it with White... as the table gives 2-6: 2 White
    assert regulated(t).player(6).entry(ABSENT_IN) == RoundEntry(2, Colour.BLACK, ResultCode.FORFEIT_WIN)
    assert regulated(t).player(2).entry(ABSENT_IN) == RoundEntry(6, Colour.WHITE, ResultCode.FORFEIT_LOSS)


def test_the_withdrawn_players_left_games_are_forfeits_with_the_tables_opponent_and_colour() -> None:
    t = regulated(_event(5, {WITHDRAWN_GAMES.id: "kept"}))
    four = t.player(WITHDRAWN)
    assert four.history[2:] == (RoundEntry(5, Colour.WHITE, ResultCode.FORFEIT_LOSS),
                                RoundEntry(1, Colour.BLACK, ResultCode.FORFEIT_LOSS),
                                RoundEntry(2, Colour.WHITE, ResultCode.FORFEIT_LOSS))
    assert t.player(1).entry(4) == RoundEntry(4, Colour.WHITE, ResultCode.FORFEIT_WIN)


def test_a_withdrawal_after_half_the_games_is_kept_under_the_usual_rule() -> None:
    # 4 withdrawn after round 3 instead (3 of 5 played: C.06 art. 5.4.2, the games count)
    t = _event(5)
    three_played = [RoundEntry(5, Colour.WHITE, ResultCode.DRAW)]
    t = replace(t, players=tuple(
        replace(p, history=p.history[:2] + tuple(three_played) + p.history[3:]) if p.id == 4 else
        replace(p, history=p.history[:2] + (RoundEntry(4, Colour.BLACK, ResultCode.DRAW),) + p.history[3:])
        if p.id == 5 else p for p in t.players))
    assert standings(t).row(4).points == Decimal("1.5")
    assert "4 P4 withdrew after round 3, 3 of 5 games played: their games are counted." in notes(t)


def test_the_notes_name_each_choice_and_what_it_meant() -> None:
    assert notes(_event(5)) == (
        "A withdrawn player who completed fewer than half of their games has them annulled: not counted for "
        "anybody (FIDE Tournament Rules art. 5.4.1); at least half, they count (art. 5.4.2).",
        "The games a withdrawal leaves are forfeited: - for the player, + for the opponent (art. 5.4).",
        "A player absent from a round loses that game by forfeit (Laws of Chess art. 6.7.1).",
        "2 P2 was absent in round 3: the game is forfeited.",
        "4 P4 withdrew after round 2, 2 of 5 games played: their games are annulled, out of everybody's score.",
    )
    kept = notes(_event(5, {WITHDRAWN_GAMES.id: "kept", LEFT_GAMES.id: "not-played"}))
    assert kept[:2] == ("A withdrawn player's games count (the regulations).",
                        "The games a withdrawal leaves are not played: no points either side (the regulations).")


def test_a_swiss_is_left_as_it_is() -> None:
    t = _event(5)
    swiss = replace(t, settings=replace(t.settings, system="dutch-2026"))
    assert regulated(swiss) is swiss and notes(swiss) == ()
