"""Team round robins: the FIDE Berger tables (C.05 Annex 1) with the teams' pairing numbers.

A league of clubs plays the same tables as a round robin of players: the teams' numbers
(TPN 1..N, drawn by lot before round 1 as the players' are) take the places of the
players' numbers, and round ``r`` of the event is row ``r`` of the table
(:mod:`engine.systems.roundrobin.berger`). The team named first in a table's pair is the
team "with White": it has White on board 1, the colours of the other boards following the
event's board pattern (C.04.6(2026) art. 1.6 defines a team's colour as its first board's;
the Annex's tables give the first-named number White). An odd number of teams adds the
table's highest number as the bye: the team drawn against it has the round off. There
are no Swiss criteria: nothing is decided but the row of the table.

The schedule never changes (C.05): an absent team's match is left off the round and its table
opponent is not paired that round, as for a round robin of players. A withdrawn team's match is left
off the same way, or, when the regulations make the matches a withdrawal leaves forfeited (the
``left-games`` option, FIDE Tournament Rules art. 5.4 as for players: the model's
``left_games_forfeited``), it stays in the round as a match the withdrawn team lost by forfeit, its
opponent winning on every board.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.catalogue import SystemNotAvailable, TeamPairingMade
from engine.model.explain import Step, TraceEvent
from engine.model.result import PairingResult, Progress
from engine.model.team_tournament import TeamTournament
from engine.model.tournament import Tournament
from engine.model.wording import _
from engine.systems.roundrobin.berger import BYE, Cycles, ScheduleError, round_of, total_rounds


class NoTableRound(ValueError):
    """The event does not fit the table: numbers not 1..N, or a round the table does not have."""


@dataclass(frozen=True)
class TableMatch:
    """One pair of the table's row: ``white`` has White on board 1; ``black`` 0 is the bye (a round off)."""

    white: int
    black: int
    table_board: int  # the pair's place in the table's row (board 1 holds the highest number)
    forfeit: str = ""  # "white" or "black": the withdrawn side that lost the match by forfeit (left-games)


@dataclass(frozen=True)
class TableRound:
    """The round the table gives: its matches in the table's order, the bye last, the teams left
    unpaired because their table opponent does not play (absent, or withdrawn with the matches left not
    played), and the matches a withdrawn team lost by forfeit (``left-games`` forfeited), which are not
    played and so not among the matches paired."""

    round: int
    matches: tuple[TableMatch, ...]
    idle: tuple[int, ...] = ()
    forfeited: tuple[TableMatch, ...] = ()


def pair(tournament: Tournament, progress: Progress | None = None) -> PairingResult:
    """Refused: a team round robin pairs teams, and a tournament of players holds none (``pair_team``)."""
    raise SystemNotAvailable(f"{tournament.name or 'this event'}: a team round robin pairs teams, not players: "
                             "register the teams and pair the event as a team event")


def pair_team(event: TeamTournament) -> TableRound:
    """The next round of a single team round robin: the Berger table's row for the teams' numbers."""
    return table_round(event, Cycles.SINGLE)


def pair_team_double(event: TeamTournament) -> TableRound:
    """The next round of a double team round robin, in the order C.05 Annex 1 recommends (the last two
    rounds of the first cycle exchanged, the second cycle with colours reversed)."""
    return table_round(event, Cycles.DOUBLE_FIDE)


