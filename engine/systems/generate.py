"""Random tournament generator (RTG, FIDE C.04.A): whole events to test a pairing engine on.

An RTG plays a complete tournament with invented players and invented results,
pairing every round with the engine under test, so that the engine meets the
situations real events produce (byes, forfeits, retirements, odd fields) in
numbers no hand-made test reaches. Every random choice comes from one
``random.Random(seed)``: the same arguments always give the same tournament, so
a failing seed is a reproducible bug report.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from engine.model.acceleration import baku
from engine.model.catalogue import find
from engine.model.match_entries import match_entries
from engine.model.matches import GameResult
from engine.model.tournament import (
    DEFAULT_SYSTEM,
    NOT_PAIRED,
    Colour,
    Player,
    PlayerStatus,
    PointSystem,
    ResultCode,
    RoundEntry,
    RoundPairing,
    Settings,
    Tournament,
)
from engine.model.result import NoLegalPairing, PairingResult

PairFunction = Callable[[Tournament], "PairingResult | RoundPairing"]

LOWEST_RATING = 1000
HIGHEST_RATING = 2700
DOUBLE_FORFEIT_SHARE = 0.1  # of the forfeited games, how many neither player turned up for


class GenerationError(RuntimeError):
    """The tournament could not be played to its end (no legal pairing, or a malformed one).

    ``played`` is the tournament as far as it got (the rounds before the one that
    failed), so that a caller can still write what was played; ``no_pairing`` says
    the round has no legal pairing (small fields run out of opponents), as opposed
    to an engine that returned a malformed pairing.
    """

    def __init__(self, message: str, *, no_pairing: bool = False) -> None:
        super().__init__(message)
        self.no_pairing = no_pairing
        self.played: Tournament | None = None


def generate(
    players: int,
    rounds: int,
    seed: int,
    *,
    system: str = DEFAULT_SYSTEM,
    draw_rate: float = 0.3,
    forfeit_rate: float = 0.02,
    half_bye_rate: float = 0.01,
    zero_bye_rate: float = 0.005,
    retire_rate: float = 0.005,
    points: PointSystem = PointSystem(),
    accelerate: bool = False,
    pair: PairFunction | None = None,
    on_round: Callable[[Tournament, RoundPairing], None] | None = None,
) -> Tournament:
    """A complete random tournament of ``players`` players and ``rounds`` rounds.

    Each round: some players ask for a half-point or zero-point bye (pending
    before the pairing, as an arbiter would record them); the round is paired by
    ``pair`` (default: the system named by ``system``); results follow the
    ratings (Elo expectation) with ``draw_rate`` draws and ``forfeit_rate``
    forfeits; after the round each remaining player retires with probability
    ``retire_rate`` and is not paired again. ``accelerate``: Baku acceleration
    (C.04.7), its table made from the round-1 list once round 1's byes are known. ``on_round`` is called with the
    snapshot each round was paired from and its pairing (to check every round).

    Raises :class:`GenerationError` naming the round when the engine finds no
    legal pairing or returns one that does not pair every player exactly once.
    """
    if players < 1 or rounds < 1:
        raise ValueError("a random tournament needs at least one player and one round")
    rng = random.Random(seed)
    if pair is None:
        from engine.systems import pair as system_pair

        pair = system_pair

    ratings = sorted((rng.randint(LOWEST_RATING, HIGHEST_RATING) for _ in range(players)), reverse=True)
    # C.04.2 art. 2.2-2.3: pairing numbers follow the strength order.
    roster = tuple(Player(i, f"Player {i:04d}", rating=rating) for i, rating in enumerate(ratings, start=1))
    settings = Settings(
        rounds=rounds,
        system=system,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),  # the lot before round 1 (C.04.3 art. 5.1)
        points=points,
    )
    t = Tournament(settings, roster, name=f"Random tournament {seed}")

    for rnd in range(1, rounds + 1):
        pending = _requested_byes(t, rng, half_bye_rate, zero_bye_rate)
        snapshot = t.with_pending(pending)
        if accelerate and rnd == 1:
            t = replace(t, settings=replace(t.settings, accelerations=baku(snapshot)))
            snapshot = t.with_pending(pending)
        try:
            pairing = _pair_round(snapshot, rnd, pair, seed)
        except GenerationError as err:
            err.played = t
            raise
        if on_round is not None:
            on_round(snapshot, pairing)
        entries = dict(pending)
        entries.update(_play(t, pairing, rng, draw_rate, forfeit_rate))
        updated = [p.with_entry(rnd, entries.get(p.id, NOT_PAIRED)) for p in t.players]
        if rnd < rounds:
            updated = [
                replace(p, status=PlayerStatus.WITHDRAWN) if not p.withdrawn and rng.random() < retire_rate else p
                for p in updated
            ]
        t = t.with_players(updated)
    return t


def _requested_byes(t: Tournament, rng: random.Random, half: float, zero: float) -> dict[int, RoundEntry]:
    """Byes asked for before the round (C.04.2 art. 3.3): not paired, known in advance."""
    pending = {}
    for p in t.players:
        if p.withdrawn:
            continue
        draw = rng.random()
        if draw < half:
            pending[p.id] = RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE)
        elif draw < half + zero:
            pending[p.id] = RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)
    return pending


def _pair_round(snapshot: Tournament, rnd: int, pair: PairFunction, seed: int) -> RoundPairing:
    to_pair = [p.id for p in snapshot.to_pair()]
    if not to_pair:
        return RoundPairing(rnd, ())
    try:
        result = pair(snapshot)
    except NoLegalPairing as exc:
        raise GenerationError(
            f"round {rnd} (seed {seed}): no legal pairing for the {len(to_pair)} players to pair: {exc}",
            no_pairing=True,
        ) from exc
    pairing = result.as_round() if isinstance(result, PairingResult) else result
    placed = [pid for b in pairing.boards for pid in (b.white, b.black)]
    if pairing.bye is not None:
        placed.append(pairing.bye)
    if sorted(placed) != sorted(to_pair):
        raise GenerationError(
            f"round {rnd} (seed {seed}): the pairing does not place every player to pair exactly once"
        )
    if pairing.round != rnd:
        raise GenerationError(f"round {rnd} (seed {seed}): the engine paired round {pairing.round}")
    return pairing


def _play(t: Tournament, pairing: RoundPairing, rng: random.Random, draw_rate: float,
          forfeit_rate: float) -> dict[int, RoundEntry]:
    """Results of one round: both entries of every board agree (opponent, colours, opposite results)."""
    entries: dict[int, RoundEntry] = {}
    info = find(t.settings.system)
    if info is not None and info.games > 1:
        return _play_matches(t, pairing, rng, draw_rate, forfeit_rate, info.games)
    for board in pairing.boards:
        if rng.random() < forfeit_rate:
            roll = rng.random()
            if roll < DOUBLE_FORFEIT_SHARE:
                white_code = black_code = ResultCode.FORFEIT_LOSS
            elif roll < (1 + DOUBLE_FORFEIT_SHARE) / 2:
                white_code, black_code = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS
            else:
                white_code, black_code = ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN
        else:
            white_code = _game_result(t.player(board.white).rating, t.player(board.black).rating, rng, draw_rate)
            black_code = white_code.opposite
        entries[board.white] = RoundEntry(board.black, Colour.WHITE, white_code)
        entries[board.black] = RoundEntry(board.white, Colour.BLACK, black_code)
    if pairing.bye is not None:
        entries[pairing.bye] = RoundEntry(None, Colour.NONE, ResultCode.PAB)
    return entries


def _play_matches(t: Tournament, pairing: RoundPairing, rng: random.Random, draw_rate: float,
                  forfeit_rate: float, games: int) -> dict[int, RoundEntry]:
    """Results of a round of matches of ``games`` games (C.04.5): each board is the first game, the
    colours alternate game by game. A forfeit loses every game of the match (the match ends by forfeit,
    the pair may meet again); with the same rate a single game is forfeited (a match still played)."""
    entries: dict[int, RoundEntry] = {}
    for board in pairing.boards:
        results: list[GameResult] = []
        whole = rng.random() < forfeit_rate
        loser = board.black if rng.random() < 0.5 else board.white
        single = -1 if whole or rng.random() >= forfeit_rate else rng.randrange(games)
        for g in range(games):
            white, black = (board.white, board.black) if g % 2 == 0 else (board.black, board.white)
            if whole or g == single:
                results.append((ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN) if white == loser
                               else (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS))
                continue
            code = _game_result(t.player(white).rating, t.player(black).rating, rng, draw_rate)
            results.append((code, code.opposite))
        entries[board.white], entries[board.black] = match_entries(board.white, board.black, results)
    if pairing.bye is not None:
        entries[pairing.bye] = RoundEntry(None, Colour.NONE, ResultCode.PAB)
    return entries


def _game_result(white: int, black: int, rng: random.Random, draw_rate: float) -> ResultCode:
    """White's result: a draw with ``draw_rate``, otherwise a win with the Elo expectation."""
    if rng.random() < draw_rate:
        return ResultCode.DRAW
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    return ResultCode.WIN if rng.random() < expected else ResultCode.LOSS
