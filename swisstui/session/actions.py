"""What an arbiter does, as named operations on one event file.

Screens call these and nothing else changes the event: every change goes
through :func:`swisstui.store.update` (locked load, apply, save), so two
arbiters with the same file open never lose each other's work, and every
change that the rules ask to be justified leaves a line in the event's log.

The :class:`Session` is one core (:class:`~swisstui.session.core.SessionCore`: the
event, its file, the one way it changes) and its services, one per subject:
``session.players`` (:mod:`~swisstui.session.player_actions`), ``session.settings``
(:mod:`~swisstui.session.settings_actions`), ``session.history``
(:mod:`~swisstui.session.history_actions`), ``session.pairing`` and ``session.results``
(here). Every operation that changes the event returns what happened
(:mod:`swisstui.session.outcome`): the change made, or nothing to change.

Pairings are never computed here: :meth:`PairingService.propose` asks the engine,
:meth:`PairingService.validate` asks the independent validator.

This layer owns the errors the user interface sees: whatever the engine, the
store or the operating system refuses comes out as an :class:`ActionError`
whose text says why in one line, so screens import neither the pairing
systems nor the store (``tests/test_import_rules.py`` keeps it so). What the
arbiter should do next is a :class:`NextStep`; the home screen words it,
with the keys.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine import systems
from engine.model.result import NoLegalPairing
from engine.model.tournament import DEFAULT_SYSTEM, Pairing, RoundPairing
from engine.systems.board_order import keep_fixed_boards, place_changed
from engine.validate.violations import Severity
from swisstui.store import event as ev
from swisstui import store
from swisstui.language import _, ngettext
from swisstui.session import pairing_process
from swisstui.session.action_errors import (
    ActionError,
    ByeLimitReached,
    EditConflict,
    EventFileProblem,
    FideModeRefusal,
    NotSaved,
    PairingCancelled,
    PairingFailed,
    ProposalStale,
    ResultChanged,
    store_errors,
)
from swisstui.store.file_writer import Refused
from swisstui.session.history_actions import HistoryLine, HistoryPages, HistoryService
from swisstui.session.settings_actions import SettingsService, system_refusal, system_that_pairs
from swisstui.session.team_actions import TeamService
from swisstui.session.team_round_robin import TeamRoundRobinService
from swisstui.session.prize_actions import PrizeService
from swisstui.session.round_robin_actions import RoundRobinService
from swisstui.session.player_actions import PlayerRef, PlayerService, find_player
from swisstui.session.outcome import Changed, Outcome, Unchanged
from swisstui.session.match_results import MatchResultsService, matches_of_pairing
from swisstui.session.player_import import ImportPreview
from swisstui.session.pairing_numbers import UNSORTED_ROUND_ONE, in_initial_order
from swisstui.session.proposal import BoardCheck, ManualChange, Proposal
from swisstui.session.proposal_inputs import pairing_input_changes
from swisstui.store.result_keys import KEY_PRESETS, RESULT_KINDS, ResultKind, result_label
from swisstui.session.core import Service, SessionCore, now


class Next(enum.Enum):
    """What the arbiter should do next."""

    REGISTER = "register"  # no player yet
    RESULTS = "results"  # results of the current round are missing
    FINISHED = "finished"  # every round is played
    SORT_AND_PAIR = "sort-and-pair"  # before round 1, with numbers not in rating order
    PAIR_FIRST = "pair-first"  # round 1, numbers in order
    DRAW_FIRST = "draw-first"  # a round robin before round 1 whose numbers are neither drawn nor kept yet
    PAIR = "pair"  # the next round


@dataclass(frozen=True)
class NextStep:
    """:attr:`what` to do next, about round :attr:`round`; the home screen words it, with the keys."""

    what: Next
    round: int = 0
    done: int = 0  # results in (``RESULTS``)
    total: int = 0  # boards of the round (``RESULTS``)
    players: int = 0  # players to pair (before round 1)


def _board_moved(event: ev.Event, round_number: int, board: int, now: tuple[int, int], pair: tuple[int, int],
                 seen_entries: tuple[int | None, int | None] | None) -> str:
    """Why a board no longer holds the pair the arbiter saw, for the refusal of a result key.

    Renumbered (a late entry, C.04.2 art. 2.4, or a new sort) or paired again: the arbiter is told which.
    """
    head = _("round {round}, board {board} is {now} now, not {seen}").format(
        round=round_number, board=board, now=f"{now[0]}-{now[1]}", seen=f"{pair[0]}-{pair[1]}")
    numbers = {p.entry: p.id for p in event.players}
    moved = [(old, numbers[entry]) for old, entry in zip(pair, seen_entries or ())
             if entry is not None and entry in numbers and numbers[entry] != old]
    if not moved:
        return _("{board_now} (the round was paired again meanwhile): nothing was saved").format(board_now=head)
    renumbered = ", ".join(_("{old} is {new} now").format(old=old, new=new) for old, new in moved)
    same = all(entry is not None and numbers.get(entry) == n for entry, n in zip(seen_entries or (), now))
    if same:
        return _("{board_now}: the players were renumbered meanwhile ({renumbered}: a late entry or a new sort); "
                 "the board holds the same two players: nothing was saved, enter the result again").format(
            board_now=head, renumbered=renumbered)
    return _("{board_now}: the players were renumbered meanwhile ({renumbered}: a late entry or a new sort) and "
             "the round was paired again since: nothing was saved").format(board_now=head, renumbered=renumbered)


# -- the session ---------------------------------------------------------------------


class Session(SessionCore):
    """One event file open in the application: its state and the way it changes (:class:`SessionCore`),
    and the operations on it as services by subject, all on this one core."""

    def __init__(self, path: Path, event: ev.Event, file: store.EventFile | None = None,
                 arbiter: str = "") -> None:
        super().__init__(path, event, file, arbiter)
        self.players = PlayerService(self)
        self.settings = SettingsService(self)
        self.history = HistoryService(self)
        self.pairing = PairingService(self)
        self.results = ResultsService(self)
        self.matches = MatchResultsService(self)  # a round of matches of several games (C.04.5)
        self.prizes = PrizeService(self)
        self.round_robin = RoundRobinService(self)
        self.teams = TeamService(self)
        self.team_round_robin = TeamRoundRobinService(self)  # a league's numbers before round 1 (C.05)

    @classmethod
    def open(cls, path: Path, arbiter: str = "") -> Session:
        """Load ``path``; raises :class:`EventFileProblem` when it does not load or validate."""
        file = store.EventFile(Path(path))
        with store_errors(Path(path)):
            try:
                return cls(Path(path), file.load(), file, arbiter)
            except OSError as err:
                raise EventFileProblem(f"{path}: {err.strerror or err}") from err

    def reload(self) -> None:
        """Read the file again (another terminal changed it); :class:`EventFileProblem` if it no longer loads."""
        with store_errors(self.path):
            try:
                self.event = self.file.load()
            except OSError as err:
                raise EventFileProblem(f"{self.path}: {err.strerror or err}") from err

    def changed_on_disk(self) -> bool:
        """Whether someone else (another arbiter, a text editor) changed the file since this session read or wrote it."""
        return self.file.changed()

    @staticmethod
    def available_systems() -> list[str]:
        """The ids of the pairing systems that pair today, in the order they are offered."""
        return [s.id for s in systems.SYSTEMS if s.available]

    # -- reading -------------------------------------------------------------------

    @property
    def next_round(self) -> int:
        return self.current_round + 1

    @property
    def system_can_pair(self) -> bool:
        """Whether the event's pairing system has an engine (an imported event may name one that has not)."""
        try:
            return systems.get(self.event.settings.system).available
        except systems.UnknownSystem:
            return False

    def system_name(self) -> str:
        try:
            info = systems.get(self.event.settings.system)
        except systems.UnknownSystem:
            return self.event.settings.system
        return info.short_name  # an older text is named with its year (Dubov 1997): it pairs otherwise

    def headline(self) -> str:
        k = self.current_round
        rounds = _("round {round} of {rounds}").format(round=k, rounds=self.total_rounds)
        return f"{self.event.name} · {self.system_name()} · {rounds}" + (_(" · read-only") if self.read_only else "")

    @property
    def read_only(self) -> bool:
        """The event file is read-only: it can be looked at, every change is refused and nothing is written."""
        return store.is_read_only(self.path)

    def next_step(self) -> NextStep:
        """What the arbiter should do next."""
        if not self.event.players:
            return NextStep(Next.REGISTER)
        k = self.current_round
        if k:
            done, total = self.results_in(k)
            if done < total:
                return NextStep(Next.RESULTS, k, done, total)
        if k >= self.total_rounds:
            return NextStep(Next.FINISHED, k)
        if k == 0:
            info = systems.find(self.event.settings.system)
            drawn = info is not None and info.round_robin and info.unit is systems.Unit.PLAYER  # a round robin's numbers are drawn (swisstui draw), not sorted
            what = Next.PAIR_FIRST if drawn or self.players.numbers_in_order() else Next.SORT_AND_PAIR
            if drawn and not self.round_robin.numbers_settled():
                what = Next.DRAW_FIRST  # C.05: the schedule follows numbers drawn by lot (or given)
            return NextStep(what, 1, players=len(self.active_players()))
        return NextStep(Next.PAIR, k + 1)

    def active_players(self) -> list[ev.PlayerRecord]:
        return [p for p in self.event.players if not p.withdrawn]

    def player(self, player_id: int) -> ev.PlayerRecord:
        return find_player(self.event, player_id)

    @property
    def fide_mode(self) -> bool:
        return bool(self.event.fide_mode)

    @property
    def result_keys(self) -> str:
        return self.event.result_keys if self.event.result_keys in KEY_PRESETS else "default"