def table_round(event: TeamTournament, cycles: Cycles) -> TableRound:
    """Round ``event.rounds_played + 1`` of the table for ``event``'s teams; :class:`NoTableRound` naming
    what does not fit the table."""
    teams = sorted(event.teams)
    count = len(teams)
    if teams != list(range(1, count + 1)):
        raise NoTableRound(_("a round robin's team numbers are 1 to {count}, each once; the event has {numbers}")
                           .format(count=count, numbers=", ".join(map(str, teams))))
    rnd = event.rounds_played + 1
    try:
        rounds = total_rounds(count, cycles)
        if event.total_rounds != rounds:
            raise ScheduleError(_("a {cycles} round robin of {count} teams has {rounds} rounds; the event announces "
                                  "{announced}").format(cycles=cycles.value, count=count, rounds=rounds,
                                                        announced=event.total_rounds))
        boards = round_of(count, rnd, cycles)
    except ScheduleError as err:
        raise NoTableRound(str(err).replace("players", "teams")) from None
    away = event.absent_next
    gone = event.withdrawn if event.left_games_forfeited else frozenset()
    matches: list[TableMatch] = []
    bye: list[TableMatch] = []
    idle: list[int] = []
    forfeited: list[TableMatch] = []
    for place, board in enumerate(boards, start=1):
        if board.is_bye:
            if board.white not in away:  # a bye due to a team that is away is not given
                bye.append(TableMatch(board.white, BYE, place))
            continue
        if board.white in away or board.black in away:  # C.05: the schedule stays; the match is left off
            present = [t for t in (board.white, board.black) if t not in away]
            if len(present) == 1 and {board.white, board.black} - set(present) <= gone:
                # C.06 art. 5.4 (left-games forfeited): the withdrawn team loses the match, the other wins it
                side = "white" if board.white in gone else "black"
                forfeited.append(TableMatch(board.white, board.black, place, side))
                continue
            idle.extend(present)
            continue
        matches.append(TableMatch(board.white, board.black, place))
    return TableRound(rnd, tuple(matches + bye), tuple(sorted(idle)), tuple(forfeited))


def explain_team(event: TeamTournament, pairing: TeamPairingMade) -> tuple[TraceEvent, ...]:
    """The steps of a table's round for the review: there is nothing to decide, so each step says which
    row of the Berger table (C.05 Annex 1) the round is and what it gives: each pair with the team that has
    White on board 1, the round off of an odd field, the teams left unpaired by an absent opponent."""
    if not isinstance(pairing, TableRound):
        raise TypeError(f"explain_team explains a table's round, not a {type(pairing).__name__}")
    names = {tpn: team.name for tpn, team in event.teams.items()}
    steps = [TraceEvent(Step.NOTE, _("round {round} is row {round} of the Berger table for {count} teams, on the "
                                     "teams' pairing numbers").format(round=pairing.round, count=len(event.teams)),
                        "C.05 Annex 1")]
    for m in pairing.matches:
        if m.black == BYE:
            steps.append(TraceEvent(Step.BYE, _("{team} {name} has the round off: the table pairs it with the number "
                                                "an odd field adds").format(team=m.white, name=names.get(m.white, "")),
                                    "C.05 Annex 1", players=(m.white,)))
        else:
            steps.append(TraceEvent(Step.PAIRED, _("{white} {white_name} - {black} {black_name}: the table's pair "
                                                   "{pair}, the first-named team with White on board 1").format(
                white=m.white, white_name=names.get(m.white, ""), black=m.black, black_name=names.get(m.black, ""),
                pair=m.table_board), "C.05 Annex 1", players=(m.white, m.black)))
    for m in pairing.forfeited:
        lost = m.white if m.forfeit == "white" else m.black
        steps.append(TraceEvent(Step.NOTE, _(
            "{white} {white_name} - {black} {black_name}: the table's pair {pair}; {lost} {lost_name} has withdrawn, "
            "so the match is lost by forfeit, the other team winning every board (left-games: forfeited)").format(
            white=m.white, white_name=names.get(m.white, ""), black=m.black, black_name=names.get(m.black, ""),
            pair=m.table_board, lost=lost, lost_name=names.get(lost, "")), "C.06 art. 5.4",
            players=(m.white, m.black)))
    for tpn in pairing.idle:
        steps.append(TraceEvent(Step.NOTE, _("{team} {name} is not paired: its table opponent does not play this "
                                             "round, and the schedule stays the table's").format(
            team=tpn, name=names.get(tpn, "")), "C.05", players=(tpn,)))
    return tuple(steps)
