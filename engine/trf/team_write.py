"""Write a team tournament as a TRF-2026 file (C.02.03 Annex A), the records Gacrux and our reader read.

Written in this order: the event's header (012-132), 142 rounds, 152 initial colour, 162 game points
(when the document has it), 192 the system (``FIDE_TEAM[_TYPEA|_TYPEB]_MP_GP`` ..., ``_BAKU`` when the event
announced Baku acceleration), 352 the board
colours, 362 the match points (when they are not 2/1/0), the records kept as read, the ``###``
comments, one 001 record a player (the individual writer's layout, :mod:`engine.trf.write`), one 310
record a team (every player of it, in its board order: the roster, then the reserves), 320 (the bye's value
and the team that had it, round by round), 240 Z (the teams absent from a round, the round to pair
included), 330 (the matches lost by forfeit) and 300 (a lineup other than the team's players who sat, in
310's order, one a board: a changed board order or a board left empty).

Every value that follows from the rounds is computed here, not taken from the document: a player's
points, a team's match and game points, the bye and absence records, so a file written never states
a total its results do not make.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from engine.model.catalogue import BAKU_SUFFIX
from engine.model.team_tournament import BoardGame, ColourType, RoundKind, Score, TeamRound, TeamTournament
from engine.model.tournament import Colour, Player, ResultCode, RoundEntry
from engine.trf.records import format_points
from engine.trf.team_document import TeamTrfDocument
from engine.trf.write import _player_line

BOARD_POINTS = {"1": Fraction(1), "+": Fraction(1), "W": Fraction(1), "=": Fraction(1, 2), "D": Fraction(1, 2)}
"""A board result's game points (TRF-2026 record 162 defaults; the team reader counts the same)."""


def write_team_trf(doc: TeamTrfDocument) -> str:
    """The TRF-2026 text of ``doc``; ``ValueError`` naming the team and round when the model cannot be
    written as it is: a match whose boards do not make its game or match points, a board of another
    player than the roster's, a match the opponent does not have, or a match not played with no
    record 330 to say which team had White."""
    t = doc.tournament
    check_rounds(doc)
    lines = _header(doc)
    lines += list(doc.other) + list(doc.comments)
    lines += _player_lines(doc)
    lines += [_team_line(doc, tpn) for tpn in sorted(t.teams)]
    lines.append(_bye_line(t))
    lines += _absences(t)
    lines += virtual_lines(t)
    lines += [f"330 {f.kind} {f.round:03d} {f.white:3d} {f.black:3d}" for f in sorted(
        doc.forfeits, key=lambda f: (f.round, f.white))]
    lines += lineup_lines(t)
    return "".join(line + "\n" for line in lines)


def default_lineup(players: tuple[int, ...], boards: tuple[BoardGame, ...]) -> bool:
    """Whether a match's boards are the team's default order: the players who sat, in record 310's order (the
    team's board order), one a board, none empty (TRF-2026 record 300 is needed otherwise)."""
    seated = [b.player for b in boards]
    return all(seated) and seated == sorted(seated, key=players.index)


def lineup_lines(t: TeamTournament) -> list[str]:
    """Records 300 ("out-of-(default)order", TRF-2026): for each match of a team whose boards are not its default
    order (:func:`default_lineup`: a changed board order, a board left empty), round 5-7, the team 9-11, its
    opponent 13-15 and the player on each board from column 17, ``0000`` for an empty board (as Gacrux reads it)."""
    out = []
    for r in range(1, t.rounds_played + 1):
        for tpn in sorted(t.teams):
            entry = t.teams[tpn]
            rnd = entry.rounds[r - 1] if len(entry.rounds) >= r else None
            if rnd is None or rnd.kind is not RoundKind.MATCH or default_lineup(entry.players, rnd.boards):
                continue
            out.append(f"300 {r:03d} {tpn:3d} {rnd.opponent:3d} " + " ".join(f"{b.player:04d}" for b in rnd.boards))
    return out


def check_rounds(doc: TeamTrfDocument) -> None:
    """Each match as the file will state it twice (the boards in 001, the totals in 310) says one thing:
    one board a roster player, in roster order; the opponent's round the same match; the game points
    the boards' sum and the match points record 362's for that score (what the reader computes)."""
    t = doc.tournament
    if (t.virtual or doc.baku) and t.primary is Score.GAME:
        raise ValueError("acceleration with game points as the primary score: C.04.7 art. 1.4.4 rules it out")
    win, draw, loss = doc.match_scoring
    for tpn, entry in t.teams.items():
        for r, rnd in enumerate(entry.rounds, start=1):
            if rnd.kind is not RoundKind.MATCH:
                continue
            where = f"team {tpn}, round {r}"
            seated = [b.player for b in rnd.boards if b.player]
            if len(rnd.boards) != t.team_size or any(p not in entry.players for p in seated) \
                    or len(set(seated)) != len(seated):
                raise ValueError(f"{where}: the boards are not {t.team_size} of the team's players (or empty), each "
                                 "once")
            other = t.teams.get(rnd.opponent)
            theirs = other.rounds[r - 1] if other is not None and len(other.rounds) >= r else None
            if theirs is None or theirs.kind is not RoundKind.MATCH or theirs.opponent != tpn:
                raise ValueError(f"{where}: team {rnd.opponent} has no match against team {tpn} in that round")
            gp = sum((BOARD_POINTS.get(b.result.value, Fraction(0)) for b in rnd.boards), Fraction(0))
            mp = win if gp > theirs.game_points else draw if gp == theirs.game_points and gp > 0 else loss
            if (gp, mp) != (rnd.game_points, rnd.match_points):
                raise ValueError(f"{where}: the boards make {points(gp)} game points and {points(mp)} match points, "
                                 f"the round holds {points(rnd.game_points)} and {points(rnd.match_points)}")


