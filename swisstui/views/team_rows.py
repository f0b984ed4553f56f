"""What the team screens show, as rows and lines of text (no Textual): teams and rosters, lineups, a match's
boards and score, team standings.

Every score is the session's (:func:`swisstui.session.team_actions.match_score`) or the outputs' team standings
(:func:`swisstui.outputs.team_standings.team_table`), computed from the boards as the pairing reads them; the
views only lay them out, so what the screen shows is what the next round is paired from.
"""

from __future__ import annotations

import re
from fractions import Fraction

from engine.model.catalogue import find
from engine.model.team_tournament import Score
from swisstui.language import N_, _, ngettext
from swisstui.outputs.team_standings import Row
from swisstui.session.team_actions import EMPTY, TeamMatchRecord, match_score
from swisstui.store.event import Event, TeamRecord
from swisstui.store.result_keys import result_label
from swisstui.views.format import black_letter, clip, colour_letter, white_letter


def points(value: Fraction) -> str:
    """``2½``, ``½``, ``0``: a score as the standings print it."""
    whole, half = divmod(value * 2, 2)
    return f"{int(whole)}{'½' if half else ''}" if whole or not half else "½"


def player_label(event: Event, pid: int) -> str:
    """``12 Name (2100)``, or ``(empty)`` for a board a team left empty."""
    if pid == EMPTY:
        return _("(empty)")
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
        return _("withdrawn after r{round}").format(round=team.withdrawn_after)
    if team.id in absent:
        return _("absent r{round}").format(round=next_round)
    return ""


def roster_lines(event: Event, team: TeamRecord) -> list[str]:
    """The team's details, then its players in board order (``1.`` board 1 ...), then its reserves (``R1.``)."""
    lines = [f"{team.id} {team.name}" + (f" ({team.short})" if team.short else "")]
    details = [x for x in (from_where(team), _("captain {name}").format(name=team.captain) if team.captain else "") if x]
    if details:
        lines.append(" · ".join(details))
    lines += [f"{board:>2}. {player_label(event, pid)}" for board, pid in enumerate(team.roster, start=1)]
    # Translators: R for a reserve (a player of the team not on its board order), numbered
    lines += [_("R{number}. {player}").format(number=i, player=player_label(event, pid))
              for i, pid in enumerate(team.reserves, start=1)]
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
        first_white = match.side_of_board(b.board, _colours(event))[0] == match.white
        rows.append((str(b.board), colour_letter(first_white), clip(player_label(event, b.white), widths[0]),
                     clip(player_label(event, b.black), widths[1]), result_label(b.result)))
    return rows


def card_lines(event: Event, match: TeamMatchRecord) -> list[str]:
    """A match card, board by board: the result, then each player whole with rating, colour and team."""
    lines = []
    for b in match.boards:
        white_team, black_team = match.side_of_board(b.board, _colours(event))
        lines.append(_("Board {board}: {result}").format(
            board=b.board, result=result_label(b.result) if b.result else _("no result yet")))
        lines.append("  " + _("{colour} {player} · team {team}").format(
            colour=white_letter(), player=player_label(event, b.white), team=white_team))
        lines.append("  " + _("{colour} {player} · team {team}").format(
            colour=black_letter(), player=player_label(event, b.black), team=black_team))
    return lines


FORFEITED_BY = {"white": N_("forfeited whole by the first team"), "black": N_("forfeited whole by the second team"),
                "both": N_("forfeited whole by both teams")}
"""A match forfeited whole, by the side the event file names (``white``, ``black``, ``both``: kept as keys)."""


def left_to_play(match: TeamMatchRecord) -> int:
    """The boards of ``match`` still without a result (none once it is forfeited whole)."""
    return 0 if match.forfeit else sum(1 for b in match.boards if not b.result)


def score_only(event: Event, match: TeamMatchRecord) -> str:
    """``2½ - 1½``: the session's score of the match (:func:`match_score`), without its words: the figures stay
    the session's (what the next round is paired from), the boards left are said by :func:`score_text` in the
    arbiter's language, whatever language the session's sentence is in."""
    shown = match_score(event, match)
    found = re.match(r"\S+ - \S+", shown)
    return found.group(0) if found else shown


