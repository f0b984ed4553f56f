"""A round of matches checked against what every match format requires of it.

What is checked here holds for every format that pairs units into matches, whatever
system chose the pairs: each unit to pair is in exactly one match or has the bye, and at
most one unit has it; a match holds the format's number of games, each between one
player of each unit; consecutive games of a match change which unit has White (C.04.5:
the two games of a match with alternating colours; C.04.6: the team "with White" has
White on boards 1, 3, ... and Black on 2, 4, ...); no two units meet again after a
match they played (C.04.1 art. 2 for the individual Swiss, C.04.5 and C.04.6 for
matches; a match with no game played does not count, see :mod:`engine.model.matches`).

A system's own criteria (scores, colour preferences, floats) belong to the validator
of that system; this is the shape every one of them starts from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.model.matches import Match
from engine.model.units import Unit
from engine.model.wording import _, ngettext


def have_met(before: Iterable[Sequence[Match]], a: int, b: int) -> bool:
    """Units ``a`` and ``b`` played a match in an earlier round (at least one game over the board)."""
    pair = {a, b}
    return any(
        not m.is_bye and set(m.units) == pair and any(g.played for g in m.games)
        for rnd in before
        for m in rnd
    )


def check_round(
    units: Sequence[Unit],
    matches: Sequence[Match],
    before: Sequence[Sequence[Match]] = (),
    games_per_match: int = 1,
) -> list[str]:
    """Every way ``matches`` breaks the shape of a round of ``units``, one sentence each; ``[]`` when none.

    ``units`` are the units to pair this round (present, not withdrawn); ``before``
    the matches of the earlier rounds, oldest first.
    """
    problems: list[str] = []
    known = {u.id: u for u in units}
    seen: dict[int, int] = {}
    byes = [m for m in matches if m.is_bye]
    if len(byes) > 1:
        problems.append(_("{count} byes in one round: units {units}").format(
            count=len(byes), units=", ".join(str(m.home.id) for m in byes)))
    for match in matches:
        for unit_id in match.units:
            if unit_id not in known:
                problems.append(_("match {match}: unit {unit} is not one of the units to pair").format(
                    match=match.number, unit=unit_id))
            elif unit_id in seen:
                problems.append(_("unit {unit} is in match {first} and in match {match}").format(
                    unit=unit_id, first=seen[unit_id], match=match.number))
            else:
                seen[unit_id] = match.number
        if not match.is_bye:
            problems += _match_problems(match, games_per_match)
            if match.away is not None and have_met(before, match.home.id, match.away.id):
                problems.append(_("match {match}: units {home} and {away} have met before").format(
                    match=match.number, home=match.home.id, away=match.away.id))
    missing = [u.id for u in units if u.id not in seen]
    if missing:
        problems.append(_("units not paired and without the bye: {units}").format(units=", ".join(map(str, missing))))
    return problems


def _match_problems(match: Match, games_per_match: int) -> list[str]:
    """The games of one match: their number, their players, and White changing units from game to game."""
    problems: list[str] = []
    if len(match.games) != games_per_match:
        problems.append(ngettext("match {match}: {count} game, the format plays {games}",
                                 "match {match}: {count} games, the format plays {games}", len(match.games)).format(
            match=match.number, count=len(match.games), games=games_per_match))
    home, away = match.home, match.away
    assert away is not None
    previous: Unit | None = None
    for i, game in enumerate(match.games, start=1):
        with_white = match.unit_with_white(game)
        with_black = away if with_white is home else home
        if with_white is None or game.black not in with_black.members:
            problems.append(_("match {match}, game {game}: {pair} is not a player of unit {home} against a player of "
                              "unit {away}").format(match=match.number, game=i, pair=f"{game.white}-{game.black}",
                                                    home=home.id, away=away.id))
            previous = None
            continue
        if previous is not None and with_white is previous:
            problems.append(_("match {match}, game {game}: unit {unit} has White again (colours alternate game by "
                              "game)").format(match=match.number, game=i, unit=with_white.id))
        previous = with_white
    return problems
