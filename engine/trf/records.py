"""TRF header records that configure the pairing: reading them and writing them.

Each setting can be written in several forms: the TRF-2026 record (142, 152,
162, 192, 240, 250, 260), the JaVaFo ``XX?`` line and the bbpPairings ``BB?``
lines (trf.md sections 2-4). The reader collects every form it meets with the
line it came from, so that values written twice can be checked against each
other and every error can point at its line; the writer renders one form from
the model.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Literal, overload

from engine import systems
from engine.model.tournament import Acceleration, Colour, ForbiddenPair, PointSystem, ResultCode, Tournament
from engine.trf import tiebreaks as trf_tiebreaks
from engine.trf.byes import render_byes
from engine.trf.errors import Located, TrfError
from engine.trf.system_options import option_words

if TYPE_CHECKING:
    from engine.tiebreaks import TieBreak  # read lazily by engine.trf.tiebreaks: see there

# form -> the setting ("family") it writes
FAMILY = {
    "012": "name",
    "142": "rounds",
    "XXR": "rounds",
    "152": "colour",
    "XXC": "colour",
    "162": "points",
    "XXS": "points",
    "BB": "points",
    "192": "system",
    "202": "tiebreaks",
    "212": "tiebreaks",
    "240": "byes",
    "XXZ": "byes",
    "250": "accelerations",
    "XXA": "accelerations",
    "260": "forbidden",
    "XXP": "forbidden",
}

BB_CODES = ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")
BBP_SYSTEM_CODES = tuple(sorted({s.bbp_code for s in systems.SYSTEMS if s.bbp_code}))
"""The record-192 codes bbpPairings pairs (every version; trf.md 2.2): the catalogue's ``bbp_code``."""

_NUMBER = re.compile(r"[0-9]+")
_POINTS = re.compile(r"[0-9]{1,3}(\.[0-9]{1,2})?|\.[0-9]")


def record_form(line: str) -> str | None:
    """The configuration form a header line is written in, or None for any other line."""
    head = line[:3]
    if len(line) > 3 and line[3] != " ":
        return None
    if head in BB_CODES:
        return "BB"
    if head in FAMILY:
        return head
    return None


def is_number(text: str) -> bool:
    return bool(_NUMBER.fullmatch(text))


def parse_points(text: str) -> Decimal | None:
    """Exact points from a TRF field such as ``" 3.0"``; None when it is not a number."""
    text = text.strip()
    if not _POINTS.fullmatch(text):
        return None
    return Decimal(text)


def format_points(value: Decimal) -> str:
    """One decimal (``3.0``), more only when the value needs them (``0.25``)."""
    if value == value.quantize(Decimal("0.1")):
        return f"{value:.1f}"
    return format(value.normalize(), "f")


@dataclass
class Where:
    line: int
    columns: tuple[int, int]


@dataclass
class Records:
    """Everything the configuration records of one file said, with where they said it."""

    name: str | None = None
    rounds: list[tuple[int, Where]] = field(default_factory=list)
    colours: list[tuple[Colour, Where]] = field(default_factory=list)
    points: dict[str, tuple[Decimal, Where]] = field(default_factory=dict)
    system: tuple[str, Where] | None = None
    system_092: str | None = None
    system_092_at: Where | None = None
    byes: list[tuple[ResultCode, int, list[tuple[int, Where]], Where]] = field(default_factory=list)
    absent_xxz: list[tuple[int, Where]] = field(default_factory=list)
    accel_250: list[tuple[Decimal, int, int, int, int, Where]] = field(default_factory=list)
    accel_xxa: list[tuple[int, list[Decimal], Where]] = field(default_factory=list)
    forbidden_260: list[tuple[ForbiddenPair, list[tuple[int, Where]]]] = field(default_factory=list)
    forbidden_xxp: list[tuple[ForbiddenPair, list[tuple[int, Where]]]] = field(default_factory=list)
    tiebreaks: dict[str, tuple[list[tuple[TieBreak, Where]], Where]] = field(default_factory=dict)
    """Record 202 and 212 by form: each code with its columns, and the whole line's."""
    given: set[str] = field(default_factory=set)
    colour_rank: bool = False


