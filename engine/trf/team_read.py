"""Read a team tournament in TRF-2026 (records 001, 142, 152, 192, 240, 250, 310, 320, 352, 362)
into :class:`engine.model.team_tournament.TeamTournament`: what the pairing needs. The whole
file, checked record against record, is :func:`engine.trf.team_load.read_team_document`.

The players' rows (001) carry the games board by board; record 310 says which players
form a team, in its board order (the roster, then the reserves: as many players as the team
has, at least one a board). A team's lineup in a round is its players with a game that round in
310's order, one a board, unless record 300 (out of default order: round 5-7, the team 9-11, its
opponent 13-15, a player a board from column 17, ``0000`` an empty board) gives it; board i of one
team met board i of the other. A team's
round is read from its players' rows: all of them ``0000 - U`` is the pairing-allocated
bye, no opponent otherwise is an absence, and an opponent is a match whose game points
are the sum of the boards. Record 192 names the system (``FIDE_TEAM[_TYPEA|_TYPEB]
[_MP_GP|_GP_MP|_MP|_GP]``), record 320 the bye's value and record 240 ``Z`` the teams
known to be absent from the round to pair, record 362 the match points of a won, drawn and lost
match (2/1/0 when left out). A roster (310) of another length than record 352's sequence is an
error. Records this reader does not need are skipped.

Acceleration (C.04.7 art. 1; art. 1.4 allows it for teams, art. 1.4.4 not with game points first):
record 250 gives a range of teams virtual match points (columns 5-8) for a range of rounds, read as
Gacrux reads it for a team event (the game-point column, 10-13, is not what a team with match points
first is paired on); without any 250 record, a 192 code ending ``_BAKU`` asks for Baku's own table,
computed from the teams paired in round 1 (:func:`engine.systems.team.acceleration.baku`); 250 records
override it (C.02.03 Annex A). Either, with game points first, is refused naming art. 1.4.4.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from engine.model.catalogue import BAKU_SUFFIX, Unit, find
from engine.model.team_tournament import (
    BoardGame,
    ColourType,
    RoundKind,
    Score,
    TeamEntry,
    TeamRound,
    TeamTournament,
)
from engine.model.tournament import ResultCode
from engine.systems.team.acceleration import TeamAccelerationNotAllowed, baku
from engine.trf.errors import TrfError

_POINTS = {"1": Fraction(1), "+": Fraction(1), "W": Fraction(1), "=": Fraction(1, 2), "D": Fraction(1, 2)}
_OVER_THE_BOARD = set("10=WDL")


@dataclass(frozen=True)
class _Entry:
    opponent: int
    colour: str
    result: str


def _int(text: str, source: str, line: int, cols: tuple[int, int], what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise TrfError(f"{what} {text.strip()!r} is not a number", source=source, line=line,
                       columns=cols, expected="an integer") from None


def _system(code: str, source: str, line: int) -> tuple[ColourType, Score, bool, bool]:
    """Record 192: colour model (art. 1.7), primary score, whether the other is used (art. 1.2), and
    whether the code asks for Baku acceleration (ETT26's ``_BAKU`` suffix, C.04.7 art. 1)."""
    accelerated = code.upper().endswith(BAKU_SUFFIX)
    if accelerated:
        code = code[: -len(BAKU_SUFFIX)]
    parts = code.split("_")
    info = find(code)
    if info is None or info.unit is not Unit.TEAM:  # the catalogue's entry names every code of C.04.6
        raise TrfError(f"record 192 {code!r} is not a FIDE team system", source=source, line=line,
                       columns=(5, 4 + len(code)), expected="FIDE_TEAM[_TYPEA|_TYPEB][_MP_GP|_GP_MP|_MP|_GP]")
    scores = [p for p in parts if p in ("MP", "GP")]
    if "TYPEA" in parts or (not scores and "TYPEB" not in parts):
        colour = ColourType.A            # bare FIDE_TEAM: type A, match points then game points
    elif "TYPEB" in parts:
        colour = ColourType.B
    else:
        colour = ColourType.NONE         # FIDE_TEAM_MP_GP and friends: no colour preferences
    primary = Score.GAME if scores and scores[0] == "GP" else Score.MATCH
    return colour, primary, len(scores) != 1, accelerated


@dataclass(frozen=True)
class VirtualPoints:
    """One record 250 (TRF-2026, C.02.03 Annex A): ``match_points`` (columns 5-8) and ``game_points``
    (10-13) for the rounds ``first_round``-``last_round`` (15-17, 19-21) of the teams ``first``-``last``
    (23-26, 28-31); a last round or team left blank is the first, as Gacrux reads it."""

    line: int
    match_points: Fraction
    game_points: Fraction
    first_round: int
    last_round: int
    first: int
    last: int


def read_virtual_points(line: str, source: str, number: int) -> VirtualPoints:
    """Record 250's fields; an error names the line and the field's columns."""
    padded = line.ljust(31)

    def value(a: int, b: int, what: str) -> Fraction:
        raw = padded[a - 1:b].strip()
        try:
            return Fraction(raw) if raw else Fraction(0)
        except ValueError:
            raise TrfError(f"record 250 {what} {raw!r}", source=source, line=number, columns=(a, b),
                           expected="points like 2.0") from None

    def whole(a: int, b: int, what: str) -> int:
        raw = padded[a - 1:b].strip()
        return _int(raw, source, number, (a, b), f"record 250 {what}") if raw else 0

    mp, gp = value(5, 8, "match points"), value(10, 13, "game points")
    first_round, last_round = whole(15, 17, "first round"), whole(19, 21, "last round")
    first, last = whole(23, 26, "first team"), whole(28, 31, "last team")
    if first_round < 1 or first < 1:
        raise TrfError("record 250 without its first round or first team", source=source, line=number,
                       columns=(15, 26), expected="round in 15-17, team pairing number in 23-26")
    return VirtualPoints(number, mp, gp, first_round, last_round or first_round, first, last or first)


@dataclass
class _Records:
    """What the records of a team TRF file say, before the teams' rounds are worked out from them."""

    entries: dict[int, list[_Entry]] = field(default_factory=dict)
    teams: dict[int, tuple[str, tuple[int, ...], int]] = field(default_factory=dict)  # name, players, line
    total_rounds: int = 0
    colour: ColourType = ColourType.A
    primary: Score = Score.MATCH
    secondary_used: bool = True
    initial_white: bool = True
    sequence: str = "W"
    absent: dict[int, set[int]] = field(default_factory=dict)
    bye_mp: Fraction = Fraction(1)
    bye_gp: Fraction | None = None  # None: no record 320, a bye scores the team's every board
    match_scoring: tuple[Fraction, Fraction, Fraction] = (Fraction(2), Fraction(1), Fraction(0))  # 362
    baku: bool = False      # record 192 ends _BAKU
    system_line: int = 0
    system_code: str = ""
    virtual: list[VirtualPoints] = field(default_factory=list)  # the 250 records
    lineups: dict[tuple[int, int], "Lineup"] = field(default_factory=dict)  # record 300 by (round, team)


_History = list[tuple[RoundKind, int, Fraction, bool, "bool | None", tuple[BoardGame, ...]]]

SEATED_CODES = frozenset("10=WDL+-")
"""The results of a player who sat on a board that round (a game, or a forfeit either way); a player of the
team with none of them (``Z`` or blank) did not play it (TRF-2026: blank is ``Z``)."""


@dataclass(frozen=True)
class Lineup:
    """Record 300 (TRF-2026, "out-of-(default)order"): in ``round`` ``team`` met ``opponent`` with ``players`` on
    boards 1, 2, ... (0 for a board left empty), where that is not its players with a game in 310's order."""

    line: int
    round: int
    team: int
    opponent: int
    players: tuple[int, ...]


def read_lineup(line: str, source: str, number: int) -> Lineup:
    """Record 300's fields: round 5-7, team 9-11, opponent 13-15, players 17-20, 22-25, ... (as Gacrux reads them)."""
    padded = line.ljust(20)
    rnd = _int(padded[4:7], source, number, (5, 7), "record 300 round")
    team = _int(padded[8:11], source, number, (9, 11), "record 300 team")
    opponent = _int(padded[12:15], source, number, (13, 15), "record 300 opponent")
    players = tuple(_int(line[a:a + 4], source, number, (a + 1, a + 4), "record 300 player")
                    for a in range(16, len(line.rstrip()), 5))
    if rnd < 1 or not players:
        raise TrfError("record 300 without its round or players", source=source, line=number, columns=(5, 20),
                       expected="round in 5-7, team 9-11, opponent 13-15, a player a board from column 17")
    return Lineup(number, rnd, team, opponent, players)


def read_team_trf(text: str, source: str = "<string>") -> TeamTournament:
    """Parse a team TRF-2026 file; errors name the file, line and columns."""
    found = _read_records(text, source)
    if not found.teams:
        raise TrfError("no team records (310)", source=source, line=1, expected="at least two 310 records")
    team_size = len(found.sequence)
    bye_gp = Fraction(team_size) if found.bye_gp is None else found.bye_gp
    team_of = _rosters(found, source)
    rounds = max((len(r) for r in found.entries.values()), default=0)
    raw_rounds = {tpn: _history(found, players, team_of, rounds, tpn, source)
                  for tpn, (_, players, _) in found.teams.items()}
    _fill_empty_boards(raw_rounds)
    result = {tpn: _team_entry(tpn, name, players, raw_rounds, found.bye_mp, bye_gp, found.match_scoring)
              for tpn, (name, players, _) in found.teams.items()}
    t = TeamTournament(
        teams=result,
        total_rounds=max(found.total_rounds, rounds) if found.total_rounds else rounds + 1,
        team_size=team_size,
        colour_type=found.colour,
        primary=found.primary,
        secondary_used=found.secondary_used,
        initial_colour_white=found.initial_white,
        absent_next=frozenset(found.absent.get(rounds + 1, set())),
        bye_match_points=found.bye_mp,
        bye_game_points=bye_gp,
    )
    t.virtual = _virtual(found, t, source)
    return t


def _virtual(found: _Records, t: TeamTournament, source: str) -> dict[int, tuple[Fraction, ...]]:
    """The teams' virtual match points round by round: the 250 records', else Baku's table when record 192
    asks for it (C.04.7 art. 1), else none. Every team's tuple runs to the last round a 250 record names."""
    if found.virtual:
        if found.primary is Score.GAME:
            raise TrfError("record 250 gives virtual points, and game points are the primary score: C.04.7 "
                           "art. 1.4.4 rules acceleration out", source=source, line=found.virtual[0].line,
                           columns=(1, 31), expected="no 250 record, or match points first in record 192")
        length = max(v.last_round for v in found.virtual)
        table: dict[int, list[Fraction]] = {}
        for v in found.virtual:
            for tpn in range(v.first, v.last + 1):
                if tpn not in t.teams:
                    raise TrfError(f"record 250 names team {tpn}, which has no 310 record", source=source,
                                   line=v.line, columns=(23, 31), expected="team pairing numbers of record 310")
                row = table.setdefault(tpn, [Fraction(0)] * length)
                for r in range(v.first_round, v.last_round + 1):
                    row[r - 1] = v.match_points
        return {tpn: tuple(row) for tpn, row in sorted(table.items())}
    if not found.baku:
        return {}
    try:
        return baku(round_one(t))
    except TeamAccelerationNotAllowed as err:
        raise TrfError(f"record 192: {err}", source=source, line=found.system_line,
                       columns=(5, 4 + len(found.system_code)),
                       expected="a code with match points first (FIDE_TEAM_TYPEA_MP_GP_BAKU ...)") from None


def round_one(t: TeamTournament) -> TeamTournament:
    """``t`` as it stood before round 1: the teams not paired in round 1 (absent, C.04.7 art. 1.2's
    "participants to be paired") are the ones absent from it; Baku's groups are made from this."""
    if not t.rounds_played:
        return t
    absent = frozenset(tpn for tpn, e in t.teams.items() if not e.rounds or e.rounds[0].kind is RoundKind.ABSENT)
    return TeamTournament({tpn: TeamEntry(tpn, e.name, e.players) for tpn, e in t.teams.items()}, t.total_rounds,
                          t.team_size, t.colour_type, t.primary, t.secondary_used, t.initial_colour_white, absent,
                          t.bye_match_points, t.bye_game_points)


def _read_records(text: str, source: str) -> _Records:
    found = _Records()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        tag = line[:3]
        if tag == "001":
            start = _int(line[4:8], source, number, (5, 8), "start number")
            found.entries[start] = _rounds_of(line, source, number)
        elif tag == "310":
            tpn = _int(line[4:7], source, number, (5, 7), "team pairing number")
            name = line[8:40].strip()
            players = tuple(_int(p, source, number, (74, len(line)), "player") for p in line[73:].split())
            if not players:
                raise TrfError(f"team {tpn} has no players", source=source, line=number,
                               columns=(74, 74), expected="the players' start numbers in board order")
            found.teams[tpn] = (name, players, number)
        elif tag == "142":
            found.total_rounds = _int(line[4:].strip(), source, number, (5, len(line)), "number of rounds")
        elif tag == "152":
            found.initial_white = line[4:].strip().upper().startswith("W")
        elif tag == "192":
            found.colour, found.primary, found.secondary_used, found.baku = _system(line[4:].strip(), source, number)
            found.system_line, found.system_code = number, line[4:].strip()
        elif tag == "250":
            found.virtual.append(read_virtual_points(line, source, number))
        elif tag == "300":
            lineup = read_lineup(line, source, number)
            if (lineup.round, lineup.team) in found.lineups:
                raise TrfError(f"a second record 300 for team {lineup.team} in round {lineup.round}", source=source,
                               line=number, columns=(5, 11), expected="one lineup a team a round")
            found.lineups[(lineup.round, lineup.team)] = lineup
        elif tag == "352":
            found.sequence = line[4:].strip().upper() or "W"
        elif tag == "362":
            found.match_scoring = read_match_scoring(line, source, number)
        elif tag == "320":
            fields = line[4:].split()
            if len(fields) >= 2:
                found.bye_mp, found.bye_gp = Fraction(fields[0]), Fraction(fields[1])
        elif tag == "240":
            fields = line[4:].split()
            if len(fields) >= 3 and fields[0].upper() == "Z":
                rnd = _int(fields[1], source, number, (7, 9), "round")
                for team in fields[2:]:
                    found.absent.setdefault(rnd, set()).add(_int(team, source, number, (11, len(line)), "team"))
    return found


MATCH_CODES = ("TW", "TD", "TL")


def read_match_scoring(line: str, source: str, number: int) -> tuple[Fraction, Fraction, Fraction]:
    """Record 362 (TRF-2026, C.02.03 Annex A: "scoring point system for teams"): the match points of a
    won, drawn and lost match, TW/TD/TL, 2/1/0 when left out. Laid out as record 162: the code ending in
    column 6, its points in columns 7-10, the next code nine columns on (the way Gacrux reads both)."""
    values = dict(zip(MATCH_CODES, (Fraction(2), Fraction(1), Fraction(0))))
    for start in range(4, len(line.rstrip()), 9):
        code = line[start:start + 2].strip().upper()
        code = code if code.startswith("T") else "T" + code
        raw = line[start + 2:start + 6].strip()
        cols = (start + 1, start + 6)
        if code not in values:
            raise TrfError(f"record 362 code {line[start:start + 2].strip()!r}", source=source, line=number,
                           columns=cols, expected="TW, TD or TL")
        try:
            values[code] = Fraction(raw)
        except ValueError:
            raise TrfError(f"record 362 points {raw!r} for {code}", source=source, line=number, columns=cols,
                           expected="match points like 2.0") from None
    return values["TW"], values["TD"], values["TL"]


def _rounds_of(line: str, source: str, number: int) -> list[_Entry]:
    """A player's round blocks (001 record, from column 92), ten columns each."""
    row: list[_Entry] = []
    pos = 91
    while pos < len(line):
        block = line[pos:pos + 8].ljust(8)
        if not block.strip():
            break
        opponent = _int(block[0:4] or "0", source, number, (pos + 1, pos + 4), "opponent")
        try:
            ResultCode.parse(block[7])
        except ValueError:
            raise TrfError(f"result {block[7]!r} is not a TRF result code", source=source, line=number,
                           columns=(pos + 8, pos + 8), expected="one of 1 0 = + - W D L U H F Z") from None
        row.append(_Entry(opponent, block[5].lower(), block[7].upper() if block[7] != "=" else "="))
        pos += 10
    return row


def _rosters(found: _Records, source: str) -> dict[int, int]:
    """Each player's team; a player on two rosters, one without a 001 record, or a team with fewer players
    than the boards of record 352 (TRF-2026 records 310 and 352: board i of one team meets board i of the
    other; players past the boards are the team's reserves), is an error at the 310 line, in the player's own
    columns."""
    team_of: dict[int, int] = {}
    size = len(found.sequence)
    for tpn, (_, players, number) in found.teams.items():
        if len(players) < size:
            raise TrfError(f"team {tpn} lists {len(players)} players for {size} boards", source=source,
                           line=number, columns=(74, 72 + 5 * len(players)),
                           expected=f"at least {size} players, one a board of record 352 ({found.sequence})")
        for i, p in enumerate(players):
            cols = (74 + 5 * i, 77 + 5 * i)
            if p in team_of:
                raise TrfError(f"player {p} is on the rosters of teams {team_of[p]} and {tpn}",
                               source=source, line=number, columns=cols)
            if p not in found.entries:
                raise TrfError(f"team {tpn} names player {p}, who has no 001 record", source=source,
                               line=number, columns=cols)
            team_of[p] = tpn
    return team_of


def _history(found: _Records, players: tuple[int, ...], team_of: dict[int, int], rounds: int,
             tpn: int = 0, source: str = "<string>") -> _History:
    """A team's rounds as its players' records give them: the kind, the opponent team, the game points,
    whether a game was played over the board, and whether the team had White (its first board's colour).
    The boards are the round's lineup (:func:`_lineup`): a board left empty faces the other team's player
    there, filled in once every team is read (:func:`_fill_empty_boards`)."""
    history: _History = []
    sequence = found.sequence
    for r in range(rounds):
        entries = {p: found.entries[p][r] if r < len(found.entries[p]) else _Entry(0, "-", "Z") for p in players}
        lineup = _lineup(found, tpn, players, entries, r + 1, len(sequence), source)
        if lineup is None:
            kind = RoundKind.BYE if any(e.result == "U" for e in entries.values()) else RoundKind.ABSENT
            history.append((kind, 0, Fraction(0), False, None, ()))
            continue
        board = [entries[p] if p else _Entry(0, "-", "-") for p in lineup]
        opponents = [e.opponent for e in board if e.opponent > 0]
        opponent = team_of.get(opponents[0], 0) if opponents else _opponent_by_lineups(found, tpn, r + 1)
        if not opponent:  # players with forfeits and nobody to face: no match (the checked reader refuses it)
            history.append((RoundKind.ABSENT, 0, Fraction(0), False, None, ()))
            continue
        gp = sum((_POINTS.get(e.result, Fraction(0)) for e in board), Fraction(0))
        over_board = any(e.result in _OVER_THE_BOARD and e.opponent > 0 for e in board)
        white: bool | None = None
        for i, e in enumerate(board):
            if e.opponent > 0 and e.colour in "wb":
                # art. 1.6: the team's colour is its first board's; board i has the
                # first board's colour when the sequence (352) repeats it there
                same = sequence[i % len(sequence)] == sequence[0]
                white = (e.colour == "w") == same
                break
        history.append((RoundKind.MATCH, opponent, gp, over_board, white, _boards(lineup, board)))
    return history


def _lineup(found: _Records, tpn: int, players: tuple[int, ...], entries: dict[int, _Entry], rnd: int, size: int,
            source: str) -> tuple[int, ...] | None:
    """Team ``tpn``'s players on boards 1.. in round ``rnd`` (0 an empty board): record 300's when there is one,
    else its players with a game that round (:data:`SEATED_CODES`) in 310's order, one a board; None when no
    player of the team sat on a board (the bye or an absence). A 300 record that is not one player of the team a
    board, leaves out a player with a game, or players with a game who are not one a board, are errors."""
    seated = tuple(p for p in players if entries[p].opponent > 0 or entries[p].result in SEATED_CODES)
    given = found.lineups.get((rnd, tpn))
    if given is None:
        if not seated:
            return None
        if len(seated) != size:
            line = found.teams[tpn][2]
            raise TrfError(f"round {rnd}: {len(seated)} players of team {tpn} have a game for {size} boards, and no "
                           "record 300 gives the team's lineup", source=source, line=line, columns=(74, 77),
                           expected=f"{size} players with a game, or a record 300 for team {tpn} in round {rnd}")
        return seated
    if len(given.players) != size:
        raise TrfError(f"record 300 gives team {tpn} {len(given.players)} boards in round {rnd}", source=source,
                       line=given.line, columns=(17, 16 + 5 * len(given.players)),
                       expected=f"{size} players or 0000, one a board of record 352")
    named = [p for p in given.players if p]
    for k, p in enumerate(given.players):
        if p and (p not in players or named.count(p) > 1):
            what = "is not a player of" if p not in players else "is on two boards of"
            raise TrfError(f"record 300: player {p} {what} team {tpn}", source=source, line=given.line,
                           columns=(17 + 5 * k, 20 + 5 * k), expected=f"players of team {tpn}'s record 310, once each")
    left_out = [p for p in seated if p not in named]
    if left_out:
        raise TrfError(f"record 300 leaves out player {left_out[0]} of team {tpn}, who has a game in round {rnd}",
                       source=source, line=given.line, columns=(17, 16 + 5 * len(given.players)),
                       expected="every player of the team with a game that round on a board")
    return given.players


def _opponent_by_lineups(found: _Records, tpn: int, rnd: int) -> int:
    """The team ``tpn`` met in round ``rnd`` when none of its boards faced a player: a 300 record's, its own
    (the scheduled opponent, columns 13-15) or the other team's naming it."""
    own = found.lineups.get((rnd, tpn))
    if own is not None:
        return own.opponent
    return next((x.team for (r, _), x in found.lineups.items() if r == rnd and x.opponent == tpn), 0)


def _boards(lineup: tuple[int, ...], board: list[_Entry]) -> tuple[BoardGame, ...]:
    """A match's boards from the team's side; a player without an opponent there faced an empty board."""
    games = []
    for i, (player, entry) in enumerate(zip(lineup, board), start=1):
        code = ResultCode.parse(entry.result)  # checked when the 001 record was read
        played = entry.opponent > 0 and code.is_game and entry.colour in "wb"
        games.append(BoardGame(i, player, entry.opponent, (entry.colour == "w") if played else None, code))
    return tuple(games)


def _fill_empty_boards(raw_rounds: dict[int, _History]) -> None:
    """A board a team left empty (player 0) faces the opponent team's player on that board, as the event's model
    keeps it; its result is the forfeit loss the empty board is."""
    for tpn, history in raw_rounds.items():
        for r, (kind, opponent, gp, over_board, white, boards) in enumerate(history):
            if kind is not RoundKind.MATCH or all(b.player for b in boards) or opponent not in raw_rounds:
                continue
            theirs = raw_rounds[opponent][r][5]
            filled = tuple(BoardGame(b.board, 0, theirs[b.board - 1].player if b.board <= len(theirs) else 0, None,
                                     ResultCode.FORFEIT_LOSS) if b.player == 0 else b for b in boards)
            history[r] = (kind, opponent, gp, over_board, white, filled)


def _team_entry(tpn: int, name: str, players: tuple[int, ...], raw_rounds: dict[int, _History],
                bye_mp: Fraction, bye_gp: Fraction,
                scoring: tuple[Fraction, Fraction, Fraction]) -> TeamEntry:
    """A team's rounds scored: match points (record 362, 2/1/0 by default) from the two teams' game points,
    a bye's points, and a match lost by forfeit neither played nor coloured."""
    win, draw, loss = scoring
    entry = TeamEntry(tpn, name, players)
    for r, (kind, opponent, gp, over_board, white, boards) in enumerate(raw_rounds[tpn]):
        if kind is RoundKind.BYE:
            entry.rounds.append(TeamRound(kind, game_points=bye_gp, match_points=bye_mp))
        elif kind is RoundKind.ABSENT:
            entry.rounds.append(TeamRound(kind))
        else:
            opp_gp = raw_rounds[opponent][r][2] if opponent in raw_rounds else Fraction(0)
            played = over_board or (gp > 0 and opp_gp > 0)
            if gp > opp_gp:
                mp = win
            elif gp == opp_gp and gp > 0:
                mp = draw
            else:
                mp = loss
            entry.rounds.append(TeamRound(kind, opponent, played, white if played else None, gp, mp,
                                          forfeit_win=not played and gp > opp_gp, boards=boards))
    return entry
