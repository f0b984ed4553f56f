"""What the Lim system needs to know about each player before a round.

Built once per round from :class:`engine.model.tournament.Tournament` (scores, played
colours, opponents, bye history); the pairing code reads only these values.
"Higher ranked" means a smaller pairing number (TPN): the Lim text calls #1
the "highest numbered" player, an inversion this code never repeats.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from engine.model.explain import PlayerFacts
from engine.model.terms import Float, Strength
from engine.model.tournament import Colour, Points, ResultCode, Tournament


# Whether two players may meet (art. 2.1; art. 6 in the last round), and why not in words ("" when they may)
Compatibility = tuple[Callable[[int, int], bool], Callable[[int, int], str]]

@dataclass(frozen=True, slots=True)
class LimPlayer:
    id: int  # TPN: 1 is the highest ranked
    rating: int
    score: Points  # pairing score of the round (acceleration included)
    colours: tuple[Colour, ...]  # played games only, oldest first (C.04.2 art. 3.4)
    opponents: frozenset[int]  # met over the board (C.04.2 art. 3.5)
    floated_last_round: bool  # art. 3.10: paired against another score in the round before
    float_direction: str  # "down", "up" or "" for the round before (shown in the review)
    pab_eligible: bool

    difference: int = 0  # Whites minus Blacks
    repeated: Colour = Colour.NONE  # the colour of the last two games when they are the same (2.3.3, 5.3)
    colour_mask: int = 3  # colours allowed (1 White, 2 Black) by art. 2.1 and 5.1

    @property
    def last(self) -> Colour:
        return self.colours[-1] if self.colours else Colour.NONE

    @property
    def due(self) -> Colour:
        """The colour this player is due: the equalising one, else the alternating one (art. 5.1, 5.5-5.6)."""
        if self.difference > 0:
            return Colour.BLACK
        if self.difference < 0:
            return Colour.WHITE
        return self.last.opposite

    def may_have(self, colour: Colour) -> bool:
        """Art. 2.1, 5.1: no third same colour in a row, never three more of one colour."""
        return bool(self.colour_mask & (1 if colour is Colour.WHITE else 2))


def colour_facts(colours: tuple[Colour, ...]) -> tuple[int, Colour, int]:
    """(difference, repeated colour, allowed-colour mask) of a played-colour history."""
    difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
    repeated = colours[-1] if len(colours) >= 2 and colours[-1] is colours[-2] else Colour.NONE
    mask = 0
    for bit, colour, step in ((1, Colour.WHITE, 1), (2, Colour.BLACK, -1)):
        if repeated is not colour and abs(difference + step) < 3:
            mask |= bit
    return difference, repeated, mask


def pab_eligible(t: Tournament, player_id: int, seed_rules: bool) -> bool:
    """Who may get the pairing-allocated bye.

    2026 text (art. 1.1 -> Basic Rules art. 4): nobody who had a PAB or scored a
    win's points in one round without playing (forfeit win, full-point bye).
    Seed section 8.2: nobody who had the bye or "won a point by default" (a forfeit win).
    """
    if not seed_rules:
        return t.pab_eligible(player_id)
    for entry in t.player(player_id).history[: t.rounds_played]:
        if entry.code in (ResultCode.PAB, ResultCode.FORFEIT_WIN):
            return False
    return True


def _floated(t: Tournament, player_id: int) -> str:
    """Whether the player met someone of another score in the round just played (art. 3.10): "down", "up", ""."""
    rnd = t.rounds_played
    if rnd < 1:
        return ""
    entry = t.player(player_id).entry(rnd)
    if not entry.is_game or entry.opponent is None:
        return ""
    mine, theirs = t.pairing_score(player_id, rnd), t.pairing_score(entry.opponent, rnd)
    return "down" if mine > theirs else "up" if mine < theirs else ""


def lim_players(t: Tournament, seed_rules: bool) -> dict[int, LimPlayer]:
    """The players to pair this round, by TPN."""
    out = {}
    for p in t.to_pair():
        colours = t.colours(p.id)
        difference, repeated, mask = colour_facts(colours)
        out[p.id] = LimPlayer(
            id=p.id,
            rating=p.rating,
            score=t.pairing_score(p.id),
            colours=colours,
            opponents=t.opponents(p.id),
            floated_last_round=bool(_floated(t, p.id)),
            float_direction=_floated(t, p.id),
            pab_eligible=pab_eligible(t, p.id, seed_rules),
            difference=difference,
            repeated=repeated,
            colour_mask=mask,
        )
    return out


def median_score(t: Tournament) -> Decimal:
    """Art. 2.2: half the number of rounds played, in points (a win's value per round)."""
    return t.settings.points.win * t.rounds_played / 2


def facts(p: LimPlayer, round_number: int) -> PlayerFacts:
    """The player as the review shows it: a colour the limits impose is absolute, an equalising one
    strong, an alternating one mild."""
    if p.colour_mask in (1, 2):
        due, strength = (Colour.WHITE if p.colour_mask == 1 else Colour.BLACK), Strength.ABSOLUTE
    elif p.due is Colour.NONE:
        due, strength = Colour.NONE, Strength.NONE
    else:
        due, strength = p.due, (Strength.STRONG if p.difference else Strength.MILD)
    floats = ((round_number - 1, Float.DOWN if p.float_direction == "down" else Float.UP),) if p.float_direction else ()
    return PlayerFacts(p.id, p.score, p.colours, due, strength, floats, {"rating": p.rating})
