"""What an arbiter does, as named operations on one event file.

Screens call these and nothing else changes the event: every change goes
through :func:`swisstui.store.update` (locked load, apply, save), so two
arbiters with the same file open never lose each other's work, and every
change that the rules ask to be justified leaves a line in the event's log.

Pairings are never computed here: :meth:`Session.propose` asks the engine,
:meth:`Session.validate` asks the independent validator.

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
from engine.model.tournament import Pairing, RoundPairing, Tournament
from engine.systems.board_order import place_changed
from engine.tiebreaks import RECOMMENDED_SWISS
from engine.validate.violations import Severity
from swisstui.store import event as ev
from swisstui import pairing_process, store
from swisstui.store import details
from swisstui.action_errors import (
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
from swisstui.history_actions import HistoryLine, HistoryOperations, HistoryPages
from swisstui.settings_actions import SettingsOperations, system_refusal
from swisstui.prize_actions import PrizeOperations
from swisstui.player_actions import PlayerOperations, PlayerRef, find_player
from swisstui.player_import import ImportPreview
from swisstui.proposal import ManualChange, Proposal
from swisstui.proposal_inputs import pairing_input_changes
from swisstui.store.result_keys import KEY_PRESETS, RESULT_KINDS, ResultKind, result_label
from swisstui.session_core import now
from swisstui.revision_cache import FindingsCache, TournamentCache


class Next(enum.Enum):
    """What the arbiter should do next."""

    REGISTER = "register"  # no player yet
    RESULTS = "results"  # results of the current round are missing
    FINISHED = "finished"  # every round is played
    SORT_AND_PAIR = "sort-and-pair"  # before round 1, with numbers not in rating order
    PAIR_FIRST = "pair-first"  # round 1, numbers in order
    PAIR = "pair"  # the next round


@dataclass(frozen=True)
class NextStep:
    """:attr:`what` to do next, about round :attr:`round`; the home screen words it, with the keys."""

    what: Next
    round: int = 0
    done: int = 0  # results in (``RESULTS``)
    total: int = 0  # boards of the round (``RESULTS``)
    players: int = 0  # players to pair (before round 1)


# -- the session ---------------------------------------------------------------------


class Session(PlayerOperations, HistoryOperations, SettingsOperations, PrizeOperations):
    """One event file open in the application (its state and the way it changes: :class:`SessionCore`)."""

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

    def tournament(self) -> Tournament:
        """The engine's snapshot of the event, built once per revision (screens ask for it on every redraw).

        Shared by every caller: a Tournament is immutable.
        """
        return self._tournament.of(self.event)

    @property
    def total_rounds(self) -> int:
        return self.event.settings.rounds

    @property
    def current_round(self) -> int:
        """The last paired round (0 before round 1)."""
        return self.event.rounds_paired

    @property
    def next_round(self) -> int:
        return self.current_round + 1

    def round_record(self, number: int) -> ev.RoundRecord | None:
        return self.event.round(number)

    def results_in(self, number: int) -> tuple[int, int]:
        """(boards with a result, boards) of round ``number``."""
        rnd = self.round_record(number)
        if rnd is None:
            return 0, 0
        return sum(1 for b in rnd.boards if b.result), len(rnd.boards)

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
        rounds = f"round {k} of {self.total_rounds}" if k else f"round 0 of {self.total_rounds}"
        return f"{self.event.name} · {self.system_name()} · {rounds}" + (" · read-only" if self.read_only else "")

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
            what = Next.PAIR_FIRST if self.numbers_in_order() else Next.SORT_AND_PAIR
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

    # -- players -------------------------------------------------------------------

    # -- pairing --------------------------------------------------------------------

    def check_can_pair(self) -> None:
        k = self.current_round
        if k >= self.total_rounds:
            raise ActionError(f"all {self.total_rounds} rounds are paired")
        if k:
            done, total = self.results_in(k)
            if done < total:
                raise ActionError(f"round {k} has {total - done} results missing")
        if len(self.tournament().to_pair()) < 2:
            raise ActionError("fewer than two players to pair")

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
                result = pairing_process.pair_in_child(store.dumps(self.event), cancelled, progress)
            else:
                result = pairing_process.pair_and_explain(inputs, progress)
        except pairing_process.PairingCancelled as err:
            raise PairingCancelled(str(err)) from err
        except (NoLegalPairing, systems.SystemNotAvailable, systems.UnknownSystem,
                pairing_process.PairingProcessError) as err:
            raise PairingFailed(str(err)) from err
        self.proposal = Proposal.of(result, revision, {p.id: p.entry for p in self.event.players}, inputs)
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
        return self._findings.of(self.tournament(), reference, pairing,
                                 lambda t, p: list(validate(t, p, reference=reference.as_round())))

    def change_board(self, board: int, white: int, black: int, reason: str) -> list:
        """Put ``white``-``black`` on ``board`` of the proposal; returns the validator's violations.

        In FIDE mode a change that breaks an absolute criterion is refused.
        """
        proposal = self._require_proposal()
        if not 1 <= board <= len(proposal.boards):
            raise ActionError(f"there is no board {board}")
        if not reason.strip():
            raise ActionError("a manual change needs a reason")
        if white == black:
            raise ActionError("a player cannot play themself")
        in_round = proposal.as_round().players()
        for pid in (white, black):
            if pid not in in_round:
                raise ActionError(f"player {pid} is not in this round's pairing")
        boards, bye = proposal.with_board(board, white, black)
        violations = self.validate(boards, bye)
        if self.fide_mode:
            absolute = [v for v in violations if v.severity is Severity.ABSOLUTE]
            if absolute:
                raise FideModeRefusal(f"FIDE mode refuses this change: {absolute[0].text}")
        before = (proposal.boards[board - 1].white, proposal.boards[board - 1].black)
        # The changed pairs take their places by C.04.2 art. 3.6 now, so that the review shows
        # the board numbers that will be published.
        moved = [b for b in boards if b not in proposal.boards]
        proposal.boards = place_changed(self.tournament(), proposal.round, boards, moved)
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
                    raise ActionError(f"player {white} is not in this round's pairing")
                self.change_board(board, white, black, change.reason)
            except ActionError as err:
                dropped.append(f"{white}-{black}: {err}")
        return dropped

    def confirm(self) -> int:
        """Store and publish the proposal as the next round, its boards in the order the review shows."""
        proposal = self._require_proposal()
        number = proposal.round
        if self.fide_mode and proposal.changes:
            # C.04.1/C.04.2 absolute rules: a pairing that breaks one is never published in FIDE mode,
            # even when the board was changed before FIDE mode was turned back on.
            absolute = [v for v in self.validate() if v.severity is Severity.ABSOLUTE]
            if absolute:
                raise FideModeRefusal(f"FIDE mode refuses to publish this pairing: {absolute[0].text}")

        def apply(event: ev.Event) -> ev.LogEntry:
            if event.rounds_paired >= number:
                raise ActionError(f"round {number} was paired meanwhile by someone else")
            entries_now = {p.id: p.entry for p in event.players}
            if any(entries_now.get(number) != entry for number, entry in proposal.entries.items()):
                # Another arbiter's late entry renumbered the list: the proposal's numbers are other players now.
                raise ActionError("pairing numbers changed since this pairing was made (a late entry): "
                                  "pair the round again")
            if event.revision != proposal.revision and proposal.inputs is not None:
                # The event changed since the engine paired it, maybe from another terminal (a corrected
                # result, a bye, a withdrawal): a round paired on an event that is no longer the file's is
                # never published, even where it breaks no absolute rule.
                changes = pairing_input_changes(proposal.inputs, event.to_tournament())
                if changes:
                    raise ProposalStale(number, changes)
            rnd = event.ensure_round(number)
            # Published exactly as confirmed: hand-changed pairs took their places when they were made.
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

        self._change(apply)
        self.proposal = None
        return number

    def _require_proposal(self) -> Proposal:
        if self.proposal is None:
            raise ActionError("no pairing proposed: pair the next round first")
        return self.proposal

    # -- results ---------------------------------------------------------------------

    def set_result(self, round_number: int, board: int, kind: ResultKind | None, reason: str = "",
                   by: str = "", *, seen: str | None = None, pair: tuple[int, int] | None = None) -> None:
        """Record (or clear, with ``None``) a board's result; a correction needs a reason, kept with ``by``.

        ``seen`` is the result the arbiter saw on the board when pressing the key. Whether this is
        a new result or a correction is decided against the file, under its lock: when another
        arbiter's result stands there meanwhile, :class:`ResultChanged` says which, nothing is
        written, and the arbiter is asked again (a correction, with its reason).
        """
        stored = kind.stored if kind is not None else ev.NO_RESULT

        def apply(event: ev.Event) -> object:
            rnd = event.round(round_number)
            if rnd is None or not 1 <= board <= len(rnd.boards):
                raise ActionError(f"round {round_number} has no board {board}")
            b = rnd.boards[board - 1]
            if pair is not None and (b.white, b.black) != pair:
                # The round was paired again since the arbiter's screen showed the board (un-published
                # and paired anew by another arbiter): a result is for two players, not a board number.
                raise ActionError(f"round {round_number}, board {board} is {b.white}-{b.black} now, not "
                                  f"{pair[0]}-{pair[1]} (the round was paired again meanwhile): nothing was saved")
            if seen is not None and b.result != seen and b.result != stored:
                raise ResultChanged(round_number, board, seen, b.result)
            if b.result == stored:  # entered again, or by the other arbiter meanwhile: nothing to write
                return store.UNCHANGED
            if b.result and b.result != stored:
                if not reason.strip():
                    raise ActionError("a correction needs a reason")
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

        self._change(apply, "result", round_number)

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
            raise ActionError(f"not published: {exc}") from exc

    # -- settings --------------------------------------------------------------------

    def event_details(self) -> dict[str, str]:
        """The event's details as the details screen edits them (text per field, round dates by round)."""
        return details.as_text(self.event)

    def set_event_details(self, values: dict[str, str]) -> None:
        """Save the details screen's fields; a bad one is refused with its name, and nothing is saved."""
        try:
            parsed = details.parse(values, self.event.settings.rounds)
        except details.DetailsError as err:
            raise ActionError(str(err)) from None

        def apply(event: ev.Event) -> str:
            before = details.as_text(event)
            details.apply(event, parsed)
            return details.changes_text(before, details.as_text(event))

        self._change(apply, "details")

    def leave_fide_mode(self, reason: str) -> None:
        """Turn FIDE mode off; the screen asks twice before calling this, the log keeps it."""
        if not reason.strip():
            raise ActionError("leaving FIDE mode needs a reason")

        def apply(event: ev.Event) -> ev.LogEntry:
            event.fide_mode = False
            return self._log(event, "fide-mode-left", reason.strip(), event.rounds_paired + 1)

        self._change(apply)

    def enter_fide_mode(self) -> None:
        def apply(event: ev.Event) -> ev.LogEntry:
            event.fide_mode = True
            return self._log(event, "fide-mode-entered", "", event.rounds_paired + 1)

        self._change(apply)


def create_event(path: Path, name: str, rounds: int, system: str = "dutch-2026") -> Session:
    """Write a new, empty event file and open it."""
    path = Path(path)
    try:
        info = systems.get(system)
    except systems.UnknownSystem as err:
        raise ActionError(str(err)) from err
    if not info.available:
        raise ActionError(system_refusal(info))
    try:
        event = store.new_event(name, rounds, system=info.id, tiebreaks=RECOMMENDED_SWISS)
    except ValueError as err:
        raise ActionError(str(err)) from None
    with store_errors(path):
        try:
            store.create(event, path)  # the same as ``swisstui new``: checked under the lock, never over a kept file
        except store.ExistsError:
            raise ActionError(f"{path} already exists") from None
        except Refused as err:
            raise ActionError(str(err)) from None
    return Session.open(path)


__all__ = [
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
