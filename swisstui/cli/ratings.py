"""``swisstui ratings``: the FIDE rating list on this machine (import, find, list).

``import`` reads a list as FIDE publishes it (TXT, XML, or the ZIP holding one) into the
local database, one list per month (``--download`` fetches the current one from FIDE
first, :mod:`swisstui.ratings.download`); ``find`` looks a player up by FIDE ID or by the start of
the name in the newest list (or ``--list YYYY-MM``); ``list`` says which lists are held and
which one is used; ``remove`` drops a month's list (each takes about 170 MB); ``update``
brings an event's players up to date with the list before round 1
(:mod:`swisstui.cli.ratings_update`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from swisstui.cli.errors import EXIT_BAD_INPUT, EXIT_FILE, EXIT_NO_PAIRING, EXIT_OK, EXIT_USAGE, CliError
from swisstui.cli.ratings_update import add_update_command, cmd_update
from swisstui.cli.visible import visible

if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable

SHOWN_BAD_LINES = 5


def add_ratings_command(sub: argparse._SubParsersAction, parser_class: type) -> None:
    p = sub.add_parser("ratings", help="the FIDE rating list: import it, find players in it, list the lists held")
    inner = p.add_subparsers(dest="ratings_command", metavar="import|find|list|remove|update",
                             parser_class=parser_class)
    inner.required = True
    db_help = ("the rating database (default: SWISSTUI_RATINGS_DB, else "
               "$XDG_DATA_HOME/swisstui/ratings.sqlite, else ~/.local/share/swisstui/ratings.sqlite)")

    q = inner.add_parser("import", help="import a FIDE rating list file (TXT, XML, or the ZIP FIDE publishes), "
                                        "or --download the current one from FIDE")
    q.add_argument("file", type=Path, nargs="?", help="players_list_foa.txt, players_list.txt, standard_oct26frl.txt, "
                                                      "the XML, or the ZIP holding one")
    q.add_argument("--download", action="store_true",
                   help="fetch the current combined list from FIDE (SWISSTUI_FIDE_LIST_URL names another address: "
                        "a mirror, or a test server) and import it as the list of this month (or --month)")
    q.add_argument("--month", help="the list's month, YYYY-MM (default: from the file's name, e.g. oct26)")
    q.add_argument("--type", dest="rating_type", choices=("standard", "rapid", "blitz"),
                   help="the rating a single-type list holds (default: from the file's name)")
    q.add_argument("--db", type=Path, help=db_help)

    q = inner.add_parser("find", help="find players by FIDE ID or by the start of the name (accents optional)")
    q.add_argument("query", help="a FIDE ID, or the start of a name: 'Carlsen, M', 'carlsen', 'spacek'")
    q.add_argument("--format", choices=("text", "csv", "json"), default="text", help="text (default), csv, json")
    q.add_argument("--list", dest="month", help="the list of this month, YYYY-MM (default: the newest held)")
    q.add_argument("--limit", type=int, default=50, help="at most this many players (default 50)")
    q.add_argument("--db", type=Path, help=db_help)

    q = inner.add_parser("list", help="the lists held, and the one in use")
    q.add_argument("--db", type=Path, help=db_help)

    q = inner.add_parser("remove", help="remove the list of one month (it can be imported again)")
    q.add_argument("month", help="the month of the list, YYYY-MM")
    q.add_argument("--db", type=Path, help=db_help)

    add_update_command(inner, db_help)


def cmd_ratings(args: argparse.Namespace) -> int:
    import sqlite3  # here, not at the top: the parser of every command, pair too, is built with this module

    handler = {"import": _import, "find": _find, "list": _list, "remove": _remove,
               "update": _update}[args.ratings_command]
    from swisstui.store.file_writer import Refused

    try:
        return handler(args)
    except CliError as err:  # a message may quote a file, a name, a line: shown, never obeyed by the terminal
        raise CliError(visible(str(err)), err.code) from None
    except Refused as err:  # a database path over a file swisstui keeps, or over one that is no database
        raise CliError(visible(f"{err} (nothing written)"), EXIT_USAGE) from None
    except sqlite3.DatabaseError as err:  # db.Unreadable says the path itself
        raise CliError(visible(_unreadable(err, _db_path(args))), EXIT_FILE) from None


def _unreadable(err: sqlite3.Error, path: Path) -> str:
    """One line naming the database's path: what SQLite said, or the check that failed (db.Unreadable)."""
    from swisstui.ratings.db import Unreadable

    return str(err) if isinstance(err, Unreadable) else f"{path}: cannot be read: {err}"


