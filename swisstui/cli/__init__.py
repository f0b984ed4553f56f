"""The ``swisstui`` command line.

``swisstui EVENT.toml`` opens the application; the subcommands work on files
without it. ``pair`` and ``check`` follow the JaVaFo / bbpPairings conventions
so that other tournament software can call us in their place.

Exit codes (:mod:`swisstui.cli.errors`): 0 ok, 1 no legal pairing exists,
2 bad usage, 3 bad input file, 4 an internal error (a bug), 5 a file could
not be read or written. No error ends in a traceback: an unforeseen one is
still one line, with exit code 4, so that a program calling ``swisstui pair``
never mistakes a crash (Python's exit code 1) for "no legal pairing".

Heavy modules (Textual, the engine) are imported inside the commands that need
them: ``swisstui pair`` is called once per round by other programs and must
start fast.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from swisstui import __version__
from swisstui.cli.errors import EXIT_INTERNAL, EXIT_USAGE, CliError

COMMANDS = ("open", "new", "restore", "import", "export", "pair", "check", "generate", "serve", "standings", "publish",
            "prizes", "ratings", "draw", "norms", "team", "result")
TEAM_COMMAND = "team"  # ``swisstui team EVENT ACTION``: a command's name (the word is also an edition of fide-team)


class _Parser(argparse.ArgumentParser):
    """argparse exits with 2 on bad usage, which is our code too; keep its message on one line."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