class RecordParser:
    """Parses one configuration line at a time into a :class:`Records`."""

    def __init__(self, loc: Located) -> None:
        self.loc = loc
        self.records = Records()

    def err(self, n: int, cols: tuple[int, int] | None, what: str, expected: str) -> TrfError:
        return self.loc.error(n, cols, what, expected)

    def feed(self, line: str, n: int) -> None:
        form = record_form(line)
        if form is None:
            if line.startswith("092 ") and self.records.system_092 is None:
                self.records.system_092 = line[4:].strip()
                self.records.system_092_at = Where(n, (5, max(5, len(line.rstrip()))))
            return
        self.records.given.add(FAMILY[form])
        getattr(self, "_r" + form)(line.rstrip(), n)

    # -- single values ---------------------------------------------------------

    def _value(self, line: str, n: int) -> tuple[str, tuple[int, int]]:
        text = line[4:]
        stripped = text.strip()
        start = 5 + (len(text) - len(text.lstrip()))
        cols = (start, max(start, start + len(stripped) - 1))
        return stripped, cols

    def _r012(self, line: str, n: int) -> None:
        if self.records.name is None:
            self.records.name = line[4:].strip()

    def _rounds(self, line: str, n: int) -> None:
        value, cols = self._value(line, n)
        if not is_number(value) or int(value) < 1 or int(value) > 999:
            shown = repr(value) if value else "nothing"
            raise self.err(n, cols, f"number of rounds is {shown}", "a whole number from 1 to 999")
        self.records.rounds.append((int(value), Where(n, cols)))

    _r142 = _rounds
    _rXXR = _rounds

    def _r152(self, line: str, n: int) -> None:
        value, cols = self._value(line, n)
        colour = {"W": Colour.WHITE, "B": Colour.BLACK}.get(value.upper())
        if colour is None:
            raise self.err(n, cols, f"initial colour is {value!r}", "W or B in column 5")
        self.records.colours.append((colour, Where(n, cols)))

    def _rXXC(self, line: str, n: int) -> None:
        value, cols = self._value(line, n)
        words = value.lower().split()
        colour = None
        if words and words[0] in ("white1", "black1") and all(w == "rank" for w in words[1:2]) and len(words) <= 2:
            colour = Colour.WHITE if words[0] == "white1" else Colour.BLACK
        if colour is None:
            raise self.err(n, cols, f"initial colour is {value!r}", "white1 or black1, optionally followed by rank")
        if len(words) == 2:
            self.records.colour_rank = True
        self.records.colours.append((colour, Where(n, cols)))

    def _r192(self, line: str, n: int) -> None:
        value, cols = self._value(line, n)
        if self.records.system is None and value:
            self.records.system = (value, Where(n, cols))

    # -- tie-breaks ------------------------------------------------------------------

    def _r202(self, line: str, n: int) -> None:
        form = line[:3]
        if form in self.records.tiebreaks:
            first = self.records.tiebreaks[form][1]
            raise self.err(n, (1, 3), f"a second {form} record (the first is on line {first.line})",
                           f"one {form} record holding the whole list")
        items = [(tb, Where(n, cols)) for tb, cols in trf_tiebreaks.read_record(line, n, self.loc)]
        self.records.tiebreaks[form] = (items, Where(n, (5, max(5, len(line)))))

    _r212 = _r202

    # -- points --------------------------------------------------------------------

    def _set_points(self, key: str, value: Decimal, where: Where, n: int) -> None:
        seen = self.records.points.get(key)
        if seen is not None and seen[0] != value and seen[1].line == n:
            raise self.err(
                n,
                where.columns,
                f"{key.replace('_', ' ')} scored both {seen[0]} and {value}",
                "one value per kind of result (colour-dependent scoring is not supported)",
            )
        if seen is not None and seen[0] != value:
            raise self.err(
                n,
                where.columns,
                f"points for {key.replace('_', ' ')} are {value} here but {seen[0]} on line {seen[1].line}",
                "the same value everywhere",
            )
        self.records.points[key] = (value, where)

    _SYMBOL_162 = {"W": "win", "D": "draw", "L": "loss", "A": "absent", "Z": "absent", "P": "pab", "X": None}

    def _r162(self, line: str, n: int) -> None:
        if line[3:5].strip():
            raise self.err(n, (4, 5), "text before the first scoring symbol", "blanks in columns 4-5, symbol at 6")
        if len(line) <= 5:
            raise self.err(n, (6, 10), "no scoring given", "a symbol at column 6 and points at 7-10")
        seen: set[str] = set()
        for i in range(5, len(line), 9):
            gap = line[i + 5 : i + 9]
            symbol = line[i].upper()
            raw = line[i + 1 : i + 5]
            if symbol not in self._SYMBOL_162:
                raise self.err(n, (i + 1, i + 1), f"scoring symbol {line[i]!r}", "one of W D L A Z P X")
            if symbol in seen or (symbol in "AZ" and seen & {"A", "Z"}):
                raise self.err(n, (i + 1, i + 1), f"scoring symbol {symbol} given twice", "each symbol once")
            seen.add(symbol)
            value = parse_points(raw)
            if value is None or raw[-1:] == " ":
                raise self.err(n, (i + 2, i + 5), f"points {raw.strip()!r} for {symbol}", "points like 1.0 right-aligned in the 4 columns after the symbol")
            if gap.strip():
                raise self.err(n, (i + 6, i + 9), "text between scoring pairs", "pairs every 9 columns (6, 15, 24, ...)")
            key = self._SYMBOL_162[symbol]
            if key is not None:
                self._set_points(key, value, Where(n, (i + 2, i + 5)), n)

    _BB_KEY = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "absent", "BBF": "absent", "BBU": "pab"}

    def _rBB(self, line: str, n: int) -> None:
        value, cols = self._value(line, n)
        points = parse_points(value)
        if points is None:
            raise self.err(n, cols, f"points {value!r}", "points like 1.0")
        self._set_points(self._BB_KEY[line[:3]], points, Where(n, cols), n)

    _XXS_KEY = {
        "W": ("win",), "WW": ("win",), "BW": ("win",),
        "D": ("draw",), "WD": ("draw",), "BD": ("draw",),
        "L": ("loss",), "WL": ("loss",), "BL": ("loss",),
        "ZPB": ("absent",), "FL": ("absent",),
        "HPB": ("half_bye",), "FPB": ("full_bye",), "PAB": ("pab",), "FW": ("forfeit_win",),
    }

    def _rXXS(self, line: str, n: int) -> None:
        for match in re.finditer(r"\S+", line[3:]):
            token = match.group()
            cols = (match.start() + 4, match.end() + 3)
            code, eq, raw = token.partition("=")
            keys = self._XXS_KEY.get(code.upper())
            if not eq or keys is None:
                raise self.err(n, cols, f"scoring item {token!r}", "CODE=points with CODE one of WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D L")
            value = parse_points(raw)
            if value is None:
                raise self.err(n, cols, f"points {raw!r} in {token!r}", "points like 1.0")
            for key in keys:
                self._set_points(key, value, Where(n, cols), n)

    # -- round to pair -------------------------------------------------------------

    def _ids(self, line: str, n: int, start: int, what: str) -> list[tuple[int, Where]]:
        """Ids in 4-column fields from 0-based ``start``, one blank between them."""
        ids = []
        for i in range(start, len(line), 5):
            raw = line[i : i + 4]
            cols = (i + 1, i + 4)
            if line[i - 1] != " ":
                raise self.err(n, (i, i), f"{line[i - 1]!r} before a {what} id", "a blank between ids")
            if not re.fullmatch(r" *[0-9]+", raw) or int(raw) == 0:
                raise self.err(n, cols, f"{what} id {raw.strip()!r}", "a player id right-aligned in 4 columns")
            ids.append((int(raw), Where(n, cols)))
        return ids

    @overload
    def _round_field(self, line: str, n: int, a: int, b: int, name: str, blank_ok: Literal[False]) -> int: ...

    @overload
    def _round_field(self, line: str, n: int, a: int, b: int, name: str, blank_ok: bool) -> int | None: ...

    def _round_field(self, line: str, n: int, a: int, b: int, name: str, blank_ok: bool) -> int | None:
        """A round number in columns ``a``-``b``; None for blank columns only where ``blank_ok``."""
        raw = line[a - 1 : b]
        if not raw.strip() and blank_ok:
            return None
        if not re.fullmatch(r" *[0-9]+", raw.ljust(b - a + 1)) or int(raw) == 0:
            raise self.err(n, (a, b), f"{name} {raw.strip()!r}", f"a round number right-aligned in columns {a}-{b}")
        return int(raw)

    _BYE_TYPE = {"F": ResultCode.FULL_BYE, "H": ResultCode.HALF_BYE, "Z": ResultCode.ZERO_BYE}

    def _r240(self, line: str, n: int) -> None:
        code = self._BYE_TYPE.get(line[4:5].upper())
        if code is None:
            raise self.err(n, (5, 5), f"bye type {line[4:5]!r}", "F, H or Z in column 5")
        if line[5:6] not in ("", " ") or line[9:10] not in ("", " "):
            raise self.err(n, (6, 10), "misplaced text around the round", "round number in columns 7-9")
        rnd = self._round_field(line, n, 7, 9, "round", blank_ok=False)
        ids = self._ids(line, n, 10, "bye")
        if not ids:
            raise self.err(n, (11, 14), "no player listed", "ids at columns 11-14, 16-19, ...")
        self.records.byes.append((code, rnd, ids, Where(n, (1, len(line)))))

    def _rXXZ(self, line: str, n: int) -> None:
        for match in re.finditer(r"\S+", line[3:]):
            cols = (match.start() + 4, match.end() + 3)
            if not is_number(match.group()) or int(match.group()) == 0:
                raise self.err(n, cols, f"absent player id {match.group()!r}", "player ids separated by blanks")
            self.records.absent_xxz.append((int(match.group()), Where(n, cols)))

    # -- accelerations and forbidden pairs ---------------------------------------------

    def _r250(self, line: str, n: int) -> None:
        for col in (4, 9, 14, 18, 22, 27):
            if line[col - 1 : col].strip():
                raise self.err(n, (col, col), f"{line[col - 1]!r} in a separator column", "250 MP(5-8) points(10-13) rounds(15-17, 19-21) ids(23-26, 28-31)")
        raw = line[9:13]
        points = parse_points(raw)
        if points is None or points == 0:
            raise self.err(n, (10, 13), f"virtual points {raw.strip()!r}", "non-zero points like 1.0 in columns 10-13")
        first = self._round_field(line, n, 15, 17, "first round", blank_ok=False)
        last = self._round_field(line, n, 19, 21, "last round", blank_ok=False)
        if last < first:
            raise self.err(n, (19, 21), f"last round {last} before first round {first}", "a last round not before the first")
        lo = self._id_field(line, n, 23, 26, blank_ok=False)
        hi = self._id_field(line, n, 28, 31, blank_ok=True) or lo
        if hi < lo:
            raise self.err(n, (28, 31), f"last id {hi} below first id {lo}", "an id range low-high")
        if line[31:].strip():
            raise self.err(n, (32, len(line)), "text after the id range", "nothing after column 31")
        self.records.accel_250.append((points, first, last, lo, hi, Where(n, (23, 31))))

    @overload
    def _id_field(self, line: str, n: int, a: int, b: int, blank_ok: Literal[False]) -> int: ...

    @overload
    def _id_field(self, line: str, n: int, a: int, b: int, blank_ok: bool) -> int | None: ...

    def _id_field(self, line: str, n: int, a: int, b: int, blank_ok: bool) -> int | None:
        """A player id in columns ``a``-``b``; None for blank columns only where ``blank_ok``."""
        raw = line[a - 1 : b]
        if not raw.strip() and blank_ok:
            return None
        if not re.fullmatch(r" *[0-9]+", raw.ljust(b - a + 1)) or int(raw) == 0:
            raise self.err(n, (a, b), f"player id {raw.strip()!r}", f"an id right-aligned in columns {a}-{b}")
        return int(raw)

    def _rXXA(self, line: str, n: int) -> None:
        pid = self._id_field(line, n, 5, 8, blank_ok=False)
        values = []
        for i in range(9, len(line), 5):
            raw = line[i : i + 4]
            if line[i - 1] != " ":
                raise self.err(n, (i, i), f"{line[i - 1]!r} between values", "a blank before each 4-column value")
            if not raw.strip():
                values.append(Decimal(0))
                continue
            value = parse_points(raw)
            if value is None:
                raise self.err(n, (i + 1, i + 4), f"virtual points {raw.strip()!r}", "points like 1.0 in columns 10-13, 15-18, ...")
            values.append(value)
        self.records.accel_xxa.append((pid, values, Where(n, (5, 8))))

    def _r260(self, line: str, n: int) -> None:
        if line[3:4].strip() or line[7:8].strip():
            raise self.err(n, (4, 8), "misplaced round fields", "first round at 5-7, last round at 9-11")
        first = self._round_field(line, n, 5, 7, "first round", blank_ok=True) or 1
        last = self._round_field(line, n, 9, 11, "last round", blank_ok=True)
        if last is not None and last < first:
            raise self.err(n, (9, 11), f"last round {last} before first round {first}", "a last round not before the first")
        ids = self._ids(line, n, 12, "forbidden")
        self._forbidden(ids, first, last, n, (13, max(13, len(line))), self.records.forbidden_260)

    def _rXXP(self, line: str, n: int) -> None:
        ids = []
        for match in re.finditer(r"\S+", line[3:]):
            cols = (match.start() + 4, match.end() + 3)
            if not is_number(match.group()) or int(match.group()) == 0:
                raise self.err(n, cols, f"player id {match.group()!r}", "player ids separated by blanks")
            ids.append((int(match.group()), Where(n, cols)))
        self._forbidden(ids, 1, None, n, (5, max(5, len(line))), self.records.forbidden_xxp)

    def _forbidden(self, ids: list[tuple[int, Where]], first: int, last: int | None, n: int, cols: tuple[int, int],
                   into: list[tuple[ForbiddenPair, list[tuple[int, Where]]]]) -> None:
        distinct = {pid for pid, _ in ids}
        if len(distinct) < 2:
            raise self.err(n, cols, f"{len(distinct)} distinct player(s) listed", "at least two player ids")
        into.append((ForbiddenPair(frozenset(distinct), first, last), ids))


