"""Gacrux as a second Dutch oracle: pair one round of a Tournament with it, in-process.

Gacrux (the FIDE TEC's Python engine, MIT) is a test-only dependency: the engine
never imports it. The tournament is handed over as TRF-2026 text, the way any
other program would receive it, so this also exercises our writer; Gacrux then
pairs the next round from that text.

Two things are not left to Gacrux's reading of the file, because a wrong guess
there would show up as a pairing "mismatch" that is really an input mismatch:

- the initial colour: written as record 152 (Gacrux ignores ``XXC``; without
  152 it would draw a lot at random before round 1) and checked after parsing;
- who is to be paired and with what pairing score: after Gacrux has built its
  crosstable, its set of players ready for pairing and their scores are
  compared with :meth:`Tournament.to_pair` and :meth:`Tournament.pairing_score`;
  any difference raises :class:`OracleInputMismatch` instead of returning a
  pairing.

Byes and absences of the round to pair reach Gacrux both as ``0000 - H``/``Z``
blocks in the player records and as 240 records (it reads either); its ``-u``
option is not needed. The round paired is ``t.next_round`` (Gacrux on its own
would take the round after the last one with a played game).

Usage::

    from oracles.gacrux import gacrux_pair, compare
    theirs = gacrux_pair(tournament)          # RoundPairing, or raises OracleError
    diff = compare(ours_round_pairing, theirs)  # None when identical

The same pairing from the command line (about a second slower per call)::

    python -m gacrux.pairingchecker -i round.trf -p -F TXT -d B

prints the JaVaFo format (number of pairs, then ``white black``, ``N 0`` for the
bye); ``-n R`` pairs round R, ``-t w|b`` is the initial colour when the file has
no record 152, ``-u ID...`` marks players absent.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Collection
from dataclasses import dataclass
from decimal import Decimal

from engine import trf

from engine.model.result import NoLegalPairing, PairingResult
from engine.model.tournament import NOT_PAIRED, Colour, Pairing, RoundPairing, Tournament
from engine.systems import generate
from engine.systems import pair


class OracleError(RuntimeError):
    """Gacrux could not be run on the tournament (it refused the file or failed)."""


class OracleInputMismatch(OracleError):
    """Gacrux read the tournament differently from our model (players to pair, scores, colour)."""


class OracleNoPairing(OracleError):
    """Gacrux found no legal pairing for the round."""


def _gacrux():
    # imported lazily so that collecting the test module without gacrux gives a clean skip
    from gacrux.gacruxexeptions import GacruxNoLegalPairing
    from gacrux.pairingdutch import pairing_dutch
    from gacrux.trf2json import trf2json

    return trf2json, pairing_dutch, GacruxNoLegalPairing


def trf_for_gacrux(t: Tournament) -> str:
    """The TRF-2026 text Gacrux is given: 142 (rounds), 152 (initial colour), 162, 240 byes of the round to pair."""
    return trf.dumps(t, dialect="trf26")


def gacrux_pair(t: Tournament, *, text: str | None = None) -> RoundPairing:
    """Gacrux's pairing of ``t.next_round``; boards in Gacrux's board order, bye as ``RoundPairing.bye``."""
    return gacrux_prepare(t, text=text)()


def gacrux_prepare(t: Tournament, *, text: str | None = None) -> Callable[[], RoundPairing]:
    """Read ``t`` into Gacrux and return the call that pairs ``t.next_round`` (see :func:`gacrux_pair`).

    Split so that a benchmark can time Gacrux's pairing alone, as it times
    ours from a tournament already in memory: the returned call builds
    Gacrux's pairing state (its crosstable, colour and float facts) and pairs.
    """
    trf2json, pairing_dutch, no_legal = _gacrux()
    if text is None:
        text = trf_for_gacrux(t)
    rnd = t.next_round
    colour = "w" if t.settings.initial_colour is Colour.WHITE else "b"
    reader = trf2json()
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            reader.parse_file(text, 0)
    except Exception as exc:  # GacruxInputError and whatever else its reader raises
        raise OracleError(f"Gacrux refused the TRF: {type(exc).__name__}: {exc}") from exc
    status = reader.chessjson["status"]
    if status["code"] >= 400:
        raise OracleError(f"Gacrux refused the TRF: {status['code']} {status['error']}")
    tour = reader.get_tournament(1)
    if str(tour.get("topColor", "")).lower() != colour:
        raise OracleInputMismatch(f"initial colour: Gacrux read {tour.get('topColor')!r}, ours is {colour!r}")
    if tour.get("numRounds") != t.settings.rounds:
        raise OracleInputMismatch(f"rounds: Gacrux read {tour.get('numRounds')}, ours is {t.settings.rounds}")
    params = {"experimental": [], "verbose": 0, "top_color": colour, "rank": False}

    def run() -> RoundPairing:
        engine = pairing_dutch(tour, rnd, params)
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                brackets = engine.compute_pairing(False, 0)
        except no_legal as exc:
            raise OracleNoPairing(str(exc)) from exc
        _check_inputs(t, engine)
        return _round_of(rnd, brackets)

    return run


def _round_of(rnd: int, brackets) -> RoundPairing:
    """Gacrux's brackets as a :class:`RoundPairing` (boards in its board order)."""
    boards: list[tuple[int, int, int]] = []
    bye = None
    for bracket in brackets:
        if not bracket or "pairs" not in bracket:
            continue
        for p in bracket["pairs"]:
            w, b = int(p["w"]), int(p["b"])
            if b == 0 or w == 0:
                if bye is not None:
                    raise OracleError(f"Gacrux gave two byes ({bye} and {w or b})")
                bye = w or b
            else:
                boards.append((int(p.get("board", 0)), w, b))
    boards.sort()
    return RoundPairing(rnd, tuple(Pairing(w, b) for _, w, b in boards), bye)