def _db_path(args: argparse.Namespace) -> Path:
    from swisstui.ratings.db import default_path

    return args.db if args.db is not None else default_path()


def _month(text: str | None, option: str) -> str | None:
    from swisstui.ratings.db import check_month

    if text is None:
        return None
    try:
        return check_month(text)
    except ValueError as err:
        raise CliError(f"{option}: {err}", EXIT_USAGE) from None


def _import(args: argparse.Namespace) -> int:
    month = _month(args.month, "--month")
    path = _db_path(args)
    if args.download:
        if args.file is not None:
            raise CliError("give a FILE or --download, not both", EXIT_USAGE)
        return _download(args, month or _this_month())
    if args.file is None:
        raise CliError("give the list's FILE, or --download to fetch the current one", EXIT_USAGE)
    return _import_file(args.file, args.rating_type, month, path)


def _this_month() -> str:
    """FIDE publishes the list on the first of the month: the one downloaded today is this month's."""
    import datetime as dt

    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m")


def _download(args: argparse.Namespace, month: str) -> int:
    import tempfile

    from swisstui.ratings.db import check_target
    from swisstui.ratings.download import DownloadFailed, download, list_url

    check_target(_db_path(args))  # refused before 40 MB are fetched for nothing
    url = list_url()
    with tempfile.TemporaryDirectory(prefix="swisstui-fide-list-") as folder:
        try:
            fetched = download(url, Path(folder), _download_progress(url))
        except DownloadFailed as err:
            raise CliError(f"{err} (the database is unchanged)", EXIT_FILE) from None
        finally:
            if sys.stderr.isatty():
                sys.stderr.write("\r\033[K")
        print(visible(f"downloaded {url} ({fetched.stat().st_size / 1e6:.1f} MB)"), file=sys.stderr)
        return _import_file(fetched, args.rating_type, month, _db_path(args))


def _download_progress(url: str):
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int | None) -> None:
        of = f" of {total / 1e6:.1f}" if total else ""
        sys.stderr.write(f"\rdownloading {visible(url)}: {done / 1e6:.1f}{of} MB ...")
        sys.stderr.flush()

    return show


def _import_file(file: Path, rating_type: str | None, month: str | None, path: Path) -> int:
    from swisstui.ratings.db import ImportFailed, import_list
    from swisstui.ratings.fide_list import FideList, ListError

    if not file.is_file():
        raise CliError(f"{file}: no such file", EXIT_FILE)
    try:
        source = FideList(file, rating_type)
        result = import_list(path, source, month, _progress() if sys.stderr.isatty() else None)
    except (ListError, ImportFailed) as err:
        raise CliError(f"{err} (the database is unchanged)", EXIT_BAD_INPUT) from None
    except OSError as err:
        raise CliError(f"{err.filename or path}: {err.strerror or err}", EXIT_FILE) from None
    finally:
        if sys.stderr.isatty():
            sys.stderr.write("\r\033[K")
    info, report = result.info, result.report
    print(visible(f"imported the {info.month} list ({', '.join(info.rating_types)}) from {info.source}: "
                  f"{info.players} players into {path}") + (f"; it replaces the {info.month} list held before"
                                                            if result.replaced else ""))
    if report.assumed:
        print(visible(f"note: the list's name does not say its month: {info.month} assumed from {report.assumed}; "
                      f"if it is another month, import it again with --month YYYY-MM (and 'ratings remove "
                      f"{info.month}')"), file=sys.stderr)
    if report.bad_count:
        print(f"warning: {report.bad_count} {'line' if report.unit == 'line' else 'player'}"
              f"{'s' if report.bad_count != 1 else ''} left out (cannot be read):", file=sys.stderr)
        for bad in report.bad[:SHOWN_BAD_LINES]:
            print(f"  {visible(bad.describe(report.source, report.unit))}", file=sys.stderr)
        if report.bad_count > SHOWN_BAD_LINES:
            print(f"  ... and {report.bad_count - SHOWN_BAD_LINES} more", file=sys.stderr)
    return EXIT_OK


def _progress() -> Callable[[int], None]:
    def show(count: int) -> None:
        sys.stderr.write(f"\r{count:,} players read ...")
        sys.stderr.flush()

    return show