# -- point system from the records ---------------------------------------------------------


def point_system(records: Records) -> PointSystem:
    values = {key: value for key, (value, _) in records.points.items()}
    return PointSystem(**values)


def accelerations_from_rounds(per_round: dict[tuple[int, int], Decimal]) -> tuple[Acceleration, ...]:
    """Runs of consecutive rounds with the same virtual points, per player: one canonical form."""
    result = []
    players = sorted({pid for pid, _ in per_round})
    for pid in players:
        rounds = sorted(r for p, r in per_round if p == pid)
        run: list[int] = []
        for r in rounds:
            value = per_round[(pid, r)]
            if value == 0:
                continue
            if run and r == run[-1] + 1 and per_round[(pid, run[0])] == value:
                run.append(r)
            else:
                if run:
                    result.append(Acceleration(pid, per_round[(pid, run[0])], run[0], run[-1]))
                run = [r]
        if run:
            result.append(Acceleration(pid, per_round[(pid, run[0])], run[0], run[-1]))
    return tuple(result)


def rounds_of(accelerations: Iterable[Acceleration]) -> dict[tuple[int, int], Decimal]:
    per_round: dict[tuple[int, int], Decimal] = {}
    for a in accelerations:
        for r in range(a.first_round, a.last_round + 1):
            per_round[(a.player, r)] = per_round.get((a.player, r), Decimal(0)) + a.points
    return per_round


