"""The command line of a team event (C.04.6): ``swisstui team EVENT ACTION ...``, ``new --team-size`` and
``pair`` on a team TRF-2026 file.

Every action is one operation of the session's ``session.teams`` (so the command line changes the
event as the application does, under its lock, refused in one line), except ``pair FILE.trf``,
which pairs a team file through the catalogue's entry for the checkers' protocol.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from swisstui.cli.errors import EXIT_BAD_INPUT, EXIT_FILE, EXIT_NO_PAIRING, EXIT_OK, EXIT_USAGE, CliError, session_refusals
from swisstui.cli.team_draw import add_draw_action, draw

INT_FIELDS = ("rating", "fide_id", "national_rating", "k_factor", "fixed_board")
"""Player fields the CSV holds as numbers; the others are text."""

PLACE_COLUMNS = frozenset({"team", "board"})
"""The CSV's columns that place a player (the team's name, the board), not fields of the player."""


# -- the parser ---------------------------------------------------------------------------


def add_team_command(sub: argparse._SubParsersAction, parser_class: type[argparse.ArgumentParser]) -> None:
    """``swisstui team EVENT ACTION``: the actions on a team event."""
    p = sub.add_parser("team", help="a team event (FIDE Swiss system for teams, C.04.6): teams, pairing, lineups, "
                       "board results, standings")
    p.add_argument("event", type=Path, help="the event file (TOML), made with new --system fide-team --team-size N")
    p.add_argument("--arbiter", default="", help="the name the history records the change under")
    actions = p.add_subparsers(dest="team_action", metavar="ACTION", required=True, parser_class=parser_class)
    a = actions.add_parser("add", help="register a team with its players in board order (new players)")
    a.add_argument("name", help="the team's name")
    a.add_argument("--player", action="append", default=[], metavar="NAME[,RATING]",
                   help="a player, in board order (repeat it); players past the team size are reserves")
    for key in ("short", "federation", "club", "captain"):
        a.add_argument(f"--{key}", default="", help=f"the team's {key}")
    a = actions.add_parser("import", help="register teams from a CSV file: columns team, board, name and any "
                           "player fields (rating, title, federation, fide_id, birth, sex, club); boards past the "
                           "team size are reserves")
    a.add_argument("csv", type=Path)
    actions.add_parser("order", help="number the teams by strength before round 1: the average rating of their "
                       "roster, highest first")
    add_draw_action(actions)
    a = actions.add_parser("absent", help="a team will not play a round (before it is paired)")
    a.add_argument("round", type=int)
    a.add_argument("team", type=int)
    a = actions.add_parser("withdraw", help="a team plays no more rounds")
    a.add_argument("team", type=int)
    actions.add_parser("pair", help="pair the next round by the event's system, with each team's default lineup")
    a = actions.add_parser("lineup", help="a team's players on the boards of its match, in board order (0: empty)")
    a.add_argument("round", type=int)
    a.add_argument("team", type=int)
    a.add_argument("players", help="pairing numbers, comma-separated, board 1 first")
    a = actions.add_parser("result", help="a board's result, with the keys of individual results (1-0, 0-1, "
                           "1/2-1/2, +/-, -/+, -/-, ...)")
    for key in ("round", "match", "board"):
        a.add_argument(key, type=int)
    a.add_argument("result")
    a.add_argument("--correct", action="store_true", help="change a result already entered")
    a = actions.add_parser("forfeit", help="a match lost whole by forfeit (TRF-2026 record 330)")
    a.add_argument("round", type=int)
    a.add_argument("match", type=int)
    a.add_argument("side", choices=("white", "black", "both"),
                   help="the team that forfeited: white (White on board 1), black, or both")
    a = actions.add_parser("standings", help="team standings: match points, then game points")
    a.add_argument("--round", type=int, help="after this round (default: the last paired)")
    actions.add_parser("show", help="the teams and their rosters, and each round's matches and boards")


def add_new_team_options(p: argparse.ArgumentParser) -> None:
    """``new``'s options for a team event."""
    p.add_argument("--team-size", type=int, help="a team event (a system pairing teams, fide-team): the boards of "
                   "a match; every team's roster has this many players")
    p.add_argument("--match-points", default="2,1,0", metavar="WIN,DRAW,LOSS",
                   help="a team event's match points for a won, drawn and lost match (default: 2,1,0)")
    p.add_argument("--lineup", choices=("strict", "warn"), default="strict",
                   help="a team event's lineups that break the board order or leave a board empty above a player: "
                        "refused (strict, the default) or accepted with a warning naming the rule (warn)")
    p.add_argument("--bye-points", metavar="MP,GP",
                   help="a team event's pairing-allocated bye: match points, game points (C.04.6 art. 1.4; default: "
                        "1 match point, one game point a board)")


