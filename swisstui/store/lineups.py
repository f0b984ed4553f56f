"""A team's lineup for a round: which of its players sit on the boards, checked against the rules it must keep.

One set of rules serves the event file's reader (a hand-edited file) and the session (an
arbiter's change), so the two can never disagree on what a lineup may be. Two kinds of rule:

- what makes a lineup a lineup, never relaxed: the players are the team's own (its roster or
  reserves), none sits on two boards, there is one entry a board (``[settings.team] size``;
  an empty board, 0, counts as one), and at least one player (a team that fields nobody loses the
  match whole by forfeit, TRF-2026 record 330, entered as such);
- what the event's regulations fix, and may relax (``[settings.team] lineup``): the players sit
  in the team's fixed board order (the regulations fix it before round 1, as team competitions
  do; C.04.6 pairs teams and leaves the lineup to them), a player never above one listed before
  them; and only the last boards may be left empty.

``lineup = "strict"`` (the default) refuses a lineup breaking either kind, the rule named.
``lineup = "warn"`` accepts one that breaks only the second kind, with a warning naming the rule:
many leagues' regulations allow a changed board order (for a fee, or on the captain's declaration)
and a team short of players on any board. TRF-2026 writes such a lineup as record 300 (out of default order).

The default lineup is the first ``size`` players of the board order who are present.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass

from swisstui.store.team_records import TeamRecord

EMPTY = 0
"""A board the team left empty (no player: lost by forfeit)."""

STRICT, WARN = "strict", "warn"
LINEUP_RULES = (STRICT, WARN)
"""``[settings.team] lineup``: refuse every broken lineup rule, or accept the regulations' with a warning."""


@dataclass(frozen=True)
class LineupBreach:
    """One rule a lineup breaks: ``text`` names it; ``relaxable`` when the event's ``lineup = "warn"`` accepts it."""

    text: str
    relaxable: bool


def lineup_breaches(team: TeamRecord, lineup: Sequence[int], size: int) -> list[LineupBreach]:
    """Every rule ``lineup`` breaks, the ones never relaxed first; [] when ``team`` may field it."""
    who = f"team {team.id} ({team.name})"
    if len(lineup) > size:
        return [LineupBreach(f"{who} names {len(lineup)} players for {size} boards (settings.team.size: the event's "
                             "team size)", False)]
    players = [p for p in lineup if p != EMPTY]
    too_few = (f"{who} fields too few players: {len(players)} for {size} boards (settings.team.size: name a player "
               "for every board, 0 for a board left empty)")
    if len(lineup) < size:  # a board without an entry: the lineup does not say who sits there
        return [LineupBreach(too_few, False)]
    order = team.board_order
    for p in players:
        if p not in order:
            return [LineupBreach(f"player {p} is not in {who}: not on its roster or among its reserves", False)]
    twice = next((p for p in players if players.count(p) > 1), None)
    if twice is not None:
        return [LineupBreach(f"player {twice} sits on two boards of {who}", False)]
    if not players:  # no lineup at all: the match is lost whole by forfeit (TRF-2026 record 330), said as such
        return [LineupBreach(too_few + "; a team that fields nobody loses the match whole by forfeit (F on the "
                             "results screen, swisstui team EVENT forfeit)", False)]
    found = []
    last_filled = max(i for i, p in enumerate(lineup) if p != EMPTY)
    if any(p == EMPTY for p in lineup[:last_filled]):
        board = lineup.index(EMPTY) + 1
        found.append(LineupBreach(f"{who} leaves board {board} empty above a player: only the last boards may be "
                                  "left empty", True))
    positions = [order.index(p) for p in players]
    for (above, below), (pa, pb) in zip(zip(positions, positions[1:]), zip(players, players[1:])):
        if above > below:
            found.append(LineupBreach(f"{who} breaks its board order: player {pb} is listed before player {pa} in "
                                      "the team's fixed board order, so cannot sit below them (the board order rule)",
                                      True))
            break
    return found


def lineup_problem(team: TeamRecord, lineup: Sequence[int], size: int, rules: str = STRICT) -> str | None:
    """What ``lineup`` breaks that the event's ``rules`` refuse (the rule named), or ``None`` when ``team`` may
    field it: under ``strict`` every rule, under ``warn`` only those never relaxed."""
    for breach in lineup_breaches(team, lineup, size):
        if rules == STRICT or not breach.relaxable:
            return breach.text
    return None


def lineup_warnings(team: TeamRecord, lineup: Sequence[int], size: int, rules: str = STRICT) -> list[str]:
    """The rules ``lineup`` breaks that ``warn`` accepts, each named; [] under ``strict`` (there they refuse)."""
    if rules == STRICT:
        return []
    return [b.text for b in lineup_breaches(team, lineup, size) if b.relaxable]


def default_lineup(team: TeamRecord, size: int, present: Container[int]) -> list[int]:
    """The first ``size`` players of the team's board order who are ``present``, the boards left over empty."""
    chosen = [p for p in team.board_order if p in present][:size]
    return chosen + [EMPTY] * (size - len(chosen))
