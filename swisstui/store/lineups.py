"""A team's lineup for a round: which of its players sit on the boards, checked against the rules it must keep.

One set of rules serves the event file's reader (a hand-edited file) and the session (an
arbiter's change), so the two can never disagree on what a lineup may be:

- the players are the team's own (its roster or reserves);
- they sit in the team's fixed board order (the event's regulations fix it before round 1, as
  team competitions do; C.04.6 pairs teams and leaves the lineup to them): a player may not
  sit above one listed before them;
- as many as the event's boards (``[settings.team] size``); an empty board (0) counts as one,
  and only the last boards may be left empty, as the regulations of team events ask.

The default lineup is the first ``size`` players of the board order who are present.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

from swisstui.store.team_records import TeamRecord

EMPTY = 0
"""A board the team left empty (no player: lost by forfeit)."""


def lineup_problem(team: TeamRecord, lineup: Sequence[int], size: int) -> str | None:
    """What ``lineup`` breaks (the rule named), or ``None`` when ``team`` may field it."""
    if len(lineup) > size:
        return (f"team {team.id} ({team.name}) names {len(lineup)} players for {size} boards "
                "(settings.team.size: the event's team size)")
    players = [p for p in lineup if p != EMPTY]
    if len(lineup) < size or not players:
        return (f"team {team.id} ({team.name}) fields too few players: {len(players)} for {size} boards "
                "(settings.team.size: name a player for every board, 0 for a board left empty)")
    order = team.board_order
    for p in players:
        if p not in order:
            return f"player {p} is not in team {team.id} ({team.name}): not on its roster or among its reserves"
    twice = next((p for p in players if players.count(p) > 1), None)
    if twice is not None:
        return f"player {twice} sits on two boards of team {team.id} ({team.name})"
    last_filled = max(i for i, p in enumerate(lineup) if p != EMPTY)
    if any(p == EMPTY for p in lineup[:last_filled]):
        board = lineup.index(EMPTY) + 1
        return (f"team {team.id} ({team.name}) leaves board {board} empty above a player: only the last boards "
                "may be left empty")
    positions = [order.index(p) for p in players]
    for (above, below), (pa, pb) in zip(zip(positions, positions[1:]), zip(players, players[1:])):
        if above > below:
            return (f"team {team.id} ({team.name}) breaks its board order: player {pb} is listed before player {pa} "
                    "in the team's fixed board order, so cannot sit below them (the board order rule)")
    return None


def default_lineup(team: TeamRecord, size: int, present: Container[int]) -> list[int]:
    """The first ``size`` players of the team's board order who are ``present``, the boards left over empty."""
    chosen = [p for p in team.board_order if p in present][:size]
    return chosen + [EMPTY] * (size - len(chosen))