def _check_inputs(t: Tournament, engine) -> None:
    """Gacrux's players ready for pairing and their pairing scores must be ours."""
    comps = [c for c in engine.crosstable.competitors if c is not None and 0 < c["cid"] <= len(t.players) + 1]
    theirs = {c["cid"] for c in comps if c["rfp"] and c["cid"] in t.by_id}
    ours = {p.id for p in t.to_pair()}
    if theirs != ours:
        raise OracleInputMismatch(
            f"players to pair: Gacrux only {sorted(theirs - ours)}, ours only {sorted(ours - theirs)}"
        )
    for c in comps:
        pid = c["cid"]
        if pid in ours and Decimal(str(c["acc"])) != t.pairing_score(pid):
            raise OracleInputMismatch(f"player {pid}: Gacrux scores {c['acc']}, ours {t.pairing_score(pid)}")


def as_round(result: PairingResult | RoundPairing) -> RoundPairing:
    return result.as_round() if isinstance(result, PairingResult) else result


@dataclass(frozen=True)
class Difference:
    """How two pairings of one round differ: pairs only one side has, colour swaps, the bye."""

    only_ours: tuple[Pairing, ...]
    only_theirs: tuple[Pairing, ...]
    colour_swapped: tuple[Pairing, ...]  # ours, where Gacrux has the same pair reversed
    bye_ours: int | None
    bye_theirs: int | None

    def __str__(self) -> str:
        parts = []
        if self.bye_ours != self.bye_theirs:
            parts.append(f"bye ours {self.bye_ours} / Gacrux {self.bye_theirs}")
        if self.only_ours or self.only_theirs:
            parts.append(
                "pairs ours " + " ".join(f"{p.white}-{p.black}" for p in self.only_ours)
                + " / Gacrux " + " ".join(f"{p.white}-{p.black}" for p in self.only_theirs)
            )
        if self.colour_swapped:
            parts.append("colours ours " + " ".join(f"{p.white}-{p.black}" for p in self.colour_swapped)
                         + " / Gacrux reversed")
        return "; ".join(parts)

    @property
    def kind(self) -> str:
        """A coarse class: ``pairs`` (different opponents or bye) or ``colours`` (same pairs, a colour differs)."""
        if self.only_ours or self.only_theirs or self.bye_ours != self.bye_theirs:
            return "pairs"
        return "colours"


def compare(ours: RoundPairing, theirs: RoundPairing,
            colourless: Collection[frozenset[int]] = ()) -> Difference | None:
    """None when both pair the same players with the same colours and the same bye (board order ignored).

    ``colourless`` boards (recorded without colours) are compared as pairs only.
    """
    mine = {frozenset((p.white, p.black)): p for p in ours.boards}
    other = {frozenset((p.white, p.black)): p for p in theirs.boards}
    only_ours = tuple(p for k, p in mine.items() if k not in other)
    only_theirs = tuple(p for k, p in other.items() if k not in mine)
    swapped = tuple(
        p for k, p in mine.items() if k in other and k not in colourless and other[k].white != p.white
    )
    if not only_ours and not only_theirs and not swapped and ours.bye == theirs.bye:
        return None
    return Difference(only_ours, only_theirs, swapped, ours.bye, theirs.bye)


def play_until_stuck(**generate_args) -> tuple[Tournament, bool]:
    """A tournament from :func:`engine.systems.generate.generate` paired by our engine, stopped where it cannot pair.

    Returns ``(t, stuck)``. When ``stuck``, ``t`` holds the rounds played and
    ``t.next_round`` is the round for which our engine found no legal pairing
    (C.04.3 art. 1.9.3). Any other :class:`generate.GenerationError` (a malformed
    pairing of ours) propagates.
    """
    stuck: list[Tournament] = []

    def recording_pair(snapshot: Tournament):
        try:
            return pair(snapshot)
        except NoLegalPairing:
            stuck.append(snapshot)
            raise

    try:
        return generate.generate(**generate_args, pair=recording_pair), False
    except generate.GenerationError:
        if not stuck:
            raise
        return stuck[0], True


def round_to_pair(t: Tournament) -> Tournament:
    """``t`` with its retired players recorded as absent in the round to pair, as :func:`engine.systems.replay.before_round` has it."""
    absent = {p.id: NOT_PAIRED for p in t.players if p.withdrawn and p.id not in t.pending}
    return t.with_pending({**t.pending, **absent})