# -- writing ------------------------------------------------------------------------------


def _fmt4(value: Decimal) -> str:
    return format_points(value).rjust(4)


def needs_xxs(points: PointSystem) -> bool:
    """Record 162 cannot give byes or forfeit wins their own value (trf.md ambiguity 3)."""
    return any(
        v is not None and v != default
        for v, default in ((points.half_bye, points.draw), (points.full_bye, points.win), (points.forfeit_win, points.win))
    )


def render(form: str, t: Tournament, *, dialect: str) -> list[str]:
    """The lines of one configuration form describing ``t``."""
    s = t.settings
    if form == "012":
        return [f"012 {t.name}"] if t.name else []
    if form == "142":
        return [f"142 {s.rounds}"]
    if form == "XXR":
        return [f"XXR {s.rounds}"]
    if form == "152":
        return ["152 " + ("B" if s.initial_colour is Colour.BLACK else "W")]
    if form == "XXC":
        return ["XXC " + ("black1" if s.initial_colour is Colour.BLACK else "white1")]
    if form == "162":
        return _render_162(s.points, dialect)
    if form == "XXS":
        return _render_xxs(s.points)
    if form == "BB":
        return _render_bb(s.points)
    if form == "192":
        return _render_192(s.system, dialect, s.options, s.acceleration == "baku")
    if form in ("202", "212"):
        return trf_tiebreaks.render(form, s.tiebreaks)
    if form in ("240", "XXZ"):
        return render_byes(form, t)
    if form == "250":
        return _render_250(s.accelerations)
    if form == "XXA":
        return _render_xxa(s.accelerations)
    if form == "260":
        return [
            # both rounds always written: bbpPairings requires them; an open end is the last round
            f"260 {f.first_round:3d} {s.rounds if f.last_round is None else f.last_round:3d}" + "".join(f" {pid:4d}" for pid in sorted(f.players))
            for f in s.forbidden
        ]
    if form == "XXP":
        return [
            "XXP " + " ".join(str(pid) for pid in sorted(f.players))
            for f in s.forbidden
            if f.applies(t.next_round)  # XXP has no rounds: what matters to an engine is the round it pairs
        ]
    raise ValueError(f"unknown TRF form {form!r}")