def system_code(t: TeamTournament) -> str:
    """Record 192 for the model's colour type (C.04.6(2026) art. 1.7) and scores (art. 1.2): the code
    :func:`engine.trf.team_read.read_team_trf` reads back to the same three settings."""
    colour = {ColourType.A: "_TYPEA", ColourType.B: "_TYPEB", ColourType.NONE: ""}[t.colour_type]
    scores = [t.primary] + ([t.secondary] if t.secondary_used else [])
    return "FIDE_TEAM" + colour + "".join("_" + s.value for s in scores)


def points(value: Fraction) -> str:
    """A score as TRF writes it (``13.0``, ``2.5``)."""
    return format_points(Decimal(value.numerator) / Decimal(value.denominator))


def _scoring(tag: str, pairs: list[tuple[str, Fraction]]) -> str:
    """Records 162 and 362: a code ending in column 6, its points in 7-10, the next nine columns on."""
    return tag + " " + "   ".join(f"{code:>2}{points(value):>4}" for code, value in pairs)


def _header(doc: TeamTrfDocument) -> list[str]:
    h, t = doc.header, doc.tournament
    rated = sum(1 for p in doc.players if p.registration.rating)
    out = [f"{tag} {value}" for tag, value in (
        ("012", h.name), ("022", h.city), ("032", h.federation), ("042", h.start), ("052", h.end))
        if value]
    out += [f"062 {len(doc.players)}", f"072 {rated}", f"082 {len(t.teams)}"]
    out += [f"{tag} {value}" for tag, value in (("092", h.kind), ("102", h.chief_arbiter)) if value]
    out += [f"112 {d}" for d in h.deputies]
    if h.time_control:
        out.append(f"122 {h.time_control}")
    if h.round_dates:
        out.append("132" + " " * 88 + "".join(f"{d:<8}  " for d in h.round_dates).rstrip())
    out += [f"142 {t.total_rounds}", f"152 {'W' if t.initial_colour_white else 'B'}"]
    if doc.game_scoring:
        out.append(_scoring("162", list(doc.game_scoring)))
    out += [f"192 {system_code(t)}{BAKU_SUFFIX if doc.baku else ''}", f"352 {doc.board_colours}"]
    if doc.match_scoring != (Fraction(2), Fraction(1), Fraction(0)):
        out.append(_scoring("362", list(zip(("TW", "TD", "TL"), doc.match_scoring))))
    return out


def _team_line(doc: TeamTrfDocument, tpn: int) -> str:
    """Record 310: pairing number 5-7, name 9-40, short name 42-46, strength 48-53, match points 55-60,
    game points 62-67, rank 69-71, the players' start numbers in board order from column 74."""
    entry = doc.tournament.teams[tpn]
    d = doc.details.get(tpn)
    short = d.short_name if d else ""
    strength = "" if d is None or d.strength is None else str(d.strength)
    rank = "" if d is None or d.rank is None else str(d.rank)
    mp, gp = entry.score(Score.MATCH), entry.score(Score.GAME)
    head = (f"310 {tpn:3d} {entry.name[:32]:<32} {short[:5]:<5} {strength:>6} {points(mp):>6} "
            f"{points(gp):>6} {rank:>3}  ")
    return head + " ".join(f"{p:4d}" for p in entry.players)


def _bye_line(t: TeamTournament) -> str:
    """Record 320: the bye's match and game points, then the team that had it in each round (000: none)."""
    byes = []
    for r in range(t.rounds_played):
        had = [tpn for tpn, e in t.teams.items() if len(e.rounds) > r and e.rounds[r].kind is RoundKind.BYE]
        byes.append(f" {had[0] if had else 0:03d}")
    return f"320 {points(t.bye_match_points):>4} {points(t.bye_game_points):>4}" + "".join(byes)


