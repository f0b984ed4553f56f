"""The facts a checker needs about one round, computed afresh from the round history.

This module deliberately shares nothing with the pairing systems: colour
preferences, floats, topscorers and score groups are recomputed here straight
from the articles, in the plainest form, so that a mistake in the pairing code
cannot hide itself by being repeated in the checker. Only the model is used:
the recorded history and the point system (:mod:`engine.model.tournament`),
the names of floats and preference strengths (:mod:`engine.model.terms`, types
only), and the catalogue's traits of the system (:mod:`engine.model.catalogue`,
data only), which say which rules apply.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property

from engine.model.catalogue import OUTSIDE_CHECKS, Check, Family, find
from engine.model.terms import Float, Strength
from engine.model.tournament import Colour, Points, ResultCode, RoundPairing, Tournament
from engine.model.wording import N_, _

WHITE, BLACK = Colour.WHITE, Colour.BLACK


@dataclass(frozen=True)
class Preference:
    colour: Colour | None
    strength: Strength

    def __str__(self) -> str:
        if self.colour is None:
            return "no preference"
        word = "White" if self.colour is WHITE else "Black"
        return f"{self.strength.name.lower()} {word}"


NO_PREFERENCE = Preference(None, Strength.NONE)


def played_colours(tournament: Tournament, player_id: int, before_round: int) -> tuple[Colour, ...]:
    """Colours of the games actually played before ``before_round``, oldest first.

    C.04.2 art. 3.4: unplayed rounds (byes, forfeits, absences) carry no colour
    and are dropped, which is the same as moving them to the front.
    """
    player = tournament.player(player_id)
    seq = []
    for rnd in range(1, before_round):
        e = player.entry(rnd)
        if e.code.is_game and e.opponent is not None and e.colour in (WHITE, BLACK):
            seq.append(e.colour)
    return tuple(seq)


def difference(colours: tuple[Colour, ...]) -> int:
    """Colour difference: Whites minus Blacks (C.04.3 art. 1.6)."""
    return sum(1 if c is WHITE else -1 for c in colours)


def preference(colours: tuple[Colour, ...]) -> Preference:
    """C.04.3 art. 1.7, from the compressed colour sequence."""
    if not colours:
        return NO_PREFERENCE  # 1.7.4
    cd = difference(colours)
    if cd > 1:
        return Preference(BLACK, Strength.ABSOLUTE)  # 1.7.1
    if cd < -1:
        return Preference(WHITE, Strength.ABSOLUTE)
    if len(colours) >= 2 and colours[-1] is colours[-2]:
        return Preference(colours[-1].opposite, Strength.ABSOLUTE)
    if cd == 1:
        return Preference(BLACK, Strength.STRONG)  # 1.7.2
    if cd == -1:
        return Preference(WHITE, Strength.STRONG)
    return Preference(colours[-1].opposite, Strength.MILD)  # 1.7.3


def breaks_difference_limit(colours: tuple[Colour, ...], new: Colour) -> bool:
    """C.04.1 art. 6: the colour difference after this game leaves -2..+2."""
    return abs(difference(colours + (new,))) > 2


def third_in_a_row(colours: tuple[Colour, ...], new: Colour) -> bool:
    """C.04.1 art. 7: the same colour in three consecutive played games."""
    return len(colours) >= 2 and colours[-1] is new and colours[-2] is new


def checks_of(system: str) -> frozenset[Check]:
    """What the validator checks for ``system``; a system outside the catalogue gets C.04.1's limits and PAB."""
    info = find(system)
    return OUTSIDE_CHECKS if info is None else info.checks