def team_settings_of(args: argparse.Namespace, pairs_teams: bool) -> Any:
    """``new``'s team settings (a :class:`~swisstui.store.team_records.TeamSettings`), None for an individual event."""
    from swisstui.store.team_records import TeamSettings

    if not pairs_teams:
        if args.team_size is not None:
            raise CliError(f"--team-size: the {args.system} system pairs players (a team event: --system fide-team)",
                           EXIT_USAGE)
        return None
    if args.team_size is None or not 1 <= args.team_size <= 20:
        raise CliError(f"--team-size: the {args.system} system pairs teams: give the boards of a match (1 to 20)",
                       EXIT_USAGE)
    win, draw, loss = _points(args.match_points, "--match-points", 3)
    settings = TeamSettings(args.team_size, win, draw, loss, lineup=getattr(args, "lineup", "strict"))
    if args.bye_points is not None:
        settings.bye_match_points, settings.bye_game_points = _points(args.bye_points, "--bye-points", 2)
    return settings


def _points(text: str, option: str, count: int) -> list[Decimal]:
    try:
        values = [Decimal(v.strip()) for v in text.split(",")]
    except InvalidOperation:
        values = []
    if len(values) != count or any(not v.is_finite() or v < 0 or v > 100 for v in values):
        raise CliError(f"{option}: expected {count} numbers of points separated by commas, got {text!r}", EXIT_USAGE)
    return [Decimal(format(v.quantize(Decimal("0.01")).normalize(), "f")) for v in values]


# -- pair FILE.trf -----------------------------------------------------------------------------


def team_pairing_of_trf(path: Path, system: str | None, explain: bool = False) -> str | None:
    """The checkers' protocol for the next round of a team TRF-2026 file (number of matches, ``WHITE BLACK`` a
    line, ``T 0`` the bye), when record 192 (or ``system``) names a system that pairs teams; else None.
    ``explain``: the steps of the pairing, each with its C.04.6 article, go to standard error (as for players)."""
    from engine import systems
    from engine.model.catalogue import BAKU_SUFFIX
    from engine.trf.errors import TrfError
    from engine.trf.team_read import read_team_trf

    if path.suffix.lower() == ".toml":
        return _team_event_pairing(path, explain)
    try:
        text = path.read_text(encoding="latin-1")
    except OSError:
        return None  # the individual path says what is wrong with the file, as it always has
    named = system or next((line[4:].strip() for line in text.splitlines() if line.startswith("192 ")), "")
    if named.upper().endswith(BAKU_SUFFIX):  # ETT26's Baku suffix (C.04.7): the reader applies it
        named = named[: -len(BAKU_SUFFIX)]
    info = systems.find(named)
    if info is None or info.unit is not systems.Unit.TEAM:
        return None
    try:
        event = read_team_trf(text, source=str(path))
    except TrfError as err:
        raise CliError(str(err), EXIT_BAD_INPUT) from None
    if event.rounds_played >= event.total_rounds:
        raise CliError(f"{path}: all {event.total_rounds} rounds are already paired; nothing to pair", EXIT_USAGE)
    return _protocol(info, event, explain)


def _protocol(info: Any, event: Any, explain: bool = False) -> str:
    """The pairing of the team tournament ``event`` by ``info``'s entry, as the checkers read it."""
    try:
        pairing = info.pair_teams(event)
    except ValueError as err:  # C.04.6 art. 3.3.3: no legal pairing
        raise CliError(f"round {event.rounds_played + 1}: no legal pairing exists ({err})", EXIT_NO_PAIRING) from None
    rows = [f"{m.white} {m.black}" for m in pairing.matches]
    if explain:  # standard output carries only the pairing; the explanation always goes to standard error
        from engine.model.explain import render

        print(render(info.explain_teams(event, pairing)), file=sys.stderr)
    return "\n".join([str(len(rows)), *rows]) + "\n"


