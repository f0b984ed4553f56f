"""Read a whole team TRF-2026 file (C.02.03 Annex A) into a :class:`TeamTrfDocument`, checked.

The pairing's reader (:func:`engine.trf.team_read.read_team_trf`) takes what a pairing needs and
trusts the rest; this one keeps everything :mod:`engine.trf.team_write` writes, and refuses a file
whose records contradict each other, since writing it back would then lose one of the two sides:

- a board whose two sides do not mirror (``1``/``0``, ``=``/``=``, ``+``/``-``, colours opposite) or
  that faces a player who is not the opponent team's player on the same board (records 001, 310);
- a colour off record 352's sequence from board 1 (C.04.6(2026) art. 1.6);
- a team round with no opponent that is neither every board's ``U`` (the bye) nor an absence;
- a player's points (001, columns 81-84) or a team's match or game points (310, 55-60 and 62-67) that
  are not the results added up;
- a 320 record naming a team that had no bye, or leaving out one that had it;
- a 330 record for a match the players' results do not show lost by forfeit that way;
- record 192 with a part the team model does not keep;
- a record 250 with game points (columns 10-13): a team event is accelerated by match points
  (C.04.7 art. 1.4.4), which the model keeps, and the pairing reads nothing else;
- a 240 Z record naming a team that played that round, and 240 F or H (a team's full- or half-point
  bye), which the team model does not hold yet;
- a team's players with a game in a round that are not one a board of record 352 in record 310's order,
  without a record 300 (the lineup out of default order) saying who sat where, or a 300 record leaving
  out a player with a game (:func:`engine.trf.team_read.read_team_trf` reads and checks the lineups; the
  writer writes a 300 record for each lineup that is not the default, read back into the same boards).

Every error is a :class:`TrfError` naming the file, the line and the columns.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from engine.model.catalogue import SYSTEMS, Unit
from engine.model.registration import Registration
from engine.model.team_tournament import RoundKind, Score, TeamTournament
from engine.trf.errors import TrfError
from engine.trf.records import parse_points
from engine.trf.team_document import ForfeitedMatch, TeamDetails, TeamEventHeader, TeamPlayer, TeamTrfDocument
from engine.trf.team_read import read_match_scoring, read_team_trf, read_virtual_points
from engine.trf.team_write import BOARD_POINTS, points

_MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+-", "W": "L", "L": "W", "D": "D"}  # "-" "-": both forfeited
_HEADER = {"012": "name", "022": "city", "032": "federation", "042": "start", "052": "end", "092": "kind",
           "102": "chief_arbiter", "122": "time_control"}
_DERIVED = {"001", "300", "310", "320", "240", "250", "330", "142", "152", "192", "352", "362", "162", "062", "072", "082",
            "112", "132", "801", "802"}


class _File:
    """The file's lines and where each record is, for the checks and their errors."""

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        self.lines = [raw.rstrip("\r\n") for raw in text.splitlines()]
        self.player_line: dict[int, int] = {}
        self.team_line: dict[int, int] = {}
        for n, line in enumerate(self.lines, start=1):
            if line.startswith("001") and line[4:8].strip().isdigit():
                self.player_line[int(line[4:8])] = n
            elif line.startswith("310") and line[4:7].strip().isdigit():
                self.team_line[int(line[4:7])] = n

    def error(self, n: int, cols: tuple[int, int], what: str, expected: str = "") -> TrfError:
        return TrfError(what, source=self.source, line=n, columns=cols, expected=expected)

    def text(self, n: int) -> str:
        return self.lines[n - 1]