class RoundFacts:
    """Everything about the round ``round_number`` of ``tournament`` a checker asks, computed once."""

    def __init__(self, tournament: Tournament, round_number: int, system: str) -> None:
        self.t = tournament
        self.round = round_number
        self.system = system
        info = find(system)
        family = None if info is None else info.family
        self.checks = checks_of(system)
        self.dutch = family is Family.DUTCH
        self.burstein = family is Family.BURSTEIN
        self.dubov = family is Family.DUBOV

    # -- scores ---------------------------------------------------------------

    def score(self, player_id: int) -> Points:
        """The pairing score before this round (real points plus acceleration), C.04.3 art. 1.2."""
        return self.t.pairing_score(player_id, self.round)

    def score_in(self, player_id: int, round_number: int) -> Points:
        return self.t.pairing_score(player_id, round_number)

    @property
    def is_final_round(self) -> bool:
        return self.round >= self.t.settings.rounds

    @cached_property
    def topscorer_threshold(self) -> Points:
        """Half the maximum possible score so far (C.04.3 art. 1.8).

        The maximum is the rounds already played times the points of a win, also
        with non-standard point systems or a PAB worth less than a win.
        """
        return Decimal(self.round - 1) * self.t.settings.points.win / 2

    def is_topscorer(self, player_id: int) -> bool:
        """Topscorers exist only when the final round is paired (C.04.3 art. 1.8)."""
        return self.dutch and self.is_final_round and self.score(player_id) > self.topscorer_threshold

    def counted_tpn(self, player_id: int) -> int:
        """The TPN among the players already taken into account (C.04.2 art. 2.3-2.5).

        Players never paired so far and not to be paired now (absent since round 1,
        late entries not yet arrived) hold no TPN yet, so they do not shift the
        parity used by C.04.3 art. 5.2.5 (general-handling ambiguity 3; the
        reference engines number players this way).
        """
        cache: dict[int, int] | None = self.__dict__.get("_counted")
        if cache is None:
            counted = [
                p.id
                for p in self.t.players
                if p.id not in self.t.pending and not p.withdrawn
                or any(p.entry(rnd).was_paired for rnd in range(1, self.round))
            ]
            cache = {pid: n for n, pid in enumerate(sorted(counted), start=1)}
            self.__dict__["_counted"] = cache
        return cache.get(player_id, player_id)

    # -- colours ----------------------------------------------------------------

    def colours(self, player_id: int) -> tuple[Colour, ...]:
        cache: dict[int, tuple[Colour, ...]] = self.__dict__.setdefault("_colours", {})
        if player_id not in cache:
            cache[player_id] = played_colours(self.t, player_id, self.round)
        return cache[player_id]

    def preference(self, player_id: int) -> Preference:
        return preference(self.colours(player_id))

    # -- history ----------------------------------------------------------------

    def played_rounds_against(self, a: int, b: int) -> list[int]:
        """The earlier rounds in which ``a`` and ``b`` played a game over the board (C.04.2 art. 3.5)."""
        player = self.t.player(a)
        return [
            rnd
            for rnd in range(1, self.round)
            if player.entry(rnd).opponent == b and player.entry(rnd).code.is_game
        ]

    def pab_blocker(self, player_id: int) -> tuple[int, str] | None:
        """The earlier round that makes the player ineligible for the PAB, and why (C.04.1 art. 4)."""
        points = self.t.settings.points
        player = self.t.player(player_id)
        for rnd in range(1, self.round):
            e = player.entry(rnd)
            if e.code is ResultCode.PAB:
                return rnd, _("already received the pairing-allocated bye")
            if not e.code.is_game and e.code is not ResultCode.ABSENT and points.points(e.code) >= points.win:
                return rnd, _("scored a win's points without playing ({what})").format(what=_describe(e.code))
        return None

    def unplayed_rounds(self, player_id: int) -> int:
        """Rounds before this one without a played game, rounds before a late entry included ([C9])."""
        player = self.t.player(player_id)
        return sum(1 for rnd in range(1, self.round) if not player.entry(rnd).code.is_game)

    def float_in(self, player_id: int, round_number: int) -> Float:
        """The float the player received in ``round_number`` (C.04.3 art. 1.4, 2026 text).

        A played game against a different pairing score gives the higher player a
        downfloat and the lower one an upfloat; a PAB (whatever its value) and any
        unplayed round scoring more than a loss give a downfloat; nothing else floats.
        """
        if round_number < 1:
            return Float.NONE
        e = self.t.player(player_id).entry(round_number)
        if e.code.is_game and e.opponent is not None:
            mine, theirs = self.score_in(player_id, round_number), self.score_in(e.opponent, round_number)
            if mine > theirs:
                return Float.DOWN
            if mine < theirs:
                return Float.UP
            return Float.NONE
        if e.code is ResultCode.PAB:
            return Float.DOWN
        points = self.t.settings.points
        if points.points(e.code) > points.loss:
            return Float.DOWN
        return Float.NONE


