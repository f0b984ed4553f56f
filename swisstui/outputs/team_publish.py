"""The published lists of a team event (C.04.6): matches board by board, team standings, board standings and
the team cross-table, as plain rows (:class:`Sheet`) that :mod:`swisstui.outputs.publish` writes as HTML, text
and CSV beside the index, as it does an individual event's lists.

Everything is read from the event file's boards, as the pairing reads them
(:mod:`swisstui.store.event_teams`): a match's game points are the sum of its boards, match points
follow from them, the team "with White" has White on boards 1, 3, ... (C.04.6(2026) art. 1.6 and the
event's board rule, :meth:`TeamMatchRecord.side_of_board`). The team tie-breaks of C.07 are not computed
here yet: :func:`team_tiebreak_columns` is where they come in, as columns after MP and GP.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from engine.model.explain import points_text
from engine.model.tournament import Colour
from swisstui.language import _, pgettext
from swisstui.language.formats import score_text
from swisstui.outputs.standings_view import shown_value
from swisstui.outputs.ranking import colour_letter
from swisstui.outputs.board_lines import BOARD_COLUMNS, BOARD_NOTE, board_rows
from swisstui.outputs.publish_index import TEAM_KINDS, event_line
from swisstui.outputs.sheet import Sheet
from swisstui.outputs.team_standings import GROUP_NOTE, team_rows, team_tiebreaks, tiebreak_cells
from swisstui.store.event import Event
from swisstui.store.event_teams import round_of_teams
from swisstui.store.lineups import EMPTY
from swisstui.store.team_records import TeamMatchRecord

MATCH_ROW = "match"
"""The row class of a match's own line (the two teams and the match score) above its boards."""


def _points(value: Fraction, plain: bool) -> str:
    """``2½`` for people, ``2.5`` for the CSV (scores are halves: C.04.6 art. 1.2 game points)."""
    points = Decimal(value.numerator) / Decimal(value.denominator)
    return points_text(points, plain=True) if plain else score_text(points)


def _team_name(event: Event, team: int) -> str:
    return event.team_record(team).name


def _team_short(event: Event, team: int) -> str:
    """A team on its board rows: its short name when it has one (the match's line above names it in full)."""
    record = event.team_record(team)
    return record.short or record.name


def _player_name(event: Event, pid: int, plain: bool = False) -> str:
    if pid != EMPTY:
        return event.player(pid).name
    return "(empty board)" if plain else _("(empty board)")


def _board_result(result: str, plain: bool) -> str:
    if plain:
        return result or "-"
    return result.replace("1/2", "½") if result else "-"


def match_rows(event: Event, n: int, match: TeamMatchRecord, plain: bool) -> list[list[str]]:
    """The match's line (in the players' columns, the team with White on board 1 first, the match score in
    game points), then
    one row a board: the team of the player with White (its short name, when it has one), that player, the
    result, the player with Black and their team (on even boards the team "with White" has Black:
    C.04.6(2026) art. 1.6, the event's rule)."""
    assert event.team is not None
    scored = round_of_teams(event, n)
    white_gp, black_gp = scored[match.white].game_points, scored[match.black].game_points
    left = 0 if match.forfeit else sum(1 for b in match.boards if not b.result)
    score = f"{_points(white_gp, plain)}-{_points(black_gp, plain)}" if left < len(match.boards) or match.forfeit \
        else "-"
    if match.forfeit:
        by = {"white": _team_name(event, match.white), "black": _team_name(event, match.black)}.get(match.forfeit)
        if plain:
            score += f" (forfeited by {by or 'both'})"
        elif by:
            score += " " + _("(forfeited by {team})").format(team=by)
        else:
            score += " " + _("(forfeited by both)")
    # the teams in the players' columns: a long team name then shares its width with the players' names
    rows = [[str(match.number), "", "", _team_name(event, match.white), score, _team_name(event, match.black), ""]]
    forfeited = {"white": "+/-", "black": "-/+", "both": "-/-"}
    for board in match.boards:
        white_team, black_team = match.side_of_board(board.board, event.team.board_colours)
        result = board.result
        if match.forfeit:  # the boards of a match lost whole go to the other team (TRF-2026 record 330)
            lost = {"white": match.white, "black": match.black}.get(match.forfeit)
            result = forfeited["both" if lost is None else "white" if lost == black_team else "black"]
        rows.append([str(match.number), str(board.board), _team_short(event, white_team),
                     _player_name(event, board.white, plain), _board_result(result, plain),
                     _player_name(event, board.black, plain), _team_short(event, black_team)])
    return rows