def read_team_document(text: str, source: str = "<string>") -> TeamTrfDocument:
    """Parse and check a team TRF-2026 file; what :func:`engine.trf.team_write.write_team_trf` writes."""
    t = read_team_trf(text, source)
    f = _File(text, source)
    header: dict[str, str] = {}
    deputies: list[str] = []
    dates: tuple[str, ...] = ()
    other: list[str] = []
    comments: list[str] = []
    game_scoring: tuple[tuple[str, Fraction], ...] = ()
    match_scoring = (Fraction(2), Fraction(1), Fraction(0))
    sequence = "W"
    stated: list[tuple[int, ForfeitedMatch]] = []
    bye_line = 0
    absences: list[int] = []
    baku = False
    for n, line in enumerate(f.lines, start=1):
        tag = line[:3]
        if line.startswith("###"):
            comments.append(line)
        elif not line.strip():
            continue
        elif tag in _HEADER:
            header[_HEADER[tag]] = line[4:].strip()
        elif tag == "112":
            deputies.append(line[4:].strip())
        elif tag == "132":
            dates = tuple(line[p:p + 8].strip() for p in range(91, len(line), 10))
        elif tag == "162":
            game_scoring = _game_scoring(f, n)
        elif tag == "352":
            sequence = line[4:].strip().upper() or "W"
        elif tag == "362":
            match_scoring = read_match_scoring(line, source, n)
        elif tag == "330":
            stated.append((n, _forfeit_record(f, n)))
        elif tag == "320":
            bye_line = n
        elif tag == "240":
            absences.append(n)
        elif tag == "192":
            baku = _check_system(f, n)
        elif tag == "250":
            _check_virtual(f, n)
        elif tag not in _DERIVED:
            other.append(line)
    if any(c not in "WB" for c in sequence):
        n = next(i for i, x in enumerate(f.lines, start=1) if x.startswith("352"))
        raise f.error(n, (5, 4 + len(sequence)), f"record 352 {sequence!r}", "a sequence of W and B")
    players = tuple(_player(f, n) for pid, n in sorted(f.player_line.items()))
    _check_boards(f, t, sequence)
    forfeits = _forfeits(f, t, sequence, stated)
    _check_points(f, t)
    _check_byes(f, t, bye_line)
    _check_absences(f, t, absences)
    # a team whose 310 says nothing beyond its name, players and points has no details, as in a
    # document built without them
    details = {tpn: d for tpn, n in f.team_line.items() if (d := _details(f, n)) != TeamDetails()}
    return TeamTrfDocument(
        tournament=t,
        players=players,
        header=TeamEventHeader(
            name=header.get("name", ""), city=header.get("city", ""), federation=header.get("federation", ""),
            start=header.get("start", ""), end=header.get("end", ""), kind=header.get("kind", ""),
            chief_arbiter=header.get("chief_arbiter", ""), deputies=tuple(deputies),
            time_control=header.get("time_control", ""), round_dates=dates),
        details=details,
        board_colours=sequence,
        match_scoring=match_scoring,
        game_scoring=game_scoring,
        forfeits=forfeits,
        other=tuple(other),
        comments=tuple(comments),
        baku=baku,
    )


def _check_system(f: _File, n: int) -> bool:
    """Record 192 (ETT26 team codes): only the parts the team model keeps (the colour type of C.04.6(2026)
    art. 1.7, the scores of art. 1.2 and ``_BAKU``, C.04.7 art. 1); whether it announces Baku."""
    code = f.text(n)[4:].strip()
    kept = {"FIDE", "TEAM", "TYPEA", "TYPEB", "MP", "GP"}
    # the team round robins' own codes (ETT26 names none: FIDE_TEAM_ROUNDROBIN ..., docs/systems.md)
    kept |= {word for s in SYSTEMS if s.unit is Unit.TEAM and s.round_robin for word in s.trf_code.split("_")}
    parts = code.split("_")
    baku = len(parts) > 2 and parts[-1] == "BAKU"
    extra = [part for part in (parts[:-1] if baku else parts) if part not in kept]
    if extra:
        raise f.error(n, (5, 4 + len(code)), f"record 192 {code!r}: {'_'.join(extra)} is not read yet",
                      "FIDE_TEAM[_TYPEA|_TYPEB][_MP_GP|_GP_MP|_MP|_GP][_BAKU]")
    return baku


def _check_virtual(f: _File, n: int) -> None:
    """Record 250 of a team file: virtual match points only. The model keeps a team's virtual points of the
    primary score, match points whenever acceleration is allowed (C.04.7 art. 1.4.4), so game points there
    would be lost on writing the file back (TRF-2026's own example puts them there: see docs/trf.md)."""
    v = read_virtual_points(f.text(n), f.source, n)
    if v.game_points:
        raise f.error(n, (10, 13), f"record 250 gives {points(v.game_points)} virtual game points",
                      "0.0: a team event is accelerated by match points (columns 5-8), C.04.7 art. 1.4.4")


