"""Pairing review: the engine pairs in a worker, then the arbiter steps through its explanation.

Left, the brackets; right, the current bracket (residents, moved-down players,
S1/S2) and the current step with its rule. Nothing is stored until c confirms.
"""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import DataTable, ProgressBar, Static
from textual.worker import Worker, WorkerState, get_current_worker

from swisstui.language import N_, _, ngettext
from swisstui.session.actions import ActionError, ManualChange, PairingCancelled, Proposal, ProposalStale
from swisstui.session.pairing_numbers import unsorted_pairing_warning
from swisstui.outputs.names import shown_name
from swisstui.screens.base import BaseScreen
from swisstui.screens.board_edit import BoardEditScreen
from swisstui.screens.dialogs import ConfirmScreen
from swisstui.screens.violations import ViolationsScreen
from swisstui.views.board_list import HAND, MARK_LEGEND, colours_table, player_cell, requested_byes
from swisstui.views.trace_view import Group, bracket_table, group_of, group_steps, step_kind, step_text
from swisstui.views.violations import finding_text, severity
from swisstui.widgets.plain import PlainTable, plain
from swisstui.widgets.table import PlainDataTable, share_width


class ReviewScreen(BaseScreen):
    SCREEN_NAME = "review"
    TITLE_TEXT = N_("pairing")

    BINDINGS = [
        Binding("left", "step(-1)", N_("step"), key_display="←/→"),
        Binding("right", "step(1)", N_("step"), show=False),
        Binding("up", "bracket(-1)", N_("bracket"), key_display="↑/↓"),
        Binding("down", "bracket(1)", N_("bracket"), show=False),
        Binding("a", "accept", N_("accept")),
        Binding("e", "edit", N_("edit")),
        Binding("v", "validate", N_("validate")),
        Binding("c", "confirm", N_("confirm")),
        Binding("pageup", "scroll_bracket(-1)", N_("scroll"), show=False),
        Binding("pagedown", "scroll_bracket(1)", N_("scroll"), show=False),
        Binding("shift+up", "scroll_step(-1)", N_("scroll step"), show=False),
        Binding("shift+down", "scroll_step(1)", N_("scroll step"), show=False),
        Binding("escape", "discard", N_("discard"), show=False),
    ]

    DEFAULT_CSS = """
    ReviewScreen #waiting { height: auto; padding: 1 2; }
    ReviewScreen #waiting ProgressBar { margin-top: 1; }
    ReviewScreen #review { display: none; }
    ReviewScreen.ready #review { display: block; }
    ReviewScreen.ready #waiting { display: none; }
    ReviewScreen #stale { height: auto; color: $warning; padding: 0 1; display: none; }
    ReviewScreen #brackets { width: 20; border: round $primary; padding: 0 1; }
    ReviewScreen #bracket { height: 1fr; min-height: 6; border: round $primary; padding: 0 1; }
    ReviewScreen #step { height: auto; max-height: 14; border: round $accent; padding: 0 1; }
    ReviewScreen #boards { height: 1fr; border: round $success; display: none; }
    ReviewScreen #boards-legend { height: auto; color: $text-muted; padding: 0 1; display: none; }
    ReviewScreen.boards-view #boards, ReviewScreen.boards-view #boards-legend { display: block; }
    ReviewScreen.boards-view #bracket, ReviewScreen.boards-view #step,
    ReviewScreen.boards-view #brackets { display: none; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.index = 0
        self.groups: list[Group] = []
        self.started = 0.0
        self.failure: str | None = None
        # (k, n): the engine has started its k-th of n brackets; set by the worker thread, shown by _tick
        self.engine_progress: tuple[int, int] | None = None
        self.edits_to_keep: list[ManualChange] = []  # a stale proposal's hand edits, made again on the new one

    def compose_body(self) -> ComposeResult:
        with Vertical(id="waiting"):
            yield Static("", id="waiting-text", markup=False)
            yield ProgressBar(total=None, show_eta=False, id="progress")
            yield Static("", id="elapsed", markup=False)
        yield Static("", id="stale", markup=False)
        with Horizontal(id="review"):
            yield Static(id="brackets", markup=False)
            with Vertical():
                with VerticalScroll(id="bracket", can_focus=False):  # arrows step the trace; pgup/pgdn scroll
                    yield Static(id="bracket-body", markup=False)
                # The step's text scrolls (shift+up/down) when it is taller than the room left.
                with VerticalScroll(id="step", can_focus=False):
                    yield Static(id="step-body", markup=False)
                boards = PlainDataTable(id="boards", cursor_type="row")
                boards.can_focus = False  # up/down belong to the screen: brackets, or boards in the boards view
                yield boards
                yield Static(_(MARK_LEGEND), id="boards-legend", markup=False)

    def on_mount(self) -> None:
        proposal = self.session.proposal
        if proposal is not None and proposal.revision == self.session.event.revision:
            self.show_proposal()
        else:
            self.session.pairing.discard_proposal()
            self.start_pairing()
        self.set_up = True
        self.refresh_all()

    def header_title(self) -> str:
        proposal = self.session.proposal
        if proposal is None or not self.has_class("ready"):
            return _("round {round} · pairing…").format(round=self.session.next_round)
        total = len(proposal.result.trace)
        if proposal.changes:
            return _("round {round} proposed · {edited} edited · step {step}/{steps}").format(
                round=proposal.round, edited=len(proposal.changes), step=self.index + 1, steps=total)
        return _("round {round} proposed · step {step}/{steps}").format(
            round=proposal.round, step=self.index + 1, steps=total)

    # -- pairing in a worker -------------------------------------------------------------

    def start_pairing(self) -> None:
        t = self.session.tournament()
        self.started = time.monotonic()
        players = len(t.to_pair())
        self.query_one("#waiting-text", Static).update(ngettext(
            "The {system} engine is pairing round {round}: {count} player. The screen stays usable; "
            "escape cancels the review.",
            "The {system} engine is pairing round {round}: {count} players. The screen stays usable; "
            "escape cancels the review.", players).format(system=self.session.system_name(), round=t.next_round,
                                                          count=players))
        self.run_worker(self._pair, thread=True, exclusive=True, name="pairing", exit_on_error=False)
        self.set_interval(0.25, self._tick)

    def _tick(self) -> None:
        """How far the engine is (the bracket it reported last) and the seconds spent so far."""
        if self.has_class("ready") or self.failure is not None:
            return
        seconds = _("{seconds} s").format(seconds=f"{time.monotonic() - self.started:.0f}")
        reported = self.engine_progress
        if reported is None:
            self.query_one("#elapsed", Static).update(seconds)
            return
        k, n = reported
        self.query_one("#progress", ProgressBar).update(total=n, progress=k - 1)
        self.query_one("#elapsed", Static).update(
            _("bracket {number} of {count} · {seconds}").format(number=k, count=n, seconds=seconds))

    def _pair(self) -> None:
        """Worker thread: wait for the engine, which runs in a child process (see actions.propose)."""
        worker = get_current_worker()

        def progress(k: int, n: int) -> None:
            self.engine_progress = (k, n)  # read by _tick on the screen's side

        try:
            self.session.pairing.propose(separate_process=self.host.pair_in_child,
                                         cancelled=lambda: worker.is_cancelled, progress=progress)
        except PairingCancelled:
            return
        except ActionError as err:
            self.failure = str(err)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "pairing":
            return
        if not self.is_attached or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        failure = self.failure if event.state is WorkerState.SUCCESS else str(event.worker.error)
        if failure is None and self.session.proposal is not None:
            self._make_kept_edits()
            self.show_proposal()
        elif failure is not None:
            self.query_one("#progress", ProgressBar).display = False
            self.query_one("#waiting-text", Static).update(
                Text(_("No pairing: {reason}").format(reason=failure) + "\n" + _("escape: back"), style="bold red"))

    def show_proposal(self) -> None:
        proposal = self.proposal
        self.groups = group_steps(proposal.result.trace)
        first_bracket = next((g for g in self.groups if g.kind == "bracket"), None)
        self.index = first_bracket.first if first_bracket is not None else 0
        self.add_class("ready")
        self.refresh_all()
        warning = unsorted_pairing_warning(self.session.event, proposal.round)
        if warning:
            self.notify(_("Round 1 {warning}").format(warning=warning), severity="warning", timeout=10)

    # -- rendering ---------------------------------------------------------------------

    def refresh_data(self) -> None:
        proposal = self.session.proposal
        if proposal is None or not self.has_class("ready"):
            return
        # One Tournament for every pane: the one the engine paired, whose scores the explanation gives.
        # The event's (another arbiter's correction since) would put a new score on the boards beside
        # the bracket's old one; the change is said above them instead.
        t = proposal.inputs or self.session.tournament()
        self.show_stale()
        trace = proposal.result.trace
        if not trace:
            self.query_one("#step-body", Static).update(_("The engine gave no explanation for this pairing."))
            self.fill_boards(t)
            return
        current = group_of(self.groups, self.index)
        listing = Text()
        for n, g in enumerate(self.groups):
            marker = "▶ " if n == current else "  "
            listing.append(f"{marker}{g.label}\n", style="bold" if n == current else "")
        brackets = self.query_one("#brackets", Static)
        brackets.border_title = plain(_("Brackets"))
        brackets.update(listing)
        group = self.groups[current]
        body: PlainTable | Text
        if group.kind == "colours":
            title = _("Colours and board order (C.04.2 art. 3.6)")
            body = colours_table(t, proposal.boards, proposal.bye, trace, set(proposal.changed_boards()))
        else:
            title, body = bracket_table(t, trace, group, self.index)
        pane = self.query_one("#bracket", VerticalScroll)
        pane.border_title = plain(title)
        self.query_one("#bracket-body", Static).update(body)
        event = trace[self.index]
        step = self.query_one("#step", VerticalScroll)
        step.border_title = plain(_("Step {number}: {kind}").format(number=self.index + 1, kind=step_kind(event.step)))
        self.query_one("#step-body", Static).update(step_text(t, event))
        self.call_after_refresh(self._say_when_the_step_overflows)
        step.scroll_home(animate=False)
        self.fill_boards(t)

    def show_stale(self) -> None:
        """Say at once when the event changed since the pairing in a way that can alter it, and what:
        the confirm would refuse it (:class:`ProposalStale`), so the arbiter pairs again first."""
        changes = self.session.pairing.stale_changes()
        line = self.query_one("#stale", Static)
        line.display = bool(changes)
        if changes:
            if len(changes) > 1:
                said = ngettext("The event changed since this pairing was made: {change} and {count} more. Scores "
                                "shown are those it was paired on; c offers to pair again.",
                                "The event changed since this pairing was made: {change} and {count} more. Scores "
                                "shown are those it was paired on; c offers to pair again.", len(changes) - 1)
            else:
                said = _("The event changed since this pairing was made: {change}. Scores shown are those it was "
                         "paired on; c offers to pair again.")
            line.update(said.format(change=changes[0], count=len(changes) - 1))

    def _say_when_the_step_overflows(self) -> None:
        """The step pane is as tall as the screen leaves it: when its text is taller, its border says
        how to read the rest (shift+down scrolls it), as every pair of a long step is listed."""
        step = self.query_one("#step", VerticalScroll)
        step.border_subtitle = plain(_("shift+↓ more")) if step.max_scroll_y > 0 else ""

    def fill_boards(self, t) -> None:
        """The boards as they stand, names as wide as the screen allows, each with its marks."""
        proposal = self.proposal
        table = self.query_one("#boards", DataTable)
        row = table.cursor_row
        changed = set(proposal.changed_boards())
        marks, summary = self.board_marks() if self.has_class("boards-view") else ({}, "")
        rows = []
        for n, b in enumerate(proposal.boards, start=1):
            note = " ".join(x for x in (_(HAND) if n in changed else "", marks.get(n, "")) if x)
            rows.append((str(n), b.white, "–", b.black, note, str(n)))
        wanted = max((len(f"{pid} {shown_name(t, pid)} (99½)") for r in rows for pid in (r[1], r[3])), default=10)
        shown = {"Bd": _("Bd"), "White": _("White"), "–": "", "Black": _("Black"), "Note": _("Note")}
        widths = share_width(max(self.size.width, 80) - 2, {"Bd": max(3, len(shown["Bd"])), "–": 1,
                                                            "Note": max(6, len(shown["Note"]))},
                             {"White": (18, wanted), "Black": (18, wanted)})
        table.clear(columns=True)
        for label in ("Bd", "White", "–", "Black", "Note"):
            table.add_column(shown[label], width=widths[label])
        for number, white, dash, black, note, key in rows:
            table.add_row(number, player_cell(t, white, widths["White"]), dash,
                          player_cell(t, black, widths["Black"]), note, key=key)
        if proposal.bye is not None:
            table.add_row(_("bye"), player_cell(t, proposal.bye, widths["White"]), "", "",
                          marks.get("bye", ""), key="bye")
        for pid, said in requested_byes(self.session.round_record(proposal.round)):
            # A player registered since the pairing is not in its Tournament: named from the event's.
            holder = t if pid in t.by_id else self.session.tournament()
            table.add_row("", player_cell(holder, pid, widths["White"]), "", said, "", key=f"requested-{pid}")
        table.border_title = plain(_("Boards · round {round}{summary} · e edit · c confirm").format(
            round=proposal.round, summary=summary))
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))

    def board_marks(self) -> tuple[dict, str]:
        """Per board the worst finding of the validator (! absolute, ? quality), and a summary for the title."""
        proposal = self.proposal
        try:
            violations = self.session.pairing.validate()
        except ActionError:
            return {}, ""
        rank = {"absolute": 2, "quality": 1}
        worst: dict[int | str, int] = {}
        where: dict[int, int | str] = {pid: n for n, b in enumerate(proposal.boards, start=1) for pid in (b.white, b.black)}
        if proposal.bye is not None:
            where[proposal.bye] = "bye"
        for v in violations:
            level = rank.get(severity(v), 0)
            if not level:
                continue
            targets = {v.board} if getattr(v, "board", None) else {where[p] for p in v.players if p in where}
            for target in targets:
                worst[target] = max(worst.get(target, 0), level)
        marks = {k: "!" if level == 2 else "?" for k, level in worst.items()}
        absolute = sum(1 for x in worst.values() if x == 2)
        quality = sum(1 for x in worst.values() if x == 1)
        parts = []
        if absolute:
            parts.append(ngettext("{count} absolute", "{count} absolute", absolute).format(count=absolute))
        if quality:
            parts.append(ngettext("{count} quality", "{count} quality", quality).format(count=quality))
        if unsorted_pairing_warning(self.session.event, proposal.round):
            parts.append(_("numbers not in rating order"))
        return marks, " · " + (", ".join(parts) if parts else _("no rule broken"))

    # -- keys --------------------------------------------------------------------------

    def holds_key(self, event) -> bool:
        """The review's own keys typed while the engine pairs wait for its pairing.

        Other keys (help, another screen) are answered at once, and escape cancels.
        """
        if self.has_class("ready") or self.failure is not None or event.key == "escape":
            return False
        return event.key in self._bindings.key_to_bindings

    @property
    def proposal(self) -> Proposal:
        """The pairing under review, read once it is there (:meth:`_ready`, :meth:`show_proposal`)."""
        proposal = self.session.proposal
        if proposal is None:
            raise RuntimeError("no pairing under review")
        return proposal

    def _ready(self) -> bool:
        return self.session.proposal is not None and self.has_class("ready")

    def action_step(self, delta: int) -> None:
        if not self._ready() or not self.proposal.result.trace:
            return
        self.remove_class("boards-view")
        self.index = max(0, min(len(self.proposal.result.trace) - 1, self.index + delta))
        self.refresh_all()

    def action_bracket(self, delta: int) -> None:
        if not self._ready() or not self.groups:
            return
        if self.has_class("boards-view"):
            table = self.query_one("#boards", DataTable)
            table.move_cursor(row=max(0, min(table.row_count - 1, table.cursor_row + delta)))
            return
        current = group_of(self.groups, self.index)
        target = max(0, min(len(self.groups) - 1, current + delta))
        self.index = self.groups[target].first
        self.query_one("#bracket", VerticalScroll).scroll_home(animate=False)
        self.refresh_all()

    def action_scroll_bracket(self, direction: int) -> None:
        """Page through a bracket taller than its pane (big opens have brackets of hundreds)."""
        pane = self.query_one("#bracket", VerticalScroll)
        if direction < 0:
            pane.scroll_page_up(animate=False)
        else:
            pane.scroll_page_down(animate=False)

    def action_scroll_step(self, direction: int) -> None:
        pane = self.query_one("#step", VerticalScroll)
        if direction < 0:
            pane.scroll_up(animate=False)
        else:
            pane.scroll_down(animate=False)

    def action_accept(self) -> None:
        """Show (or hide) the boards as they stand: the explanation is accepted, edits come next."""
        if self._ready():
            self.toggle_class("boards-view")
            self.refresh_all()

    def selected_board(self) -> int:
        """The board under the cursor, or the board of the players the current step is about."""
        proposal = self.proposal
        if self.has_class("boards-view"):
            row = self.query_one("#boards", DataTable).cursor_row
            return min(row + 1, len(proposal.boards))
        event = proposal.result.trace[self.index] if proposal.result.trace else None
        if event is not None:
            board = event.data.get("board")
            if isinstance(board, int) and 1 <= board <= len(proposal.boards):
                return board
            for pid in event.players:
                for n, b in enumerate(proposal.boards, start=1):
                    if pid in (b.white, b.black):
                        return n
        return 1

    def action_edit(self) -> None:
        if not self._ready() or not self.proposal.boards:
            return

        def done(changed: bool | None) -> None:
            if changed:
                self.add_class("boards-view")
                self.notify(_("board changed; the reason is kept with the round"), timeout=3)
            self.refresh_all()

        self.app.push_screen(BoardEditScreen(self.session, self.selected_board()), done)

    def action_validate(self) -> None:
        if not self._ready():
            return
        violations = self.host.act_value(self.session.pairing.validate)
        if violations is not None:
            self.app.push_screen(ViolationsScreen(
                violations, _("Round {round} as it stands").format(round=self.proposal.round)))

    def action_confirm(self) -> None:
        if not self._ready():
            return

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                published = self.host.act(self.session.pairing.confirm,
                                          done=_("round {round} published").format(round=number))
            except ProposalStale as stale:
                self.offer_to_pair_again(stale)
                return
            if published:
                self.host.action_show("results")

        number = self.proposal.round
        self.app.push_screen(ConfirmScreen(self.confirm_question(), _("Confirm pairing")), done)

    def offer_to_pair_again(self, stale: ProposalStale) -> None:
        """The file changed under the proposal (another arbiter): say what changed, and offer to pair again."""
        edits = list(self.session.proposal.changes) if self.session.proposal is not None else []
        shown = stale.changes[:8] + ([_("and {count} more").format(count=len(stale.changes) - 8)]
                                     if len(stale.changes) > 8 else [])
        lines = [_("Round {round} was not published: the event changed since it was paired:").format(round=stale.round),
                 *(f"  {line}" for line in shown),
                 _("Pair round {round} again from the event as it is now?").format(round=stale.round)]
        if edits:
            # Translators: one form or two, as the language counts; English keeps "edit(s)" for either.
            lines.append(ngettext("Your {count} hand edit(s) are made again where they still apply.",
                                  "Your {count} hand edit(s) are made again where they still apply.",
                                  len(edits)).format(count=len(edits)))

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            self.edits_to_keep = edits
            self.session.pairing.discard_proposal()
            if not self.host.act(self.session.reload):
                return
            self.remove_class("ready")
            self.failure = None
            self.start_pairing()
            self.refresh_all()

        self.app.push_screen(ConfirmScreen("\n".join(lines), _("The event changed")), answered)

    def _make_kept_edits(self) -> None:
        """After pairing again: the hand edits of the stale proposal, where they still apply."""
        edits, self.edits_to_keep = self.edits_to_keep, []
        if not edits:
            return
        dropped = self.host.act_value(lambda: self.session.pairing.reapply(edits))
        if dropped:
            self.notify(_("hand edits dropped: {edits}").format(edits="; ".join(dropped)), severity="warning",
                        timeout=10)
        elif dropped is not None:
            self.notify(ngettext("{count} hand edit(s) made again", "{count} hand edit(s) made again",
                                 len(edits)).format(count=len(edits)), timeout=4)

    def confirm_question(self) -> str:
        """What publishing means: the boards changed by hand by number, each rule broken by name."""
        p = self.proposal
        t = self.session.tournament()

        def who(pid: int) -> str:
            return f"{pid} {shown_name(t, pid)}"

        boards = len(p.boards)
        if p.bye is not None:
            lines = [ngettext("Publish round {round}: {count} board, bye to {player}.",
                              "Publish round {round}: {count} boards, bye to {player}.", boards).format(
                round=p.round, count=boards, player=who(p.bye))]
        else:
            lines = [ngettext("Publish round {round}: {count} board.", "Publish round {round}: {count} boards.",
                              boards).format(round=p.round, count=boards)]
        changed = p.changed_boards()
        if changed:
            lines.append(ngettext("{count} board(s) differ from the engine's pairing:",
                                  "{count} board(s) differ from the engine's pairing:", len(changed)).format(
                count=len(changed)))
            lines.extend("  " + _("board {board}: {white} – {black}").format(
                board=n, white=who(p.boards[n - 1].white), black=who(p.boards[n - 1].black)) for n in changed)
            lines.extend("  " + _("reason: {reason}").format(reason=c.reason) for c in p.changes)
        try:
            violations = self.session.pairing.validate()
        except ActionError:
            violations = []
        for v in violations:
            level = severity(v)
            if level in ("absolute", "quality"):
                label = _("BREAKS AN ABSOLUTE RULE") if level == "absolute" else _("quality")
                lines.append(_("{label}: {finding}").format(label=label, finding=finding_text(v)))
        warning = unsorted_pairing_warning(self.session.event, p.round)
        if warning:
            lines.append(_("WARNING: {warning}.").format(warning=warning))
        lines.append(_("It is saved and the results can be entered."))
        return "\n".join(lines)

    def action_discard(self) -> None:
        """Leave the review and drop the proposal; hand edits and their reasons are lost, so that asks."""
        proposal = self.session.proposal
        if proposal is None or not proposal.changes:
            self._discard()
            return
        question = ngettext("Discard the proposed round {round} with its {count} hand edit(s) and their reasons? "
                            "Nothing has been published.",
                            "Discard the proposed round {round} with its {count} hand edit(s) and their reasons? "
                            "Nothing has been published.", len(proposal.changes)).format(
            round=proposal.round, count=len(proposal.changes))

        def answered(yes: bool | None) -> None:
            if yes:
                self._discard()

        self.app.push_screen(ConfirmScreen(question, _("Discard the pairing")), answered)

    def _discard(self) -> None:
        self.workers.cancel_node(self)
        self.session.pairing.discard_proposal()
        self.host.action_show("home")