@functools.cache
def build_parser() -> argparse.ArgumentParser:
    """The parser of every command, in the order ``--help`` lists them.

    Built once a process (it takes about 10 ms): parsing leaves the parser as it was, and scripts
    and the tests call :func:`main` many times.
    """
    parser = _Parser(
        prog="swisstui",
        description="Run a Swiss-system chess tournament from the terminal.",
        epilog="Run 'swisstui COMMAND --help' for the options of a command. "
        "'swisstui EVENT.toml' is short for 'swisstui open EVENT.toml'.",
    )
    parser.add_argument("--version", action="version", version=f"swisstui {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    _add_event_file_commands(sub)
    _add_pairing_commands(sub)
    _add_output_commands(sub)
    from swisstui.cli.ratings import add_ratings_command

    add_ratings_command(sub, _Parser)
    from swisstui.cli.norms import add_norms_command

    add_norms_command(sub)
    from swisstui.cli.teams import add_team_command

    add_team_command(sub, _Parser)
    from swisstui.cli.match_results import add_result_command

    add_result_command(sub)
    return parser


def _add_event_file_commands(sub: argparse._SubParsersAction) -> None:
    """open, new, import, export: the commands that open, create or convert an event file."""
    p = sub.add_parser("open", help="open an event in the application")
    p.add_argument("event", type=Path, help="the event file (TOML)")
    p.add_argument("--theme", help="colour theme: dark, light, contrast, or the name of one of your own "
                   "(a .tcss file in the themes folder beside your preferences file)")
    p.add_argument("--arbiter", default="",
                   help="the name the event's history records your changes under (default: SWISSTUI_ARBITER, "
                        "else your login name)")
    p.add_argument("--language", help="the screens' language for this run: en, fr, de or es (default: "
                   "SWISSTUI_LANGUAGE, else the one chosen in the app, else the terminal's locale)")

    p = sub.add_parser("restore", help="make the event what its backup EVENT.toml.bak holds (the file before "
                       "the last save), recorded in its history so that it can be undone")
    p.add_argument("event", type=Path, help="the event file (TOML)")
    p.add_argument("--arbiter", default="", help="the name the history records the restore under")

    p = sub.add_parser("new", help="create a new event file")
    p.add_argument("event", type=Path, help="the event file to create (TOML)")
    p.add_argument("--name", required=True, help="the tournament's name")
    p.add_argument("--rounds", type=int, required=True, help="number of rounds (C.04.1 art. 1)")
    p.add_argument("--system", default=_default_system(), metavar="SYSTEM",
                   help=f"pairing system: {_system_choices()} (default: {_default_system()})")
    p.add_argument("--initial-colour", choices=("white", "black"),
                   help="colour of the top player in round 1, drawn by lot (default: white; club: drawn)")
    p.add_argument("--tiebreaks",
                   help="ordered tie-break list, MTB26 codes (FIDE C.07), e.g. 'BH/C1,BH,SB,DE'; '' for none "
                        f"(default: the system's own list: {_default_tiebreaks()})")
    p.add_argument("--accelerate", choices=("none", "baku"), default="none",
                   help="acceleration announced in the regulations: baku (C.04.7) gives group A virtual points "
                        "in the first rounds (default: none)")
    p.add_argument("--language", default="en", metavar="CODE",
                   help="the language of the published pages, paper for the hall and venue display: en, fr, de "
                        "or es (default: en; the screens follow each arbiter's own)")
    _add_option_flags(p)
    from swisstui.cli.teams import add_new_team_options

    add_new_team_options(p)
    p.add_argument("--force", action="store_true", help="overwrite an existing file")

    p = sub.add_parser("import", help="create an event file from a TRF file")
    p.add_argument("trf", type=Path, help="the TRF file to read")
    p.add_argument("-o", "--output", type=Path, required=True, help="the event file to write (TOML)")
    p.add_argument("--name", help="event name (default: the TRF 012 record)")
    p.add_argument("--rounds", type=int,
                   help="number of rounds (default: the TRF 142 or XXR record; required when the file has neither)")
    p.add_argument("--force", action="store_true", help="overwrite an existing event file")

    p = sub.add_parser("export", help="write an event as a TRF file")
    p.add_argument("event", type=Path, help="the event file (TOML)")
    p.add_argument("--trf", type=Path, required=True, help="the TRF file to write ('-' for standard output)")
    p.add_argument("--dialect", choices=("trf26", "javafo", "bbp"), default="trf26",
                   help="trf26 (default), javafo (adds XXR/XXC/XXS lines), bbp (for bbpPairings)")
    p.add_argument("--strict", action="store_true",
                   help="refuse to write the file while the rating report lacks what FIDE needs (round dates, "
                        "arbiters' FIDE IDs, dates, federation, players' FIDE IDs or a new player's data)")


def _system_choices() -> str:
    """The ids ``--system`` takes, those swisstui cannot pair yet marked (the event file may name them)."""
    from engine import systems

    return ", ".join(info.id + ("" if info.available else " (not paired yet)") for info in systems.SYSTEMS)


def _default_system() -> str:
    """The system an event is paired with when nothing names one (the model's default)."""
    from engine.model.tournament import DEFAULT_SYSTEM

    return DEFAULT_SYSTEM


def _default_tiebreaks() -> str:
    """Each system's default tie-break list as ``new --help`` names it, systems sharing a list together."""
    from engine import systems

    lists: dict[tuple[str, ...], list[str]] = {}
    for info in systems.SYSTEMS:
        lists.setdefault(info.tiebreaks, []).append(info.id)
    if len(lists) == 1:
        return ",".join(next(iter(lists)))
    return "; ".join(f"{', '.join(ids)}: {','.join(codes) or 'none'}" for codes, ids in lists.items())


def _add_option_flags(p: argparse.ArgumentParser) -> None:
    """``--<id>`` for every option a system of the catalogue offers (Lim's ``--maxi``), with the systems having it."""
    from engine import systems

    having: dict[str, list[str]] = {}
    offered: dict[str, systems.SystemOption] = {}
    for info in systems.SYSTEMS:
        for option in info.options:
            offered.setdefault(option.id, option)
            having.setdefault(option.id, []).append(info.id)
    for option_id, option in offered.items():
        whose = f"{option.title}, for {', '.join(having[option_id])}: {option.help}"
        if option.switch:
            p.add_argument(f"--{option_id}", dest=f"option_{option_id}", action="store_const", const="yes",
                           help=whose)
        else:
            p.add_argument(f"--{option_id}", dest=f"option_{option_id}", choices=option.values,
                           help=f"{whose} (default: {option.default})")


def _add_pairing_commands(sub: argparse._SubParsersAction) -> None:
    """pair, check, generate: the engine on TRF files (the next round, every round again, a random event)."""
    p = sub.add_parser("pair", help="pair the next round of a TRF file (JaVaFo/bbpPairings compatible)")
    p.add_argument("input", type=Path, help="the tournament as a TRF file (or an event TOML)")
    p.add_argument("-p", "--pairing", dest="output", type=Path, nargs="?", const=Path("-"),
                   help="write the pairing here: number of pairs, then 'white black' lines, 'N 0' for the bye "
                   "(default: standard output)")
    p.add_argument("--system", help=f"pairing system (default: the one the file names, else {_default_system()})")
    p.add_argument("--explain", action="store_true",
                   help="also print how the pairing was made, always to standard error")

    p = sub.add_parser("check", help="re-pair every round of a tournament and report the rounds that differ")
    p.add_argument("input", type=Path, help="the tournament as a TRF file")
    p.add_argument("--system", help=f"pairing system (default: the one the file names, else {_default_system()})")
    p.add_argument("--explain", action="store_true", help="print our explanation for each round that differs")

    p = sub.add_parser("generate", help="play a random tournament with our engine (random tournament generator)")
    p.add_argument("--system", default=_default_system(), help=f"pairing system (default: {_default_system()})")
    p.add_argument("--players", type=int, help="number of players (an individual event)")
    p.add_argument("--teams", type=int, help="number of teams: a team event (fide-team) written as an event file, "
                   "each round paired and entered through the session as the app does")
    p.add_argument("--boards", type=int, default=4, help="a team event's boards (default 4)")
    p.add_argument("--rounds", type=int, required=True, help="number of rounds")
    p.add_argument("--seed", type=int, default=1, help="random seed: the same seed gives the same tournament")
    p.add_argument("--draw-rate", type=float, default=0.3, help="share of drawn games (default 0.3)")
    p.add_argument("--forfeit-rate", type=float, default=0.02, help="share of forfeited games (default 0.02)")
    p.add_argument("--bye-rate", type=float, default=0.01, help="share of requested half-point byes (default 0.01)")
    p.add_argument("--retire-rate", type=float, default=0.005, help="share of players retiring each round")
    p.add_argument("-o", "--output", type=Path, required=True,
                   help="the TRF file to write (with --teams: the event file, TOML)")


def _add_output_commands(sub: argparse._SubParsersAction) -> None:
    """serve, standings, publish: the event shown to players and the public."""
    p = sub.add_parser("serve", help="serve the application to a web browser (textual-serve)")
    p.add_argument("event", type=Path, help="the event file (TOML)")
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default: loopback; reach it through an SSH tunnel)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--display", action="store_true",
                   help="serve the read-only venue display (pairings, standings) instead of the application")
    p.add_argument("--distance", type=float, default=0, metavar="METRES",
                   help="with --display: the hall setting, the distance the screen is read from; the type is sized "
                        "for it (10: capitals 56 px on a 1080p screen), one list at a time (default: the type "
                        "follows the screen)")
    p.add_argument("--max-connections", type=int, default=4,
                   help="connections served at once; each browser tab of the application runs its own app "
                        "process (default 4; with --display, requests answered at once)")

    p = sub.add_parser("draw", help="a round robin's pairing numbers drawn by lot before round 1; the seed is "
                       "recorded in the event's log, so the draw can be repeated and shown")
    p.add_argument("event", type=Path, help="the event file (TOML)")
    p.add_argument("--seed", type=int, help="the seed of the lot (default: a new one, printed and recorded)")
    p.add_argument("--varma", action="store_true",
                   help="the restricted draw of the Varma tables (C.05 Annex 2, 9 to 24 players): players of one "
                        "federation draw from one set of numbers")
    p.add_argument("--keep", action="store_true",
                   help="no lot: keep the numbers the players have (the arbiter's own draw), checked to be 1..N; "
                        "the event's rounds become the table's")
    p.add_argument("--arbiter", default="", help="the name the history records the draw under")

    p = sub.add_parser("standings", help="standings after any round, with the tie-breaks")
    p.add_argument("input", type=Path, help="the event file (TOML) or a TRF file")
    p.add_argument("--round", type=int, help="standings after this round (default: the last paired)")
    p.add_argument("--tiebreaks", help="ordered tie-break list, e.g. 'BH/C1,BH,SB' (default: the event's)")
    p.add_argument("--format", choices=("text", "csv", "json"), default="text",
                   help="text (default); csv: rank,number,name,points and one column per tie-break; json")
    p.add_argument("-o", "--output", type=Path, help="the file to write (default: standard output)")
    p.add_argument("--players", action="store_true",
                   help="a team event: the players' own standings and rating figures from their board games "
                        "(default: the team standings)")

    p = sub.add_parser("prizes", help="the prize list (place and category prizes), or one category's standings")
    p.add_argument("event", help="the event file (TOML)")
    p.add_argument("--round", type=int, help="after this round (default: the last paired); provisional before the end")
    p.add_argument("--category", help="print this category's standings instead of the prize list")
    p.add_argument("--format", choices=("text", "csv", "json"), default="text", help="text (default), csv or json")

    p = sub.add_parser("publish", help="write pairings, results, standings, cross-table and cards (HTML, text, CSV)")
    p.add_argument("event", type=Path, help="the event file (TOML)")
    p.add_argument("--round", type=int, help="the round to publish (default: the last paired)")
    p.add_argument("--to", type=Path, required=True, help="the folder to write into (created if missing)")
    p.add_argument("--url", default="", help="the address the folder is read at on the web: a QR code of it goes on "
                   "the index and the wall lists (kept for the next publish)")
    p.add_argument("--language", metavar="CODE", help="the pages' language for this run: en, fr, de or es "
                   "(default: the event's language setting)")


