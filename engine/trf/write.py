"""Writing a TRF file: the records the event changed are rewritten, the others kept as read.

Each dialect writes its own set of configuration records (:data:`DIALECTS`,
rendered by :func:`engine.trf.records.render`); player records are rewritten
from the model.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from decimal import Decimal

from engine.model.catalogue import find
from engine.model.tournament import NOT_PAIRED, ZERO, Player, Points, RoundEntry, Tournament
from engine.trf import roundrobin_withdrawals
from engine.trf.document import TrfDocument, valid_points
from engine.trf.fields import trf_birth
from engine.trf.national import has_national, nrs_line, record_172
from engine.trf.records import FAMILY, format_points, needs_xxs, record_form, render, rounds_of

DIALECTS = {
    # the configuration forms each dialect writes, in writing order
    "trf26": ("012", "142", "152", "162", "XXS", "192", "202", "212", "240", "250", "260"),
    "javafo": ("012", "142", "152", "162", "192", "202", "212", "240", "250", "260", "XXR", "XXC", "XXS", "XXA",
               "XXP"),
    # the engines skip records they do not use (bbpPairings reads 202/212 as any unknown line):
    # the tie-break list travels with every dialect. No 162 for bbpPairings: v6.0.0 reads Z where
    # TRF26 has A and refuses A, its later sources read A and refuse Z (trf.md 2.1); BB? says it to both
    # No 240 either: bbpPairings reads it, and a record of a round after the one to pair (how a
    # withdrawal is said, byes._withdrawn_later) is not one it is known to take
    "bbp": ("012", "XXR", "XXC", "BB", "192", "202", "212", "XXA", "XXP"),
}


def dumps(doc: TrfDocument | Tournament, *, dialect: str = "trf26") -> str:
    """TRF text for a document (keeping its other records) or for a bare tournament."""
    if dialect not in DIALECTS:
        raise ValueError(f"unknown TRF dialect {dialect!r} (known: {', '.join(DIALECTS)})")
    if isinstance(doc, Tournament):
        doc = TrfDocument(tournament=doc)
    # a round robin's rounds after a withdrawal, written absent (TRF has no withdrawal)
    doc = replace(doc, tournament=roundrobin_withdrawals.as_written(doc.tournament))
    t = doc.tournament
    before = doc.as_read
    changed = {family for family in set(FAMILY.values()) if before is None or _family_value(family, t) != _family_value(family, before)}
    wanted = DIALECTS[dialect]
    present = {record_form(item) for item in doc.header if isinstance(item, str)}
    player_lines = _player_lines(doc)

    out: list[str] = []
    rendered: set[str] = set()
    old_next = None if before is None else before.next_round
    # A setting the file gave is written in every form of the dialect (142 beside XXR, ...); 202 and 212
    # are two TRF26 forms of one list, either complete: a file with one of them keeps just that one
    missing = [
        form
        for form in wanted
        if form not in present
        and (FAMILY[form] in changed or (FAMILY[form] in doc.given and FAMILY[form] != "tiebreaks"))
        and not (form == "XXS" and dialect == "trf26" and not needs_xxs(t.settings.points))
    ]
    if _national_written(doc) and not any(isinstance(item, str) and item.startswith("172 ") for item in doc.header):
        missing.append("172")  # TRF26: mandatory wherever NRS records are
    slots = [item for item in doc.header if isinstance(item, int) and item in player_lines]
    last_slot = slots[-1] if slots else None
    placed_players = False
    for item in doc.header:
        if isinstance(item, int):
            if not placed_players:
                out.extend(_render_forms(missing, t, dialect, doc.national_federation))
                placed_players = True
            if item in player_lines:
                out.append(player_lines.pop(item))
            if item == last_slot:
                out.extend(player_lines.values())  # players the file did not have yet
                player_lines.clear()
            continue
        form = record_form(item)
        if form == "240" and _bye_round(item) != old_next:
            if FAMILY["240"] in changed and _withdrawal_record(item, t):
                continue  # written again with the byes, from the players withdrawn now (byes._withdrawn_later)
            form = None  # a bye of another round: an ordinary record
        if form is None:
            out.append(item)
            continue
        family = FAMILY[form]
        # bbpPairings v6 refuses A/X in 162 and edition codes in 192 (trf.md 2.1, 2.2): always rewrite those
        if family not in changed and not (dialect == "bbp" and family in ("points", "system")):
            out.append(item)
        elif form not in rendered:
            out.extend(render(form, t, dialect=dialect))
            rendered.add(form)
    if not placed_players:
        out.extend(_render_forms(missing, t, dialect, doc.national_federation))
    out.extend(player_lines.values())
    return "".join(line + "\n" for line in out)


def dump(doc: TrfDocument | Tournament, path: str | os.PathLike[str], *, dialect: str = "trf26") -> None:
    text = dumps(doc, dialect=dialect)
    with open(path, "w", encoding="utf-8", newline="") as fh:
        fh.write(text)


def _render_forms(forms: Iterable[str], t: Tournament, dialect: str, national_federation: str = "") -> list[str]:
    lines: list[str] = []
    for form in forms:
        lines.extend([record_172(national_federation)] if form == "172" else render(form, t, dialect=dialect))
    return lines


def _national_written(doc: TrfDocument) -> bool:
    """Whether NRS records go with the player records: a federation to write them under, and a player to write."""
    return bool(doc.national_federation) and any(has_national(p) for p in doc.tournament.players)


def _withdrawal_record(line: str, t: Tournament) -> bool:
    """A 240 Z record of a round after the one to pair that lists only withdrawn players."""
    rnd = _bye_round(line)
    if line[4:5].upper() != "Z" or rnd is None or rnd <= t.next_round:
        return False
    ids = [int(x) for x in line[10:].split() if x.isdigit()]
    return bool(ids) and all(pid in t.by_id and t.player(pid).withdrawn for pid in ids)


def _bye_round(line: str) -> int | None:
    raw = line[6:9]
    return int(raw) if raw.strip().isdigit() else None


def _family_value(family: str, t: Tournament) -> object:
    """What a family of configuration records says of ``t``: compared before and after an edit."""
    s = t.settings
    values: dict[str, Callable[[], object]] = {
        "name": lambda: t.name,
        "rounds": lambda: s.rounds,
        "colour": lambda: s.initial_colour,
        "points": lambda: s.points,
        "system": lambda: (s.system, dict(s.options)),
        "tiebreaks": lambda: s.tiebreaks,
        "byes": lambda: (t.next_round, dict(t.pending)),
        "accelerations": lambda: rounds_of(s.accelerations),
        "forbidden": lambda: set(s.forbidden),
    }
    return values[family]()


def _player_lines(doc: TrfDocument) -> dict[int, str]:
    """Each player's record by id, in id order."""
    t = doc.tournament
    before = doc.as_read
    unchanged = before is not None and before.players == t.players and dict(before.pending) == dict(t.pending)
    written: dict[int, Decimal | None] = {}
    for p in t.players:
        declared = doc.declared_points.get(p.id)
        if declared is not None and declared in valid_points(t, p.id):
            written[p.id] = declared
        elif declared is None and unchanged:
            written[p.id] = None
        else:
            written[p.id] = _standing_points(t, p.id)
    ranks: Mapping[int, int | None]
    if unchanged:
        ranks = {p.id: doc.ranks.get(p.id) for p in t.players}
    elif t.settings.tiebreaks:
        from engine.awards.standings import standings  # only for an event with a tie-break list: not at start-up

        ranks = dict(standings(t).rank_of)  # the tie-broken standings the rating report gives (C.07 art. 4.2)
    else:
        ranks = _ranks({pid: (v if v is not None else _standing_points(t, pid)) for pid, v in written.items()})
    pad_to = t.rounds_played
    info = find(t.settings.system)
    games = 1 if info is None else info.games
    lines = {p.id: _player_line(p, written[p.id], ranks[p.id], t.pending.get(p.id), pad_to, games)
             for p in t.players}
    if doc.national_federation:  # each player's NRS record right after their 001 record
        lines.update({p.id: lines[p.id] + "\n" + nrs_line(doc.national_federation, p)
                      for p in t.players if has_national(p)})
    return lines