def expected_white(facts: RoundFacts, a: int, b: int) -> tuple[int, str]:
    """Who gets White when ``a`` meets ``b``, and the sub-article of C.04.3 art. 5.2 that decides."""
    pa, pb = facts.preference(a), facts.preference(b)
    # 5.2.1: grant both preferences when they are compatible.
    if pa.colour is not None and pb.colour is not None and pa.colour is not pb.colour:
        return (a if pa.colour is WHITE else b), "5.2.1"
    if (pa.colour is None) != (pb.colour is None):
        wanting, other, pref = (a, b, pa) if pa.colour is not None else (b, a, pb)
        return (wanting if pref.colour is WHITE else other), "5.2.1"
    if pa.colour is not None:  # both want the same colour
        # 5.2.2: the stronger preference; two absolute ones: the larger colour difference.
        winner = None
        if pa.strength != pb.strength:
            winner = a if pa.strength > pb.strength else b
        elif pa.strength is Strength.ABSOLUTE:
            da, db = abs(difference(facts.colours(a))), abs(difference(facts.colours(b)))
            if da != db:
                winner = a if da > db else b
        if winner is not None:
            loser = b if winner == a else a
            return (winner if pa.colour is WHITE else loser), "5.2.2"
        # 5.2.3: alternate from the latest round in which their colours differed.
        for ca, cb in zip(reversed(facts.colours(a)), reversed(facts.colours(b))):
            if ca is not cb:
                return (a if ca is BLACK else b), "5.2.3"
    # 5.2.4: the higher-ranked player's preference.
    high, low = sorted((a, b), key=lambda p: (-facts.score(p), p))
    pref = facts.preference(high)
    if pref.colour is not None:
        return (high if pref.colour is WHITE else low), "5.2.4"
    # 5.2.5: the initial colour to the higher-ranked player if their TPN is odd.
    initial = facts.t.settings.initial_colour
    high_colour = initial if facts.counted_tpn(high) % 2 == 1 else initial.opposite
    return (high if high_colour is WHITE else low), "5.2.5"


_DESCRIBED = {
    ResultCode.FORFEIT_WIN: N_("forfeit win"),
    ResultCode.FULL_BYE: N_("full-point bye"),
    ResultCode.HALF_BYE: N_("half-point bye"),
    ResultCode.ZERO_BYE: N_("zero-point bye"),
    ResultCode.FORFEIT_LOSS: N_("forfeit loss"),
}


def _describe(code: ResultCode) -> str:
    """A round without a game, in words."""
    if code in _DESCRIBED:
        return _(_DESCRIBED[code])
    return _("result {code}").format(code=repr(code.value))


def opponents_in(pairing: RoundPairing) -> dict[int, int]:
    """Each paired player's opponent in ``pairing``."""
    opp: dict[int, int] = {}
    for board in pairing.boards:
        opp[board.white] = board.black
        opp[board.black] = board.white
    return opp


def fmt(points: Points) -> str:
    """Points as an arbiter writes them: 3, 2.5."""
    return format(points.normalize(), "f")
