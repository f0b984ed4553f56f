"""Reading a TRF file: the player records and their round blocks, checked against each other.

The header records that configure the pairing are read by
:class:`engine.trf.records.RecordParser`; this module reads everything else
and builds the :class:`engine.trf.document.TrfDocument`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal

from engine import systems
from engine.model.acceleration import AccelerationNotAllowed, baku, check_baku_scoring
from engine.model.tournament import (
    DEFAULT_SYSTEM,
    NOT_PAIRED,
    ZERO,
    Acceleration,
    Colour,
    ForbiddenPair,
    Player,
    PointSystem,
    ResultCode,
    RoundEntry,
    TITLES,
    TRF_TITLE_CODES,
    Settings,
    SettingsFields,
    Tournament,
)
from engine.trf import match_columns
from engine.trf.byes import read_withdrawals
from engine.trf import tiebreaks as trf_tiebreaks
from engine.trf.document import TrfDocument, valid_points
from engine.trf.errors import Located, TrfError
from engine.trf import roundrobin_withdrawals
from engine.trf.system_options import OptionWordError, code_and_options, read_option_words
from engine.trf.fields import control_character
from engine.trf.national import with_national
from engine.trf.records import (
    RecordParser,
    Records,
    Where,
    accelerations_from_rounds,
    format_points,
    point_system,
    parse_points,
)

ROUND_START = 92  # column of round 1's opponent field
ROUND_WIDTH = 10

# separator columns of the player record that must stay blank (trf.md section 1)
_BLANK_COLUMNS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
_FIELDS = {
    "id": (5, 8),
    "sex": (10, 10),
    "title": (11, 13),
    "name": (15, 47),
    "rating": (49, 52),
    "federation": (54, 56),
    "fide_id": (58, 68),
    "birth": (70, 79),
    "points": (81, 84),
    "rank": (86, 89),
}
_RIGHT_NUMBER = re.compile(r" *[0-9]+")
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": Colour.NONE, " ": Colour.NONE}
_RESULTS = {c: code for code in ResultCode for c in {code.value, code.value.lower()}}
_REQUESTABLE = (ResultCode.HALF_BYE, ResultCode.FULL_BYE, ResultCode.ZERO_BYE, ResultCode.ABSENT, ResultCode.FORFEIT_LOSS)


def load(path: str | os.PathLike[str]) -> TrfDocument:
    """Read a TRF file: UTF-8, else Windows-1252, else Latin-1 (encoding is not fixed by FIDE).

    Windows-1252 before Latin-1: Windows programs write letters such as Š at bytes 0x80-0x9f,
    which Latin-1 would read as control characters.
    """
    with open(path, "rb") as fh:
        raw = fh.read()
    text = decode_legacy(raw)
    return loads(text, source=os.fspath(path))


def decode_legacy(raw: bytes) -> str:
    """The text of a TRF file's bytes: UTF-8, else Windows-1252, else Latin-1."""
    for encoding in ("utf-8", "cp1252"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    return raw.decode("latin-1")


def loads(text: str, *, source: str = "<string>") -> TrfDocument:
    """Parse TRF text; raises :class:`TrfError` (never anything else) on malformed input."""
    return with_national(_Reader(text, source).read(), Located(source))


@dataclass
class _Line:
    """A parsed player record with where its fields were."""

    n: int
    player: Player
    points: Decimal | None
    rank: int | None
    blocks: list[RoundEntry | None]  # None = block left blank


class _Reader:
    def __init__(self, text: str, source: str) -> None:
        self.loc = Located(source)
        self.pairing_refusal: TrfError | None = None
        self.source = source
        if text.startswith("\ufeff"):
            text = text[1:]
        text = re.sub(r"\x1a[\r\n]*\Z", "", text)  # the DOS end-of-file mark
        lines = re.split(r"\r\n|\r|\n", text)
        if lines and lines[-1] == "":
            lines.pop()
        self.lines = lines

    def err(self, n: int, cols: tuple[int, int] | None, what: str, expected: str) -> TrfError:
        return self.loc.error(n, cols, what, expected)

    # -- the whole file -----------------------------------------------------

    def read(self) -> TrfDocument:
        header: list[str | int] = []
        parsed: list[_Line] = []
        by_id: dict[int, _Line] = {}
        records = RecordParser(self.loc)
        for n, line in enumerate(self.lines, start=1):
            self._check_text(line, n)
            if line[:3] == "001" and line[3:4] in ("", " "):
                pl = self._player_line(line.rstrip(), n, by_id)
                by_id[pl.player.id] = pl
                parsed.append(pl)
                header.append(pl.player.id)
            else:
                records.feed(line, n)
                header.append(line)
        rec = records.records

        self._check_opponents(parsed, by_id)
        games = match_columns.games_a_round(rec.system[0] if rec.system else "")
        if games > 1:  # a match of several games takes a round column a game (engine.trf.match_columns)
            blocks = {pl.player.id: pl.blocks for pl in parsed}
            where = (self.err, self._block_cols)
            columns = match_columns.check_whole_matches(blocks, {pl.player.id: pl.n for pl in parsed}, games, *where)
            self._check_games(parsed, by_id, columns)
            for pl in parsed:
                pl.blocks = match_columns.fold(pl.player.id, pl.n, blocks, columns, games, *where)
        rounds_played = max(
            (r for pl in parsed for r, e in enumerate(pl.blocks, start=1) if e is not None and e.was_paired),
            default=0,
        )
        pending = self._pending(parsed, rounds_played)
        self._check_games(parsed, by_id, rounds_played)
        self._apply_byes(rec, parsed, by_id, rounds_played, pending)

        players = []
        for pl in parsed:
            history = [NOT_PAIRED if e is None else e for e in pl.blocks[:rounds_played]]
            while history and history[-1] == NOT_PAIRED:
                history.pop()
            players.append(_replace_history(pl.player, tuple(history)))

        settings, rounds_given = self._settings(rec, parsed, by_id, rounds_played, pending)
        players = read_withdrawals(rec.byes, players, pending, rounds_played + 1, settings.rounds)
        players = roundrobin_withdrawals.as_read(settings.system, players, rounds_played, settings.rounds)
        tournament = Tournament(settings=settings, players=tuple(players), name=rec.name or "", pending=pending)
        if settings.acceleration == "baku" and not settings.accelerations:
            # a _BAKU code without 250/XXA records: the table of C.04.7 art. 1, GA = 2*ceil(N/4)
            tournament = replace(tournament, settings=replace(settings, accelerations=baku(tournament)))
        self._check_rank_order(rec, parsed)
        self._check_points(parsed, tournament)
        return TrfDocument(
            tournament=tournament,
            header=tuple(header),
            declared_points={pl.player.id: pl.points for pl in parsed if pl.points is not None},
            ranks={pl.player.id: pl.rank for pl in parsed},
            initial_colour_given=bool(rec.colours),
            rounds_given=rounds_given,
            source=self.source,
            file_order_is_rank=rec.colour_rank,
            system_code=rec.system[0] if rec.system else rec.system_092,
            given=frozenset(rec.given),
            as_read=tournament,
            pairing_refusal=self.pairing_refusal,
        )

    def _check_rank_order(self, rec: Records, parsed: list[_Line]) -> None:
        """``XXC ... rank``: the player records' order is the pairing order; ours is the ids' order.

        Applied when the two agree (records sorted by id); otherwise refused rather than
        paired in an order the file did not ask for.
        """
        if not rec.colour_rank:
            return
        ids = [pl.player.id for pl in parsed]
        if ids != sorted(ids):
            colour, where = rec.colours[0]
            raise self.err(where.line, where.columns, "XXC ... rank with player records out of id order",
                           "player records in the order of their ids (renumber the players so that the ids "
                           "follow the ranking), or XXC without rank")

    def _check_text(self, line: str, n: int) -> None:
        """TRF is lines of plain text in fixed columns: a control character in a name would shift them
        or reach a terminal as a command, so it is refused where it stands (trf.md section 1)."""
        found = control_character(line)
        if found is not None:
            col = found[0] + 1
            raise self.err(n, (col, col), f"a control character, {found[1]}, in column {col}", "plain text (no tab, escape or other control character)")

    # -- one player record --------------------------------------------------

    def _field(self, line: str, name: str) -> str:
        a, b = _FIELDS[name]
        return line[a - 1 : b].ljust(b - a + 1)

    def _player_line(self, line: str, n: int, seen: Mapping[int, _Line]) -> _Line:
        for col in _BLANK_COLUMNS:
            ch = line[col - 1 : col]
            if ch.strip():
                raise self.err(n, (col, col), f"{ch!r} in column {col} of a player record", "a blank (fields are 5-8 id, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE id, 70-79 birth, 81-84 points, 86-89 rank)")
        raw_id = self._field(line, "id")
        if not _RIGHT_NUMBER.fullmatch(raw_id) or not 1 <= int(raw_id) <= 9999:
            raise self.err(n, (5, 8), f"player id {raw_id.strip()!r}", "a starting rank from 1 to 9999 right-aligned in columns 5-8")
        pid = int(raw_id)
        if pid in seen:
            raise self.err(n, (5, 8), f"player id {pid} already used on line {seen[pid].n}", "a unique starting rank")
        sex = self._field(line, "sex").strip()
        if sex and sex.lower() not in ("m", "w", "f"):
            raise self.err(n, (10, 10), f"sex {sex!r}", "m, w or a blank in column 10")
        title = self._field(line, "title").strip()
        if title and title.upper() not in TITLES and title.lower() not in TRF_TITLE_CODES:
            raise self.err(n, (11, 13), f"title {title!r}",
                           "a FIDE title (GM IM WGM FM WIM CM WFM WCM, or the codes g m wg f wm c wf wc) or blanks")
        rating = self._number(line, n, "rating", "a rating (digits) or blanks in columns 49-52") or 0
        fide_id = self._number(line, n, "fide_id", "a FIDE id (digits) or blanks in columns 58-68")
        raw_points = self._field(line, "points")
        points = None
        if raw_points.strip():
            points = parse_points(raw_points)
            if points is None:
                raise self.err(n, (81, 84), f"points {raw_points.strip()!r}", "points like 11.5 in columns 81-84")
        rank = self._number(line, n, "rank", "a rank (digits) or blanks in columns 86-89")
        blocks = self._round_blocks(line, n, pid)
        player = Player(
            id=pid,
            name=self._field(line, "name").strip(),
            rating=rating,
            title=title,
            federation=self._field(line, "federation").strip(),
            fide_id=fide_id,
            birth=self._field(line, "birth").strip(),
            sex=sex,
        )
        return _Line(n, player, points, rank, blocks)

    def _number(self, line: str, n: int, name: str, expected: str) -> int | None:
        raw = self._field(line, name).strip()
        if not raw:
            return None
        if not raw.isascii() or not raw.isdigit():
            a, b = _FIELDS[name]
            raise self.err(n, (a, b), f"{name.replace('_', ' ')} {raw!r}", expected)
        return int(raw)

    def _round_blocks(self, line: str, n: int, pid: int) -> list[RoundEntry | None]:
        blocks: list[RoundEntry | None] = []
        r = 0
        while True:
            r += 1
            start = ROUND_START + ROUND_WIDTH * (r - 1)  # 1-based column of the opponent field
            if len(line) < start:
                break
            text = line[start - 1 : start + 7]
            cols = (start, start + 7)
            if line[start + 7 : start + 9].strip():
                raise self.err(n, (start + 8, start + 9), f"text after the round {r} block", f"blanks in columns {start + 8}-{start + 9}, the next round at {start + 10}")
            if not text.strip():
                blocks.append(None)
                continue
            if len(text) < 6 and text[:4].strip() and text[:4].strip() != "0000":
                raise self.err(n, cols, f"round {r} block cut short at column {start + len(text) - 1}", f"opponent at {start}-{start + 3}, colour at {start + 5}, result at {start + 7}")
            text = text.ljust(8)
            raw_opp, colour_ch, result_ch = text[:4], text[5], text[7]
            if text[4] != " " or text[6] != " ":
                bad = start + 4 if text[4] != " " else start + 6
                raise self.err(n, (bad, bad), f"{line[bad - 1]!r} inside the round {r} block", f"opponent at {start}-{start + 3}, colour at {start + 5}, result at {start + 7}")
            if raw_opp.strip() and not _RIGHT_NUMBER.fullmatch(raw_opp):
                raise self.err(n, (start, start + 3), f"round {r} opponent {raw_opp.strip()!r}", "an opponent id right-aligned in 4 columns, or 0000")
            opponent = int(raw_opp) if raw_opp.strip() else 0
            colour = _COLOURS.get(colour_ch.lower())
            if colour is None:
                raise self.err(n, (start + 5, start + 5), f"round {r} colour {colour_ch!r}", "w, b or -")
            code = _RESULTS.get(result_ch)
            if code is None:
                raise self.err(n, (start + 7, start + 7), f"round {r} result {result_ch!r}", "one of 1 = 0 W D L + - U H F Z or a blank") from None
            blocks.append(self._entry(n, r, start, pid, opponent, colour, code))
        while blocks and blocks[-1] is None:
            blocks.pop()
        return blocks

    def _entry(self, n: int, r: int, start: int, pid: int, opponent: int, colour: Colour, code: ResultCode) -> RoundEntry:
        cols = (start, start + 7)
        if opponent == 0:
            if code.is_game:
                raise self.err(n, cols, f"round {r}: played result {code.value!r} without an opponent", "an opponent id, or a bye code (U H F Z) with 0000")
            if colour is not Colour.NONE:
                raise self.err(n, (start + 5, start + 5), f"round {r}: colour {colour.value!r} without an opponent", "- for a round without an opponent")
            return RoundEntry(None, Colour.NONE, code)
        if opponent == pid:
            raise self.err(n, (start, start + 3), f"round {r}: player {pid} paired against themself", "another player's id")
        if code.is_bye:
            raise self.err(n, cols, f"round {r}: bye {code.value!r} with opponent {opponent}", "0000 as the opponent of a bye")
        if code is ResultCode.ABSENT:
            raise self.err(n, (start + 7, start + 7), f"round {r}: no result against opponent {opponent}", "a result (1 = 0 W D L + -)")
        if code.is_game and colour is Colour.NONE:
            raise self.err(n, (start + 5, start + 5), f"round {r}: game against {opponent} without a colour", "w or b for a played game")
        return RoundEntry(opponent, colour, code)

    # -- cross-checks ---------------------------------------------------------

    def _block_cols(self, r: int) -> tuple[int, int]:
        start = ROUND_START + ROUND_WIDTH * (r - 1)
        return (start, start + 7)

    def _check_opponents(self, parsed: list[_Line], by_id: dict[int, _Line]) -> None:
        for pl in parsed:
            for r, e in enumerate(pl.blocks, start=1):
                if e is not None and e.opponent is not None and e.opponent not in by_id:
                    a, _ = self._block_cols(r)
                    raise self.err(pl.n, (a, a + 3), f"round {r}: opponent {e.opponent} has no player record", "the id of a player in this file")

    def _pending(self, parsed: list[_Line], rounds_played: int) -> dict[int, RoundEntry]:
        """Entries of the round to pair: requests known before pairing, never results."""
        pending: dict[int, RoundEntry] = {}
        nxt = rounds_played + 1
        for pl in parsed:
            if len(pl.blocks) > nxt:
                a, b = self._block_cols(nxt + 1)
                raise self.err(pl.n, (a, b), f"round {nxt + 1} filled in while round {nxt} is not paired yet", f"no entries after round {nxt}, the round to pair")
            if len(pl.blocks) == nxt and pl.blocks[-1] is not None:
                e = pl.blocks[-1]
                if e.code not in _REQUESTABLE:
                    raise self.err(pl.n, self._block_cols(nxt), f"round {nxt} (the round to pair) has {e.code.value!r}", "only a requested bye or absence there: 0000 - H, F, Z or -")
                pending[pl.player.id] = e
        return pending

    def _check_games(self, parsed: list[_Line], by_id: dict[int, _Line], rounds_played: int) -> None:
        pab_in_round: dict[int, int] = {}
        for pl in parsed:
            pid = pl.player.id
            for r, e in enumerate(pl.blocks[:rounds_played], start=1):
                if e is None:
                    continue
                cols = self._block_cols(r)
                if e.code is ResultCode.PAB:
                    if r in pab_in_round:
                        raise self.err(pl.n, cols, f"round {r}: a second pairing-allocated bye (first on line {pab_in_round[r]})", "at most one U per round")
                    pab_in_round[r] = pl.n
                if e.opponent is None:
                    continue
                other = by_id[e.opponent]
                f = other.blocks[r - 1] if r <= len(other.blocks) else None
                if f is not None and f.opponent == pid and f.colour is e.colour.opposite and f.code is _PARTNER.get(e.code, f.code) and (
                    e.code is not ResultCode.FORFEIT_LOSS or f.code in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)
                ):
                    continue  # the common case, checked fast; the details below explain a mismatch
                them = f"line {other.n} (player {other.player.id})"
                want = _mirror(e, pid)
                if f is None or f.opponent != pid:
                    has = "nothing" if f is None else (f"opponent {f.opponent}" if f.opponent else f"no opponent ({f.code.value.strip() or 'blank'})")
                    raise self.err(pl.n, cols, f"round {r}: player {pid} met {e.opponent} but {them} has {has} in round {r}", f"{_show(want)} there")
                colour_ok = f.colour is e.colour.opposite
                if e.code.is_game:
                    # a played game scored as lost for one or both (0-0, ½-0, 0-½) is a game too
                    result_ok = f.code is e.code.opposite or (e.code, f.code) in _SCORED_AS_LOST
                elif e.code is ResultCode.FORFEIT_WIN:
                    result_ok = f.code is ResultCode.FORFEIT_LOSS
                elif e.code is ResultCode.FORFEIT_LOSS:
                    result_ok = f.code in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)
                else:  # a forfeit win without opponent cannot get here: opponent is set
                    result_ok = False
                if not (colour_ok and result_ok):
                    what = "colours" if not colour_ok else "results"
                    raise self.err(
                        pl.n,
                        cols,
                        f"round {r}: {what} do not match: player {pid} has '{_show(e)}' but {them} has '{_show(f)}'",
                        f"'{_show(want)}' on line {other.n}",
                    )

    def _apply_byes(self, rec: Records, parsed: list[_Line], by_id: dict[int, _Line], rounds_played: int,
                    pending: dict[int, RoundEntry]) -> None:
        """Records 240 / XXZ: byes of the round to pair join ``pending``; earlier rounds must agree."""
        nxt = rounds_played + 1
        for code, rnd, ids, where in rec.byes:
            for pid, w in ids:
                if pid not in by_id:
                    raise self.err(w.line, w.columns, f"bye for player {pid}, who has no player record", "the id of a player in this file")
                pl = by_id[pid]
                if rnd == nxt:
                    self._add_pending(pending, pid, code, w)
                elif rnd < nxt:
                    e = pl.blocks[rnd - 1] if rnd <= len(pl.blocks) else None
                    have = ResultCode.ABSENT if e is None else e.code
                    if not _same_bye(have, code) or (e is not None and e.opponent is not None):
                        raise self.err(w.line, w.columns, f"round {rnd} bye {code.value} for player {pid}, whose line {pl.n} has {have.value.strip() or 'blank'!r}", "the same bye in the player's round columns")
        for pid, w in rec.absent_xxz:
            if pid not in by_id:
                raise self.err(w.line, w.columns, f"absence of player {pid}, who has no player record", "the id of a player in this file")
            self._add_pending(pending, pid, ResultCode.ZERO_BYE, w)

    def _add_pending(self, pending: dict[int, RoundEntry], pid: int, code: ResultCode, w: Where) -> None:
        have = pending.get(pid)
        if have is None:
            pending[pid] = RoundEntry(None, Colour.NONE, code)
        elif not _same_bye(have.code, code):
            raise self.err(w.line, w.columns, f"player {pid} has {code.value} here but {have.code.value.strip() or 'blank'!r} in the round columns", "the same request in both places")

    def _settings(self, rec: Records, parsed: list[_Line], by_id: dict[int, _Line], rounds_played: int,
                  pending: dict[int, RoundEntry]) -> tuple[Settings, bool]:
        kwargs: SettingsFields = {}
        # without 142/XXR: as many rounds as the file shows, the round to pair included
        columns = max([len(pl.blocks) for pl in parsed] + [rounds_played + (1 if pending else 0)])
        if rec.rounds:
            first, where = rec.rounds[0]
            for value, w in rec.rounds[1:]:
                if value != first:
                    raise self.err(w.line, w.columns, f"{value} rounds here but {first} on line {where.line}", "the same number of rounds")
            needed = rounds_played + (1 if pending else 0)
            if first < needed:
                raise self.err(where.line, where.columns, f"{first} round{'s' if first > 1 else ''} announced, but the player records reach round {needed}", f"at least {needed}")
            kwargs["rounds"] = first
        else:
            kwargs["rounds"] = columns
        if rec.colours:
            first_c, where = rec.colours[0]
            for colour, w in rec.colours[1:]:
                if colour is not first_c:
                    raise self.err(w.line, w.columns, f"initial colour {colour.name.lower()} here but {first_c.name.lower()} on line {where.line}", "the same initial colour")
            kwargs["initial_colour"] = first_c
        if rec.points:
            kwargs["points"] = point_system(rec)
        kwargs.update(self._system(rec, kwargs.get("points", PointSystem())))
        kwargs["tiebreaks"] = trf_tiebreaks.event_list(rec.tiebreaks, kwargs.get("system", DEFAULT_SYSTEM), self.loc)
        kwargs["accelerations"] = self._accelerations(rec, by_id)
        kwargs["forbidden"] = self._forbidden(rec, by_id, kwargs["rounds"])
        return Settings(**kwargs), bool(rec.rounds)

    def _system(self, rec: Records, points: PointSystem) -> SettingsFields:
        """The settings record 192 (else 092) gives: the system, Baku acceleration, the system's options.

        A 192 code swisstui cannot pair (another program's system, a bare
        CUSTOM_SWISS) is kept verbatim as the event's system, so that standings
        and the rating report work and export writes it back unchanged; the
        located error is kept too and raised where pairing is asked
        (:meth:`TrfDocument.require_pairable`), never the default system instead.
        """
        code = rec.system[0] if rec.system else rec.system_092
        if not code:
            return {}
        found: SettingsFields = {}
        base = code.strip()
        base, option_words = code_and_options(base)  # the system's code or name, then its options
        try:
            info, baku = systems.read_code(base)  # a _BAKU suffix asks for Baku acceleration
        except systems.UnknownSystem:
            named = None if rec.system else systems.named_in(code)  # 092 is free text
            if named is not None:
                return {"system": named.id}
            if not rec.system:
                return {}
            where = rec.system[1]
            # 192 is a code, not free text: one we read but cannot apply is never paired as another system
            self.pairing_refusal = self.err(
                where.line, where.columns, f"pairing system code {code.strip()!r}",
                systems.pairable_codes())
            return {"system": code.strip()}
        if baku and not info.acceleration and rec.system:
            # a system that takes no acceleration (a round robin, the Double-Swiss): the code is kept, never paired
            self.pairing_refusal = self.err(rec.system[1].line, rec.system[1].columns,
                                            f"pairing system code {code.strip()!r}: {info.id} takes no acceleration",
                                            systems.pairable_codes())
            return {"system": code.strip()}
        found["system"] = info.id
        at = rec.system[1] if rec.system else rec.system_092_at
        assert at is not None, "a code read from 092 has its place recorded with it"
        try:
            found["options"] = read_option_words(info, option_words)
        except OptionWordError as exc:
            raise self.err(at.line, at.columns, exc.what, exc.expected) from None
        if baku:  # ETT26 _BAKU: the event announced Baku acceleration (C.04.7); explicit 250/XXA win
            try:
                check_baku_scoring(points)
            except AccelerationNotAllowed as exc:
                raise self.err(at.line, at.columns, f"{code.strip()} with {exc.scoring}",
                               "a win worth twice a draw and a loss worth 0 for Baku acceleration "
                               "(C.04.7 art. 1.1)") from None
            found["acceleration"] = "baku"
        return found

    def _accelerations(self, rec: Records, by_id: dict[int, _Line]) -> tuple[Acceleration, ...]:
        from_250: dict[tuple[int, int], Decimal] = {}
        for points, first, last, lo, hi, where in rec.accel_250:
            for pid in range(lo, hi + 1):
                if pid in by_id:
                    for r in range(first, last + 1):
                        from_250[(pid, r)] = from_250.get((pid, r), ZERO) + points
        from_xxa: dict[tuple[int, int], Decimal] = {}
        for pid, values, where in rec.accel_xxa:
            if pid not in by_id:
                raise self.err(where.line, where.columns, f"virtual points for player {pid}, who has no player record", "the id of a player in this file")
            for r, v in enumerate(values, start=1):
                if v:
                    from_xxa[(pid, r)] = from_xxa.get((pid, r), ZERO) + v
        if rec.accel_250 and rec.accel_xxa and from_250 != from_xxa:
            where = rec.accel_xxa[0][2]
            raise self.err(where.line, where.columns, "XXA virtual points disagree with the 250 records", "the same virtual points in both forms")
        return accelerations_from_rounds(from_250 or from_xxa)

    def _forbidden(self, rec: Records, by_id: dict[int, _Line], rounds: int) -> tuple[ForbiddenPair, ...]:
        result: list[ForbiddenPair] = []
        for pair, ids in rec.forbidden_260 + rec.forbidden_xxp:
            for pid, w in ids:
                if pid not in by_id:
                    raise self.err(w.line, w.columns, f"forbidden pairing names player {pid}, who has no player record", "the id of a player in this file")
        in_260 = {pair.players for pair, _ in rec.forbidden_260}
        for pair, _ in rec.forbidden_260:
            if rec.rounds and pair.last_round is not None and pair.last_round >= rounds:
                pair = replace(pair, last_round=None)  # "to the last round" is how 260 says "always"
            if pair not in result:
                result.append(pair)
        for pair, _ in rec.forbidden_xxp:
            # an XXP line repeats, without its rounds, a 260 record of the same file
            if pair.players not in in_260 and pair not in result:
                result.append(pair)
        return tuple(result)

    def _check_points(self, parsed: list[_Line], t: Tournament) -> None:
        for pl in parsed:
            if pl.points is None:
                continue
            allowed = valid_points(t, pl.player.id)
            if pl.points not in allowed:
                shown = " or ".join(format_points(v) for v in sorted(set(allowed)))
                raise self.err(pl.n, (81, 84), f"player {pl.player.id} has {format_points(pl.points)} points written but the results give {shown}", f"{shown} in columns 81-84")