def _absences(t: TeamTournament) -> list[str]:
    """Records 240 Z: the teams not paired in each round played, and those known absent from the next."""
    out = []
    for r in range(t.rounds_played):
        absent = sorted(tpn for tpn, e in t.teams.items()
                        if len(e.rounds) <= r or e.rounds[r].kind is RoundKind.ABSENT)
        if absent:
            out.append(f"240 Z {r + 1:03d}" + "".join(f" {tpn:4d}" for tpn in absent))
    if t.absent_next:
        out.append(f"240 Z {t.rounds_played + 1:03d}" + "".join(f" {tpn:4d}" for tpn in sorted(t.absent_next)))
    return out


def virtual_lines(t: TeamTournament) -> list[str]:
    """Records 250 for the model's virtual match points (C.04.7 art. 1.5's pairing score): each run of
    rounds with the same non-zero points is one line, and teams in a row with the same runs share it
    (match points in columns 5-8, game points 0.0 in 10-13, rounds 15-17 and 19-21, teams 23-26 and
    28-31: the layout Gacrux reads, and :func:`engine.trf.team_read.read_virtual_points`)."""
    runs: dict[int, tuple[tuple[Fraction, int, int], ...]] = {}
    for tpn, table in sorted(t.virtual.items()):
        found: list[tuple[Fraction, int, int]] = []
        for r, value in enumerate(table, start=1):
            if not value:
                continue
            if found and found[-1][0] == value and found[-1][2] == r - 1:
                found[-1] = (value, found[-1][1], r)
            else:
                found.append((value, r, r))
        if found:
            runs[tpn] = tuple(found)
    groups: list[tuple[int, int]] = []
    for tpn in sorted(runs):
        if groups and groups[-1][1] == tpn - 1 and runs[groups[-1][0]] == runs[tpn]:
            groups[-1] = (groups[-1][0], tpn)
        else:
            groups.append((tpn, tpn))
    return [f"250 {points(value):>4} {points(Fraction(0)):>4} {first:3d} {last:3d} {a:4d} {b:4d}"
            for a, b in groups for value, first, last in runs[a]]


def _white_of(doc: TeamTrfDocument, r: int, tpn: int, rnd: TeamRound) -> bool:
    """Whether team ``tpn`` had White on board 1 in round ``r`` (1-based): the model's colour for a
    match played, the 330 record's for one lost by forfeit."""
    if rnd.white is not None:
        return rnd.white
    for f in doc.forfeits:
        if f.round == r and tpn in (f.white, f.black):
            return f.white == tpn
    raise ValueError(f"team {tpn}, round {r}: a match not played against team {rnd.opponent} "
                     "and no forfeited-match record (330) saying which team had White")


def _entry(doc: TeamTrfDocument, r: int, tpn: int, rnd: TeamRound, place: int, player: int) -> RoundEntry:
    """Player ``player`` (the team's ``place``-th, 0-based, in record 310) in round ``r`` as a round block: the
    board they sat on, ``Z`` when they sat on none (a reserve, or a player left out), the first ``size``
    players ``U`` in the bye.

    Board colours follow record 352 from board 1 (C.04.6(2026) art. 1.6): a board has the first
    board's colour where the sequence repeats the first letter there.
    """
    if rnd.kind is RoundKind.BYE:
        return RoundEntry(None, Colour.NONE, ResultCode.PAB if place < doc.tournament.team_size else ResultCode.ZERO_BYE)
    board = next((i for i, b in enumerate(rnd.boards) if b.player == player), None)
    if rnd.kind is RoundKind.ABSENT or board is None:
        return RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)
    game: BoardGame = rnd.boards[board]
    if game.opponent == 0:
        return RoundEntry(None, Colour.NONE, game.result)
    seq = doc.board_colours
    first = _white_of(doc, r, tpn, rnd)
    white = first if seq[board % len(seq)] == seq[0] else not first
    return RoundEntry(game.opponent, Colour.WHITE if white else Colour.BLACK, game.result)


def _player_lines(doc: TeamTrfDocument) -> list[str]:
    t = doc.tournament
    histories: dict[int, list[RoundEntry]] = {}
    points_of: dict[int, Fraction] = {}
    bye_share = t.bye_game_points / t.team_size if t.team_size else Fraction(0)
    for tpn, entry in t.teams.items():
        for i, pid in enumerate(entry.players):
            blocks = [_entry(doc, r, tpn, rnd, i, pid) for r, rnd in enumerate(entry.rounds, start=1)]
            histories[pid] = blocks
            points_of[pid] = sum((bye_share if b.code is ResultCode.PAB else BOARD_POINTS.get(b.code.value, Fraction(0))
                                  for b in blocks), Fraction(0))
    out = []
    for p in sorted(doc.players, key=lambda p: p.id):
        history = histories.get(p.id, [])
        player = Player(p.id, **p.registration.values(), history=tuple(history))
        total = points_of.get(p.id, Fraction(0))
        out.append(_player_line(player, Decimal(total.numerator) / Decimal(total.denominator), p.rank, None,
                                len(history)))
    return out


__all__ = ["write_team_trf", "system_code", "virtual_lines", "lineup_lines", "default_lineup"]