def team_pairings(event: Event, n: int) -> Sheet:
    """Round ``n``'s matches in the order they were paired, each with its boards and their results."""
    rnd = event.recorded_round(n)
    rows: list[list[str]] = []
    csv_rows: list[list[str]] = []
    classes: list[str] = []
    for match in rnd.team.matches:
        shown, plain = match_rows(event, n, match, False), match_rows(event, n, match, True)
        rows += shown
        csv_rows += plain
        classes += [MATCH_ROW] + [""] * (len(shown) - 1)
    notes = []
    if rnd.team.bye is not None:
        notes.append(_("Pairing-allocated bye: {name} ({number})").format(
            name=_team_name(event, rnd.team.bye), number=rnd.team.bye))
    for team in rnd.team.absent:
        notes.append(_("Not paired: {name} ({number}), {reason}").format(
            name=_team_name(event, team), number=team, reason=_("absent")))
    notes.append(_("A match's line gives the team with White on board 1 first and the score in game points; "
                   "that team has White on boards 1, 3, ... (C.04.6 art. 1.6)"))
    title = _("{event} · round {round} · matches").format(event=event.name, round=n)
    return Sheet("pairings", title, ["M", "Bd", "Team", "White", "Result",
                 "Black", "Team"], rows, notes, numeric={0, 1}, csv_rows=csv_rows, round=n,
                 subtitle=event_line(event), row_classes=classes, pages=TEAM_KINDS,
                 landscape=True)  # four names a row: across an A4 page, names keep their line


def team_pairings_for_a_hall(event: Event, n: int) -> Sheet:
    """Round ``n``'s matches in two name columns, for the venue display read across a hall: a match's line
    names the team with White on board 1 (left) and the other (right), each board below it its two players,
    White left. Four name columns (two teams, two players) leave each too narrow at the display's type size;
    the teams are said once, on their match's line."""
    sheet = team_pairings(event, n)
    rows = [[r[0], r[1], r[3], r[4], r[5]] for r in sheet.rows]
    sheet.columns = ["M", "Bd", "White", "Result", "Black"]
    sheet.rows, sheet.csv_rows, sheet.numeric, sheet.landscape = rows, None, {0, 1}, False
    sheet.notes = [*sheet.notes[:-1], _("Each match: the team with White on board 1 left; it has White on boards 1, 3")]
    return sheet


def team_results(event: Event, n: int) -> Sheet:
    """The matches with their board results and how many matches are complete."""
    sheet = team_pairings(event, n)
    matches = event.recorded_round(n).team.matches
    done = sum(1 for m in matches if m.finished)
    sheet.kind = "results"
    sheet.title = _("{event} · round {round} · match results ({done}/{out_of} in)").format(
        event=event.name, round=n, done=done, out_of=len(matches))
    return sheet


def team_tiebreak_columns(event: Event, n: int) -> tuple[list[str], dict[int, list[str]]]:
    """(column titles, each team's values) of the event's team tie-breaks after round ``n``, from the engine
    (C.07 art. 12-13, and art. 6-9 on a team's score: :func:`swisstui.outputs.team_standings.team_tiebreaks`)."""
    s = team_tiebreaks(event, n)
    return [tb.code for tb in s.tiebreaks], {tpn: tiebreak_cells(s, tpn) for tpn in s.order}


def _shown_cells(cells: list[str]) -> list[str]:
    """Tie-break values for people: the language's decimal separator (the CSV keeps the point)."""
    return [shown_value(c) for c in cells]


def team_standings_sheet(event: Event, n: int) -> Sheet:
    """Standings after round ``n``: place, pairing number, team, match points, game points, matches played,
    then one column per team tie-break (:func:`team_tiebreak_columns`)."""
    codes, values = team_tiebreak_columns(event, n)
    rows, csv_rows = [], []
    found = team_rows(event, n)
    counts: dict[int, int] = {}
    for place, *_others in found:
        counts[place] = counts.get(place, 0) + 1
    for place, tpn, name, mp, gp, played in found:
        extra = values.get(tpn, [""] * len(codes))
        shown = f"{place}=" if counts[place] > 1 else str(place)
        rows.append([shown, str(tpn), name, _points(mp, False), _points(gp, False), str(played), *_shown_cells(extra)])
        csv_rows.append([str(place), str(tpn), name, _points(mp, True), _points(gp, True), str(played), *extra])
    notes = [_("MP: match points · GP: game points (C.04.6 art. 1.2) · Pld: matches played")]
    if not codes:
        notes.append(_("No tie-break list: teams equal on both scores share their place (=), C.07 art. 2.1"))
    elif any(counts[p] > 1 for p in counts):
        notes.append(_("Teams the tie-breaks leave equal share their place (=)"))
    if any(code.split("/")[0].split(":")[0].upper() in ("EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE", "DE")
           for code in codes):
        notes.append(_(GROUP_NOTE))
    columns = ["Rk", "No", "Team", "MP", "GP", "Pld", *codes]
    title = _("{event} · team standings after round {round}").format(event=event.name, round=n)
    return Sheet("standings", title, columns, rows, notes,
                 numeric={0, 1, 3, 4, 5, *range(6, len(columns))}, csv_rows=csv_rows, round=n,
                 subtitle=event_line(event), pages=TEAM_KINDS)