class PairingService(Service):
    """``session.pairing``: the next round proposed by the engine, changed by hand, validated, published."""

    # -- pairing --------------------------------------------------------------------

    def check_can_pair(self) -> None:
        k = self.current_round
        if k >= self.total_rounds:
            raise ActionError(_("all {rounds} rounds are paired").format(rounds=self.total_rounds))
        if k:
            done, total = self.results_in(k)
            if done < total:
                raise ActionError(ngettext("round {round} has {count} result missing", "round {round} has {count} results missing",
                                           total - done).format(round=k, count=total - done))
        if len(self.tournament().to_pair()) < 2:
            raise ActionError(_("fewer than two players to pair"))
        if (self.fide_mode and not self.current_round and not in_initial_order(self.event.players)
                and not systems.is_round_robin(self.event.settings.system)):
            # C.04.2 art. 2: round 1 pairs the initial order; FIDE mode never pairs it on another one.
            # A round robin's numbers are drawn by lot (C.05), not sorted: its table is paired on them.
            raise ActionError(_("FIDE mode: {why}").format(why=_(UNSORTED_ROUND_ONE)))

    def propose(self, *, separate_process: bool = False,
                cancelled: Callable[[], bool] | None = None,
                progress: Callable[[int, int], None] | None = None) -> Proposal:
        """Ask the engine for the next round's pairing.

        With ``separate_process`` the engine runs in a child process: a pure-Python
        pairing of hundreds of players holds the interpreter lock for seconds at
        a time, which would freeze a user interface running in the same process
        even from a thread. ``cancelled`` is polled meanwhile; when it turns true
        the child is stopped and :class:`PairingCancelled` raised. ``progress(k, n)``
        is called as the engine starts its k-th of n steps (brackets, for the Dutch
        system), from the thread that called :meth:`propose`.
        """
        self.check_can_pair()
        revision = self.event.revision
        inputs = self.tournament()
        try:
            if separate_process:
                result = pairing_process.pair_in_child(inputs, cancelled, progress)
            else:
                result = pairing_process.pair_and_explain(inputs, progress)
        except pairing_process.PairingCancelled as err:
            raise PairingCancelled(str(err)) from err
        except (NoLegalPairing, systems.SystemNotAvailable, systems.UnknownSystem,
                pairing_process.PairingProcessError) as err:
            raise PairingFailed(str(err)) from err
        self.proposal = Proposal.of(result, revision, {p.id: p.entry for p in self.event.players}, inputs,
                                    self.event.fide_mode)
        # Players on a fixed board keep it, the others' boards move around them (the engine decides).
        self.proposal.boards = keep_fixed_boards(self.proposal.boards, self.event.fixed_boards())
        return self.proposal

    def discard_proposal(self) -> None:
        self.proposal = None

    def validate(self, boards: list[Pairing] | None = None, bye: int | None = -1) -> list:
        """The independent validator's violations of the proposal (or of ``boards``/``bye``).

        Run once per pairing and revision: the review asks on every redraw, the edit dialog and
        :meth:`change_board` for the same boards, :meth:`confirm` again.
        """
        from engine.validate.check import validate

        proposal = self._require_proposal()
        if boards is None:
            boards, bye = proposal.boards, proposal.bye
        elif bye == -1:
            bye = proposal.bye
        pairing = RoundPairing(proposal.round, tuple(boards), bye)
        reference = proposal.result
        fixed = self.event.fixed_boards()
        # the engine's pairing with the fixed boards kept, as the proposal shows it: no "moved board" finding
        engine = RoundPairing(reference.round, tuple(keep_fixed_boards(reference.boards, fixed)), reference.bye)
        return self._findings.of(self.tournament(), reference, pairing,
                                 lambda t, p: list(validate(t, p, reference=engine, fixed_boards=fixed)))

    def check_board(self, board: int, white: int, black: int) -> BoardCheck:
        """Check putting ``white``-``black`` on ``board`` of the proposal, changing nothing.

        Raises :class:`ActionError` for a change that cannot be made at all (no such board, a
        player against themself, a player not in the round); otherwise the pairing it makes and
        the validator's findings, with the refusal of FIDE mode when one breaks an absolute
        criterion. The edit dialog asks this before the reason and :meth:`change_board` again.
        """
        proposal = self._require_proposal()
        if not 1 <= board <= len(proposal.boards):
            raise ActionError(_("there is no board {board}").format(board=board))
        if white == black:
            raise ActionError(_("a player cannot play themself"))
        in_round = proposal.as_round().players()
        for pid in (white, black):
            if pid not in in_round:
                raise ActionError(_("player {player} is not in this round's pairing").format(player=pid))
        boards, bye = proposal.with_board(board, white, black)
        violations = self.validate(boards, bye)
        absolute = [v for v in violations if v.severity is Severity.ABSOLUTE]
        refusal = _("FIDE mode refuses this change: {why}").format(
                why=absolute[0].text) if self.fide_mode and absolute else ""
        return BoardCheck(boards, bye, violations, refusal)

    def change_board(self, board: int, white: int, black: int, reason: str) -> list:
        """Put ``white``-``black`` on ``board`` of the proposal; returns the validator's violations.

        The checks are :meth:`check_board`'s; in FIDE mode a change that breaks an absolute
        criterion is refused.
        """
        proposal = self._require_proposal()
        checked = self.check_board(board, white, black)
        if not reason.strip():
            raise ActionError(_("a manual change needs a reason"))
        if checked.refusal:
            raise FideModeRefusal(checked.refusal)
        boards, bye, violations = checked.boards, checked.bye, checked.violations
        before = (proposal.boards[board - 1].white, proposal.boards[board - 1].black)
        # The changed pairs take their places by C.04.2 art. 3.6 now, so that the review shows
        # the board numbers that will be published.
        moved = [b for b in boards if b not in proposal.boards]
        proposal.boards = keep_fixed_boards(place_changed(self.tournament(), proposal.round, boards, moved),
                                            self.event.fixed_boards())
        proposal.bye = bye
        proposal.changes.append(ManualChange(proposal.board_of((white, black)) or board, before, (white, black),
                                             reason.strip(), tuple(f"{v.severity.value}: {v.text}" for v in violations)))
        return self.validate()

    def reapply(self, changes: list[ManualChange]) -> list[str]:
        """Make a stale proposal's hand edits again on the new proposal where they still apply.

        Returns one line for each edit that no longer applies (a player no longer in the round,
        a rule FIDE mode enforces), so that the arbiter hears which were dropped.
        """
        proposal = self._require_proposal()
        dropped = []
        for change in changes:
            white, black = change.after
            if proposal.board_of((white, black)) is not None:
                continue  # the engine pairs them so now
            board = next((n for n, b in enumerate(proposal.boards, start=1) if white in (b.white, b.black)), None)
            try:
                if board is None:
                    raise ActionError(_("player {player} is not in this round's pairing").format(player=white))
                self.change_board(board, white, black, change.reason)
            except ActionError as err:
                dropped.append(f"{white}-{black}: {err}")
        return dropped

    def confirm(self) -> Changed[int]:
        """Store and publish the proposal as the next round, its boards in the order the review shows;
        the change holds the round's number."""
        proposal = self._require_proposal()
        number = proposal.round

        def apply(event: ev.Event) -> ev.LogEntry:
            if event.rounds_paired >= number:
                raise ActionError(_("round {round} was paired meanwhile by someone else").format(round=number))
            entries_now = {p.id: p.entry for p in event.players}
            if any(entries_now.get(number) != entry for number, entry in proposal.entries.items()):
                # Another arbiter's late entry renumbered the list: the proposal's numbers are other players now.
                raise ActionError(_("pairing numbers changed since this pairing was made (a late entry): "
                                    "pair the round again"))
            changed_mode = proposal.fide_mode is not None and event.fide_mode != proposal.fide_mode
            mode_change = [_("FIDE mode turned on") if event.fide_mode else _("FIDE mode turned off")] if changed_mode else []
            if event.revision != proposal.revision and proposal.inputs is not None:
                # The event changed since the engine paired it, maybe from another terminal (a corrected
                # result, a bye, a withdrawal): a round paired on an event that is no longer the file's is
                # never published, even where it breaks no absolute rule.
                changes = pairing_input_changes(proposal.inputs, event.to_tournament())
                if changes:
                    raise ProposalStale(number, changes + mode_change)
            if event.fide_mode and proposal.changes:
                # C.04.1/C.04.2 absolute rules: a pairing that breaks one is never published in FIDE mode, as
                # the file holds it under its lock (another arbiter may have turned it on since the edit).
                absolute = [v for v in self.validate() if v.severity is Severity.ABSOLUTE]
                if absolute:
                    raise FideModeRefusal(_("FIDE mode refuses to publish this pairing: {why}").format(
                            why=absolute[0].text))
            if mode_change:  # it decides which hand edits may stand: reviewed under the other mode, pair again
                raise ProposalStale(number, mode_change)
            rnd = event.ensure_round(number)
            # Published exactly as confirmed: hand-changed pairs took their places when they were made.
            games = systems.get(event.settings.system).games
            if games > 1:  # each board is a match's first game; the games alternate colours (C.04.5)
                rnd.matches = matches_of_pairing(proposal.boards, games)
            else:
                rnd.boards = [ev.Board(number=i, white=p.white, black=p.black)
                              for i, p in enumerate(proposal.boards, start=1)]
            rnd.bye = proposal.bye
            rnd.published = True
            for change in proposal.changes:
                board = proposal.board_of(change.after) or change.board
                rnd.changes.append(ev.ChangeRecord(
                    kind="pairing", reason=change.reason, board=board,
                    old=f"{change.before[0]}-{change.before[1]}", new=f"{change.after[0]}-{change.after[1]}",
                    at=now()))
                self._log(event, "manual-pairing", change.describe(board), number)
            return self._log(event, "publish", f"round {number} paired and published", number)

        made = self._change(apply)
        self.proposal = None
        return self._made(made, number)

    def stale_changes(self) -> list[str]:
        """What changed in the proposal's inputs since the engine paired it, as the event is now (empty:
        nothing that can alter the pairing): what :meth:`confirm` would refuse with, said while the review
        is still open (another arbiter's correction, a withdrawal)."""
        proposal = self.proposal
        if proposal is None or proposal.inputs is None or self.event.revision == proposal.revision:
            return []
        return pairing_input_changes(proposal.inputs, self.tournament())

    def _require_proposal(self) -> Proposal:
        if self.proposal is None:
            raise ActionError(_("no pairing proposed: pair the next round first"))
        return self.proposal


