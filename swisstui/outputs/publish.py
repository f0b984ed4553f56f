"""What leaves the event for players and spectators: pairings, results, standings, cross-table, cards.

Every list is built once as plain rows (:class:`Sheet`) and then written three
ways: self-contained HTML (Jinja2 templates shipped with the package, inline
CSS, no external file; readable on a phone, printable on A4, light and dark),
plain text for notice boards and e-mail, and CSV for other programs. The
order of every list comes from the engine (C.04.2 art. 3.6 boards, C.07
standings), never from here.

Pages and text lists speak the language in force (the event's, :func:`swisstui.language.using`), with its
dates and decimals; the CSV keeps English column keys, words and decimal points, since other programs
read it (docs/languages.md).
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from pathlib import Path

from jinja2 import Environment

from engine.awards.standings import Standings
from engine.model.explain import points_text
from swisstui.store.event import Event
from swisstui.store.file_writer import check_output, make_folder, write_output
from swisstui.language import N_, _
from swisstui.language.formats import score_text
from swisstui.language.event_pages import in_event_language
from swisstui.language.templates import page_environment
from swisstui.outputs.paper import paper_pages, paper_round
from swisstui.outputs.paper_files import PAPER_FOLDER, remembered_url
from swisstui.outputs.prize_report import event_year
from swisstui.outputs.prize_sheets import prizes_sheet
from swisstui.outputs.sheet import Sheet
from swisstui.outputs.publish_index import event_line, index_html, sheet_links
from swisstui.outputs.standings_view import DE_NOTE, edition_year, card_lines, rank_texts, standings_or_untied, value_text
from swisstui.outputs.names import told_apart
from swisstui.outputs.round_notes import not_paired_notes
from swisstui.outputs.match_lists import games_with_results, match_alphabetical, match_pairings
from swisstui.outputs.team_paper import team_paper_pages, team_paper_round
from swisstui.outputs.team_publish import team_sheets
from swisstui.outputs.ranking import NOT_ENTERED_NOTE, cross_cell, first_round_entered
from swisstui.outputs.round_robin import is_round_robin
from swisstui.outputs.round_robin_notes import round_robin_notes
from swisstui.outputs.round_robin_sheets import square_sheet

KINDS = ("pairings", "alphabetical", "results", "standings", "crosstable", "cards")
PORTRAIT_CELLS = 30  # characters of round cells an A4 portrait line holds at 11 pt beside number, place and name


def _names(event: Event) -> dict[int, str]:
    """Each player's name as the lists show it, two players of one name told apart (outputs.names)."""
    return told_apart(event.players)


def _points_before(t, pid: int, round_number: int, plain: bool = False) -> str:
    score = t.score(pid, round_number - 1)
    return points_text(score, plain=True) if plain else score_text(score)


def result_text(result: str) -> str:
    """A board result as people read it: a draw is ``½-½`` (the event file and the CSV keep ``1/2-1/2``)."""
    return result.replace("1/2", "½") if result else "-"


def pairings(event: Event, n: int) -> Sheet:
    """Round ``n`` board by board, in the order the round was published (C.04.2 art. 3.6)."""
    if event.recorded_round(n).matches:  # a round of matches of several games (C.04.5): a row a game
        return match_pairings(event, n)
    names = _names(event)
    t = event.to_tournament()
    rnd = event.recorded_round(n)
    rows: list[list[str]] = []
    csv_rows: list[list[str]] = []
    for b in rnd.boards:
        for out, plain in ((rows, False), (csv_rows, True)):
            out.append([str(b.number), str(b.white), names[b.white], _points_before(t, b.white, n, plain),
                        (b.result or "-") if plain else result_text(b.result), _points_before(t, b.black, n, plain),
                        names[b.black], str(b.black)])
    notes = not_paired_notes(names, rnd.bye, rnd.requests)
    title = _("{event} · round {round} · pairings").format(event=event.name, round=n)
    return Sheet("pairings", title, ["Bd", "No", "White", "Pts", "Result", "Pts",
                 "Black", "No"], rows, notes, numeric={0, 1, 3, 5, 7}, csv_rows=csv_rows, round=n,
                 subtitle=event_line(event))


