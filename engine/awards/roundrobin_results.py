"""A round robin's results as its regulations count them: withdrawals and absences (issue 32, section 2).

The pairing keeps the table (C.05: the schedule never changes once the numbers
are drawn): a withdrawn or absent player's game is left off the round and the
table opponent is not paired. The event records only what happened; this
module reads it as the regulations chose, so that changing the choice changes
every standings table the same way and nothing recorded is lost:

- a player absent from one round loses that game by forfeit, the opponent wins
  it (Laws of Chess art. 6.7.1: a player not at the board loses);
- the games a withdrawn player no longer plays (``LEFT_GAMES``) are forfeited,
  ``-`` for the player and ``+`` for the opponent (FIDE Tournament Rules,
  Handbook C.06, art. 5.4.1-5.4.2), or not played, no points either side;
- the games a withdrawn player played (``WITHDRAWN_GAMES``) are kept, or
  annulled when the player completed fewer than half of their games: the
  points scored by them or against them are not counted (art. 5.4.1; at least
  half, art. 5.4.2: they count). The player stays in the list, with nothing.

A game is completed when played over the board; the player's games are the
table's, byes of an odd field aside. A round recorded otherwise than the table
(a pairing changed by hand) is left as it is. An absence is told from an idle
opponent by its code (a zero-, half- or full-point bye asked for the round);
an absence recorded blank where the opponent is unpaired too cannot be told
apart and is left unplayed.
"""

from __future__ import annotations

from dataclasses import replace

from engine.model.catalogue import (
    ANNULLED_UNDER_HALF,
    FORFEITED,
    LEFT_GAMES,
    WITHDRAWN_GAMES,
    Unit,
    find,
)
from engine.model.wording import _
from engine.model.tournament import NOT_PAIRED, Colour, Player, ResultCode, RoundEntry, Tournament
from engine.validate.roundrobin import scheduled_round, table_opponent, table_round

_ABSENT_CODES = frozenset({ResultCode.ZERO_BYE, ResultCode.HALF_BYE, ResultCode.FULL_BYE})


def is_round_robin_by_table(t: Tournament) -> bool:
    """A catalogue round robin whose players are 1..N and whose rounds are the table's: what this module reads."""
    info = find(t.settings.system)
    players = len(t.players)
    return (info is not None and info.round_robin and info.unit is Unit.PLAYER and players >= 2
            and [p.id for p in t.players] == list(range(1, players + 1))
            and t.settings.rounds == info.rounds_for(players))


def last_round_in(p: Player, rounds_played: int) -> int:
    """The last round ``p`` took part in (paired, or a bye or absence asked for): a withdrawal follows it."""
    return max((r for r in range(1, rounds_played + 1)
                if p.entry(r).was_paired or p.entry(r).code is not ResultCode.ABSENT), default=0)


