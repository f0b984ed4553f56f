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
from swisstui.language import N_, _, ngettext, pgettext
from swisstui.screens.base import BaseScreen
from swisstui.session.actions import ActionError, ByeLimitReached, EditConflict, PlayerRef
from swisstui.session.pairing_numbers import resort_preview
from swisstui.screens.dialogs import AskScreen, ChoiceScreen, ConfirmScreen
from swisstui.screens.history import line_said
from swisstui.screens.player_form import PlayerForm
from swisstui.screens.player_words import COLUMN_LABELS, FIELD_NAMES, REQUEST_DONE, REQUEST_LABELS
from swisstui.outputs.names import told_apart
from swisstui.views.format import clip
from swisstui.widgets.table import RowTable, share_width

COLUMNS = ("No", "Name", "Rating", "Title", "Fed", "Score", "Status")
FIXED_WIDTHS = {"No": 4, "Rating": 7, "Title": 6, "Fed": 4, "Score": 6}
STATUS_KEPT = 20  # "withdrawn after r12" whole at 80 columns, the name column keeping 18
REQUEST_CODES = {"half": ResultCode.HALF_BYE, "full": ResultCode.FULL_BYE, "zero": ResultCode.ZERO_BYE,
                 "clear": None}


class PlayersScreen(BaseScreen):
    SCREEN_NAME = "players"
    TITLE_TEXT = N_("players")

    BINDINGS = [
        Binding("a", "add", N_("add")),
        Binding("e,enter", "edit", N_("edit")),
        Binding("w", "withdraw", N_("withdraw")),
        Binding("b", "request('half')", N_("½-bye")),
        Binding("minus", "request('zero')", N_("absent")),
        Binding("plus", "request('full')", N_("1-bye"), show=False),
        Binding("c", "request('clear')", N_("clear bye"), show=False),
        Binding("B", "request_later('half')", N_("½-bye later"), show=False),
        Binding("Z", "request_later('zero')", N_("absent later"), show=False),
        Binding("C", "request_later('clear')", N_("clear later"), show=False),
        Binding("f", "forbid", N_("keep apart"), show=False),
        Binding("i", "import", N_("import"), show=False),
        Binding("R", "ratings_update", N_("update ratings"), show=False),
        Binding("number_sign", "renumber", N_("renumber"), show=False),
        Binding("D", "draw", N_("draw numbers"), show=False),  # a round robin, before round 1
        Binding("o", "sort", N_("sort"), show=False),  # the sorted column carries the sign
        Binding("O", "reverse", N_("reverse sort"), show=False),
        Binding("u", "undo", N_("undo"), show=False),
        Binding("slash", "search", N_("search")),
        Binding("escape", "clear_search", N_("clear")),
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
            yield Label(_("Search"), markup=False)
            yield Input(placeholder=_("name, federation or number"), id="search", compact=True)
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
            table.add_column(pgettext("column", COLUMN_LABELS[label]), key=label, width=widths[label])

    def header_title(self) -> str:
        s = self.session
        if s.current_round >= s.total_rounds:
            return _("players · all {rounds} rounds paired").format(rounds=s.total_rounds)
        return _("players · next round {round}").format(round=s.next_round)

    # -- data ------------------------------------------------------------------------

    def build_rows(self) -> list[tuple]:
        s = self.session
        t = s.tournament()
        upcoming = s.next_round
        rows = []
        names = told_apart(s.event.players)
        for p in s.event.players:
            if p.withdrawn:
                status = _("withdrawn after r{round}").format(round=p.withdrawn_after or 0)
            else:
                later = [_(REQUEST_LABELS[code]).format(round=r.number) for r in s.event.rounds
                         if r.number >= upcoming and not r.paired for pid, code in r.requests.items() if pid == p.id]
                status = ", ".join(later) or _("active")
            apart = s.players.kept_apart(p.id)
            if apart:
                status += " ≠" + ",".join(str(x) for x in apart)
            if p.fixed_board:
                status += " " + _("bd {board}").format(board=p.fixed_board)  # always on this board (accessibility)
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
                _("{found} of {count} · enter: to the list · escape: clear").format(found=len(rows), count=len(self.rows)))
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
            table.columns[ColumnKey(label)].label = Text(pgettext("column", COLUMN_LABELS[label]) + sign)
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

        form = PlayerForm(_("Add player"))
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
        question = ngettext(
            "Late entry after round {round}: {name} takes number {number} (C.04.2 art. 2.4), and {count} player(s) "
            "change number on printed lists:\n{moves}\nRounds 1-{round}, missed, score 0 each (B on the player "
            "gives a half-point bye for one of them instead).",
            "Late entry after round {round}: {name} takes number {number} (C.04.2 art. 2.4), and {count} player(s) "
            "change number on printed lists:\n{moves}\nRounds 1-{round}, missed, score 0 each (B on the player "
            "gives a half-point bye for one of them instead).", len(moved)).format(
            round=s.current_round, name=fields["name"], number=number, count=len(moved), moves=moves)
        keep = max(p.id for p in s.event.players) + 1
        choices = {"y": ("renumber", _("give {number} and renumber").format(number=number)),
                   "k": ("keep", _("keep every number ({number})").format(number=keep))}

        def answered(choice: str | None) -> None:
            if choice:
                self.save_entry(fields, renumber=choice == "renumber")

        self.app.push_screen(ChoiceScreen(question, _("Late entry"), choices), answered)

    def save_entry(self, fields: dict, renumber: bool) -> None:
        made = self.host.act_value(lambda: self.session.players.add(**fields, renumber=renumber))
        if made is not None:
            number = made.value
            late = self.session.current_round
            said = (_("{name} registered as number {number}; rounds 1-{round} score 0") if late else
                    _("{name} registered as number {number}"))
            self.changed(said.format(name=fields["name"], number=number, round=late),
                         series=_("registered {n} players"))
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

        self.app.push_screen(PlayerForm(_("Edit player {number}").format(number=pid), values), done)

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
        question = ngettext(
            "Dubov: a rating changed before round 4 is paired re-sorts the pairing numbers "
            "(C.04.4.1 art. 1.2.2); {count} player(s) change number on printed lists:\n{moves}",
            "Dubov: a rating changed before round 4 is paired re-sorts the pairing numbers "
            "(C.04.4.1 art. 1.2.2); {count} player(s) change number on printed lists:\n{moves}",
            len(moved)).format(count=len(moved), moves=moves)
        choices = {"y": ("renumber", _("save the rating and renumber")),
                   "n": ("cancel", _("leave the player unchanged"))}

        def answered(choice: str | None) -> None:
            if choice != "renumber":
                self.notify(_("not changed"), timeout=2)
                return
            self.save_edit(ref, seen, fields)
            if s.player(self.number_now(ref)).rating != fields["rating"]:
                return  # refused, or asked about another arbiter's change: nothing is renumbered
            made = self.host.act_value(s.players.sort_numbers)
            if made is not None and made.value:
                self.notify(ngettext("saved; {count} pairing number changed", "saved; {count} pairing numbers changed",
                                     len(moved)).format(count=len(moved)), timeout=3)

        self.app.push_screen(ChoiceScreen(question, _("Pairing numbers"), choices), answered)

    def save_edit(self, ref: PlayerRef, seen: dict[str, object], fields: dict[str, object]) -> None:
        """Write the fields the arbiter changed, nothing else; a field another arbiter changed
        meanwhile to something else shows both values and asks which stays."""
        changed = {key: value for key, value in fields.items() if seen.get(key) != value}
        if not changed:
            self.notify(_("nothing changed"), timeout=2)
            return
        try:
            if self.host.act(lambda: self.session.players.edit(ref, seen=seen, **changed)):
                self.changed(_("{name}: {fields} saved").format(
                    name=self.session.player(self.number_now(ref)).name,
                    fields=", ".join(_(FIELD_NAMES.get(key, key)) for key in changed)))
        except EditConflict as err:
            self.refresh_all()
            self.ask_about_clashes(ref, seen, fields, err)

    def ask_about_clashes(self, ref: PlayerRef, seen: dict[str, object], fields: dict[str, object],
                          err: EditConflict) -> None:
        lines = "\n".join("  " + _("{field}: {now} in the file now, {mine} in your form").format(
                              field=_(FIELD_NAMES.get(key, key)), now=_shown(now), mine=_shown(mine))
                          for key, now, mine in err.clashes)
        question = _("{player} was changed by someone else while your form was open:\n{lines}").format(
            player=err.player, lines=lines)
        choices = {"m": ("mine", _("use your values")), "t": ("theirs", _("keep theirs (your other changes are saved)"))}
        theirs = {key: now for key, now, _mine in err.clashes}

        def answered(choice: str | None) -> None:
            if choice is None:
                self.notify(_("nothing saved"), timeout=3)
                self.refresh_all()
                return
            kept = fields if choice == "mine" else {**fields, **theirs}
            self.save_edit(ref, {**seen, **theirs}, kept)

        self.app.push_screen(ChoiceScreen(question, _("Changed meanwhile"), choices), answered)

    def action_withdraw(self) -> None:
        pid = self.selected_id()
        if pid is None:
            return
        p = self.session.player(pid)
        ref = self.session.players.ref(pid)  # the same player when the answer comes, whatever their number by then
        if p.withdrawn:
            def back(yes: bool | None) -> None:
                if yes and self.host.act(lambda: self.session.players.reinstate(ref)):
                    self.changed(_("{name} plays again").format(name=p.name))

            self.app.push_screen(ConfirmScreen(
                _("{number} {name} has withdrawn. Reinstate them from round {round}?").format(
                    number=pid, name=p.name, round=self.session.next_round), _("Reinstate")), back)
            return
        question = _("Withdraw {number} {name}? They are not paired from round {round} on; their results stay.").format(
            number=pid, name=p.name, round=self.session.next_round)
        if self.session.round_robin.active:  # the regulations' choices decide what the results become
            chosen = "; ".join(f"{_(o.title)}: {o.value(self.session.event.settings)}"
                               for o in self.session.settings.system_options())
            question = _("Withdraw {number} {name}? Their table games from round {round} on are not paired (C.05: the "
                         "schedule stays), and the standings count their games as the settings say ({chosen}; FIDE "
                         "Tournament Rules art. 5.4).").format(number=pid, name=p.name, round=self.session.next_round,
                                                                chosen=chosen)

        def done(yes: bool | None) -> None:
            if yes and self.host.act(lambda: self.session.players.withdraw(ref)):
                self.changed(_("{name} withdrawn").format(name=p.name))

        self.app.push_screen(ConfirmScreen(question, _("Withdraw")), done)

    def action_request(self, what: str, round_number: int | None = None, who: PlayerRef | None = None) -> None:
        pid = self.selected_id()
        if pid is None:
            return
        who = who or self.session.players.ref(pid)
        pid = who.number
        code = REQUEST_CODES[what]
        rnd = round_number or self.session.next_round
        said = _("round {round}: cleared for {number} {name}") if code is None else _(REQUEST_DONE[code])
        done = said.format(round=rnd, number=pid, name=self.session.player(pid).name)
        try:
            self.session.players.request(who, rnd, code)
        except ByeLimitReached as err:
            def answered(yes: bool | None) -> None:
                if yes and self.host.act(lambda: self.session.players.request(who, rnd, code, over_limit=True)):
                    self.changed(_("{done} (over the limit, logged)").format(done=done))

            self.app.push_screen(ConfirmScreen(
                _("{refusal}. Give this bye anyway, as an exception kept in the log?").format(refusal=err),
                _("Bye limit")), answered)
            return
        except ActionError as err:
            self.notify(str(err), severity="error", timeout=8)
            return
        self.host.act(lambda: None)  # saved: the screen shows it
        self.changed(done, series=_("round {round}: {{n}} byes and absences").format(round=rnd))

    def action_request_later(self, what: str) -> None:
        """The same as b / z / c for a later round, asked by number."""
        pid = self.selected_id()
        if pid is None:
            return
        ask = {"half": N_("Round for the half-point bye of {number} {name}:"),
               "full": N_("Round for the full-point bye of {number} {name}:"),
               "zero": N_("Round for the absence (zero-point bye) of {number} {name}:"),
               "clear": N_("Round for the clearing of {number} {name}:")}[what]
        ref = self.session.players.ref(pid)

        def done(answer: str | None) -> None:
            if not answer:
                return
            if not answer.isdigit():
                self.notify(_("a round number, please"), severity="warning")
                return
            self.action_request(what, int(answer), ref)

        self.app.push_screen(AskScreen(_(ask).format(number=pid, name=self.session.player(pid).name),
                                       _("Later round"), value=str(self.session.next_round)), done)

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
                self.notify(_("a pairing number, please"), severity="warning")
                return
            other = int(answer)  # a number typed now, read in the list as it stands now
            try:
                now = self.session.event.player_by_entry(ref.entry).id
            except KeyError:
                now = pid
            apart = other in self.session.players.kept_apart(now)
            if self.host.act(lambda: self.session.players.forbid(ref, other, not apart)):
                said = _("{number} and {other} may meet again") if apart else _("{number} and {other} kept apart")
                self.changed(said.format(number=pid, other=other))

        self.app.push_screen(AskScreen(_("Number of the player {number} {name} must not meet "
                                         "(a pair already kept apart is released):").format(number=pid, name=p.name),
                                       _("Keep apart")), done)

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
                        self.notify(ngettext("{count} player imported", "{count} players imported",
                                             len(made.value)).format(count=len(made.value)), timeout=3)

            self.app.push_screen(screen, confirmed)

        self.app.push_screen(AskScreen(_("CSV (with a header row) or TRF file to import players from "
                                         "(relative to the event's folder):"), _("Import players")), chosen)

    def action_ratings_update(self) -> None:
        from swisstui.screens.rating_update import update_from_list

        update_from_list(self)

    def action_renumber(self) -> None:
        question = _("Sort pairing numbers by rating, title and name (C.04.2 art. 2.2)? Every round "
                     "follows the new numbers; allowed until round 4 is paired.")

        def done(yes: bool | None) -> None:
            if yes:
                made = self.host.act_value(self.session.players.sort_numbers)
                if made is not None and made.value:
                    moved = sum(1 for a, b in made.value.items() if a != b)
                    self.notify(ngettext("{count} pairing number changed", "{count} pairing numbers changed",
                                         moved).format(count=moved) if moved else _("numbers already in order"),
                                timeout=3)

        self.app.push_screen(ConfirmScreen(question, _("Pairing numbers")), done)

    def action_draw(self) -> None:
        from swisstui.screens.draw_numbers import ask_draw

        ask_draw(self)

    def changed(self, done: str, series: str | None = None) -> None:
        """Say what a key just changed, and let ``u`` take it back: the change that wrote the revision
        the session holds now (read from the session, not the history, which another arbiter may
        have added to since)."""
        self.undoable = self.session.event.revision
        self.said = self.host.notice(_("{done} (u undoes)").format(done=done), timeout=4, series=series)

    def action_undo(self) -> None:
        """Take back the last change made on this screen, at once: it was just shown, and ``u`` names it.
        Refused (and said) when another change, here or in another terminal, came after it."""
        revision, self.undoable = self.undoable, None
        if revision is None:
            self.notify(_("nothing changed here to undo (l: the history undoes earlier changes)"), severity="warning")
            return
        made = self.host.act_value(lambda: self.session.history.undo(revision))
        if made is not None:
            if self.said is not None:
                self.host.withdraw_notice(self.said)  # "... (u undoes)" no longer holds
            self.notify(_("undone: {change}").format(change=line_said(made.value)), timeout=4)

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
        self.host.notice(_("sorted by {column}").format(column=pgettext("column", COLUMN_LABELS[COLUMNS[self.sort_column]])),
                         timeout=2, series="sorted")

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

    def on_data_table_row_selected(self, _event: DataTable.RowSelected) -> None:
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
    return _("(empty)") if value in (None, "") else str(value)


def _matches(row: tuple, needle: str) -> bool:
    return needle in row[1].lower() or needle == str(row[0]) or needle == row[4].lower()