# what the opponent's result must be; a forfeit loss may face a forfeit win or a forfeit loss
_PARTNER = {code: code.opposite for code in ResultCode if code.is_game}
_PARTNER[ResultCode.FORFEIT_WIN] = ResultCode.FORFEIT_LOSS


# Played games the arbiter scored as lost for one or both players (a penalty under the Laws of Chess).
_SCORED_AS_LOST = frozenset({(ResultCode.LOSS, ResultCode.LOSS), (ResultCode.DRAW, ResultCode.LOSS),
                             (ResultCode.LOSS, ResultCode.DRAW)})


def _same_bye(have: ResultCode, code: ResultCode) -> bool:
    if code is ResultCode.ZERO_BYE:
        return have in (ResultCode.ZERO_BYE, ResultCode.ABSENT, ResultCode.FORFEIT_LOSS)
    return have is code


def _mirror(e: RoundEntry, pid: int) -> RoundEntry:
    code = e.code.opposite if e.code in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS) or e.code.is_game else e.code
    return RoundEntry(pid, e.colour.opposite, code)


def _show(e: RoundEntry) -> str:
    opp = "0000" if e.opponent is None else str(e.opponent)
    return f"{opp} {e.colour.value} {e.code.value}".rstrip()


def _replace_history(p: Player, history: tuple[RoundEntry, ...]) -> Player:
    return replace(p, history=history)