class ResultsService(Service):
    """``session.results``: the results of the boards, and the lists published from them."""

    # -- results ---------------------------------------------------------------------

    def set_result(self, round_number: int, board: int, kind: ResultKind | None, reason: str = "",
                   by: str = "", *, seen: str | None = None,
                   pair: tuple[int, int] | None = None) -> Outcome[None]:
        """Record (or clear, with ``None``) a board's result; a correction needs a reason, kept with ``by``.

        ``seen`` is the result the arbiter saw on the board when pressing the key. Whether this is
        a new result or a correction is decided against the file, under its lock: when another
        arbiter's result stands there meanwhile, :class:`ResultChanged` says which, nothing is
        written, and the arbiter is asked again (a correction, with its reason). The same result
        again (typed twice, or entered by the other arbiter meanwhile) is :class:`Unchanged`.
        """
        stored = kind.stored if kind is not None else ev.NO_RESULT
        entries = {p.id: p.entry for p in self.event.players}  # who the numbers on the arbiter's screen are
        seen_entries = (entries.get(pair[0]), entries.get(pair[1])) if pair is not None else None

        def apply(event: ev.Event) -> object:
            rnd = event.round(round_number)
            if rnd is None or not 1 <= board <= len(rnd.boards):
                raise ActionError(_("round {round} has no board {board}").format(round=round_number, board=board))
            b = rnd.boards[board - 1]
            if pair is not None and (b.white, b.black) != pair:
                # The board holds other numbers than the arbiter's screen showed: a result is for two
                # players, not a board number. Say why: renumbered (a late entry, C.04.2 art. 2.4) or paired again.
                raise ActionError(_board_moved(event, round_number, board, (b.white, b.black), pair, seen_entries))
            if seen is not None and b.result != seen and b.result != stored:
                raise ResultChanged(round_number, board, seen, b.result)
            if b.result == stored:  # entered again, or by the other arbiter meanwhile: nothing to write
                return store.UNCHANGED
            if b.result and b.result != stored:
                if not reason.strip():
                    raise ActionError(_("a correction needs a reason"))
                rnd.changes.append(ev.ChangeRecord(kind="result", reason=reason.strip(), board=board,
                                                   old=b.result, new=stored, by=by.strip(), at=now()))
                later = [r.number for r in event.rounds if r.number > round_number and r.paired]
                note = f"; rounds {', '.join(map(str, later))} were paired before it" if later else ""
                event.log.append(ev.LogEntry(
                    action="correction", round=round_number, by=by.strip(), at=now(),
                    text=f"board {board} ({b.white}-{b.black}): {b.result} -> {stored or 'no result'}: "
                         f"{reason.strip()}{note}"))
            text = f"round {round_number}, board {board} ({b.white}-{b.black}): {b.result or 'no result'} -> {stored or 'no result'}"
            b.result = stored
            return text + (f": {reason.strip()}" if b.result and reason.strip() else "")

        return self._change(apply, "result", round_number)

    def find_board(self, round_number: int, text: str) -> int | None:
        """The board of round ``round_number`` named by ``text``: its number, ``#`` and a player's, or a name."""
        return board_named(self.event, round_number, text)

    def paired_after(self, round_number: int) -> list[int]:
        """The rounds after ``round_number`` that are already paired (a correction does not re-pair them)."""
        return [r.number for r in self.event.rounds if r.number > round_number and r.paired]

    # -- publishing -------------------------------------------------------------------

    def publish(self, round_number: int) -> tuple[Path, list[Path]]:
        """Write the lists of round ``round_number`` beside the event file, in ``EVENT-published/``.

        Returns the folder and the files written; a round not paired, or a folder that cannot
        be written, is an :class:`ActionError` saying "not published" and why.
        """
        from swisstui.outputs.publish import publish  # Jinja and the templates, read when a round is published

        target = self.path.with_name(f"{self.path.stem}-published")
        try:
            return target, publish(self.event, target, round_number)
        except (OSError, ValueError) as exc:
            raise ActionError(_("not published: {reason}").format(reason=exc)) from exc