def board_standings(event: Event, n: int) -> Sheet:
    """Per board, every player who sat on it, in the engine's order for board prizes
    (:mod:`swisstui.outputs.board_lines`): points, rounds, percentage, rated games, performance."""
    assert event.team is not None
    title = _("{event} · board standings after round {round}").format(event=event.name, round=n)
    return Sheet("boards", title, list(BOARD_COLUMNS), board_rows(event, n), [_(BOARD_NOTE)], numeric={0, 1, 4, 5, 6, 7, 8},
                 csv_rows=board_rows(event, n, plain=True), round=n, subtitle=event_line(event), pages=TEAM_KINDS)


def _cross_cell(event: Event, number: int, team: int, line_of: dict[int, int], plain: bool) -> str:
    """Team ``team``'s round ``number``: the opponent's line, ``w`` or ``b`` (White or Black on board 1), the
    team's game points; ``+``/``-`` for a match won or lost by forfeit, ``bye``, ``-`` not paired."""
    rnd = event.round(number)
    if rnd is None:
        return "-"
    if rnd.team.bye == team:
        return "bye" if plain else pgettext("cross-table cell", "bye")
    match = rnd.team.match_of(team)
    if match is None:
        return "-"
    other = match.black if match.white == team else match.white
    scored = round_of_teams(event, number)[team]
    colour = colour_letter(Colour.WHITE if match.white == team else Colour.BLACK, plain)
    if not match.finished:
        return f"{line_of[other]}{colour}·"
    if not scored.played:
        return f"{line_of[other]}{'+' if scored.forfeit_win else '-'}"
    return f"{line_of[other]}{colour}{_points(scored.game_points, plain)}"


def team_crosstable(event: Event, n: int) -> Sheet:
    """Teams by rounds, in standings order: each cell names the opponent by its line (``#``), the colour of
    board 1 and the game points the team scored in that match."""
    found = team_rows(event, n)
    line_of = {tpn: i for i, (_place, tpn, *_rest) in enumerate(found, start=1)}
    counts: dict[int, int] = {}
    for place, *_others in found:
        counts[place] = counts.get(place, 0) + 1
    rows, csv_rows = [], []
    for i, (place, tpn, name, mp, gp, _played) in enumerate(found, start=1):
        shown = [_cross_cell(event, r, tpn, line_of, False) for r in range(1, n + 1)]
        plain = [_cross_cell(event, r, tpn, line_of, True) for r in range(1, n + 1)]
        rows.append([str(i), f"{place}=" if counts[place] > 1 else str(place), str(tpn), name,
                     _points(mp, False), _points(gp, False), *shown])
        csv_rows.append([str(i), str(place), str(tpn), name, _points(mp, True), _points(gp, True), *plain])
    notes = [_("Cell: opponent's line number (#), w/b: White or Black on board 1, the team's game points in the "
               "match (+ - a match won or lost by forfeit, · not finished)"),
             _("#: line number · Rk: place, = when teams share it · No: pairing number")]
    cell_width = len(str(len(rows))) + 3
    return Sheet("crosstable", _("{event} · team cross-table after round {round}").format(event=event.name, round=n),
                 ["#", "Rk", "No", "Team", "MP", "GP", *(f"R{r}" for r in range(1, n + 1))], rows, notes,
                 landscape=n * cell_width > 30, numeric={0, 1, 2, 4, 5}, csv_rows=csv_rows, round=n,
                 subtitle=event_line(event), pages=TEAM_KINDS)


TEAM_BUILDERS = {"pairings": team_pairings, "results": team_results, "standings": team_standings_sheet,
                 "boards": board_standings, "crosstable": team_crosstable}
"""Every list a team event's round is published as, by kind (:data:`TEAM_KINDS` is their order)."""


def team_sheets(event: Event, n: int, kinds: Sequence[str] = TEAM_KINDS) -> list[Sheet]:
    return [TEAM_BUILDERS[kind](event, n) for kind in kinds]