def _number(f: _File, n: int, a: int, b: int, what: str) -> int | None:
    raw = f.text(n)[a - 1:b].strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise f.error(n, (a, b), f"{what} {raw!r}", f"digits or blanks in columns {a}-{b}")
    return int(raw)


def _player(f: _File, n: int) -> TeamPlayer:
    """Record 001's registration columns (TRF-2026 player section) and its rank."""
    line = f.text(n).ljust(89)
    reg = Registration(
        name=line[14:47].strip(),
        rating=_number(f, n, 49, 52, "rating") or 0,
        title=line[10:13].strip(),
        federation=line[53:56].strip(),
        fide_id=_number(f, n, 58, 68, "FIDE id"),
        birth=line[69:79].strip(),
        sex=line[9:10].strip(),
    )
    return TeamPlayer(int(line[4:8]), reg, _number(f, n, 86, 89, "rank"))


def _details(f: _File, n: int) -> TeamDetails:
    line = f.text(n).ljust(73)
    return TeamDetails(line[41:46].strip(), _number(f, n, 48, 53, "team strength"), _number(f, n, 69, 71, "team rank"))


def _game_scoring(f: _File, n: int) -> tuple[tuple[str, Fraction], ...]:
    """Record 162: a result code in column 6 and its points in 7-10, then every nine columns.

    The team model counts game points 1, ½, 0 (the reader's board results), so a 162 record giving a
    won, drawn, lost or absent game other points is refused rather than read and not applied."""
    line = f.text(n)
    pairs = []
    defaults = {"W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0), "A": Fraction(0)}
    for start in range(5, len(line.rstrip()), 9):
        code = line[start].upper()
        raw = line[start + 1:start + 5].strip()
        cols = (start + 1, start + 5)
        try:
            value = Fraction(raw)
        except ValueError:
            raise f.error(n, cols, f"record 162 points {raw!r} for {code!r}", "points like 1.0") from None
        if code not in "WDLAPX" or not code.strip():
            raise f.error(n, cols, f"record 162 code {code!r}", "one of W D L A P X in its column")
        if code in defaults and value != defaults[code]:
            raise f.error(n, cols, f"record 162 gives {code} {raw} game points",
                          "the game points the team pairing counts: W 1.0, D 0.5, L 0.0, A 0.0")
        pairs.append((code, value))
    return tuple(pairs)


def _forfeit_record(f: _File, n: int) -> ForfeitedMatch:
    """Record 330: type 5-6, round 8-10, White's team 12-14, Black's 16-18."""
    line = f.text(n).ljust(18)
    kind = line[4:6]
    if kind not in ("+-", "-+", "--"):
        raise f.error(n, (5, 6), f"forfeit type {kind!r}", "+- (White won), -+ (Black won) or --")
    rnd = _number(f, n, 8, 10, "round")
    white = _number(f, n, 12, 14, "White's team")
    black = _number(f, n, 16, 18, "Black's team")
    if rnd is None or white is None or black is None:
        raise f.error(n, (8, 18), "a 330 record without its round or teams", "round 8-10, teams 12-14 and 16-18")
    return ForfeitedMatch(rnd, white, black, kind)


def _block(f: _File, pid: int, r: int) -> tuple[int, str, str, tuple[int, int]]:
    """Player ``pid``'s block of round ``r`` (1-based): opponent, colour, result and the columns."""
    n = f.player_line[pid]
    start = 92 + 10 * (r - 1)
    block = f.text(n)[start - 1:start + 7].ljust(8)
    opponent = int(block[0:4]) if block[0:4].strip().isdigit() else 0
    return opponent, block[5].lower(), block[7].upper(), (start, start + 7)


def _check_boards(f: _File, t: TeamTournament, seq: str) -> None:
    """Both sides of every board agree, and the colours follow record 352 (C.04.6(2026) art. 1.6). A round
    without a match is the bye (``U`` for one player a board, the others of the team ``Z``) or an absence."""
    for tpn, entry in t.teams.items():
        for r, rnd in enumerate(entry.rounds, start=1):
            blocks = {pid: _block(f, pid, r) for pid in entry.players}
            if rnd.kind is not RoundKind.MATCH:
                codes = [b[2] for b in blocks.values()]
                bye = codes.count("U") == t.team_size and set(codes) <= {"U", "Z", " "}
                if not (bye or set(codes) <= {"Z", " "}):
                    n = f.player_line[entry.players[0]]
                    raise f.error(n, blocks[entry.players[0]][3], f"team {tpn} has no opponent in round {r} and its "
                                  f"players have {' '.join(sorted(set(codes)))}",
                                  "U on every board (the bye) or Z on every board (absent)")
                continue
            theirs = t.teams[rnd.opponent].rounds[r - 1].boards
            first: str | None = None
            for i, board in enumerate(rnd.boards):
                pid = board.player
                if not pid:  # an empty board: nothing of the team's in 001 (record 300 says it)
                    continue
                opp, colour, result, cols = blocks[pid]
                n = f.player_line[pid]
                if opp == 0:
                    if colour in ("w", "b"):
                        raise f.error(n, (cols[0] + 5, cols[0] + 5), f"round {r}: board {i + 1} of team {tpn} "
                                      f"has colour {colour} and no opponent", "- where no game was scheduled")
                    continue
                facing = theirs[i].player if i < len(theirs) else 0
                if opp != facing:
                    raise f.error(n, cols, f"round {r}: board {i + 1} of team {tpn} faces player {opp}",
                                  f"player {facing}, board {i + 1} of team {rnd.opponent}, or 0000")
                o_opp, o_colour, o_result, _ = _block(f, opp, r)
                if o_opp != pid or o_result not in _MIRROR.get(result, "") or {colour, o_colour} != {"w", "b"}:
                    raise f.error(n, cols, f"round {r}: {pid} against {opp} reads {colour} {result}, "
                                  f"{opp}'s record reads {o_opp} {o_colour} {o_result}",
                                  "the two sides of one game: opposite colours, mirrored results")
                same = seq[i % len(seq)] == seq[0]
                want = colour if same else {"w": "b", "b": "w"}[colour]
                if first is None:
                    first = want
                elif want != first:
                    raise f.error(n, (cols[0] + 5, cols[0] + 5),
                                  f"round {r}: board {i + 1} of team {tpn} has {colour}, off record 352 ({seq})",
                                  "the board colours of record 352 from board 1")


def _forfeits(f: _File, t: TeamTournament, seq: str,
              stated: list[tuple[int, ForfeitedMatch]]) -> tuple[ForfeitedMatch, ...]:
    """The matches lost by forfeit, from the players' records; each 330 record must be one of them."""
    found: dict[tuple[int, int], ForfeitedMatch] = {}
    for tpn, entry in t.teams.items():
        for r, rnd in enumerate(entry.rounds, start=1):
            if rnd.kind is not RoundKind.MATCH or rnd.played or (r, rnd.opponent) in found:
                continue
            white = _has_white(f, tuple(b.player for b in rnd.boards), r, seq)
            if white is None:
                raise f.error(f.player_line[entry.players[0]], (92 + 10 * (r - 1), 99 + 10 * (r - 1)),
                              f"round {r}: team {tpn}'s match against team {rnd.opponent} has no colours",
                              "w or b on the boards of a forfeited match")
            w, b = (tpn, rnd.opponent) if white else (rnd.opponent, tpn)
            w_gp = t.teams[w].rounds[r - 1].game_points
            b_gp = t.teams[b].rounds[r - 1].game_points
            kind = "+-" if w_gp > b_gp else "-+" if b_gp > w_gp else "--"
            found[(r, tpn)] = found[(r, rnd.opponent)] = ForfeitedMatch(r, w, b, kind)
    for n, rec in stated:
        have = found.get((rec.round, rec.white))
        if have != rec:
            shown = "no forfeited match" if have is None else f"330 {have.kind} {have.round:03d} {have.white} {have.black}"
            raise f.error(n, (5, 18), f"record 330 states {rec.kind} in round {rec.round}, teams {rec.white}-{rec.black}, "
                          f"and the players' results make {shown}",
                          "the match result the board results make")
    return tuple(sorted(set(found.values()), key=lambda m: (m.round, m.white)))


def _has_white(f: _File, players: tuple[int, ...], r: int, seq: str) -> bool | None:
    """Whether the team had White on board 1 by its players' colours (art. 1.6), None with no colour."""
    for i, pid in enumerate(players):
        if not pid:  # an empty board
            continue
        colour = _block(f, pid, r)[1]
        if colour in "wb" and colour.strip():
            same = seq[i % len(seq)] == seq[0]
            return (colour == "w") == same
    return None


def _check_points(f: _File, t: TeamTournament) -> None:
    """001 points and 310 match and game points are the results added up (TRF-2026: the rounds decide)."""
    share = t.bye_game_points / t.team_size if t.team_size else Fraction(0)
    for tpn, entry in t.teams.items():
        for i, pid in enumerate(entry.players):
            total = Fraction(0)
            for r in range(1, len(entry.rounds) + 1):
                code = _block(f, pid, r)[2]
                total += share if code == "U" else BOARD_POINTS.get(code, Fraction(0))
            n = f.player_line[pid]
            _same(f, n, (81, 84), f"player {pid}'s points", total)
        n = f.team_line[tpn]
        _same(f, n, (55, 60), f"team {tpn}'s match points", entry.score(Score.MATCH))
        _same(f, n, (62, 67), f"team {tpn}'s game points", entry.score(Score.GAME))


def _same(f: _File, n: int, cols: tuple[int, int], what: str, total: Fraction) -> None:
    raw = f.text(n)[cols[0] - 1:cols[1]]
    if not raw.strip():
        return
    stated = parse_points(raw)
    if stated is None or stated != Decimal(total.numerator) / Decimal(total.denominator):
        raise f.error(n, cols, f"{what} are {raw.strip()!r} and the results make {points(total)}",
                      "the total of the results")


def _check_byes(f: _File, t: TeamTournament, n: int) -> None:
    """Record 320's team of each round played is the team whose players have ``U`` that round."""
    if not n:
        return
    line = f.text(n)
    for r in range(1, t.rounds_played + 1):
        a = 15 + 4 * (r - 1)
        raw = line[a - 1:a + 2].strip()
        named = int(raw) if raw.isdigit() else 0
        had = sorted(tpn for tpn, e in t.teams.items() if len(e.rounds) >= r and e.rounds[r - 1].kind is RoundKind.BYE)
        if (had and named != had[0]) or (not had and named) or len(had) > 1:
            raise f.error(n, (a, a + 2), f"record 320 names team {named} for the bye of round {r}, "
                          f"the players' records give it to {', '.join(map(str, had)) or 'no team'}",
                          "the team whose players have U in that round")


def _check_absences(f: _File, t: TeamTournament, lines: list[int]) -> None:
    """Records 240: Z only (the team model has no full- or half-point bye for a team), and a team
    said absent from a round played had no match and no bye in it; the round after the last one
    played is the model's ``absent_next``, read by the pairing's reader."""
    for n in lines:
        line = f.text(n)
        if line[4:5].upper() != "Z":
            raise f.error(n, (5, 5), f"a team's bye of type {line[4:5]!r}",
                          "Z: full- and half-point byes of teams (240 F, H) are not read yet")
        rnd = _number(f, n, 7, 9, "round")
        if rnd is None or rnd > t.rounds_played:
            continue
        for k, raw in enumerate(line[9:].split()):
            tpn = int(raw) if raw.isdigit() else 0
            team = t.teams.get(tpn)
            if team is None or (len(team.rounds) >= rnd and team.rounds[rnd - 1].kind is not RoundKind.ABSENT):
                a = 11 + 5 * k
                raise f.error(n, (a, a + 3), f"record 240 Z says team {raw} was absent from round {rnd}",
                              "a team the players' records show unpaired in that round")