def scheduled_games(t: Tournament) -> int:
    """The games the table gives each player: every round, less one bye a cycle in an odd field (C.05 Annex 1)."""
    players, rounds = len(t.players), t.settings.rounds
    cycle = players + players % 2 - 1
    return rounds - (rounds // cycle if players % 2 else 0)


def games_played(p: Player, rounds_played: int) -> int:
    """The games ``p`` completed over the board (forfeits are not games completed)."""
    return sum(1 for r in range(1, rounds_played + 1) if p.entry(r).is_game)


def annulled(t: Tournament) -> frozenset[int]:
    """The withdrawn players whose games do not count (FIDE Tournament Rules art. 5.4.1), as the option says."""
    if not is_round_robin_by_table(t) or WITHDRAWN_GAMES.value(t.settings) != ANNULLED_UNDER_HALF:
        return frozenset()
    games, played = scheduled_games(t), t.rounds_played
    return frozenset(p.id for p in t.players if p.withdrawn and 2 * games_played(p, played) < games)


def _away(t: Tournament, pid: int, rnd: int) -> str | None:
    """Why ``pid`` did not play their table game of round ``rnd``: "withdrawn", "absent", or None (present)."""
    p = t.player(pid)
    if p.withdrawn and rnd > last_round_in(p, t.rounds_played):
        return "withdrawn"
    if p.entry(rnd).code in _ABSENT_CODES:
        return "absent"
    return None


def regulated(t: Tournament) -> Tournament:
    """``t`` with a round robin's unplayed table games and annulled games as the regulations chose.

    Anything but a round robin by the table is returned as it is; so is one where nobody was away.
    """
    if not is_round_robin_by_table(t):
        return t
    players, rounds, played = len(t.players), t.settings.rounds, t.rounds_played
    forfeit_left = LEFT_GAMES.value(t.settings) == FORFEITED
    history = {p.id: [p.entry(r) for r in range(1, played + 1)] for p in t.players}
    for rnd in range(1, played + 1):
        _, reverse = scheduled_round(players, rounds, rnd)
        for i in range(1, players + 1):
            j = table_opponent(players, rounds, rnd, i)
            if j > players or j < i:
                continue  # the bye, or the pair seen from the other side
            ei, ej = history[i][rnd - 1], history[j][rnd - 1]
            if ei.opponent is not None or ej.opponent is not None or ei.is_pab or ej.is_pab:
                continue  # the game was recorded (whatever its result), or the round was paired by hand
            why = {i: _away(t, i, rnd), j: _away(t, j, rnd)}
            if why[i] is None and why[j] is None:
                continue  # nobody said away: an absence recorded blank, left unplayed
            if "withdrawn" in why.values() and not forfeit_left:
                continue  # not played: the withdrawal took the game away, whatever the other side did
            _, white, black = table_round(players, i, j)
            if reverse:
                white, black = black, white
            for me, other in ((i, j), (j, i)):
                colour = Colour.WHITE if me == white else Colour.BLACK
                if why[me] == "absent" or (why[me] == "withdrawn" and forfeit_left):
                    history[me][rnd - 1] = RoundEntry(other, colour, ResultCode.FORFEIT_LOSS)
                elif why[me] is None:
                    history[me][rnd - 1] = RoundEntry(other, colour, ResultCode.FORFEIT_WIN)
    gone = annulled(t)
    for pid, entries in history.items():
        if pid in gone:
            history[pid] = [NOT_PAIRED] * played  # C.06 art. 5.4.1: nothing scored by them ...
        else:
            history[pid] = [NOT_PAIRED if e.opponent in gone else e for e in entries]  # ... nor against them
    return replace(t, players=tuple(replace(p, history=tuple(history[p.id])) for p in t.players))


def _choice_notes(t: Tournament) -> list[str]:
    kept = WITHDRAWN_GAMES.value(t.settings) != ANNULLED_UNDER_HALF
    left = LEFT_GAMES.value(t.settings) == FORFEITED
    return [
        (_("A withdrawn player's games count (the regulations).") if kept else
         _("A withdrawn player who completed fewer than half of their games has them annulled: not counted for "
           "anybody (FIDE Tournament Rules art. 5.4.1); at least half, they count (art. 5.4.2).")),
        (_("The games a withdrawal leaves are forfeited: - for the player, + for the opponent (art. 5.4).") if left
         else _("The games a withdrawal leaves are not played: no points either side (the regulations).")),
        _("A player absent from a round loses that game by forfeit (Laws of Chess art. 6.7.1)."),
    ]


def notes(t: Tournament) -> tuple[str, ...]:
    """The cross-table's notes on withdrawals and absences: the event's choices, then what each meant.

    Empty for anything but a round robin by the table. The choices are said even when nobody withdrew,
    as the regulations announce them before round 1.
    """
    if not is_round_robin_by_table(t):
        return ()
    lines = _choice_notes(t)
    games, played, gone = scheduled_games(t), t.rounds_played, annulled(t)
    for p in t.players:
        if p.withdrawn:
            last, done = last_round_in(p, played), games_played(p, played)
            said = (_("{id} {name} withdrew after round {round}, {done} of {games} games played: their games are "
                      "annulled, out of everybody's score.") if p.id in gone else
                    _("{id} {name} withdrew after round {round}, {done} of {games} games played: their games are "
                      "counted."))
            lines.append(said.format(id=p.id, name=p.name, round=last, done=done, games=games))
        for rnd in range(1, played + 1):
            if p.entry(rnd).code in _ABSENT_CODES and not (p.withdrawn and rnd > last_round_in(p, played)):
                lines.append(_("{id} {name} was absent in round {round}: the game is forfeited.").format(
                    id=p.id, name=p.name, round=rnd))
    return tuple(lines)
