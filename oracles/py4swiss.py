"""py4swiss as a witness for Burstein and Dubov 2026: pair one round of a Tournament with it, in-process.

py4swiss (Python, MIT) implements the 2026 Burstein and Dubov texts; no engine
is endorsed for them, so it is a witness, not a reference: where it and the
text disagree the text wins (``docs/systems.md`` lists the cases). It is a
test-only dependency; the engine never imports it.

The tournament is handed over as TRF(x) text, the dialect py4swiss reads
(``XXR``, ``XXC``, ``XXA``, ``XXP``), written by our own writer, in one of two
readings chosen by ``py4swiss_pair(..., as_written=...)``:

- adapted (the default, :func:`text_for_py4swiss`), for the Burstein witness and
  its corrections (below);
- as written (``as_written=True``): the JaVaFo text exactly as our writer writes
  it, with no adaptation, as ``scripts/dubov_disputes.py`` compares py4swiss's
  Dubov with the reference files.

The adapted text differs in four ways. py4swiss refuses a round block with a
blank result, which our writer uses for a withdrawn player's rounds; those
become ``Z`` (both score nothing and are unplayed). Byes and absences of the
round to pair go on ``XXZ``; ``XXA`` lines are padded to every round of the
event and ``XXS`` names the PAB's value (py4swiss, like JaVaFo, takes 1.0
otherwise).

``XXZ`` cannot tell a requested half-point bye in the round to pair from an
absence, and art. 1.7.2 of Burstein needs to: only a player away with a
zero-point bye (or withdrawn) extends a series of zero-point byes up to the
current round. The ``zpb-series`` correction therefore reads who is away that
way from the tournament being paired (:data:`_ZERO_POINT_AWAY`), not from ``XXZ``.
"""

from __future__ import annotations

import tempfile
from itertools import combinations
from decimal import Decimal
from pathlib import Path

from engine import trf
from engine.model.tournament import Pairing, ResultCode, RoundPairing, Tournament

# players away in the round being handed to py4swiss with a zero-point bye or withdrawn (art. 1.7.2 of
# Burstein); set from the tournament on each call, read by the ``zpb-series`` correction
_ZERO_POINT_AWAY: set[int] = set()


def _note_zero_point_away(t: Tournament) -> None:
    _ZERO_POINT_AWAY.clear()
    _ZERO_POINT_AWAY.update(p.id for p in t.players if p.withdrawn)
    _ZERO_POINT_AWAY.update(pid for pid, e in t.pending.items() if e.code in (ResultCode.ZERO_BYE, ResultCode.ABSENT))


class WitnessError(RuntimeError):
    """py4swiss could not pair the round (it refused the file, found no pairing, or failed)."""


def _fill_blank_results(rounds: str) -> str:
    """Round blocks (10 columns each, result in the 8th) with no result get ``Z``."""
    blocks = [rounds[i:i + 10] for i in range(0, len(rounds), 10)]
    out = []
    for block in blocks:
        if block[:4].strip() in ("", "0000") and block[:7].strip() and block[7:8].strip() == "":
            block = block[:7].ljust(7) + "Z" + block[8:]
        out.append(block)
    return "".join(out)


def text_for_py4swiss(t: Tournament) -> str:
    """The TRF(x) text py4swiss is given.

    Players with a requested bye or an announced absence in the round to pair,
    and withdrawn players, are listed on an ``XXZ`` line instead of carrying that round's block: with
    the block, the points column (which py4swiss checks against the results)
    would hold the bye's points, and py4swiss reads that column as the current
    score in the Index, although the bye is not scored yet.
    """
    out = []
    rounds = t.settings.rounds
    for line in trf.dumps(t.with_pending({}), dialect="javafo").splitlines():
        if line.startswith("001"):
            line = line[:91] + _fill_blank_results(line[91:])
        elif line.startswith("XXA"):
            # py4swiss reads a virtual-point value for every round of the event
            while len(line) < 9 + 5 * rounds:
                line += "  0.0"
        elif line.startswith("XXS") and "PAB=" not in line:
            # JaVaFo's XXS gives the PAB 1.0 unless told otherwise; ours is worth a win
            line += f" PAB={t.settings.points.pab_points:.1f}"
        out.append(line)
    away = set(t.pending) | {p.id for p in t.players if p.withdrawn}
    if away:
        out.append("XXZ " + " ".join(str(pid) for pid in sorted(away)))
    return "\n".join(out) + "\n"


def _engine(system: str):
    from py4swiss.engines import BursteinEngine, DubovEngine, DutchEngine

    return {"burstein": BursteinEngine, "dubov": DubovEngine, "dutch": DutchEngine}[system]