def _standing_points(t: Tournament, pid: int) -> Points:
    entry = t.pending.get(pid)
    extra = t.settings.points.points(entry.code) if entry is not None else ZERO
    return t.score(pid) + extra


def _ranks(points: Mapping[int, Points]) -> dict[int, int]:
    """The standings position of an event without a tie-break list: most points first, then the pairing number.

    Without tie-breaks to decide the order, players on equal points are ranked
    by pairing number, as the reference engines write their files.
    """
    order = sorted(points, key=lambda pid: (-points[pid], pid))
    return {pid: position for position, pid in enumerate(order, start=1)}


def _block(e: RoundEntry) -> str:
    opp = "0000" if e.opponent is None else f"{e.opponent:4d}"
    return f"{opp} {e.colour.value} {e.code.value}"


def _game_blocks(e: RoundEntry, games: int) -> list[str]:
    """A round of a system whose pairing holds ``games`` games, one column a game (docs/trf.md: a
    Double-Swiss match): the opponent, the colour alternating from the first game's, each game's
    code; a bye or absence, which applies to the whole match (C.04.5 preface), in every column."""
    if games == 1:
        return [_block(e)]
    if not e.games:
        return [_block(e)] * games
    blocks = []
    for g, code in enumerate(e.games):
        colour = e.colour if g % 2 == 0 else e.colour.opposite
        blocks.append(_block(RoundEntry(e.opponent, colour, code)))
    return blocks


def _player_line(p: Player, points: Decimal | None, rank: int | None, pending: RoundEntry | None, pad_to: int,
                 games: int = 1) -> str:
    head = (
        f"001 {p.id:4d} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:<33} "
        f"{(str(p.rating) if p.rating else ''):>4} {p.federation[:3]:<3} "
        f"{('' if p.fide_id is None else str(p.fide_id)):>11} {trf_birth(p.birth):<10} "
        f"{('' if points is None else format_points(points)):>4} {('' if rank is None else str(rank)):>4}"
    )
    entries = list(p.history[:pad_to])
    if pending is not None:
        entries += [NOT_PAIRED] * (pad_to - len(entries))
    cells = [b for e in entries for b in _game_blocks(e, games)]
    if pending is not None:
        cells.append(_block(pending))  # the request for the round to pair: one column
    blocks = "".join("  " + b for b in cells)
    return (head + blocks).rstrip()
