"""What the team screens show, as rows and lines of text (no Textual): teams and rosters, lineups, a match's
boards and score, team standings.

Every score is the session's (:func:`swisstui.session.team_actions.match_score`) or the outputs' team standings
(:func:`swisstui.outputs.team_standings.team_table`), computed from the boards as the pairing reads them; the
views only lay them out, so what the screen shows is what the next round is paired from.
"""

from __future__ import annotations

from fractions import Fraction

from engine.model.catalogue import find
from engine.model.team_tournament import Score
from swisstui.outputs.team_standings import Row
from swisstui.session.team_actions import EMPTY, TeamMatchRecord, match_score
from swisstui.store.event import Event, TeamRecord
from swisstui.store.result_keys import result_label
from swisstui.views.format import clip


def points(value: Fraction) -> str:
    """``2½``, ``½``, ``0``: a score as the standings print it."""
    whole, half = divmod(value * 2, 2)
    return f"{int(whole)}{'½' if half else ''}" if whole or not half else "½"


def player_label(event: Event, pid: int) -> str:
    """``12 Name (2100)``, or ``(empty)`` for a board a team left empty."""
    if pid == EMPTY:
        return "(empty)"
    p = event.player(pid)
    rating = f" ({p.rating})" if p.rating else ""
    return f"{pid} {p.name}{rating}"


def team_label(event: Event, team_id: int) -> str:
    """``3 Name``: a team by pairing number and name."""
    return f"{team_id} {event.team_record(team_id).name}"


def from_where(team: TeamRecord) -> str:
    """The team's federation and club, as one cell."""
    return " / ".join(x for x in (team.federation, team.club) if x)


def team_status(team: TeamRecord, next_round: int, absent: list[int]) -> str:
    """Whether the team plays the next round: withdrawn, absent, or nothing to say."""
    if not team.plays_in(next_round):
        return f"withdrawn after r{team.withdrawn_after}"
    if team.id in absent:
        return f"absent r{next_round}"
    return ""


def roster_lines(event: Event, team: TeamRecord) -> list[str]:
    """The team's details, then its players in board order (``1.`` board 1 ...), then its reserves (``R1.``)."""
    lines = [f"{team.id} {team.name}" + (f" ({team.short})" if team.short else "")]
    details = [x for x in (from_where(team), f"captain {team.captain}" if team.captain else "") if x]
    if details:
        lines.append(" · ".join(details))
    lines += [f"{board:>2}. {player_label(event, pid)}" for board, pid in enumerate(team.roster, start=1)]
    lines += [f"R{i}. {player_label(event, pid)}" for i, pid in enumerate(team.reserves, start=1)]
    return lines


