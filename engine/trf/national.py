"""TRF-2026's national rating support: record 172 and the national-rating (NRS) records.

A NRS record has the columns of a player record (001) and starts with the
rating federation's code instead of ``001`` (TRF26, "National Rating Support"):
5-8 the starting rank of the player it belongs to, 10 sex, 15-47 name, 49-52
the national rating, 54-56 the national origin, 58-68 the national number,
70-79 the birth date. Record 172 names that federation (5-7) and how the
starting rank was decided (9-13); TRF26 requires it wherever NRS records are.

A line is read as a NRS record only when its code is the one record 172 names:
other programs write lines of their own under three letters (Tornelo's ``DAT``),
and an unknown prefix is never an error (trf.md section 2). The sex, name and
birth date are written again in it, as in the 001 record: TRF26 lets them out
when they are the same, but a reader such as Gacrux takes them from the last
record it reads.
"""

from __future__ import annotations

import re
from dataclasses import replace

from engine.model.tournament import Player
from engine.trf.document import TrfDocument
from engine.trf.errors import Located
from engine.trf.fields import trf_birth

NATIONAL_ID_WIDTH = 11  # columns 58-68
RANKING_METHODS = ("FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER")
_CODE = re.compile(r"[A-Z]{3}")


def has_national(p: Player) -> bool:
    return bool(p.national_rating or p.national_id)


def federation_of_172(header: tuple[str | int, ...]) -> str:
    """The rating federation record 172 names ("" without one)."""
    for item in header:
        if isinstance(item, str) and item.startswith("172 "):
            code = item[4:7].strip().upper()
            if _CODE.fullmatch(code):
                return code
    return ""


def record_172(federation: str) -> str:
    """Record 172: the players were ranked by their FIDE rating alone (C.04.2 art. 2.2), whatever their national one."""
    return f"172 {federation:<3} FIDE"


def nrs_line(federation: str, p: Player) -> str:
    """The player's national rating and number as a NRS record of ``federation``."""
    rating = str(p.national_rating) if p.national_rating else ""
    return (f"{federation:<3} {p.id:4d} {p.sex[:1]:1}{'':3} {p.name[:33]:<33} {rating:>4} {'':3} "
            f"{p.national_id[:NATIONAL_ID_WIDTH]:>11} {trf_birth(p.birth):<10}").rstrip()


def read_nrs(header: list[str | int], players: dict[int, Player], loc: Located) -> tuple[list[str | int], str]:
    """Take the NRS records of record 172's federation out of ``header`` into ``players``.

    Returns the header without them (the writer writes them from the players) and the federation.
    ``header`` holds one item per line, so an item's index is its line number less one.
    """
    federation = federation_of_172(tuple(header))
    if not federation:
        return header, ""
    kept: list[str | int] = []
    for n, item in enumerate(header, start=1):
        if not (isinstance(item, str) and item[:3] == federation and item[3:4] in ("", " ")):
            kept.append(item)
            continue
        raw_id = item[4:8]
        if not raw_id.strip().isdigit() or int(raw_id) not in players:
            raise loc.error(n, (5, 8), f"national-rating record for player {raw_id.strip()!r}",
                            "the starting rank of a player record (001) of this file")
        pid = int(raw_id)
        raw_rating = item[48:52].strip()
        if raw_rating and not (raw_rating.isascii() and raw_rating.isdigit()):
            raise loc.error(n, (49, 52), f"national rating {raw_rating!r}", "a rating (digits) or blanks in columns 49-52")
        players[pid] = replace(players[pid], national_rating=int(raw_rating or 0),
                               national_id=item[57:68].strip())
    return kept, federation


def with_national(doc: TrfDocument, loc: Located) -> TrfDocument:
    """The document as read, its players holding the national rating and number of its NRS records."""
    players = {p.id: p for p in doc.tournament.players}
    header, federation = read_nrs(list(doc.header), players, loc)
    if not federation:
        return doc
    t = replace(doc.tournament, players=tuple(players[p.id] for p in doc.tournament.players))
    return replace(doc, tournament=t, header=tuple(header), as_read=t, national_federation=federation)