def _render_162(points: PointSystem, dialect: str) -> list[str]:
    if points.is_standard or dialect == "bbp":
        # bbpPairings: its versions read 162 differently (A or Z, trf.md 2.1); the BB? lines say it to all
        return []
    default = PointSystem()
    pairs = [("W", points.win, default.win), ("D", points.draw, default.draw), ("L", points.loss, default.loss)]
    pairs.append(("A", points.absent, default.absent))
    fields = [f"{sym}{_fmt4(v)}" for sym, v, d in pairs if v != d]
    if points.pab is not None:
        fields.append(f"P{_fmt4(points.pab)}")
    if not fields:
        return []
    return ["162  " + "    ".join(fields)]


def _render_xxs(points: PointSystem) -> list[str]:
    if points.is_standard:
        return []
    items = [("W", points.win), ("D", points.draw), ("L", points.loss), ("ZPB", points.absent), ("FL", points.absent)]
    for code, value in (("PAB", points.pab), ("HPB", points.half_bye), ("FPB", points.full_bye), ("FW", points.forfeit_win)):
        if value is not None:
            items.append((code, value))
    return ["XXS " + " ".join(f"{code}={format_points(v)}" for code, v in items)]


def _render_bb(points: PointSystem) -> list[str]:
    if points.is_standard:
        return []
    if needs_xxs(points):
        raise ValueError("bbpPairings scoring lines cannot give byes or forfeit wins their own value")
    lines = [
        f"BBW {_fmt4(points.win)}",
        f"BBD {_fmt4(points.draw)}",
        f"BBL {_fmt4(points.loss)}",
        f"BBZ {_fmt4(points.absent)}",
        f"BBF {_fmt4(points.absent)}",
    ]
    if points.pab is not None:
        lines.append(f"BBU {_fmt4(points.pab)}")
    return lines


