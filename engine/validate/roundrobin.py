"""The independent check of a round-robin round: the pairs and colours the Berger table (C.05 Annex 1) gives.

Written from the table's arithmetic, not from the pairing code
(``engine.systems.roundrobin`` builds the table by rotating numbers; this
module uses closed forms that follow from that rule and shares no code with it):

- for an even table ``n`` (an odd field adds ``n = N + 1``, the bye, C.05
  Annex 1), players ``i`` and ``j`` below ``n`` meet in the round
  ``r = (i + j - 2) mod (n - 1) + 1``, and ``i`` has White when
  ``(i - j) mod (n - 1)`` is even;
- player ``i`` meets ``n`` in the round ``r = (2i - 2) mod (n - 1) + 1``, with
  White in odd rounds (``n`` is Black in odd rounds and White in even ones).

A double round robin is checked as C.05 Annex 1 recommends it: the last two
rounds of the first cycle exchanged, the second cycle the table with colours
reversed. The schedule never changes (C.05): a withdrawn or absent player's
game is left off the round, their table opponent is not paired (``table_idle``)
and a bye due to a player who is away is not given. Each pair meets once a
cycle: the table guarantees it, and the rounds already recorded are read for it
too (a round edited by hand). Players are the pairing numbers 1..N (the ids of
the Tournament).
"""

from __future__ import annotations

from engine.model.tournament import RoundPairing, Tournament
from engine.model.wording import _
from engine.validate.violations import Severity, Violation

RULE_TABLE = "C.05 Annex 1"  # the Berger table's pairs and colours


def table_round(players: int, i: int, j: int) -> tuple[int, int, int]:
    """(round of the first cycle, White, Black) of the table's game between ``i`` and ``j`` (``j`` may be
    the bye number ``players + 1`` of an odd field)."""
    n = players + players % 2
    if n in (i, j):
        other = j if i == n else i
        r = (2 * other - 2) % (n - 1) + 1
        return (r, other, n) if r % 2 == 1 else (r, n, other)
    r = (i + j - 2) % (n - 1) + 1
    return (r, i, j) if (i - j) % (n - 1) % 2 == 0 else (r, j, i)


def scheduled_round(players: int, rounds: int, rnd: int) -> tuple[int, bool]:
    """The first cycle's round that round ``rnd`` of the event plays, and whether colours are reversed."""
    cycle = players + players % 2 - 1
    double = rounds == 2 * cycle
    if rnd > cycle:
        return rnd - cycle, True
    if double and cycle >= 2 and rnd in (cycle - 1, cycle):  # C.05 Annex 1: exchanged in a double
        return (2 * cycle - 1 - rnd), False
    return rnd, False


def table_opponent(players: int, rounds: int, rnd: int, player: int) -> int:
    """Whom the table sets ``player`` against in round ``rnd`` of the event (``players + 1``: the bye)."""
    want, _reverse = scheduled_round(players, rounds, rnd)
    n = players + players % 2
    return next(q for q in range(1, n + 1) if q != player and table_round(players, player, q)[0] == want)


def _fits_table(tournament: Tournament, rnd: int) -> bool:
    players = len(tournament.players)
    cycle = players + players % 2 - 1
    return ([p.id for p in tournament.players] == list(range(1, players + 1)) and players >= 2
            and tournament.settings.rounds in (cycle, 2 * cycle) and 1 <= rnd <= tournament.settings.rounds)


def away(tournament: Tournament) -> frozenset[int]:
    """Who does not play the round to pair: withdrawn (C.04.2 art. 3.2) or known to be absent."""
    return frozenset(p.id for p in tournament.players if p.withdrawn or p.id in tournament.pending)


def table_idle(tournament: Tournament, rnd: int) -> frozenset[int]:
    """The players who play round ``rnd`` but whose table opponent is away: not paired, the game unplayed
    (what it scores is the regulations' choice, counted with the results). Empty for an event off the table."""
    if not _fits_table(tournament, rnd):
        return frozenset()
    players, rounds, gone = len(tournament.players), tournament.settings.rounds, away(tournament)
    return frozenset(p for p in range(1, players + 1)
                     if p not in gone and table_opponent(players, rounds, rnd, p) in gone)


def round_robin_findings(tournament: Tournament, pairing: RoundPairing) -> list[Violation]:
    """Every board and bye of ``pairing`` that is not the table's for its round (C.05 Annex 1)."""
    players = len(tournament.players)
    cycle = players + players % 2 - 1
    if [p.id for p in tournament.players] != list(range(1, players + 1)):
        return [Violation(Severity.ABSOLUTE, RULE_TABLE,
                          _("the pairing numbers are not 1 to {count}").format(count=players))]
    if tournament.settings.rounds not in (cycle, 2 * cycle) or not 1 <= pairing.round <= tournament.settings.rounds:
        return [Violation(Severity.ABSOLUTE, RULE_TABLE,
                          _("a round robin of {count} players has {cycle} rounds a cycle; the event has {rounds} and "
                            "this is round {round}").format(count=players, cycle=cycle,
                                                            rounds=tournament.settings.rounds, round=pairing.round))]
    want, reverse = scheduled_round(players, tournament.settings.rounds, pairing.round)
    found: list[Violation] = []
    first_of_cycle = pairing.round - (pairing.round - 1) % cycle
    for number, board in enumerate(pairing.boards, start=1):
        if board.white not in tournament.by_id or board.black not in tournament.by_id or board.white == board.black:
            continue  # an unknown number or a player against themself: C.04.1 art. 3's check reports it
        met = [r for r in range(first_of_cycle, pairing.round)
               if tournament.player(board.white).entry(r).opponent == board.black]
        if met:  # each pair once a cycle, whatever rounds before this one were paired
            found.append(Violation(Severity.ABSOLUTE, RULE_TABLE,
                                   _("{first} and {second} already met in round {round} of this cycle").format(
                                       first=board.white, second=board.black, round=met[0]),
                                   (board.white, board.black), number))
        r, white, black = table_round(players, board.white, board.black)
        if reverse:
            white, black = black, white
        if r != want:
            found.append(Violation(Severity.ABSOLUTE, RULE_TABLE,
                                   _("{first} and {second} meet in round {round} of the table's order, not this "
                                     "one").format(first=board.white, second=board.black,
                                                   round=r + (cycle if reverse else 0)),
                                   (board.white, board.black), number))
        elif (board.white, board.black) != (white, black):
            found.append(Violation(Severity.ABSOLUTE, RULE_TABLE,
                                   _("{white} has White against {black} in the table; the pairing gives White to "
                                     "{given}").format(white=white, black=black, given=board.white),
                                   (board.white, board.black), number))
    if players % 2 == 1:
        # the player the table sets against the bye number N + 1 this round
        due: int | None = next(p for p in range(1, players + 1) if table_round(players, p, players + 1)[0] == want)
        if due in away(tournament):
            due = None  # the bye's player is withdrawn or absent: nobody has it
        if pairing.bye != due:
            found.append(Violation(Severity.ABSOLUTE, RULE_TABLE,
                                   (_("the table gives the bye to {due} this round, not {given}") if due is not None
                                    else _("the bye's player is away this round: nobody has it, not {given}")).format(
                                       due=due, given=pairing.bye),
                                   tuple(p for p in (due, pairing.bye) if p is not None)))
    elif pairing.bye is not None:
        found.append(Violation(Severity.ABSOLUTE, RULE_TABLE,
                               _("an even field has no bye, but {player} has one").format(player=pairing.bye),
                               (pairing.bye,)))
    return found
