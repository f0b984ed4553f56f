"""Players: registration list with sorting, incremental search, edits, withdrawals and byes.

A newcomer types a name to find a player: a letter no key is bound to starts the search with
that letter typed. A key that changes the event either asks first or says what it did, and
``u`` takes that change back at once (through the history's undo).
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.notifications import Notification
from textual.containers import Horizontal
from textual.widgets import DataTable, Input, Label, Static
from textual.widgets.data_table import ColumnKey

from engine.model.explain import points_text
from engine.model.tournament import TITLES, ResultCode
from swisstui.store.event import REQUEST_NAMES
from swisstui.screens.base import BaseScreen
from swisstui.session.actions import ActionError, ByeLimitReached, EditConflict, PlayerRef
from swisstui.session.pairing_numbers import resort_preview
from swisstui.screens.dialogs import AskScreen, ChoiceScreen, ConfirmScreen
from swisstui.screens.history import line_said
from swisstui.screens.player_form import PlayerForm
from swisstui.outputs.names import told_apart
from swisstui.views.format import clip
from swisstui.widgets.table import RowTable, share_width

COLUMNS = ("No", "Name", "Rating", "Title", "Fed", "Score", "Status")
FIXED_WIDTHS = {"No": 4, "Rating": 7, "Title": 6, "Fed": 4, "Score": 6}
STATUS_KEPT = 20  # "withdrawn after r12" whole at 80 columns, the name column keeping 18
REQUEST_CODES = {"half": ResultCode.HALF_BYE, "full": ResultCode.FULL_BYE, "zero": ResultCode.ZERO_BYE,
                 "clear": None}
REQUEST_LABELS = {
    ResultCode.HALF_BYE: "½-bye",
    ResultCode.FULL_BYE: "1-bye",
    ResultCode.ZERO_BYE: "0-bye",
    ResultCode.ABSENT: "absent",
}


class PlayersScreen(BaseScreen):
    SCREEN_NAME = "players"
    TITLE_TEXT = "players"

    BINDINGS = [
        Binding("a", "add", "add"),
        Binding("e,enter", "edit", "edit"),
        Binding("w", "withdraw", "withdraw"),
        Binding("b", "request('half')", "½-bye"),
        Binding("minus", "request('zero')", "absent"),
        Binding("plus", "request('full')", "1-bye", show=False),
        Binding("c", "request('clear')", "clear bye", show=False),
        Binding("B", "request_later('half')", "½-bye later", show=False),
        Binding("Z", "request_later('zero')", "absent later", show=False),
        Binding("C", "request_later('clear')", "clear later", show=False),
        Binding("f", "forbid", "keep apart", show=False),
        Binding("i", "import", "import", show=False),
        Binding("R", "ratings_update", "update ratings", show=False),
        Binding("number_sign", "renumber", "renumber", show=False),
        Binding("D", "draw", "draw numbers", show=False),  # a round robin, before round 1
        Binding("o", "sort", "sort", show=False),  # the sorted column carries the sign
        Binding("O", "reverse", "reverse sort", show=False),
        Binding("u", "undo", "undo", show=False),
        Binding("slash", "search", "search"),
        Binding("escape", "clear_search", "clear"),
    ]

    DEFAULT_CSS = """
    PlayersScreen DataTable { height: 1fr; }
    PlayersScreen #searchbar { height: 1; display: none; background: $panel; }
    PlayersScreen #searchbar.visible { display: block; }
    PlayersScreen #searchbar Label { width: auto; padding: 0 1; text-style: bold; }
    PlayersScreen #search { width: 1fr; }
    PlayersScreen #found { width: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.sort_column = 0
        self.sort_reverse = False
        self.filter_text = ""
        self.rows: list[tuple] = []
        self.undoable: int | None = None  # the revision the last change made here wrote: u takes it back
        self.said: Notification | None = None  # the notice that offered it

    def compose_body(self) -> ComposeResult:
        table = RowTable(id="players", cursor_type="row", zebra_stripes=True)
        yield table
        # In the flow of the screen, above the footer: what is typed is always in view.
        with Horizontal(id="searchbar"):
            yield Label("Search", markup=False)
            yield Input(placeholder="name, federation or number", id="search", compact=True)
            yield Static("", id="found", markup=False)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        self.set_up = True
        self.refresh_all()
        table.focus()

    def on_resize(self) -> None:
        if self.set_up:
            self.fill_table()

    def set_columns(self, table: DataTable) -> None:
        """Names and statuses share what the screen leaves; a column heading has room for the sort sign.

        A status is short and says all in its last word ("withdrawn after r4", "½-bye r5"): it is
        kept whole up to STATUS_KEPT cells, and a long name is cut first.
        """
        names = max((len(r[1]) for r in self.rows), default=4)
        statuses = max((len(r[6]) for r in self.rows), default=6)
        widths = share_width(max(self.size.width, 80), FIXED_WIDTHS,
                             {"Name": (14, max(names, 4)), "Status": (min(max(statuses, 8), STATUS_KEPT), max(statuses, 7))})
        if [c.width for c in table.columns.values()] == [widths[label] for label in COLUMNS]:
            return
        table.clear(columns=True)
        for label in COLUMNS:
            table.add_column(label, key=label, width=widths[label])

    def header_title(self) -> str:
        s = self.session
        if s.current_round >= s.total_rounds:
            return f"players · all {s.total_rounds} rounds paired"
        return f"players · next round {s.next_round}"

    # -- data ------------------------------------------------------------------------

    def build_rows(self) -> list[tuple]:
        s = self.session
        t = s.tournament()
        upcoming = s.next_round
        rows = []
        names = told_apart(s.event.players)
        for p in s.event.players:
            if p.withdrawn:
                status = f"withdrawn after r{p.withdrawn_after or 0}"
            else:
                later = [f"{REQUEST_LABELS[code]} r{r.number}" for r in s.event.rounds
                         if r.number >= upcoming and not r.paired for pid, code in r.requests.items() if pid == p.id]
                status = ", ".join(later) or "active"
            apart = s.players.kept_apart(p.id)
            if apart:
                status += " ≠" + ",".join(str(x) for x in apart)
            if p.fixed_board:
                status += f" bd {p.fixed_board}"  # always plays on this board (accessibility)
            rows.append((p.id, names[p.id], p.rating, p.title, p.federation, t.score(p.id), status))
        return rows

    def refresh_data(self) -> None:
        self.rows = self.build_rows()
        self.fill_table()

    def fill_table(self) -> None:
        table = self.query_one(DataTable)
        keep = self.selected_id()
        table.clear()
        self.set_columns(table)
        needle = self.filter_text.lower()
        rows = [r for r in self.rows if not needle or _matches(r, needle)]
        rows.sort(key=self.sort_key)
        if self.sort_reverse:
            rows.reverse()
        self.mark_sorted_column(table)
        if needle:
            self.query_one("#found", Static).update(
                f"{len(rows)} of {len(self.rows)} · enter: to the list · escape: clear")
        for r in rows:
            table.add_row(str(r[0]), clip(r[1], table.columns[ColumnKey("Name")].width), str(r[2] or ""), r[3], r[4],
                          points_text(r[5]), r[6], key=str(r[0]))
        if keep is not None and str(keep) in table.rows:
            table.move_cursor(row=table.get_row_index(str(keep)))

    def sort_key(self, row: tuple) -> tuple:
        """Ratings and scores highest first, titles GM first and untitled last (C.04.2 art. 2.2), names A-Z."""
        col = self.sort_column
        if col in (2, 5):
            return (-row[col], row[0])
        if col == 3:
            return (TITLES.index(row[3]) if row[3] in TITLES else len(TITLES), row[0])
        if col == 1:
            return (row[1].casefold(), row[0])
        return (row[col], row[0])

    def mark_sorted_column(self, table: DataTable) -> None:
        """The sorted column's heading carries ▲ (or ▼ when reversed)."""
        for n, label in enumerate(COLUMNS):
            sign = ("▼" if self.sort_reverse else "▲") if n == self.sort_column else ""
            table.columns[ColumnKey(label)].label = Text(label + sign)
        table.refresh()

    def selected_id(self) -> int | None:
        table = self.query_one(DataTable)
        if table.row_count == 0:
            return None
        try:
            key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        except Exception:
            return None
        return int(key.value) if key.value is not None else None

    # -- actions ---------------------------------------------------------------------

    def action_add(self) -> None:
        def done(fields: dict | None) -> None:
            if fields:
                self.register(fields)

        from swisstui.ratings.lookup import RatingLookup

        form = PlayerForm("Add player")
        form.ratings = RatingLookup.open(self.session.event.rating_type)  # matches from the FIDE list, if imported
        self.app.push_screen(form, done)

    def register(self, fields: dict) -> None:
        """Save a new player; a late entry that would change printed numbers shows who moves and asks."""
        s = self.session
        number, moved = s.players.late_entry_preview(fields["name"], fields["rating"], fields["title"])
        if not moved:
            self.save_entry(fields, renumber=True)
            return
        moves = "\n".join(f"  {old:>3} {s.player(old).name} -> {new}" for old, new in sorted(moved.items()))
        question = (f"Late entry after round {s.current_round}: {fields['name']} takes number {number} "
                    f"(C.04.2 art. 2.4), and {len(moved)} player(s) change number on printed lists:\n{moves}\n"
                    f"Rounds 1-{s.current_round}, missed, score 0 each (B on the player gives a half-point "
                    "bye for one of them instead).")
        keep = max(p.id for p in s.event.players) + 1
        choices = {"y": ("renumber", f"give {number} and renumber"),
                   "k": ("keep", f"keep every number ({keep})")}

        def answered(choice: str | None) -> None:
            if choice:
                self.save_entry(fields, renumber=choice == "renumber")

        self.app.push_screen(ChoiceScreen(question, "Late entry", choices), answered)

    def save_entry(self, fields: dict, renumber: bool) -> None:
        made = self.host.act_value(lambda: self.session.players.add(**fields, renumber=renumber))
        if made is not None:
            number = made.value
            late = self.session.current_round
            missed = f"; rounds 1-{late} score 0" if late else ""
            self.changed(f"{fields['name']} registered as number {number}{missed}", series="registered {n} players")
            table = self.query_one(DataTable)
            if str(number) in table.rows:
                table.move_cursor(row=table.get_row_index(str(number)))

    def action_edit(self) -> None:
        pid = self.selected_id()
        if pid is None:
            return
        ref = self.session.players.ref(pid)
        player = self.session.player(pid)
        values = {**player.registration(), "fixed_board": player.fixed_board}

        def done(fields: dict | None) -> None:
            if not fields:
                return
            moved = resort_preview(self.session.event, self.number_now(ref), fields)
            if not moved:
                self.save_edit(ref, values, fields)
                return
            self._ask_resort(ref, values, fields, moved)

        self.app.push_screen(PlayerForm(f"Edit player {pid}", values), done)

    def number_now(self, ref: PlayerRef) -> int:
        """The pairing number the player of ``ref`` has in the session's copy now (it may have changed)."""
        try:
            return self.session.event.player_by_entry(ref.entry).id
        except KeyError:
            return ref.number

    def _ask_resort(self, ref: PlayerRef, seen: dict[str, object], fields: dict, moved: dict[int, int]) -> None:
        """A rating changed before round 4 of a Dubov event: the numbers are re-sorted (C.04.4.1 art. 1.2.2),
        which changes printed lists, so the arbiter sees who changes number and decides first."""
        s = self.session
        moves = "\n".join(f"  {old:>3} {s.player(old).name} -> {new}" for old, new in sorted(moved.items()))
        question = (f"Dubov: a rating changed before round 4 is paired re-sorts the pairing numbers "
                    f"(C.04.4.1 art. 1.2.2); {len(moved)} player(s) change number on printed lists:\n{moves}")
        choices = {"y": ("renumber", "save the rating and renumber"), "n": ("cancel", "leave the player unchanged")}

        def answered(choice: str | None) -> None:
            if choice != "renumber":
                self.notify("not changed", timeout=2)
                return
            self.save_edit(ref, seen, fields)
            if s.player(self.number_now(ref)).rating != fields["rating"]:
                return  # refused, or asked about another arbiter's change: nothing is renumbered
            made = self.host.act_value(s.players.sort_numbers)
            if made is not None and made.value:
                self.notify(f"saved; {len(moved)} pairing numbers changed", timeout=3)

        self.app.push_screen(ChoiceScreen(question, "Pairing numbers", choices), answered)

    def save_edit(self, ref: PlayerRef, seen: dict[str, object], fields: dict[str, object]) -> None:
        """Write the fields the arbiter changed, nothing else; a field another arbiter changed
        meanwhile to something else shows both values and asks which stays."""
        changed = {key: value for key, value in fields.items() if seen.get(key) != value}
        if not changed:
            self.notify("nothing changed", timeout=2)
            return
        try:
            if self.host.act(lambda: self.session.players.edit(ref, seen=seen, **changed)):
                self.changed(f"{self.session.player(self.number_now(ref)).name}: {', '.join(changed)} saved")
        except EditConflict as err:
            self.refresh_all()
            self.ask_about_clashes(ref, seen, fields, err)

    def ask_about_clashes(self, ref: PlayerRef, seen: dict[str, object], fields: dict[str, object],
                          err: EditConflict) -> None:
        lines = "\n".join(f"  {key}: {_shown(now)} in the file now, {_shown(mine)} in your form"
                          for key, now, mine in err.clashes)
        question = f"{err.player} was changed by someone else while your form was open:\n{lines}"
        choices = {"m": ("mine", "use your values"), "t": ("theirs", "keep theirs (your other changes are saved)")}
        theirs = {key: now for key, now, _ in err.clashes}

        def answered(choice: str | None) -> None:
            if choice is None:
                self.notify("nothing saved", timeout=3)
                self.refresh_all()
                return
            kept = fields if choice == "mine" else {**fields, **theirs}
            self.save_edit(ref, {**seen, **theirs}, kept)

        self.app.push_screen(ChoiceScreen(question, "Changed meanwhile", choices), answered)

    def action_withdraw(self) -> None:
        pid = self.selected_id()
        if pid is None:
            return
        p = self.session.player(pid)
        ref = self.session.players.ref(pid)  # the same player when the answer comes, whatever their number by then
        if p.withdrawn:
            def back(yes: bool | None) -> None:
                if yes and self.host.act(lambda: self.session.players.reinstate(ref)):
                    self.changed(f"{p.name} plays again")

            self.app.push_screen(ConfirmScreen(
                f"{pid} {p.name} has withdrawn. Reinstate them from round {self.session.next_round}?",
                "Reinstate"), back)
            return
        question = (f"Withdraw {pid} {p.name}? They are not paired from round "
                    f"{self.session.next_round} on; their results stay.")
        if self.session.round_robin.active:  # the regulations' choices decide what the results become
            chosen = "; ".join(f"{o.title}: {o.value(self.session.event.settings)}"
                               for o in self.session.settings.system_options())
            question = (f"Withdraw {pid} {p.name}? Their table games from round {self.session.next_round} on "
                        f"are not paired (C.05: the schedule stays), and the standings count their games as "
                        f"the settings say ({chosen}; FIDE Tournament Rules art. 5.4).")

        def done(yes: bool | None) -> None:
            if yes and self.host.act(lambda: self.session.players.withdraw(ref)):
                self.changed(f"{p.name} withdrawn")

        self.app.push_screen(ConfirmScreen(question, "Withdraw"), done)

    def action_request(self, what: str, round_number: int | None = None, who: PlayerRef | None = None) -> None:
        pid = self.selected_id()
        if pid is None:
            return
        who = who or self.session.players.ref(pid)
        pid = who.number
        code = REQUEST_CODES[what]
        rnd = round_number or self.session.next_round
        label = "cleared" if code is None else REQUEST_NAMES[code] + " bye"
        done = f"round {rnd}: {label} for {pid} {self.session.player(pid).name}"
        try:
            self.session.players.request(who, rnd, code)
        except ByeLimitReached as err:
            def answered(yes: bool | None) -> None:
                if yes and self.host.act(lambda: self.session.players.request(who, rnd, code, over_limit=True)):
                    self.changed(done + " (over the limit, logged)")

            self.app.push_screen(ConfirmScreen(f"{err}. Give this bye anyway, as an exception kept in the log?",
                                               "Bye limit"), answered)
            return
        except ActionError as err:
            self.notify(str(err), severity="error", timeout=8)
            return
        self.host.act(lambda: None)  # saved: the screen shows it
        self.changed(done, series=f"round {rnd}: {{n}} byes and absences")

    def action_request_later(self, what: str) -> None:
        """The same as b / z / c for a later round, asked by number."""
        pid = self.selected_id()
        if pid is None:
            return
        word = {"half": "half-point bye", "full": "full-point bye", "zero": "absence (zero-point bye)",
                "clear": "clearing"}[what]
        ref = self.session.players.ref(pid)

        def done(answer: str | None) -> None:
            if not answer:
                return
            if not answer.isdigit():
                self.notify("a round number, please", severity="warning")
                return
            self.action_request(what, int(answer), ref)

        self.app.push_screen(AskScreen(f"Round for the {word} of {pid} {self.session.player(pid).name}:",
                                       "Later round", value=str(self.session.next_round)), done)

    def action_forbid(self) -> None:
        """Keep the player under the cursor apart from another (asks the number); again lifts it."""
        pid = self.selected_id()
        if pid is None:
            return
        p = self.session.player(pid)
        ref = self.session.players.ref(pid)

        def done(answer: str | None) -> None:
            if not answer:
                return
            if not answer.isdigit():
                self.notify("a pairing number, please", severity="warning")
                return
            other = int(answer)  # a number typed now, read in the list as it stands now
            try:
                now = self.session.event.player_by_entry(ref.entry).id
            except KeyError:
                now = pid
            apart = other in self.session.players.kept_apart(now)
            if self.host.act(lambda: self.session.players.forbid(ref, other, not apart)):
                self.changed(f"{pid} and {other} " + ("may meet again" if apart else "kept apart"))

        self.app.push_screen(AskScreen(f"Number of the player {pid} {p.name} must not meet "
                                       "(a pair already kept apart is released):", "Keep apart"), done)

    def action_import(self) -> None:
        """Players from a CSV (header row) or TRF file: a preview first, then one save."""
        from swisstui.screens.import_preview import ImportPreviewScreen

        def chosen(answer: str | None) -> None:
            if not answer:
                return
            preview = self.session.players.read_import(answer)
            registered = {p.name.casefold() for p in self.session.event.players}
            screen = ImportPreviewScreen(preview, registered)

            def confirmed(yes: bool | None) -> None:
                if yes and screen.players:
                    made = self.host.act_value(lambda: self.session.players.import_list(screen.players,
                                                                                          preview.source))
                    if made is not None and made.value:
                        self.notify(f"{len(made.value)} players imported", timeout=3)

            self.app.push_screen(screen, confirmed)

        self.app.push_screen(AskScreen("CSV (with a header row) or TRF file to import players from "
                                       "(relative to the event's folder):", "Import players"), chosen)

    def action_ratings_update(self) -> None:
        from swisstui.screens.rating_update import update_from_list

        update_from_list(self)

    def action_renumber(self) -> None:
        question = ("Sort pairing numbers by rating, title and name (C.04.2 art. 2.2)? Every round "
                    "follows the new numbers; allowed until round 4 is paired.")

        def done(yes: bool | None) -> None:
            if yes:
                made = self.host.act_value(self.session.players.sort_numbers)
                if made is not None and made.value:
                    moved = sum(1 for a, b in made.value.items() if a != b)
                    self.notify(f"{moved} pairing numbers changed" if moved else "numbers already in order",
                                timeout=3)

        self.app.push_screen(ConfirmScreen(question, "Pairing numbers"), done)

    def action_draw(self) -> None:
        from swisstui.screens.draw_numbers import ask_draw

        ask_draw(self)

    def changed(self, done: str, series: str | None = None) -> None:
        """Say what a key just changed, and let ``u`` take it back: the change that wrote the revision
        the session holds now (read from the session, not the history, which another arbiter may
        have added to since)."""
        self.undoable = self.session.event.revision
        self.said = self.host.notice(f"{done} (u undoes)", timeout=4, series=series)

    def action_undo(self) -> None:
        """Take back the last change made on this screen, at once: it was just shown, and ``u`` names it.
        Refused (and said) when another change, here or in another terminal, came after it."""
        revision, self.undoable = self.undoable, None
        if revision is None:
            self.notify("nothing changed here to undo (l: the history undoes earlier changes)", severity="warning")
            return
        made = self.host.act_value(lambda: self.session.history.undo(revision))
        if made is not None:
            if self.said is not None:
                self.host.withdraw_notice(self.said)  # "... (u undoes)" no longer holds
            self.notify(f"undone: {line_said(made.value)}", timeout=4)

    def on_key(self, event: events.Key) -> None:
        """A letter or digit bound to nothing, typed on the list, starts a search with it."""
        char = event.character
        if not (char and char.isalnum() and event.is_printable) or self.focused is not self.query_one(DataTable):
            return
        if any(event.key in bindings.key_to_bindings for _, bindings in self._modal_binding_chain):
            return
        event.stop()
        event.prevent_default()
        self.action_search(select=False)
        box = self.query_one("#search", Input)
        box.value = char  # a new search, as typing after / starts one
        box.cursor_position = len(box.value)

    def action_sort(self) -> None:
        """Sort by the next column (No, Name, Rating, ...); ratings and scores highest first."""
        self.sort_column = (self.sort_column + 1) % len(COLUMNS)
        self.sort_reverse = False
        self.fill_table()
        self.host.notice(f"sorted by {COLUMNS[self.sort_column]}", timeout=2, series="sorted")

    def action_reverse(self) -> None:
        self.sort_reverse = not self.sort_reverse
        self.fill_table()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Escape clears a search; the footer offers it only while one is shown."""
        if action == "clear_search":
            return self.query_one("#searchbar").has_class("visible")
        return True

    def action_search(self, select: bool = True) -> None:
        """Show the search box; ``/`` selects what it holds (typing replaces it), a letter typed on the
        list is put in it alone, the cursor after it."""
        box = self.query_one("#search", Input)
        box.select_on_focus = select
        self.query_one("#searchbar").add_class("visible")
        box.focus()
        self.refresh_bindings()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "search":
            self.filter_text = event.value.strip()
            self.fill_table()

    def on_data_table_row_selected(self, _: DataTable.RowSelected) -> None:
        """Enter on a row edits its player: the table's own enter binding selects the row first."""
        self.action_edit()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "search":
            self.query_one(DataTable).focus()

    def action_clear_search(self) -> None:
        box = self.query_one("#search", Input)
        box.value = ""
        self.query_one("#searchbar").remove_class("visible")
        self.filter_text = ""
        self.fill_table()
        self.query_one(DataTable).focus()
        self.refresh_bindings()


def _shown(value: object) -> str:
    return "(empty)" if value in (None, "") else str(value)


def _matches(row: tuple, needle: str) -> bool:
    return needle in row[1].lower() or needle == str(row[0]) or needle == row[4].lower()