def _open(args: argparse.Namespace):
    from swisstui.ratings.db import RatingsDb

    db = RatingsDb(_db_path(args))
    if not db.exists():
        raise CliError(f"{db.path}: no rating database: import a list first ('swisstui ratings import FILE')",
                       EXIT_FILE)
    return db


def _find(args: argparse.Namespace) -> int:
    from swisstui.ratings.fide_list import COLUMNS

    month = _month(args.month, "--list")
    if args.limit < 1:
        raise CliError("--limit: expected 1 or more", EXIT_USAGE)
    db = _open(args)
    try:
        info = db.list_info(month)
    except LookupError as err:
        raise CliError(str(err), EXIT_USAGE if month else EXIT_FILE) from None
    found = db.find(args.query, info.month, args.limit + 1)
    more, found = len(found) > args.limit, found[:args.limit]
    if args.format == "csv":
        import csv
        import io
        from dataclasses import asdict

        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(COLUMNS)
        writer.writerows([["" if v is None else visible(v) if isinstance(v, str) else v for v in asdict(p).values()]
                          for p in found])
        sys.stdout.write(buf.getvalue())
    elif args.format == "json":
        import json
        from dataclasses import asdict

        doc = {"list": info.month, "query": args.query, "more": more, "players": [asdict(p) for p in found]}
        text = json.dumps(doc, indent=2, ensure_ascii=False)  # escapes C0 controls, not DEL, C1 or bidi controls
        sys.stdout.write("\n".join(_json_visible(line) for line in text.split("\n")) + "\n")
    elif found:
        sys.stdout.write(_table(found))
    if more:
        print(f"more than {args.limit} players: give more of the name or --limit", file=sys.stderr)
    if not found:
        what = f"FIDE ID {args.query.strip()}" if args.query.strip().isdigit() else \
            f"a name starting {args.query.strip()!r}"
        print(visible(f"no player with {what} in the {info.month} list"), file=sys.stderr)
        return EXIT_NO_PAIRING
    return EXIT_OK


def _json_visible(line: str) -> str:
    """A line of JSON with what :func:`visible` would escape written as JSON's own escapes: the same JSON."""
    if line.isprintable():
        return line
    import json

    return "".join(ch if visible(ch) == ch else json.dumps(ch)[1:-1] for ch in line)


def _table(players) -> str:
    """An 80-column table: the three ratings side by side, 0 shown as '-' (unrated)."""
    lines = [f"{'FIDE ID':<9} {'Name':<30} {'Fed':<3} {'Sex':<3} {'Tit':<3} {'Std':>4} {'Rpd':>4} {'Blz':>4} "
             f"{'Born':>4}"]
    for p in players:
        name = p.name if len(p.name) <= 30 else p.name[:29] + "…"
        ratings = " ".join(f"{r:>4}" if r else f"{'-':>4}" for r in (p.standard, p.rapid, p.blitz))
        lines.append(f"{p.fide_id:<9} {name:<30} {p.federation:<3} {p.sex:<3} {p.best_title:<3} {ratings} "
                     f"{p.birth or '':>4} {p.flag:<2}".rstrip())
    return "\n".join(visible(line) for line in lines) + "\n"


def _list(args: argparse.Namespace) -> int:
    from swisstui.ratings.db import RatingsDb

    db = RatingsDb(_db_path(args))
    held = db.lists() if db.exists() else []
    if not held:
        print(visible(f"no rating list imported yet ({db.path}); 'swisstui ratings import FILE' imports one"))
        return EXIT_OK
    print(visible(f"rating lists in {db.path}:"))
    for i, info in enumerate(held):
        mark = "*" if i == 0 else " "
        print(f"{mark} {info.month}  {info.players:>9,} players  {', '.join(info.rating_types):<22}  "
              f"imported {info.imported_at}")
        print(f"             from {visible(info.source)}" + (f", {info.skipped} lines left out" if info.skipped else ""))
    print("* in use: the newest list ('ratings find --list YYYY-MM' reads another)")
    return EXIT_OK


def _update(args: argparse.Namespace) -> int:
    return cmd_update(args, _db_path(args), _month(args.month, "--list"))


def _remove(args: argparse.Namespace) -> int:
    from swisstui.ratings.db import remove_list

    month = _month(args.month, "month")
    db = _open(args)
    try:
        info = remove_list(db.path, month)  # type: ignore[arg-type]
    except LookupError as err:
        raise CliError(str(err), EXIT_USAGE) from None
    print(visible(f"removed the {info.month} list ({info.players} players) from {db.path}"))
    return EXIT_OK