def py4swiss_pair(t: Tournament, system: str = "burstein", *, as_written: bool = False,
                  text: str | None = None) -> RoundPairing:
    """py4swiss's pairing of ``t.next_round``, in its board order, the bye as ``RoundPairing.bye``.

    ``as_written``: hand py4swiss our JaVaFo text as it is, not :func:`text_for_py4swiss`'s
    adaptation (the module docstring says when each is used). ``text``: this TRF text instead.
    """
    from py4swiss.trf import TrfParser

    if text is None:
        text = trf.dumps(t, dialect="javafo") if as_written else text_for_py4swiss(t)
    _note_zero_point_away(t)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "round.trf"
        path.write_text(text, encoding="utf-8")
        try:
            parsed = TrfParser.parse(path)
            result = _engine(system).generate_pairings(parsed)
        except Exception as exc:  # its parser and engines raise their own classes
            raise WitnessError(f"py4swiss: {type(exc).__name__}: {exc}") from exc
    boards = []
    bye = None
    for p in result:
        if p.black == 0 or p.white == 0:
            if bye is not None:
                raise WitnessError(f"py4swiss gave two byes ({bye} and {p.white or p.black})")
            bye = p.white or p.black
        else:
            boards.append(Pairing(p.white, p.black))
    return RoundPairing(t.next_round, tuple(boards), bye)


def same_pairs(a: RoundPairing, b: RoundPairing) -> bool:
    """The same players meet and the same player has the bye (colours aside)."""
    return a.bye == b.bye and {frozenset((x.white, x.black)) for x in a.boards} == {
        frozenset((x.white, x.black)) for x in b.boards
    }


def identical(a: RoundPairing, b: RoundPairing) -> bool:
    """Same pairs, same colours, same bye."""
    return a.bye == b.bye and {(x.white, x.black) for x in a.boards} == {(x.white, x.black) for x in b.boards}


# -- py4swiss 0.3.1's Burstein departures from the 2026 text ---------------------------------
#
# Each entry puts back one rule of C.04.4.2 where py4swiss's Burstein engine does otherwise
# (docs/systems.md lists them with examples). They exist to tell the classes of difference
# apart: a round that py4swiss pairs otherwise but pairs like us once its departure from an
# article is corrected differs by that article, not by a bug of ours. They patch py4swiss's
# classes while the context is active and restore them on exit.

DEPARTURES: dict[str, str] = {
    "zpb-series": "C.04.4.2 art. 1.7.2: py4swiss does not count a series of zero-point byes reaching the current "
                  "round as draws for the opponents' Index (its test only fires for a player who never played)",
    "c6-order": "C.04.4.2 [C6]: py4swiss gives the highest score the least weight, so it floats the highest scores first",
    "c7-pairs": "C.04.4.2 [C7]: py4swiss counts a floater's pair in the next bracket only when the floater ranks first "
                "in the Index order, and credits pairs made inside the bracket as if they were made in the next one",
    "bsn-zero": "C.04.4.2 art. 4.3: py4swiss weighs floating (BSN 0) the same as the next BSN, so either may come first",
    "pab-games": "C.04.4.2 art. 3.1.4-3.1.5: py4swiss gives the PAB to the player with the fewest games played, and "
                 "its last tie-break (lowest Index rank) can overrule the games played",
}


def _corrections(names):
    """(object, attribute, replacement) for each named departure."""
    from py4swiss.dynamicuint import DynamicUint
    from py4swiss.engines.burstein import bye_matcher, state
    from py4swiss.engines.burstein.criteria.quality import c7
    from py4swiss.engines.burstein.player import PlayerRole
    from py4swiss.engines.matching import matcher

    out = []
    if "zpb-series" in names:
        from py4swiss.engines.burstein import player as player_module
        from py4swiss.trf.results import ColorToken, ResultToken

        infos = player_module.get_player_infos_from_trf
        away: set[int] = set()

        def for_opponents(sections, scoring):
            draw = scoring.score_dict[(ResultToken.HALF_POINT_BYE, ColorToken.BYE_OR_NOT_PAIRED)]
            zero = scoring.score_dict[(ResultToken.ZERO_POINT_BYE, ColorToken.BYE_OR_NOT_PAIRED)]
            points = {}
            for section in sections:
                value = section.points_times_ten
                if section.starting_number in away:  # away in the round to pair too: the series reaches it
                    for result in reversed(section.results):
                        if result.result != ResultToken.ZERO_POINT_BYE:
                            break
                        value += draw - zero
                points[section.starting_number] = value
            return points

        def buchholz(sections, scoring):
            points = for_opponents(sections, scoring)
            return {
                s.starting_number: sum(points[r.id] if r.result.is_played() else s.points_times_ten for r in s.results)
                for s in sections
            }

        def sonneborn_berger(sections, scoring):
            points = for_opponents(sections, scoring)
            return {
                s.starting_number: sum(
                    (points[r.id] if r.result.is_played() else s.points_times_ten) * scoring.get_points_times_ten(r)
                    for r in s.results
                )
                for s in sections
            }

        def player_infos(trf):
            away.clear()
            # XXZ also lists requested half-point byes, which end a series of zero-point byes
            away.update(trf.x_section.zeroed_ids & _ZERO_POINT_AWAY)
            return infos(trf)

        out.append((player_module, "_get_buchholz_dict", buchholz))
        out.append((player_module, "_get_sonneborn_berger_dict", sonneborn_berger))
        out.append((player_module, "get_player_infos_from_trf", player_infos))
        from py4swiss.engines.burstein import engine as engine_module

        out.append((engine_module, "get_player_infos_from_trf", player_infos))
    if "c6-order" in names:
        def score_bits(players):
            scores = [p.points_with_acceleration for p in players]
            bits = {k: scores.count(k).bit_length() for k in set(scores)}
            offsets, total = {}, 0
            for k in sorted(bits):  # the lowest score in the lowest bits
                offsets[k] = total
                total += bits[k]
            return total, offsets

        out.append((state.State, "_get_score_bits", staticmethod(score_bits)))
    if "c7-pairs" in names:
        plain = c7.C7.get_weight.__func__

        def c7_weight(cls, p1, p2, zero, st):
            if p1.role == PlayerRole.RESIDENT and p2.role == PlayerRole.RESIDENT:
                return DynamicUint(zero)  # a pair of this bracket is no pair of the next
            if p2.role == PlayerRole.RESIDENT and p1.role == PlayerRole.LOWER:
                p1, p2 = p2, p1
            return plain(cls, p1, p2, zero, st)

        out.append((c7.C7, "get_weight", classmethod(c7_weight)))
    if "bsn-zero" in names:
        add = matcher.Matcher.add_to_weights

        def add_to_weights(self, player, others, value, increment=False):
            return add(self, player, others, value + (1 if increment else 0), increment)

        out.append((matcher.Matcher, "add_to_weights", add_to_weights))
    if "pab-games" in names:
        plain_weight = bye_matcher.ByeMatcher._get_bye_weight
        plain_max = bye_matcher.ByeMatcher._get_max_weight

        def bye_weight(self, player):
            games = sorted({len(p.opponents) for p in self._players})  # most games: most weight
            self._games_dict = {value: rank for rank, value in enumerate(games)}
            weight = plain_weight(self, player)
            if bool(weight):
                weight <<= 1  # a free bit, so its final "+1" tie-break cannot reach the games played
            return weight

        def max_weight(self):
            weight = plain_max(self)
            weight.shift_grow(1)
            weight <<= 1
            weight |= 1
            return weight

        out.append((bye_matcher.ByeMatcher, "_get_bye_weight", bye_weight))
        out.append((bye_matcher.ByeMatcher, "_get_max_weight", max_weight))
    return out


