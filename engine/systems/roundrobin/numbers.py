"""Pairing numbers for a round robin: drawn by lot from a recorded seed, or given by the arbiter.

C.05 leaves the pairing numbers of a round robin to a drawing of lots (the
Varma tables, Annex 2, restrict it for federations: :mod:`.varma`). A lot
drawn here comes from a seed the event records, so the same seed always gives
the same numbers: the draw can be repeated in front of the players and shown
afterwards. An arbiter who held the draw at the board enters the numbers
instead; they are checked to be 1..N, each once.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence

from engine.model.wording import _, ngettext
from engine.systems.roundrobin.berger import check_players


class NumberError(ValueError):
    """Pairing numbers that are not 1..N each once, for the players given."""


def new_seed() -> int:
    """A fresh seed for a draw, to be recorded with the event before the numbers are used."""
    return secrets.randbelow(2**63)


def draw_by_lot(player_ids: Sequence[int], seed: int) -> dict[int, int]:
    """Each player's pairing number, drawn by lot from ``seed``: the same ids and seed give the same numbers.

    The ids are taken in ascending order first, so the outcome depends on who plays and the seed
    alone, not on the order a list happens to be in.
    """
    ids = sorted(player_ids)
    if len(set(ids)) != len(ids):
        raise NumberError(_("a player is listed twice for the draw"))
    check_players(len(ids))
    numbers = list(range(1, len(ids) + 1))
    random.Random(seed).shuffle(numbers)
    return dict(zip(ids, numbers))


def given(player_ids: Sequence[int], numbers: Mapping[int, int]) -> dict[int, int]:
    """The numbers the arbiter gives, checked: every player one number, 1..N each once."""
    ids = set(player_ids)
    check_players(len(ids))
    missing = sorted(ids - numbers.keys())
    if missing:
        raise NumberError(ngettext("no pairing number given for player {players}",
                                   "no pairing number given for players {players}", len(missing)).format(
            players=", ".join(map(str, missing))))
    extra = sorted(numbers.keys() - ids)
    if extra:
        raise NumberError(ngettext("pairing number given for unknown player {players}",
                                   "pairing number given for unknown players {players}", len(extra)).format(
            players=", ".join(map(str, extra))))
    seen: dict[int, int] = {}
    for pid in sorted(ids):
        n = numbers[pid]
        if not 1 <= n <= len(ids):
            raise NumberError(_("player {player}: pairing number {number} is outside 1..{count}").format(
                player=pid, number=n, count=len(ids)))
        if n in seen:
            raise NumberError(_("players {first} and {second} both have pairing number {number}").format(
                first=seen[n], second=pid, number=n))
        seen[n] = pid
    return {pid: numbers[pid] for pid in sorted(ids)}