def _team_event_pairing(path: Path, explain: bool = False) -> str | None:
    """``pair EVENT.toml`` on a team event: the next round's pairing printed, nothing stored (``team pair`` stores
    it); None for an individual event."""
    from engine import systems
    from swisstui import store
    from swisstui.store.event_teams import team_tournament

    try:
        event = store.load(path)
    except store.EventFileError:
        return None  # the individual path reports the file's problem, as it always has
    if event.team is None:
        return None
    if event.rounds_paired >= event.settings.rounds:
        raise CliError(f"{path}: all {event.settings.rounds} rounds are already paired; nothing to pair", EXIT_USAGE)
    return _protocol(systems.get(event.settings.system), team_tournament(event), explain)


# -- swisstui team EVENT ACTION ------------------------------------------------------------------


def cmd_team(args: argparse.Namespace) -> int:
    from swisstui.session.actions import Session

    with session_refusals():
        session = Session.open(args.event, arbiter=args.arbiter)
        action: Callable[[Any, argparse.Namespace], None] = ACTIONS[args.team_action]
        action(session, args)
    return EXIT_OK


def _add(session: Any, args: argparse.Namespace) -> None:
    size = session.event.team.size if session.event.team is not None else len(args.player)
    players = []
    for text in args.player:
        name, _, rating = text.rpartition(",") if "," in text else (text, "", "")
        fields: dict[str, Any] = {"name": name.strip()}
        if rating.strip():
            if not rating.strip().isdigit():
                raise CliError(f"--player {text!r}: the rating after the comma is not a number", EXIT_USAGE)
            fields["rating"] = int(rating)
        players.append(fields)
    made = session.teams.add(args.name, players[:size], players[size:], short=args.short,
                             federation=args.federation, club=args.club, captain=args.captain)
    print(f"team {made.value}: {args.name}")


def read_teams_csv(path: Path, size: int) -> list[Any]:
    """The teams of a CSV file as :class:`~swisstui.session.team_actions.NewTeam`; every problem a
    :class:`CliError` naming the file, the line and the column, before anything is registered."""
    import csv

    from swisstui.session.team_actions import NewTeam

    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        raise CliError(f"{path}: cannot read: {getattr(err, 'strerror', None) or err}", EXIT_FILE) from None
    rows = csv.DictReader(text.splitlines())
    missing = [c for c in ("team", "board", "name") if c not in (rows.fieldnames or [])]
    if missing:
        raise CliError(f"{path}:1: header: no column {missing[0]!r} (the columns: team, board, name, and player "
                       "fields such as rating, title, federation, fide_id)", EXIT_BAD_INPUT)
    teams: dict[str, dict[int, dict[str, Any]]] = {}
    for line, row in enumerate(rows, start=2):
        team = (row.get("team") or "").strip()
        if not team:
            raise CliError(f"{path}:{line}: team: empty", EXIT_BAD_INPUT)
        board_text = (row.get("board") or "").strip()
        if not board_text.isdigit() or int(board_text) < 1:
            raise CliError(f"{path}:{line}: board: expected 1, 2, ... (board order), got {board_text!r}", EXIT_BAD_INPUT)
        board = int(board_text)
        if board in teams.setdefault(team, {}):
            raise CliError(f"{path}:{line}: board: team {team} has board {board} twice", EXIT_BAD_INPUT)
        fields: dict[str, Any] = {}
        for key, value in row.items():
            if key is None or key in PLACE_COLUMNS or value is None or not value.strip():
                continue
            if key in INT_FIELDS:
                if not value.strip().isdigit():
                    raise CliError(f"{path}:{line}: {key}: expected a number, got {value!r}", EXIT_BAD_INPUT)
                fields[key] = int(value)
            else:
                fields[key] = value.strip()
        if "name" not in fields:
            raise CliError(f"{path}:{line}: name: empty", EXIT_BAD_INPUT)
        teams[team][board] = fields | {"_line": line}
    found = []
    for team, boards in teams.items():
        order = sorted(boards)
        if order != list(range(1, len(order) + 1)) or len(order) < size:
            gap = next((b for b in range(1, size + 1) if b not in boards), len(order) + 1)
            raise CliError(f"{path}:{boards[order[-1]]['_line']}: board: team {team} has no board {gap} (a team of "
                           f"{size} boards lists boards 1 to {size}, then its reserves)", EXIT_BAD_INPUT)
        players = [{k: v for k, v in boards[b].items() if k != "_line"} for b in order]
        found.append(NewTeam(team, tuple(players[:size]), tuple(players[size:])))
    return found