def share(width: int, fixed: list[int], flexible: int) -> list[int]:
    """The cells each of ``flexible`` columns gets of a table ``width`` wide beside columns of the ``fixed``
    widths (two cells of padding a column), the first taking what does not divide: long names are cut to
    what the terminal holds, the table filling it, rather than pushed off its right edge."""
    room = width - sum(fixed) - 2 * (len(fixed) + flexible)
    each = max(8, room // flexible)
    return [max(8, room - each * (flexible - 1)), *[each] * (flexible - 1)]


def board_rows(event: Event, match: TeamMatchRecord,
               widths: tuple[int, int] = (1000, 1000)) -> list[tuple[str, str, str, str, str]]:
    """(board, colour of the first team there, white player, black player, result) for each board of ``match``,
    the players cut to ``widths`` cells.

    The team with White on board 1 has White on the odd boards (C.04.6 art. 4: the team "with White")."""
    rows = []
    for b in match.boards:
        first_white = match.side_of_board(b.board)[0] == match.white
        rows.append((str(b.board), "W" if first_white else "B", clip(player_label(event, b.white), widths[0]),
                     clip(player_label(event, b.black), widths[1]), result_label(b.result)))
    return rows


def card_lines(event: Event, match: TeamMatchRecord) -> list[str]:
    """A match card, board by board: the result, then each player whole with rating, colour and team."""
    lines = []
    for b in match.boards:
        white_team, black_team = match.side_of_board(b.board)
        lines.append(f"Board {b.board}: {result_label(b.result) if b.result else 'no result yet'}")
        lines.append(f"  W {player_label(event, b.white)} · team {white_team}")
        lines.append(f"  B {player_label(event, b.black)} · team {black_team}")
    return lines


def match_heading(event: Event, match: TeamMatchRecord) -> str:
    """``Match 2: 3 Team A 2½ - 1½ 7 Team B``, with the boards left to play or the whole match's forfeit."""
    score = match_score(event, match)
    forfeit = f" · forfeited whole by {match.forfeit}" if match.forfeit else ""
    return f"Match {match.number}: {team_label(event, match.white)}  {score}  {team_label(event, match.black)}{forfeit}"


def colours_text(match: TeamMatchRecord, boards: int) -> str:
    """``W B W B``: the colours of the team with White on board 1, board by board."""
    return " ".join("W" if match.side_of_board(b)[0] == match.white else "B" for b in range(1, boards + 1))


def proposed_colours(white: int, black: int, boards: int) -> str:
    """``W B W B`` for a match proposed and not yet stored: the colours :func:`colours_text` shows once it is."""
    return colours_text(TeamMatchRecord(0, white, black), boards)


def standing_columns(primary: Score) -> tuple[str, str]:
    """The two scores in the order the event ranks by: match points first unless the primary score (the team
    tournament's, from the system's option) is game points (C.04.6 art. 1.2)."""
    return ("GP", "MP") if primary is Score.GAME else ("MP", "GP")


def standing_rows(table: list[Row], primary: Score) -> list[tuple[str, str, str, str, str, str]]:
    """(place, number, name, first score, second score, matches played) of the outputs' rows
    (:func:`swisstui.outputs.team_standings.team_table`), best first, as text."""
    first, _ = standing_columns(primary)
    rows = []
    for place, tpn, name, mp, gp, played in table:
        a, b = (gp, mp) if first == "GP" else (mp, gp)
        rows.append((str(place), str(tpn), name, points(a), points(b), str(played)))
    return rows


def boards_in(event: Event, round_number: int) -> tuple[int, int]:
    """(boards with a result, boards) of a team round; a match forfeited whole counts all its boards in."""
    rnd = event.round(round_number)
    done = total = 0
    for m in rnd.team.matches if rnd is not None else ():
        total += len(m.boards)
        done += len(m.boards) if m.forfeit else sum(1 for b in m.boards if b.result)
    return done, total


def team_next_step(event: Event) -> str:
    """What to do next in a team event, in one line, with the keys that do it."""
    k = event.rounds_paired
    if not event.teams:
        return "Register the teams: p, then a to add one (its players in board order)."
    if k == 0 and not numbers_drawn(event):
        return (f"Round 1: {len(event.teams)} teams registered. A round robin's numbers come first (C.05): "
                "swisstui team EVENT draw, or draw --keep.")
    if k == 0:
        return f"Round 1: {len(event.teams)} teams registered. Pair it with n."
    done, total = boards_in(event, k)
    if done < total:
        return f"Round {k}: {done} of {total} boards in. Enter them with r, a match at a time."
    if k >= event.settings.rounds:
        return "All rounds played: final team standings with s; P there publishes them."
    return f"Round {k} complete. Pair round {k + 1} with n."


def numbers_drawn(event: Event) -> bool:
    """Whether the teams' numbers are settled for the table: always in a Swiss; in a team round robin once
    drawn or kept (the log says so) for the teams as they are (the event's rounds are the table's)."""
    info = find(event.settings.system)
    if info is None or not info.round_robin:
        return True
    settled = any(e.action in ("team-draw", "team-numbers") for e in event.log)
    return settled and info.rounds_for(len(event.teams)) == event.settings.rounds