def alphabetical(event: Event, n: int) -> Sheet:
    """Every player by name: where and with which colour they play in round ``n``."""
    if event.recorded_round(n).matches:
        return match_alphabetical(event, n)
    names = _names(event)
    rnd = event.recorded_round(n)
    rows, csv_rows = [], []
    for p in sorted(event.players, key=lambda p: p.name.casefold()):
        b = rnd.board_of(p.id)
        if b is not None:
            colour, opp = (N_("White"), b.black) if b.white == p.id else (N_("Black"), b.white)
            where, said = [str(b.number), colour], f"{names[opp]} ({opp})"
        elif rnd.bye == p.id:
            where, said = ["", ""], N_("pairing-allocated bye")
        elif p.id in rnd.requests or not p.plays_in(n):
            where, said = ["", ""], N_("not paired")
        else:
            continue
        # the CSV keeps the English words (other programs read it); the page and the text list say them
        csv_rows.append([names[p.id], str(p.id), *where, said])
        rows.append([names[p.id], str(p.id), where[0], _(where[1]) if where[1] else "",
                     said if b is not None else _(said)])
    title = _("{event} · round {round} · players A-Z").format(event=event.name, round=n)
    return Sheet("alphabetical", title, ["Name", "No", "Board", "Colour", "Opponent"], rows, numeric={1, 2},
                 csv_rows=csv_rows, round=n, subtitle=event_line(event))


def results(event: Event, n: int) -> Sheet:
    sheet = pairings(event, n)
    done, out_of = sum(1 for b in event.recorded_round(n).boards if b.result), len(sheet.rows)
    if event.recorded_round(n).matches:
        done, out_of = games_with_results(event, n)
    sheet.kind = "results"
    sheet.title = _("{event} · round {round} · results ({done}/{out_of} in)").format(
        event=event.name, round=n, done=done, out_of=out_of)
    return sheet


def standings_sheet(event: Event, n: int) -> Sheet:
    s, notes = standings_or_untied(event, n)
    tbs = [tb.code for tb in s.tiebreaks]
    rows, csv_rows = [], []
    names = _names(event)
    for rank, row in zip(rank_texts(s), s.rows):
        p = event.player(row.player)
        name = _("{name} (withdrawn)").format(name=names[p.id]) if p.withdrawn else names[p.id]
        rows.append([rank, str(p.id), name, str(p.rating or ""), p.federation, score_text(row.points),
                     *(value_text(tb, v, shown=True) for tb, v in zip(s.tiebreaks, row.values))])
        csv_rows.append([str(row.rank), str(p.id), names[p.id] + (" (withdrawn)" if p.withdrawn else ""),
                         str(p.rating or ""), p.federation, points_text(row.points, plain=True),
                         *(value_text(tb, v) for tb, v in zip(s.tiebreaks, row.values))])
    if any(tb.acronym == "DE" for tb in s.tiebreaks):
        notes.append(_(DE_NOTE))
    if tbs:
        notes.append(_("Tie-breaks in order: {tiebreaks} (FIDE C.07, edition {edition})").format(
            tiebreaks=", ".join(tbs), edition=edition_year(s.edition)))
    cols = ["Rk", "No", "Name", "Rtg", "Fed", "Pts", *tbs]
    title = _("{event} · standings after round {round}").format(event=event.name, round=n)
    return Sheet("standings", title, cols, rows, notes,
                 numeric={0, 1, 3, 5, *range(6, len(cols))}, csv_rows=csv_rows,
                 round=n, subtitle=event_line(event))