def create_event(path: Path, name: str, rounds: int, system: str = DEFAULT_SYSTEM) -> Session:
    """Write a new, empty event file and open it, with the system's own default tie-break list."""
    path = Path(path)
    info = system_that_pairs(system)
    try:
        event = store.new_event(name, rounds, system=info.id, tiebreaks=info.tiebreaks, points=info.new_points())
    except ValueError as err:
        raise ActionError(str(err)) from None
    with store_errors(path):
        try:
            store.create(event, path)  # the same as ``swisstui new``: checked under the lock, never over a kept file
        except store.ExistsError:
            raise ActionError(_("{file} already exists").format(file=path)) from None
        except Refused as err:
            raise ActionError(str(err)) from None
    return Session.open(path)


__all__ = [
    "Changed", "HistoryService", "Outcome", "PairingService", "PlayerService", "ResultsService", "Service",
    "SettingsService", "Unchanged",
    "ActionError", "ByeLimitReached", "EditConflict", "EventFileProblem", "FideModeRefusal", "ImportPreview", "KEY_PRESETS", "ManualChange", "Next", "NextStep",
    "NotSaved", "PairingCancelled", "PairingFailed", "PlayerRef", "ProposalStale", "Proposal", "ResultChanged", "HistoryLine", "HistoryPages", "RESULT_KINDS", "ResultKind", "Session",
    "create_event", "result_label", "system_refusal",
]


def board_named(event: ev.Event, round_number: int, text: str) -> int | None:
    """The board of a round that ``text`` names: its number, ``#`` and a player's number, or part of a name."""
    rnd = event.round(round_number)
    if rnd is None:
        return None
    text = text.strip()
    if text.isdigit():
        return int(text) if 1 <= int(text) <= len(rnd.boards) else None
    if text.startswith("#") and text[1:].isdigit():
        board = rnd.board_of(int(text[1:]))
        return board.number if board is not None else None
    needle = text.casefold()
    names = {p.id: p.name.casefold() for p in event.players}
    for board in rnd.boards:
        if any(needle in names.get(pid, "") for pid in board.players):
            return board.number
    return None