def score_text(event: Event, match: TeamMatchRecord, short: bool = False) -> str:
    """The score with the boards still to play, in the arbiter's language: ``2½ - 1½ (2 boards to play)``,
    or ``2½ - 1½ (2 left)`` where a column has little room."""
    left = left_to_play(match)
    if not left:
        return score_only(event, match)
    if short:
        said = ngettext("{score} ({count} left)", "{score} ({count} left)", left)
    else:
        said = ngettext("{score} ({count} board to play)", "{score} ({count} boards to play)", left)
    return said.format(score=score_only(event, match), count=left)


def match_heading(event: Event, match: TeamMatchRecord) -> str:
    """``Match 2: 3 Team A 2½ - 1½ 7 Team B``, with the boards left to play or the whole match's forfeit."""
    heading = _("Match {number}: {first}  {score}  {second}").format(
        number=match.number, first=team_label(event, match.white), score=score_text(event, match),
        second=team_label(event, match.black))
    if match.forfeit:
        heading += " · " + _(FORFEITED_BY.get(match.forfeit, match.forfeit))
    return heading


def colours_text(match: TeamMatchRecord, boards: int, colours: str = "") -> str:
    """``W B W B``: the colours of the team with White on board 1, board by board (the arbiter's letters);
    ``colours``: the event's board colour sequence (record 352), when it has one."""
    return " ".join(colour_letter(match.side_of_board(b, colours)[0] == match.white) for b in range(1, boards + 1))


def _colours(event: Event) -> str:
    """The event's board colour sequence ("" for the default W B W B ...)."""
    return event.team.board_colours if event.team is not None else ""


def proposed_colours(white: int, black: int, boards: int, colours: str = "") -> str:
    """``W B W B`` for a match proposed and not yet stored: the colours :func:`colours_text` shows once it is."""
    return colours_text(TeamMatchRecord(0, white, black), boards, colours)


SCORE_NAMES = {"MP": N_("match points"), "GP": N_("game points")}
"""The two scores' long names, by their C.07 short names (which stay in every language)."""


def standing_columns(primary: Score) -> tuple[str, str]:
    """The two scores in the order the event ranks by: match points first unless the primary score (the team
    tournament's, from the system's option) is game points (C.04.6 art. 1.2)."""
    return ("GP", "MP") if primary is Score.GAME else ("MP", "GP")


def standing_rows(table: list[Row], primary: Score) -> list[tuple[str, str, str, str, str, str]]:
    """(place, number, name, first score, second score, matches played) of the outputs' rows
    (:func:`swisstui.outputs.team_standings.team_table`), best first, as text."""
    first, _second = standing_columns(primary)
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
    teams = len(event.teams)
    if not event.teams:
        return _("Register the teams: p, then a to add one (its players in board order).")
    if k == 0 and not numbers_drawn(event):
        return ngettext("Round 1: {count} team registered. A round robin's numbers come first (C.05): "
                        "swisstui team EVENT draw, or draw --keep.",
                        "Round 1: {count} teams registered. A round robin's numbers come first (C.05): "
                        "swisstui team EVENT draw, or draw --keep.", teams).format(count=teams)
    if k == 0:
        return ngettext("Round 1: {count} team registered. Pair it with n.",
                        "Round 1: {count} teams registered. Pair it with n.", teams).format(count=teams)
    done, total = boards_in(event, k)
    if done < total:
        return ngettext("Round {round}: {done} of {total} board in. Enter them with r, a match at a time.",
                        "Round {round}: {done} of {total} boards in. Enter them with r, a match at a time.",
                        total).format(round=k, done=done, total=total)
    if k >= event.settings.rounds:
        return _("All rounds played: final team standings with s; P there publishes them.")
    return _("Round {round} complete. Pair round {next} with n.").format(round=k, next=k + 1)


def numbers_drawn(event: Event) -> bool:
    """Whether the teams' numbers are settled for the table: always in a Swiss; in a team round robin once
    drawn or kept (the log says so) for the teams as they are (the event's rounds are the table's)."""
    info = find(event.settings.system)
    if info is None or not info.round_robin:
        return True
    settled = any(e.action in ("team-draw", "team-numbers") for e in event.log)
    return settled and info.rounds_for(len(event.teams)) == event.settings.rounds