def shared_places(s: Standings) -> list[str]:
    """Each row's place, ``4=`` on every row of a tie (tie-breaks left them level), for the cross-table."""
    counts: dict[int, int] = {}
    for r in s.rows:
        counts[r.rank] = counts.get(r.rank, 0) + 1
    return [f"{r.rank}=" if counts[r.rank] > 1 else str(r.rank) for r in s.rows]


def crosstable(event: Event, n: int) -> Sheet:
    """Every row numbered once (``#``), cells naming the opponent by that number: a shared place
    is shared by several rows, so it cannot name one opponent; it is shown apart (``Rk``).

    A round robin's cross-table is its standings, the square table (:mod:`swisstui.outputs.round_robin_sheets`).
    """
    if is_round_robin(event):
        return square_sheet(event, n, round_robin_notes(event, n))
    s, notes = standings_or_untied(event, n)
    t = s.crosstable.tournament
    number_of = {row.player: i for i, row in enumerate(s.rows, start=1)}
    rows, csv_rows = [], []
    late = False
    names = _names(event)
    for i, (place, row) in enumerate(zip(shared_places(s), s.rows), start=1):
        p = t.player(row.player)
        entered = first_round_entered(p, n)
        late = late or entered > 1
        cells = [cross_cell(p.entry(r), number_of, entered=r >= entered) for r in range(1, n + 1)]
        plain = [cross_cell(p.entry(r), number_of, entered=r >= entered, plain=True) for r in range(1, n + 1)]
        rows.append([str(i), place, str(p.id), names[p.id], score_text(row.points), *cells])
        csv_rows.append([str(i), str(row.rank), str(p.id), names[p.id], points_text(row.points, plain=True), *plain])
    notes.append(_("Cell: opponent's line number (#), colour (w/b), result (1 ½ 0, + - forfeit, · not in yet)"))
    notes.append(_("#: line number · Rk: place, = when players share it · No: pairing number"))
    if late:
        notes.append(_(NOT_ENTERED_NOTE))
    cell_width = len(str(len(rows))) + 2  # "123w½"
    return Sheet("crosstable", _("{event} · cross-table after round {round}").format(event=event.name, round=n),
                 ["#", "Rk", "No", "Name", "Pts", *(f"R{r}" for r in range(1, n + 1))], rows, notes,
                 landscape=n * cell_width > PORTRAIT_CELLS, numeric={0, 1, 2, 4}, csv_rows=csv_rows,
                 round=n, subtitle=event_line(event))


def cards(event: Event, n: int) -> Sheet:
    s, notes = standings_or_untied(event, n)
    t = s.crosstable.tournament
    sections = []
    for row in s.rows:
        lines = card_lines(s, t, row.player, year=event_year(event))
        sections.append((lines[0], lines[1:]))
    title = _("{event} · player cards after round {round}").format(event=event.name, round=n)
    return Sheet("cards", title, [], [], notes, sections=sections,
                 round=n, subtitle=event_line(event))


BUILDERS = {"pairings": pairings, "alphabetical": alphabetical, "results": results,
            "standings": standings_sheet, "crosstable": crosstable, "cards": cards}


# -- formats ---------------------------------------------------------------------------------


def _env() -> Environment:
    return page_environment(trim_blocks=True, lstrip_blocks=True)


def to_html(sheet: Sheet) -> str:
    links = sheet_links(sheet.round, sheet.pages) if sheet.round else []
    return _env().get_template("sheet.html").render(sheet=sheet, links=links, headings=sheet.headings())