class corrected:
    """Context manager: py4swiss with the named departures (default: all) put back to the text."""

    def __init__(self, *names: str) -> None:
        unknown = set(names) - set(DEPARTURES)
        if unknown:
            raise ValueError(f"unknown departures {sorted(unknown)}")
        self.names = names or tuple(DEPARTURES)
        self._saved: list = []

    def __enter__(self) -> corrected:
        for obj, attr, new in _corrections(self.names):
            self._saved.append((obj, attr, obj.__dict__[attr]))
            setattr(obj, attr, new)
        return self

    def __exit__(self, *exc) -> None:
        for obj, attr, old in reversed(self._saved):
            setattr(obj, attr, old)
        self._saved.clear()


def py4swiss_index(t: Tournament) -> dict[int, tuple[Decimal, Decimal]]:
    """py4swiss's (Buchholz, Sonneborn-Berger) of every player it pairs in ``t.next_round``."""
    from py4swiss.engines.burstein.player import get_player_infos_from_trf
    from py4swiss.trf import TrfParser

    _note_zero_point_away(t)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "round.trf"
        path.write_text(text_for_py4swiss(t), encoding="utf-8")
        players = get_player_infos_from_trf(TrfParser.parse(path))
    # py4swiss keeps points in tenths, so Sonneborn-Berger (a product of two) in hundredths
    return {p.id: (Decimal(p.buchholz) / 10, Decimal(p.sonneborn_berger) / 100) for p in players}


UNEXPLAINED = "unexplained"


def classify(t: Tournament, ours: RoundPairing, *, fewest: bool = True) -> str:
    """Why py4swiss pairs ``t.next_round`` otherwise than ``ours`` (a round after the seeding rounds).

    ``"identical"``; else the names (joined by ``+``) of the fewest departures of
    :data:`DEPARTURES` whose correction makes py4swiss pair like us; :data:`UNEXPLAINED`
    when even all corrections together leave a difference, or leave py4swiss's Index
    different from ours. ``fewest=False`` skips the search for the fewest departures and
    answers ``"all departures"`` for a round that all of them together explain.
    """
    from engine.systems.burstein.index import indices

    if identical(ours, py4swiss_pair(t)):
        return "identical"
    ids = [p.id for p in t.to_pair()]
    our_index = {pid: (ix.buchholz, ix.sonneborn_berger) for pid, ix in indices(t, ids).items()}
    with corrected("zpb-series"):
        if py4swiss_index(t) != our_index:
            return UNEXPLAINED
    with corrected():
        if not identical(ours, py4swiss_pair(t)):
            return UNEXPLAINED
    if not fewest:
        return "all departures"
    names = list(DEPARTURES)
    for size in range(1, len(names) + 1):
        for chosen in combinations(names, size):
            with corrected(*chosen):
                if identical(ours, py4swiss_pair(t)):
                    return " + ".join(chosen)
    return UNEXPLAINED
