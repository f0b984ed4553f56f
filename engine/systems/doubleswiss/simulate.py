"""Random Double-Swiss events, seeded, for the independent check (scripts/doubleswiss_rtg.py, tests).

An event: 5-11 rounds, 7-300 players (at least rounds + 2); each game a random result (the stronger player,
lower TPN, somewhat favoured), some single games forfeited, some matches forfeited
whole (both games), some players absent for a round, some withdrawing for good.
Pure and deterministic for a seed: the same seed gives the same event.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.model.matches import Game, Match, MatchScoring
from engine.model.tournament import Colour, ResultCode
from engine.model.units import Unit
from engine.systems.doubleswiss.pairer import DoubleSwissError, pair_matches

Checker = Callable[[Sequence[Unit], Sequence[Match], Sequence[Sequence[Match]], MatchScoring], list[str]]


@dataclass
class EventReport:
    """What one random event gave: rounds paired, findings of the checker, the round the text could not pair."""

    seed: int
    players: int
    rounds: int
    paired: int = 0
    findings: tuple[str, ...] = ()
    unpairable: str | None = None
    single_forfeits: int = 0
    double_forfeits: int = 0


_WIN = (ResultCode.WIN, ResultCode.LOSS)
_DRAW = (ResultCode.DRAW, ResultCode.DRAW)
_LOSS = (ResultCode.LOSS, ResultCode.WIN)


def _game_result(rng: random.Random, white: int, black: int) -> tuple[ResultCode, ResultCode]:
    edge = 0.1 if white < black else -0.1
    x = rng.random()
    if x < 0.4 + edge:
        return _WIN
    if x < 0.7:
        return _DRAW
    return _LOSS


def play_event(
    seed: int,
    check: Checker,
    players: int | None = None,
    rounds: int | None = None,
    initial_colour: Colour | None = None,
) -> EventReport:
    """Pair and play one random event, checking every round with ``check``."""
    rng = random.Random(seed)
    length = rounds if rounds is not None else rng.randint(5, 11)
    # No event plays more rounds than its field allows: at least two players more than rounds.
    n = players if players is not None else rng.randint(max(7, length + 2), 300)
    report = EventReport(seed, n, length)
    everyone = [Unit.player(i, f"P{i}") for i in range(1, n + 1)]
    withdrawn: set[int] = set()
    scoring = MatchScoring()
    before: list[tuple[Match, ...]] = []
    drawn = Colour.WHITE if rng.random() < 0.5 else Colour.BLACK
    initial = drawn if initial_colour is None else initial_colour
    for rnd in range(1, length + 1):
        if rnd > 1 and rng.random() < 0.3:
            withdrawn.add(rng.randint(1, n))
        absent = {rng.randint(1, n) for _ in range(rng.randint(0, 2))} if rnd > 1 else set()
        units = [u for u in everyone if u.id not in withdrawn and u.id not in absent]
        try:
            pairing = pair_matches(units, before, scoring=scoring, initial_colour=initial, last_round=rnd == length)
        except DoubleSwissError as err:
            report.unpairable = f"round {rnd}: {err}"
            return report
        found = check(units, pairing.matches, before, scoring)
        if found:
            report.findings += tuple(f"seed {seed} round {rnd}: {f}" for f in found)
        played: list[Match] = []
        for m in pairing.matches:
            if m.is_bye:
                played.append(m)
                continue
            x = rng.random()
            games: list[Game] = []
            for i, g in enumerate(m.games):
                if x < 0.02:  # the whole match forfeited: the away player never came
                    res = (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)
                    if g.white != m.home.id:
                        res = (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN)
                elif x < 0.05 and i == 1:  # one game forfeited: the match still counts as played
                    res = (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)
                else:
                    res = _game_result(rng, g.white, g.black)
                games.append(Game(g.white, g.black, res))
            if x < 0.02:
                report.double_forfeits += 1
            elif x < 0.05:
                report.single_forfeits += 1
            played.append(Match(m.number, m.home, m.away, tuple(games)))
        before.append(tuple(played))
        report.paired += 1
    return report
