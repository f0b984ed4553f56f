"""The event's tie-break list in TRF26: records 202 and 212, MTB26 codes separated by commas.

202 lists the tie-breaks that break ties on equal points (C.07 art. 4.1); 212
is the standings order, ``PTS`` and then the same list. Both are read strictly:
a code C.07 does not define, a modifier its article does not allow, or a list
the event's system forbids is an error at the line and columns of the entry,
because a list applied only in part would give other prizes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from engine.model.catalogue import is_round_robin
from engine.trf.errors import Located

if TYPE_CHECKING:
    from engine.tiebreaks import TieBreak

# engine.tiebreaks is imported where a file has tie-break records: a TRF read to be paired
# (``swisstui pair``, once a round) seldom has one, and the package is a tenth of its start.

Columns = tuple[int, int]


class At(Protocol):
    """Where a record or an entry stood (``engine.trf.records.Where``)."""

    line: int
    columns: Columns


Found = Mapping[str, tuple[Sequence[tuple["TieBreak", At]], At]]
_CODES = "an MTB26 code of C.07 art. 5 with the modifiers its article allows, e.g. BH/C1, SB, DE, ARO/M1, TPN/R"


def read_record(line: str, n: int, loc: Located) -> list[tuple[TieBreak, Columns]]:
    """The tie-breaks of one 202 or 212 record with their columns, its PTS taken off.

    212 must open with PTS; 202 may (it says nothing more there); PTS anywhere
    else is an error. An empty 202 is an empty list.
    """
    from engine.tiebreaks import TieBreakError
    from engine.tiebreaks import parse as parse_tiebreak

    form = line[:3]
    entries = _entries(line, n, loc)
    if form == "212" and (not entries or entries[0][0].upper() != "PTS"):
        cols = entries[0][1] if entries else (5, 7)
        shown = entries[0][0] if entries else "nothing"
        raise loc.error(n, cols, f"212 starts with {shown!r}",
                        "PTS first (212 is the standings order: points, then the tie-breaks)")
    if entries and entries[0][0].upper() == "PTS":
        entries = entries[1:]
    items = []
    for code, cols in entries:
        if code.upper() == "PTS":
            raise loc.error(n, cols, f"PTS inside the tie-break list of {form}",
                            "tie-breaks only after the first entry: ties are on equal points already")
        try:
            items.append((parse_tiebreak(code), cols))
        except TieBreakError as exc:
            raise loc.error(n, cols, str(exc), _CODES) from None
    return items


def _entries(line: str, n: int, loc: Located) -> list[tuple[str, Columns]]:
    """The comma-separated entries from column 5, each with its columns; blanks around commas allowed."""
    body = line[4:]
    if not body.strip():
        return []
    entries = []
    start = 5
    for raw in body.split(","):
        code = raw.strip()
        lead = len(raw) - len(raw.lstrip())
        cols = (start + lead, start + lead + max(len(code), 1) - 1)
        start += len(raw) + 1
        if not code:
            raise loc.error(n, cols, "an empty entry in the tie-break list",
                            "MTB26 codes separated by single commas, e.g. BH/C1,BH,SB,DE")
        entries.append((code, cols))
    return entries


def event_list(found: Found, system: str, loc: Located) -> tuple[str, ...]:
    """The event's list from 202, or 212 without its PTS; ``found`` maps a form to (entries, record).

    When both records are given they must name the same list: which one the
    standings follow would otherwise depend on the program reading the file.
    """
    given = found.get("202") or found.get("212")
    if given is None:
        return ()
    from engine.tiebreaks import misplaced

    if "202" in found and "212" in found:
        codes_202 = [tb.code for tb, _ in found["202"][0]]
        codes_212 = [tb.code for tb, _ in found["212"][0]]
        if codes_202 != codes_212:
            w, line_202 = found["212"][1], found["202"][1].line
            raise loc.error(w.line, w.columns, f"212 orders PTS,{','.join(codes_212)} but 202 on line "
                            f"{line_202} lists {','.join(codes_202) or 'no tie-break'}",
                            "PTS followed by the tie-breaks of 202, in the same order")
    round_robin = is_round_robin(system)
    for tb, w in given[0]:
        wrong = misplaced(tb, round_robin)
        if wrong is not None:
            raise loc.error(w.line, w.columns, wrong,
                            f"a tie-break C.07 allows in a {'round robin' if round_robin else 'Swiss'} event")
    return tuple(tb.code for tb, _ in given[0])


def render(form: str, tiebreaks: Sequence[str]) -> list[str]:
    """Record 202 or 212 for the event's list; nothing for an event without one."""
    if not tiebreaks:
        return []
    if form == "212":
        return [f"212 {','.join(('PTS', *tiebreaks))}"]
    return [f"202 {','.join(tiebreaks)}"]
