"""A team TRF-2026 file (read and checked by :func:`engine.trf.team_load.read_team_document`) as a team event.

The inverse of :mod:`swisstui.outputs.team_trf_export`: the players with their registration (001), the
teams with their short names and rosters in board order (310), the system's options from record 192
(the colour type of C.04.6(2026) art. 1.7, the primary score of art. 1.2), the match points (362) and
the bye's value (320), and every round's matches with their boards and results, the bye, the teams
absent (240 Z) and the matches lost whole by forfeit (330). The event keeps results, not totals, so
what the file computes (points, ranks, strengths) is checked by the reader and not kept.

A lineup out of the team's board order (record 300: a changed order, a board left empty above a player)
makes the event's ``[settings.team] lineup`` ``"warn"``: the file says the event's regulations allowed it.

A team absent from a round is written back as absent from it; TRF-2026 has no record telling a
withdrawal from an absence, so a withdrawn team reads back absent from each round it missed.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from engine.model.catalogue import TEAM_COLOURS, TEAM_SCORE
from engine.model.team_tournament import BoardGame, ColourType, RoundKind, Score, TeamTournament
from engine.model.tournament import Colour
from engine.trf.team_document import TeamTrfDocument
from swisstui.store.board_results import result_from_codes
from swisstui.store.event import Event, PlayerRecord, new_event
from swisstui.store.lineups import EMPTY, STRICT, WARN, lineup_problem
from swisstui.store.team_records import TeamBoard, TeamMatchRecord, TeamRecord, TeamSettings

FORFEIT_SIDES_BY_KIND = {"-+": "white", "+-": "black", "--": "both"}
"""Record 330's result as the side that lost the match whole (the event file's ``forfeit``)."""


def alternating(size: int) -> str:
    """Record 352 for boards 1, 3, ... White to the team with White (the event's default)."""
    return "".join("W" if i % 2 == 0 else "B" for i in range(size))


def _decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


def options_of(t: TeamTournament) -> dict[str, str]:
    """The fide-team entry's options for the file's record 192 (only those that differ from the defaults)."""
    options: dict[str, str] = {}
    if t.colour_type is not ColourType.A:
        options[TEAM_COLOURS.id] = t.colour_type.value
    if t.primary is not Score.MATCH:
        options[TEAM_SCORE.id] = t.primary.value
    return options


def event_from_team_document(doc: TeamTrfDocument, name: str, system: str) -> Event:
    """The team event ``doc`` holds; ``ValueError`` for what the event cannot keep (the message names the
    team and round)."""
    t = doc.tournament
    event = new_event(name, t.total_rounds, system, options=options_of(t),
                      initial_colour=Colour.WHITE if t.initial_colour_white else Colour.BLACK)
    win, draw, loss = doc.match_scoring
    event.team = TeamSettings(t.team_size, _decimal(win), _decimal(draw), _decimal(loss),
                              _decimal(t.bye_match_points), _decimal(t.bye_game_points),
                              board_colours="" if doc.board_colours == alternating(t.team_size) else doc.board_colours)
    for number, p in enumerate(sorted(doc.players, key=lambda p: p.id), start=1):
        event.players.append(PlayerRecord(id=p.id, entry=number, **p.registration.values()))
    for tpn in sorted(t.teams):
        entry = t.teams[tpn]
        detail = doc.details.get(tpn)
        event.teams.append(TeamRecord(tpn, entry.name, short=detail.short_name if detail else "",
                                      roster=list(entry.players[:t.team_size]),
                                      reserves=list(entry.players[t.team_size:])))
    for r in range(1, t.rounds_played + 1):
        _round(event, doc, r)
    if _out_of_order(event):  # TRF-2026 record 300: the regulations let a team play out of its board order
        event.team.lineup = WARN
    if t.absent_next:
        event.ensure_round(t.rounds_played + 1).team.absent = sorted(t.absent_next)
    return event


def _out_of_order(event: Event) -> bool:
    """Whether a lineup of ``event`` breaks a rule ``lineup = "strict"`` refuses (a changed board order, a board
    left empty above a player, nobody on the boards): the file's records 300 say the event allowed it."""
    assert event.team is not None
    team = event.team
    return any(lineup_problem(event.team_record(tid), m.lineup(tid, team.board_colours), team.size, STRICT)
               for rnd in event.rounds for m in rnd.team.matches if m.boards for tid in m.teams)


def _round(event: Event, doc: TeamTrfDocument, r: int) -> None:
    """Round ``r``'s matches (numbered in the order of their team with White), bye and absent teams."""
    t = doc.tournament
    assert event.team is not None  # set by event_from_team_document before the rounds
    colours = event.team.board_colours
    rnd = event.ensure_round(r)
    rnd.published = True  # a round with results was published (the event file's rule)
    forfeits = {(f.white, f.black): f.kind for f in doc.forfeits if f.round == r}
    white_teams = []
    for tpn in sorted(t.teams):
        mine = t.teams[tpn].rounds[r - 1] if len(t.teams[tpn].rounds) >= r else None
        if mine is None or mine.kind is RoundKind.ABSENT:
            rnd.team.absent.append(tpn)
        elif mine.kind is RoundKind.BYE:
            rnd.team.bye = tpn
        elif mine.white or (tpn, mine.opponent) in forfeits:
            white_teams.append(tpn)
        elif mine.white is None and (mine.opponent, tpn) not in forfeits:
            raise ValueError(f"team {tpn}, round {r}: a match not played against team {mine.opponent} and no "
                             "forfeited-match record (330) saying which team had White")
    for number, white in enumerate(white_teams, start=1):
        black = t.teams[white].rounds[r - 1].opponent
        match = TeamMatchRecord(number, white, black, forfeit=FORFEIT_SIDES_BY_KIND.get(forfeits.get((white, black), ""),
                                                                                        ""))
        ours, theirs = t.teams[white].rounds[r - 1].boards, t.teams[black].rounds[r - 1].boards
        for i, (a, b) in enumerate(zip(ours, theirs), start=1):
            white_game, black_game = (a, b) if match.side_of_board(i, colours)[0] == white else (b, a)
            match.boards.append(TeamBoard(i, white_game.player or EMPTY, black_game.player or EMPTY,
                                          "" if match.forfeit else _result(white_game, black_game)))
        rnd.team.matches.append(match)


def _result(white: BoardGame, black: BoardGame) -> str:
    """The board's result in the event file's words, from the two players' codes."""
    return result_from_codes(white.result, black.result)