def to_text(sheet: Sheet) -> str:
    """Fixed-width columns, numbers right-aligned, for a notice board or an e-mail."""
    out = [sheet.title, "=" * len(sheet.title), *([sheet.subtitle] if sheet.subtitle else []), ""]
    if sheet.columns:
        headings = sheet.headings()
        widths = [max(len(c), *(len(r[i]) for r in sheet.rows)) if sheet.rows else len(c)
                  for i, c in enumerate(headings)]

        def line(cells: Sequence[str]) -> str:
            return "  ".join(c.rjust(w) if i in sheet.numeric else c.ljust(w)
                             for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

        out.append(line(headings))
        out.append(line(["-" * w for w in widths]))
        out.extend(line(r) for r in sheet.rows)
    for heading, lines in sheet.sections:
        out += ["", heading, *lines]
    if sheet.notes:
        out.append("")
        out.extend(sheet.notes)
    return "\n".join(out) + "\n"


def to_csv(sheet: Sheet) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(sheet.columns)
    w.writerows(sheet.rows if sheet.csv_rows is None else sheet.csv_rows)
    return buf.getvalue()


def _write(path: Path, text: str) -> None:
    """Through the one writer: a reader (a browser refreshing, a copy to a web server) never sees half a file."""
    write_output(path, text)


@in_event_language
def publish(event: Event, directory: str | os.PathLike, round_number: int | None = None,
            url: str = "") -> list[Path]:
    """Write every list of round ``round_number`` (default: the last paired) as HTML, text and CSV, and its
    paper for the hall (:mod:`swisstui.outputs.paper`).

    ``url``: the address the folder is read at on the web, shown as a QR code on the index and the wall
    lists; without it, the address the folder was last published with is kept.
    """
    n = event.rounds_paired if round_number is None else round_number
    rnd = event.round(n)
    if n < 1 or rnd is None or not rnd.paired:
        raise ValueError(f"round {n} is not paired: nothing to publish")
    url = url.strip()
    if url and not url.startswith(("https://", "http://")):
        raise ValueError(f"--url {url}: give the address a phone opens, starting with https:// or http://")
    out = make_folder(directory)
    url = url or remembered_url(out)
    files: dict[Path, str] = {}
    sheets = team_sheets(event, n) if event.team is not None else [BUILDERS[kind](event, n) for kind in KINDS]
    for sheet in sheets:
        forms = {"html": to_html(sheet), "txt": to_text(sheet)}
        if sheet.kind != "cards":
            forms["csv"] = to_csv(sheet)
        for ext, text in forms.items():
            files[out / f"round-{n}-{sheet.kind}.{ext}"] = text
    files.update(_prize_files(event, out, n))
    if event.team is None:
        files.update(_norm_files(event, out, n))
        files.update(paper_pages(paper_round(event, n, alphabetical(event, n).rows, pairings(event, n).notes, url),
                                 out))
    else:  # a team event's paper: the match list, a slip a match, a scoresheet a board
        files.update(team_paper_pages(team_paper_round(event, n, url), out))
    index = out / "index.html"
    for path in (*files, index):  # every target checked before any is written: a refusal leaves no half round
        check_output(path, streams=False)
    make_folder(out / PAPER_FOLDER)
    for path, text in files.items():
        _write(path, text)
    _write(index, index_html(event, out, url))  # the index lists the folder as it stands: written last
    return [*files, index]


def _norm_files(event: Event, out: Path, n: int) -> dict[Path, str]:
    """The title norms made (B.01), with the event's last round only (:mod:`swisstui.outputs.norms_sheet`)."""
    from swisstui.outputs.norms_sheet import norms_sheet

    sheet = norms_sheet(event, n)
    if sheet is None:
        return {}
    return {out / f"round-{n}-norms.{ext}": text
            for ext, text in {"html": to_html(sheet), "txt": to_text(sheet), "csv": to_csv(sheet)}.items()}


def _prize_files(event: Event, out: Path, n: int) -> dict[Path, str]:
    """The prize list of round ``n`` (provisional before the end), for an event with prizes (docs/prizes.md)."""
    if not event.prizes.lists():
        return {}
    sheet = prizes_sheet(event, n)[0]
    return {out / f"round-{n}-prizes.{ext}": text
            for ext, text in {"html": to_html(sheet), "txt": to_text(sheet), "csv": to_csv(sheet)}.items()}