def _render_192(system: str, dialect: str, options: Mapping[str, str] | None = None, baku: bool = False) -> list[str]:
    try:
        info = systems.get(system)
    except systems.UnknownSystem:
        # a record-192 code read from a file, of a system swisstui does not pair: written back as it was,
        # except to bbpPairings, which refuses the whole file over a system it does not pair
        return [f"192 {system}"] if system and (dialect != "bbp" or system in BBP_SYSTEM_CODES) else []
    code = info.trf_code
    if dialect == "bbp":
        if info.bbp_code is None:
            return []  # bbpPairings refuses the whole file over a system it does not pair
        code = info.bbp_code  # bbpPairings v6.0.0 refuses the edition suffix (trf.md 2.2)
    if code == "CUSTOM_SWISS":
        # no ETT26 code exists for these systems (trf.md 2.2): our own name follows, then the options set
        code = " ".join([code, info.id, *option_words(info, options or {})])
    elif info.options and dialect != "bbp":
        # an ETT26 code with options of ours (a round robin's withdrawals): the options set otherwise than
        # their defaults follow the code, so that a file of the defaults is the code alone
        code = " ".join([code, *option_words(info, options or {})])
    elif baku and dialect != "bbp":
        # ETT26: the event announced Baku acceleration; its table is written too (250 / XXA), and
        # wins. bbpPairings would compute its own GA from the suffix (ceil(N/2), trf.md 2.2): not for it
        code = systems.write_code(info.id, baku)
    return [f"192 {code}"]


def _render_250(accelerations: Iterable[Acceleration]) -> list[str]:
    canonical = accelerations_from_rounds(rounds_of(accelerations))
    groups: dict[tuple[Decimal, int, int], list[int]] = {}
    for a in canonical:
        groups.setdefault((a.points, a.first_round, a.last_round), []).append(a.player)
    lines = []
    for (points, first, last), ids in sorted(groups.items(), key=lambda kv: (kv[0][1], kv[1][0], kv[0][2])):
        ids.sort()
        start = prev = ids[0]
        for pid in ids[1:] + [None]:
            if pid is not None and pid == prev + 1:
                prev = pid
                continue
            lines.append(f"250      {_fmt4(points)} {first:3d} {last:3d} {start:4d} {prev:4d}")
            if pid is not None:
                start = prev = pid
    return lines


def _render_xxa(accelerations: Iterable[Acceleration]) -> list[str]:
    per_round = rounds_of(accelerations)
    lines = []
    for pid in sorted({p for p, _ in per_round}):
        last = max(r for p, r in per_round if p == pid)
        values = [per_round.get((pid, r), Decimal(0)) for r in range(1, last + 1)]
        lines.append(f"XXA {pid:4d}" + "".join(f" {_fmt4(v)}" for v in values))
    return lines