def _import(session: Any, args: argparse.Namespace) -> None:
    if session.event.team is None:
        session.teams.team_tournament()  # refused: not a team event
    teams = read_teams_csv(args.csv, session.event.team.size)
    made = session.teams.add_many(teams)
    print(f"{len(made.value)} teams registered from {args.csv}: numbers {made.value[0]}-{made.value[-1]}")


def _pair(session: Any, args: argparse.Namespace) -> None:
    number = session.teams.pair().value
    print(round_text(session.event, number), end="")


def round_text(event: Any, number: int) -> str:
    """A round's matches and boards as text: the team with White on board 1 first."""
    rnd = event.recorded_round(number).team
    names = {t.id: t.name for t in event.teams}
    players = {p.id: p.name for p in event.players}
    lines = [f"round {number}"]
    for m in rnd.matches:
        forfeit = f"  (forfeited by {m.forfeit})" if m.forfeit else ""
        lines.append(f"  match {m.number}: {m.white} {names[m.white]} - {m.black} {names[m.black]}{forfeit}")
        for b in m.boards:
            white = f"{b.white} {players[b.white]}" if b.white else "(empty)"
            black = f"{b.black} {players[b.black]}" if b.black else "(empty)"
            lines.append(f"    board {b.board}: {white} - {black}  {b.result}".rstrip())
    if rnd.bye is not None:
        lines.append(f"  bye: {rnd.bye} {names[rnd.bye]}")
    for t in rnd.absent:
        lines.append(f"  absent: {t} {names[t]}")
    return "\n".join(lines) + "\n"


def _order(session: Any) -> None:
    moved = session.teams.order_by_strength().value
    print(", ".join(f"team {old} -> {new}" for old, new in sorted(moved.items())) or "the teams are already in order")


def _lineup(session: Any, args: argparse.Namespace) -> None:
    try:
        players = [int(x) for x in args.players.split(",")]
    except ValueError:
        raise CliError(f"lineup: expected pairing numbers separated by commas, got {args.players!r}", EXIT_USAGE) from None
    made = session.teams.set_lineup(args.round, args.team, players)
    print(f"round {args.round}, team {args.team}: {players}")
    for warning in getattr(made, "value", None) or ():  # accepted under [settings.team] lineup = "warn"
        print(f"warning: {args.event}: {warning} (accepted: settings.team.lineup = warn)", file=sys.stderr)


def _result(session: Any, args: argparse.Namespace) -> None:
    made = session.teams.set_result(args.round, args.match, args.board, args.result, correct=args.correct)
    print(f"round {args.round}, match {args.match}, board {args.board}: {args.result}; match {made.value}")


def _forfeit(session: Any, args: argparse.Namespace) -> None:
    session.teams.forfeit(args.round, args.match, args.side)
    print(f"round {args.round}, match {args.match}: forfeited by {args.side}")


def _standings(session: Any, args: argparse.Namespace) -> None:
    from swisstui.outputs.team_standings import team_standings_text

    session.teams.team_tournament()  # refused for an individual event
    print(team_standings_text(session.event, args.round), end="")


def _show(session: Any, args: argparse.Namespace) -> None:
    event = session.teams.event
    session.teams.team_tournament()
    for t in event.teams:
        roster = ", ".join(f"{p} {event.player(p).name}" for p in t.roster)
        spare = f"; reserves {', '.join(str(p) for p in t.reserves)}" if t.reserves else ""
        print(f"team {t.id}: {t.name}: {roster}{spare}")
    for number in range(1, event.rounds_paired + 1):
        print(round_text(event, number), end="")


ACTIONS: dict[str, Callable[[Any, argparse.Namespace], None]] = {
    "add": _add,
    "import": _import,
    "order": lambda s, a: _order(s),
    "draw": draw,
    "absent": lambda s, a: s.teams.absent(a.round, a.team) and None,
    "withdraw": lambda s, a: s.teams.withdraw(a.team) and None,
    "pair": _pair,
    "lineup": _lineup,
    "result": _result,
    "forfeit": _forfeit,
    "standings": _standings,
    "show": _show,
}