def _normalise(argv: Sequence[str]) -> list[str]:
    """``swisstui EVENT.toml`` means ``swisstui open EVENT.toml``."""
    args = list(argv)
    if args and not args[0].startswith("-") and args[0] not in COMMANDS:
        args.insert(0, "open")
    return args


def _commands_of(command: str) -> ModuleType:
    """The module holding ``cmd_<command>``, and only that one imported: ``pair`` is started once a
    round by other programs, and the other commands' modules (the rating database, the standings)
    would be most of its start."""
    if command in ("standings", "publish"):
        from swisstui.cli import standings as cli_standings

        return cli_standings
    if command == "prizes":
        from swisstui.cli import prizes as cli_prizes

        return cli_prizes
    if command == "ratings":
        from swisstui.cli import ratings as cli_ratings

        return cli_ratings
    if command == "norms":
        from swisstui.cli import norms as cli_norms

        return cli_norms
    if command == "draw":
        from swisstui.cli import draw as cli_draw

        return cli_draw
    if command == TEAM_COMMAND:
        from swisstui.cli import teams as cli_teams

        return cli_teams
    if command == "result":
        from swisstui.cli import match_results as cli_match_results

        return cli_match_results
    from swisstui.cli import commands as cli_commands

    return cli_commands


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(_normalise(sys.argv[1:] if argv is None else argv))
    if args.command is None:
        build_parser().print_help()
        return EXIT_USAGE
    if hasattr(sys.stdout, "reconfigure"):  # a message naming a player never fails on a terminal that cannot show it
        sys.stdout.reconfigure(errors="replace")
    handler = getattr(_commands_of(args.command), f"cmd_{args.command}")
    try:
        code: int = handler(args)
        return code
    except CliError as err:
        print(f"swisstui {args.command}: {err}", file=sys.stderr)
        return err.code
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # noqa: BLE001 - the last line of defence: a bug, said in one line
        if os.environ.get("SWISSTUI_DEBUG"):
            raise
        where = next((getattr(args, key) for key in ("input", "event", "trf", "file") if hasattr(args, key)), "")
        print(f"swisstui {args.command}: internal error{f' reading {where}' if where else ''}: "
              f"{type(err).__name__}: {' '.join(str(err).split())[:300]} (a bug: please report it with the file; "
              "SWISSTUI_DEBUG=1 shows the traceback)", file=sys.stderr)
        return EXIT_INTERNAL
