"""One Double-Swiss round (C.04.5 art. 3.3): the bye, then bracket after bracket from the top.

1. An odd field: the PAB first (art. 3.4, :mod:`.bye`).
2. While players are left: the highest scoregroup left and its upfloaters form the
   bracket (art. 1.3.2, 3.5), paired in the text's identifier order (art. 3.6).
3. Colours of the first game by art. 4 (:mod:`.colours`); the second game reverses
   them (preface). Matches in publishing order (C.04.2 art. 3.6: the higher score of
   the pair, then the pair's total, then the higher player's rank); the bye last.

Every step adds a line to ``review`` naming the article that decided it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from engine.model.matches import Game, Match, MatchScoring
from engine.model.tournament import Colour, Points
from engine.model.units import Unit, UnitKind
from engine.model.wording import _, ngettext
from engine.systems.doubleswiss.brackets import can_pair, choose_upfloaters, pair_bracket
from engine.systems.doubleswiss.bye import choose_bye
from engine.systems.doubleswiss.colours import first_game_white, higher_ranked
from engine.systems.doubleswiss.history import History, histories


class DoubleSwissError(ValueError):
    """A round the text cannot pair; the message names the article."""


@dataclass(frozen=True, slots=True)
class DoubleSwissPairing:
    """The round's matches (publishing order, the bye last), the bye's unit id, and the review."""

    matches: tuple[Match, ...]
    bye: int | None
    review: tuple[str, ...] = field(default=())


def pair_matches(
    units: Sequence[Unit],
    before: Sequence[Sequence[Match]],
    *,
    scoring: MatchScoring | None = None,
    initial_colour: Colour = Colour.WHITE,
    last_round: bool = False,
    forbidden: frozenset[frozenset[int]] = frozenset(),
    virtual: Mapping[int, Points] | None = None,
    scored_without_playing: frozenset[int] = frozenset(),
) -> DoubleSwissPairing:
    """Pair ``units`` (players present this round) given the matches of the earlier rounds, oldest first.

    ``initial_colour`` is the colour drawn by lot before round 1 (art. 4);
    ``last_round`` drops the quality criterion the text suspends in the last round;
    ``forbidden`` holds pairs the arbiter keeps apart (treated like [C1]);
    ``virtual`` the round's virtual points of an accelerated event (C.04.7: the
    event's table, :mod:`engine.model.acceleration`), added to the pairing score only:
    the order, scoregroups, bye and upfloaters read it, the colours and the
    publishing order read the real score (C.04.7 art. 1.5: virtual points change the
    pairing score and nothing else); ``scored_without_playing`` players with a full-point bye ([C2]: no PAB).
    """
    if any(u.kind is not UnitKind.PLAYER for u in units):
        raise DoubleSwissError("C.04.5 pairs players: a team was given")
    scoring = scoring or MatchScoring()
    real = histories(units, before, scoring)
    extra = virtual or {}
    real = {i: replace(h, forfeit_win=True) if i in scored_without_playing else h for i, h in real.items()}
    state = {i: replace(h, score=h.score + extra[i]) if extra.get(i) else h for i, h in real.items()}
    by_id = {u.id: u for u in units}
    review: list[str] = []

    def legal(a: History, b: History) -> bool:
        # C.04.5 [C1] (C.04.1 art. 2): no second match after a played one; a match lost
        # by forfeit of both games does not count (preface).
        return b.tpn not in a.opponents and frozenset((a.tpn, b.tpn)) not in forbidden

    players = sorted(state.values(), key=lambda p: (-p.score, p.tpn))  # art. 1.2 order
    bye: History | None = None
    if len(players) % 2:
        bye = choose_bye(players, lambda rest: can_pair(rest, legal))
        if bye is None:
            raise DoubleSwissError(_("no player may receive the bye and leave the others pairable (C.04.5 art. 3.4)"))
        review.append(_bye_line(bye))
        players = [p for p in players if p.tpn != bye.tpn]
    elif not can_pair(players, legal):
        raise DoubleSwissError(_("the players cannot all be paired without a second match (C.04.5 [C1])"))
    pairs: list[tuple[History, History]] = []
    remaining = list(players)
    while remaining:
        top = remaining[0].score
        residents = [p for p in remaining if p.score == top]
        pool = [p for p in remaining if p.score < top]
        ups = choose_upfloaters(residents, pool, remaining, legal, count_floated=not last_round)
        if ups is None:
            raise _unpairable(top, upfloaters=True)
        if ups:
            review.append(_upfloaters_line(top, ups))
        bracket = residents + ups
        chosen = pair_bracket(bracket, legal, ups, count_floated=not last_round)
        if chosen is None:  # pragma: no cover - choose_upfloaters checked it
            raise _unpairable(top, upfloaters=False)
        review.append(_bracket_line(top, chosen))
        pairs += chosen
        taken = {p.tpn for p in bracket}
        remaining = [p for p in remaining if p.tpn not in taken]

    def board_key(pair: tuple[History, History]) -> tuple[object, ...]:
        hrp, other = higher_ranked(real[pair[0].tpn], real[pair[1].tpn])
        return (-hrp.score, -(hrp.score + other.score), hrp.tpn)

    matches: list[Match] = []
    for number, (a, b) in enumerate(sorted(pairs, key=board_key), start=1):
        white, black, step = first_game_white(real[a.tpn], real[b.tpn], initial_colour)
        review.append(f"{step}: " + _("{white} has White in game 1 against {black}").format(white=white, black=black))
        games = (Game(white, black), Game(black, white))  # preface: the second game reverses colours
        matches.append(Match(number, by_id[white], by_id[black], games))
    if bye is not None:
        matches.append(Match(len(matches) + 1, by_id[bye.tpn], None))
    return DoubleSwissPairing(tuple(matches), None if bye is None else bye.tpn, tuple(review))


# The review's lines, each "art. N: sentence": the article stays as written (it becomes the step's rule), the
# sentence is in the reader's language.

def _bye_line(bye: History) -> str:
    return "art. 3.4: " + ngettext("bye to {player} (score {score}, {matches} match played)",
                                   "bye to {player} (score {score}, {matches} matches played)",
                                   bye.matches_played).format(player=bye.tpn, score=bye.score,
                                                              matches=bye.matches_played)


def _upfloaters_line(top: Points, ups: list[History]) -> str:
    return "art. 3.5: " + _("scoregroup {score} takes upfloaters {players}").format(
        score=top, players=", ".join(str(p.tpn) for p in ups))


def _bracket_line(top: Points, chosen: list[tuple[History, History]]) -> str:
    return "art. 3.6: " + _("scoregroup {score}: {pairs}").format(
        score=top, pairs=", ".join(f"{a.tpn}-{b.tpn}" for a, b in chosen))


def _unpairable(top: Points, upfloaters: bool) -> DoubleSwissError:
    """No bracket for the scoregroup ``top``: no upfloaters make one (art. 3.5), or none of its pairings (3.6)."""
    if upfloaters:
        return DoubleSwissError(_("scoregroup {score}: no upfloaters make a pairable bracket (C.04.5 art. 3.5)").format(
            score=top))
    return DoubleSwissError(_("scoregroup {score}: the bracket cannot be paired (C.04.5 art. 3.6)").format(score=top))
