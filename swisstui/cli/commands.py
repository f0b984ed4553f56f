"""What each ``swisstui`` subcommand does; the argument parsing lives in :mod:`swisstui.cli`.

Every failure the user can cause (a missing file, a malformed TRF or event
file, a round that cannot be paired) becomes a :class:`CliError` with one line
of text and the documented exit code, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from swisstui.cli.errors import (
    EXIT_BAD_INPUT,
    EXIT_FILE,
    EXIT_INTERNAL,
    EXIT_NO_PAIRING,
    EXIT_OK,
    EXIT_USAGE,
    CliError,
    session_refusals,
)

if TYPE_CHECKING:
    from engine.model.catalogue import SystemInfo
    from engine.model.result import PairingResult
    from engine.model.tournament import Tournament

MAX_GENERATED_PLAYERS = 5000
MAX_GENERATED_ROUNDS = 99


def _read_trf(path: Path, *, empty_event: bool = False):
    """A TRF file with at least one player; anything else is one located line (exit 3, or 5 unreadable).

    With ``empty_event`` a file that names a tournament (record 012) and says it has no
    player (``062 0``) is read too: what ``export`` writes for an event before registration,
    which ``import`` takes back. A header with no such statement is still no TRF of an event.
    """
    from engine import trf
    from swisstui.store.text_input import NotText, decode

    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise CliError(f"{path}: no such file", EXIT_FILE) from None
    except OSError as err:
        raise CliError(f"{path}: {err.strerror or err}", EXIT_FILE) from None
    try:
        doc = trf.loads(decode(raw, latin1=True, utf16=True), source=str(path))
    except NotText as err:
        raise CliError(f"{path}:{err.line}: {err.message}", EXIT_BAD_INPUT) from None
    except trf.TrfError as err:
        raise CliError(str(err), EXIT_BAD_INPUT) from None
    if not doc.tournament.players and not (empty_event and _says_no_player(doc.header)):
        raise CliError(f"{path}:1: no player record (a line starting '001'): not a TRF file, or an empty one",
                       EXIT_BAD_INPUT)
    return doc


def _says_no_player(header: tuple[str | int, ...]) -> bool:
    lines = [line for line in header if isinstance(line, str)]
    return any(line.startswith("012") for line in lines) and any(
        line.startswith("062") and line[3:].strip() == "0" for line in lines)


def _load_event(path: Path):
    if not path.exists():
        raise CliError(f"{path}: no such file", EXIT_FILE)
    from swisstui import store

    try:
        return store.load(path)
    except store.EventFileError as err:
        # a file that cannot be read at all (a folder, no permission) is not a bad event file
        unreadable = err.line is None and err.message.startswith("cannot read")
        raise CliError(str(err), EXIT_FILE if unreadable else EXIT_BAD_INPUT) from None
    except OSError as err:
        raise CliError(f"{path}: {err.strerror}", EXIT_FILE) from None


def _save_new_event(event, path: Path, force: bool, reading: dict[Path, str] | None = None) -> None:
    """``new`` and ``import``: the event as :func:`swisstui.store.create` writes a new one (the app's way too)."""
    from swisstui import store
    from swisstui.store.file_writer import Refused

    try:
        store.loads(store.dumps(event), path=f"{path} (unsaved)")
    except store.EventFileError as err:  # what was read cannot make an event: the input's fault
        raise CliError(str(err), EXIT_BAD_INPUT) from None
    try:
        store.create(event, path, overwrite=force, reading=reading)
    except Refused as err:
        raise CliError(str(err), EXIT_USAGE) from None
    except store.ExistsError:
        raise CliError(f"{path}: already exists (use --force to overwrite)", EXIT_USAGE) from None
    except store.EventFileError as err:  # read-only folder, full disk, the lock: nothing was written
        raise CliError(str(err), EXIT_FILE) from None
    except OSError as err:
        raise CliError(f"{path}: {err.strerror or err}", EXIT_FILE) from None


def _tournament_to_pair(path: Path, system: str | None):
    """The tournament in a TRF or event file, with the system the caller asked for."""
    from dataclasses import replace

    from engine import systems, trf

    if path.suffix.lower() == ".toml":
        tournament = _load_event(path).to_tournament()
    else:
        doc = _read_trf(path)
        if system is None:
            try:
                doc.require_pairable()  # record 192 names a system swisstui does not pair
            except trf.TrfError as err:
                raise CliError(str(err), EXIT_BAD_INPUT) from None
        # Like bbpPairings: without 152/XXC, the initial colour is read off round 1.
        tournament = doc.pairing_tournament()
        if not doc.rounds_given:
            # Without 142/XXR the file cannot say the event is over: pair the next round.
            settings = replace(tournament.settings, rounds=max(tournament.settings.rounds, tournament.next_round))
            tournament = replace(tournament, settings=settings)
    if system is not None:
        try:
            info = systems.get(system)
        except systems.UnknownSystem as err:
            raise CliError(str(err), EXIT_USAGE) from None
        tournament = replace(tournament, settings=replace(tournament.settings, system=info.id))
    return tournament


def _pair(tournament: Tournament) -> PairingResult:
    from engine import systems
    from engine.model.result import NoLegalPairing

    try:
        return systems.pair(tournament)
    except NoLegalPairing as err:
        raise CliError(f"round {tournament.next_round}: no legal pairing exists ({err})", EXIT_NO_PAIRING) from None
    except (systems.SystemNotAvailable, systems.UnknownSystem) as err:
        raise CliError(str(err), EXIT_USAGE) from None


def _write_text(path: Path | None, text: str, reading: dict[Path, str] | None = None) -> None:
    """Write an output: standard output, or a file through :func:`swisstui.store.file_writer.write_output`.

    A file refused as one swisstui keeps (an event, its history, lock or backup) or as one
    the command reads (``reading``) exits 2; a file that cannot be written, 5.
    """
    if path is None or str(path) == "-":
        write_stdout(text)
        return
    from swisstui.store.file_writer import Refused, write_output

    try:
        write_output(path, text, reading=reading)
    except Refused as err:
        raise CliError(str(err), EXIT_USAGE) from None
    except OSError as err:
        raise CliError(f"{path}: {err.strerror or err}", EXIT_FILE) from None


def write_stdout(text: str) -> None:
    """Data on standard output: a terminal gets its own encoding, anything else (a file, a pipe) UTF-8.

    A terminal that cannot show a character gets a replacement for it instead of a crash
    (``LC_ALL=C``); a file must hold the text exactly, whatever the locale says.
    """
    out = sys.stdout
    buffer = getattr(out, "buffer", None)
    if out.isatty() or buffer is None:
        encoding = out.encoding or "utf-8"
        out.write(text.encode(encoding, "replace").decode(encoding))
        return
    out.flush()
    buffer.write(text.encode("utf-8"))
    buffer.flush()


def pairing_lines(result) -> str:
    """The JaVaFo / bbpPairings output: number of pairs, 'white black' per board, 'N 0' for the bye."""
    rows = [f"{b.white} {b.black}" for b in result.boards]
    if result.bye is not None:
        rows.append(f"{result.bye} 0")
    return "\n".join([str(len(rows)), *rows]) + "\n"


def differences(reference, ours) -> list[str]:
    """How our pairing of a round differs from the recorded one: pairs, colours, bye (one line each)."""
    ref_pairs = {frozenset((b.white, b.black)): b for b in reference.boards}
    our_pairs = {frozenset((b.white, b.black)): b for b in ours.boards}
    lines: list[str] = []
    for key in sorted(ref_pairs.keys() - our_pairs.keys(), key=sorted):
        b = ref_pairs[key]
        lines.append(f"recorded {b.white}-{b.black}, not in ours")
    for key in sorted(our_pairs.keys() - ref_pairs.keys(), key=sorted):
        b = our_pairs[key]
        lines.append(f"ours {b.white}-{b.black}, not recorded")
    for key in sorted(ref_pairs.keys() & our_pairs.keys(), key=sorted):
        if ref_pairs[key].white != our_pairs[key].white:
            b = ref_pairs[key]
            lines.append(f"recorded {b.white}-{b.black}, ours with colours reversed")
    if reference.bye != ours.bye:
        lines.append(f"bye: recorded {reference.bye}, ours {ours.bye}")
    return lines


# -- commands ------------------------------------------------------------------


def cmd_open(args: argparse.Namespace) -> int:
    if not args.event.exists():
        raise CliError(f"{args.event}: no such file (create one with 'swisstui new')", EXIT_FILE)
    from swisstui import app, language

    try:
        app.run(args.event, theme=args.theme, arbiter=args.arbiter, language_code=args.language)
    except language.UnknownLanguage as err:
        raise CliError(str(err), EXIT_USAGE) from None
    return EXIT_OK


def cmd_new(args: argparse.Namespace) -> int:
    from engine import systems

    if args.rounds < 1:
        raise CliError("--rounds must be at least 1", EXIT_USAGE)
    try:
        info = systems.get(args.system)
    except systems.UnknownSystem as err:
        raise CliError(str(err), EXIT_USAGE) from None
    if not info.available:
        from swisstui.session.actions import system_refusal

        raise CliError(system_refusal(info), EXIT_USAGE)
    system = info.id
    from engine.model.tournament import Colour
    from swisstui import store

    from swisstui.cli.teams import team_settings_of

    team = team_settings_of(args, info.unit is systems.Unit.TEAM)
    if team is not None and info.round_robin and args.bye_points is None:
        from decimal import Decimal

        # C.05 Annex 1: the team drawn against the odd table's highest number has a round off, scoring nothing
        team.bye_match_points, team.bye_game_points = Decimal(0), Decimal(0)
    options = _new_options(args, info)
    colour = None if args.initial_colour is None else Colour.WHITE if args.initial_colour == "white" else Colour.BLACK
    tiebreaks = info.tiebreaks if args.tiebreaks is None else _tiebreak_codes(args.tiebreaks, system)
    points = info.new_points()  # a round robin's bye scores nothing
    try:
        event = store.new_event(args.name, args.rounds, system=system, initial_colour=colour, tiebreaks=tiebreaks,
                                acceleration=args.accelerate, options=options, points=points)
    except ValueError as err:
        raise CliError(str(err), EXIT_USAGE) from None
    event.team = team
    from swisstui.cli.page_language import pages_language

    event.language = pages_language(args.language)
    _save_new_event(event, args.event, args.force)
    extra = ", Baku acceleration" if event.acceleration == "baku" else ""
    extra += f", teams of {team.size} boards" if team is not None else ""
    print(f"created {args.event}: {args.name}, {args.rounds} rounds, {system}{extra}")
    return EXIT_OK


def _new_options(args: argparse.Namespace, info: SystemInfo) -> dict[str, str]:
    """The options ``new`` was given (``--maxi``), each one the chosen system has; refused otherwise."""
    given = {key.removeprefix("option_"): value for key, value in vars(args).items()
             if key.startswith("option_") and value is not None}
    options = {}
    for option_id, value in given.items():
        option = info.option(option_id)
        if option is None:
            offered = ", ".join(f"--{o.id}" for o in info.options) or "none"
            raise CliError(f"--{option_id}: the {info.id} system has no such option (its options: {offered})",
                           EXIT_USAGE)
        if value != option.default:
            options[option_id] = value
    return options


def _tiebreak_codes(text: str, system: str) -> tuple[str, ...]:
    """``--tiebreaks``: MTB26 codes C.07 defines and the system allows, in their written form."""
    from engine.model.catalogue import is_round_robin
    from engine.tiebreaks import TieBreakError, misplaced, parse_list
    from swisstui.store.event_tiebreaks import is_team_system, written_codes

    if is_team_system(system):  # C.07's team codes (art. 12-13), refused with the engine's reason
        try:
            return written_codes(text, system)
        except TieBreakError as err:
            raise CliError(f"--tiebreaks: {err}", EXIT_USAGE) from None
    try:
        tbs = parse_list(text)
    except TieBreakError as err:
        raise CliError(f"--tiebreaks: {err}", EXIT_USAGE) from None
    for tb in tbs:
        wrong = misplaced(tb, is_round_robin(system))
        if wrong is not None:
            raise CliError(f"--tiebreaks: {wrong}", EXIT_USAGE)
    return tuple(tb.code for tb in tbs)


def cmd_import(args: argparse.Namespace) -> int:
    from swisstui import store

    from dataclasses import replace

    from swisstui.cli.team_trf_import import import_team_trf, team_file_text

    team_text = team_file_text(args.trf)  # record 192 names a system of teams (C.04.6): a team event
    if team_text is not None:
        return import_team_trf(args, team_text, _save_new_event)
    doc = _read_trf(args.trf, empty_event=True)
    t = doc.pairing_tournament()
    if args.rounds is not None:
        least = max(1, t.rounds_played + (1 if t.pending else 0))
        if args.rounds < least:
            raise CliError(f"--rounds {args.rounds}: the file records {least} round(s)", EXIT_USAGE)
        t = replace(t, settings=replace(t.settings, rounds=args.rounds))
    elif t.settings.rounds < 1:
        raise CliError(f"{args.trf}: the file does not say how many rounds the event has (no 142 or XXR record, "
                       "no round played): give --rounds N", EXIT_USAGE)
    name = args.name or t.name or args.trf.stem
    try:
        event = store.Event.from_tournament(t, name=name)
    except ValueError as err:
        raise CliError(f"{args.trf}: {err}", EXIT_BAD_INPUT) from None
    from swisstui.store.details import read_trf_header

    read_trf_header(doc.header, event)
    if doc.national_federation and not event.info.federation:  # whose national ratings, for the next export
        event.info.federation = doc.national_federation
    _save_new_event(event, args.output, args.force, {args.trf: "the TRF file being imported"})
    listed = f", tie-breaks {','.join(t.settings.tiebreaks)}" if t.settings.tiebreaks else ""
    print(f"imported {args.trf} -> {args.output}: {len(t.players)} players, {t.rounds_played} rounds played{listed}")
    _warn_if_system_cannot_pair(t.settings.system, doc.pairing_refusal)
    return EXIT_OK


def _warn_if_system_cannot_pair(system: str, refusal=None) -> None:
    """An imported event keeps its system; say at once when that system cannot pair the next round."""
    from engine import systems

    try:
        info = systems.get(system)
    except systems.UnknownSystem:
        if refusal is not None:
            print(f"warning: {refusal}; the event keeps this code for its standings and its rating report, "
                  "and pairing is refused until its system is changed", file=sys.stderr)
        return
    if not info.available:
        able = ", ".join(s.id for s in systems.SYSTEMS if s.available)
        print(f"warning: the {info.title} cannot pair yet: the next round cannot be paired until the "
              f"event's system is changed to one that pairs ({able})", file=sys.stderr)


def cmd_restore(args: argparse.Namespace) -> int:
    """The backup back as the event, as a change of its own (never a copy over the file: see restore_backup)."""
    from swisstui.session.actions import Session

    _load_event(args.event)  # a file that does not read is reported as every command reports it
    with session_refusals():  # no backup, or nothing to restore: a usage error
        said = Session.open(args.event, arbiter=args.arbiter).history.restore_backup().value
    print(f"{args.event}: {said}; 'u' in the history (l) takes it back")
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    from swisstui.outputs.trf_export import ExportError, export_trf

    reading = {args.event: "the event being exported"}
    if str(args.trf) != "-":
        _refuse_early(args.trf, reading)
    event = _load_event(args.event)
    try:
        # The event's details (city, dates, arbiters, round dates) go in records 012-132 for the rating report.
        done = export_trf(event, args.dialect)
    except ExportError as err:
        raise CliError(f"{args.event}: {err}", EXIT_BAD_INPUT) from None
    for warning in done.warnings:
        print(f"warning: {args.event}: {warning}", file=sys.stderr)
    if done.missing and getattr(args, "strict", False):  # the rating report FIDE would send back: not written
        raise CliError(f"{args.event}: --strict: the rating report lacks what FIDE needs: {'; '.join(done.missing)}; "
                       "nothing written (the details screen, d, and the players' records hold them)", EXIT_BAD_INPUT)
    _write_text(args.trf, done.text, reading)
    if done.missing:  # said once the file is there: it is written all the same
        print(f"warning: {args.event}: the rating report lacks what FIDE needs: {'; '.join(done.missing)} "
              "(the file is written without them; add them on the app's details screen, d)", file=sys.stderr)
    _warn_if_edition_is_lost(event.settings)
    return EXIT_OK


def _warn_if_edition_is_lost(settings) -> None:
    """TRF has no record for the edition of C.07: say so when the ranks follow another one than 2026's."""
    from engine.tiebreaks import DEFAULT_EDITION

    if settings.tiebreaks and settings.tiebreak_edition != DEFAULT_EDITION.value:
        print(f"warning: the ranks written follow the {settings.tiebreak_edition} tie-break rules; TRF has no "
              f"record for them, so a program reading the file assumes {DEFAULT_EDITION.value}", file=sys.stderr)


def _refuse_early(target: Path, reading: dict[Path, str]) -> None:
    """Say at once that ``target`` is refused, before the work of making what would go there."""
    from swisstui.store.file_writer import Refused, why_kept

    reason = why_kept(Path(os.path.realpath(target)), reading)
    if reason is not None:
        raise CliError(str(Refused(target, f"{reason}: swisstui keeps it as it is; name another file")), EXIT_USAGE)


def cmd_pair(args: argparse.Namespace) -> int:
    from engine.model.explain import render

    reading = {args.input: "the file being paired"}
    if args.output is not None and str(args.output) != "-":
        _refuse_early(args.output, reading)
    from swisstui.cli.teams import team_pairing_of_trf

    teams = team_pairing_of_trf(args.input, args.system, args.explain)  # record 192 names a system of teams (C.04.6)
    if teams is not None:
        _write_text(args.output, teams, reading)
        return EXIT_OK
    tournament = _tournament_to_pair(args.input, args.system)
    if tournament.next_round > tournament.settings.rounds:
        # The file is fine; there is just no round left to pair: a request that does not apply.
        raise CliError(f"{args.input}: all {tournament.settings.rounds} rounds are already paired; "
                       "nothing to pair", EXIT_USAGE)
    result = _pair(tournament)
    _write_text(args.output, pairing_lines(result), reading)
    for line in result.relaxed:  # a hand-pairing text left the round to the arbiter: say what is broken
        print(f"warning: round {result.round}: no pairing keeps every limitation; not kept: {line}",
              file=sys.stderr)
    if args.explain:
        # One rule: standard output carries only the pairing (when no file is named), so the
        # explanation always goes to standard error, wherever the pairing is written.
        print(render(result.trace), file=sys.stderr)
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    from engine import systems
    from engine.model.explain import render
    from engine.model.result import NoLegalPairing
    from engine.systems import replay

    tournament = _tournament_to_pair(args.input, args.system)
    try:
        pair = systems.get(tournament.settings.system).pairer()
    except (systems.SystemNotAvailable, systems.UnknownSystem) as err:
        raise CliError(str(err), EXIT_USAGE) from None
    differing = 0
    rounds = tournament.rounds_played
    for r in range(1, rounds + 1):
        before = replay.before_round(tournament, r)
        played = replay.played_round(tournament, r)
        try:
            ours = pair(before)
        except NoLegalPairing as err:
            differing += 1
            print(f"round {r}: we find no legal pairing ({err})")
            continue
        diff = differences(played, ours.as_round())
        if diff:
            differing += 1
            print(f"round {r}: differs")
            for line in diff:
                print(f"  {line}")
            if args.explain:
                print("  our pairing, explained:")
                print("\n".join("    " + line for line in render(ours.trace).splitlines()))
    print(f"{rounds - differing} of {rounds} rounds identical")
    return EXIT_OK if differing == 0 else EXIT_NO_PAIRING


def cmd_generate(args: argparse.Namespace) -> int:
    from engine import systems, trf
    from engine.model.result import NoLegalPairing
    from engine.model.tournament import PointSystem
    from engine.systems import generate

    if args.teams is not None:
        from swisstui.cli.team_generate import cmd_generate_teams

        return cmd_generate_teams(args)
    if args.players is None:
        raise CliError("give --players N (an individual event) or --teams N (a team event)", EXIT_USAGE)
    _refuse_early(args.output, {})
    if not 2 <= args.players <= MAX_GENERATED_PLAYERS or not 1 <= args.rounds <= MAX_GENERATED_ROUNDS:
        raise CliError(f"need 2 to {MAX_GENERATED_PLAYERS} players and 1 to {MAX_GENERATED_ROUNDS} rounds",
                       EXIT_USAGE)
    for name in ("draw_rate", "forfeit_rate", "bye_rate", "retire_rate"):
        if not 0 <= getattr(args, name) <= 1:
            raise CliError(f"--{name.replace('_', '-')} must be between 0 and 1", EXIT_USAGE)
    try:
        info = systems.get(args.system)
    except systems.UnknownSystem as err:
        raise CliError(str(err), EXIT_USAGE) from None
    system = info.id
    # a match of several games has a bye of its own value (C.04.5 art. 1.4, restated); one game: the default
    points = (info.new_points() if info.games > 1 else None) or PointSystem()
    relaxed: list[str] = []

    def pair_noting_relaxed(t):
        result = systems.pair(t)
        relaxed.extend(f"round {result.round}: {line}" for line in result.relaxed)
        return result

    try:
        tournament = generate.generate(
            args.players,
            args.rounds,
            args.seed,
            system=system,
            draw_rate=args.draw_rate,
            forfeit_rate=args.forfeit_rate,
            half_bye_rate=args.bye_rate,
            retire_rate=args.retire_rate,
            points=points,
            pair=pair_noting_relaxed,
        )
    except systems.SystemNotAvailable as err:
        raise CliError(str(err), EXIT_USAGE) from None
    except NoLegalPairing as err:
        raise CliError(f"the generated tournament cannot be paired further: {err}", EXIT_NO_PAIRING) from None
    except generate.GenerationError as err:
        # Write the rounds played, then say why the event stopped there.
        played = err.played
        wrote = ""
        if played is not None and played.rounds_played:
            _write_text(args.output, trf.dumps(played))
            n = played.rounds_played
            wrote = f"; {'round 1' if n == 1 else f'rounds 1-{n}'} written to {args.output}"
        raise CliError(f"stopped: {err}{wrote}", EXIT_NO_PAIRING if err.no_pairing else EXIT_INTERNAL) from None
    _write_text(args.output, trf.dumps(tournament))
    for line in relaxed:
        print(f"warning: no pairing kept every limitation in {line}", file=sys.stderr)
    return EXIT_OK


def cmd_serve(args: argparse.Namespace) -> int:
    if args.max_connections < 1:
        raise CliError("--max-connections must be at least 1", EXIT_USAGE)
    if args.distance and not args.display:
        raise CliError("--distance is a setting of the venue display: give --display too", EXIT_USAGE)
    if not 0 <= args.distance <= 100:
        raise CliError(f"--distance: {args.distance:g} is not a distance in metres from 0 to 100", EXIT_USAGE)
    if args.display:
        return _serve_display(args.event, args.host, args.port, args.max_connections, args.distance)
    _load_event(args.event)  # a file that does not read is reported here, not in the browser
    try:
        from swisstui.web import serve
    except ImportError:
        raise CliError("serving needs textual-serve: pip install 'swisstui[serve]'", EXIT_USAGE) from None
    try:
        serve.serve(args.event, args.host, args.port, max_connections=args.max_connections)
    except OSError as err:
        raise CliError(f"{args.host}:{args.port}: {err.strerror or err}", EXIT_FILE) from None
    return EXIT_OK


def _serve_display(event: Path, host: str, port: int, max_connections: int, distance: float = 0) -> int:
    """``serve --display``: the read-only venue display (swisstui.web.display), not the application."""
    from swisstui.web import access
    from swisstui.web.display import make_server

    _load_event(event)  # a file that does not read is reported here, not on the projector
    warning = access.exposure_warning(host, port)
    if warning:
        print(warning, file=sys.stderr, flush=True)
    token = access.new_token()
    try:
        server = make_server(event, host, port, token=token, max_connections=max_connections, distance=distance)
    except OSError as err:
        raise CliError(f"{host}:{port}: {err.strerror or err}", EXIT_FILE) from None
    address = access.page_address(host, server.server_address[1], token)
    print(f"swisstui: venue display of {event} (read-only); open this address (ctrl+c stops):\n    {address}",
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return EXIT_OK
