"""Results entry: one key per result, saved as typed, the cursor on to the next empty board.

Entering results never changes one already in: a result key on a board that has a result
(typed one key too many, or filled meanwhile by another arbiter) is refused and says so.
Correcting a result is its own key, ``c``, on the board under the cursor.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Static

from engine.model.explain import points_text
from swisstui.terminal import preferences
from swisstui.session.actions import ResultChanged
from swisstui.store.result_keys import KEY_PRESETS, OTHER_RESULTS, ResultKind, result_label
from swisstui.language import N_, NC_, _, pgettext
from swisstui.screens.base import BaseScreen
from swisstui.screens.correction import CorrectionScreen
from swisstui.screens.dialogs import AskScreen, ChoiceScreen
from swisstui.outputs.names import shown_name
from swisstui.views.format import clip
from swisstui.views.game_rows import GameRow, game_rows
from swisstui.widgets.table import RowTable

# Key names as Textual reports them -> the character the presets use.
RESULT_KEYS = {
    "1": "1", "2": "2", "3": "3", "4": "4", "5": "5", "7": "7", "0": "0",
    "equals_sign": "=", "plus": "+", "minus": "-", "f": "f", "backspace": "backspace",
}

REQUEST_NOTES = {"HALF_BYE": N_("half bye: {player}"), "FULL_BYE": N_("full bye: {player}"),
                 "ZERO_BYE": N_("zero bye: {player}"), "ABSENT": N_("absent: {player}")}
"""A requested bye or an absence under the boards, by the result code's name."""
OTHER_DESCRIPTIONS = {
    "1": N_("white wins, under one move (not rated)"), "0": N_("black wins, under one move (not rated)"),
    "=": N_("draw, under one move (not rated)"), "z": N_("both scored as lost"),
    "w": N_("white scores a draw, black a loss"), "b": N_("black scores a draw, white a loss"),
}
"""store.result_keys' descriptions of the results after o, by their key, as the screen says them."""
CELLS_ONE_BY_ONE = 20  # cells changed at most for each to be drawn again on its own

PRESET_HINT = {
    "default": N_("1 white wins · 0 black wins · = draw · +/- forfeits · f both forfeit · ⌫ clear"),
    "papi": N_("1 white wins · 2 black wins · 3 draw · 4/5 forfeits · 7 both forfeit · 0 clear"),
}
"""The result keys of each preset (by the preset's name in the event file), said under the boards."""
COLUMN_LABELS = {"Bd": NC_("column", "Bd"), "White": NC_("column", "White"), "Res": NC_("column", "Res"),
                 "Black": NC_("column", "Black")}


class ResultsScreen(BaseScreen):
    SCREEN_NAME = "results"
    TITLE_TEXT = N_("results")

    BINDINGS = [
        *(Binding(name, f"result('{char}')", show=False) for name, char in RESULT_KEYS.items()),
        Binding("o", "other_result", N_("other result")),
        Binding("u", "undo", N_("undo"), show=False),  # the footer is full at 80 columns; the help page names it
        Binding("c", "correct", N_("correct")),
        Binding("j", "jump", N_("jump")),
        Binding("left_square_bracket", "round(-1)", N_("prev round")),
        Binding("right_square_bracket", "round(1)", N_("next round")),
    ]

    DEFAULT_CSS = """
    ResultsScreen DataTable { height: 1fr; }
    ResultsScreen #byes { height: auto; padding: 0 1; color: $text-muted; }
    ResultsScreen #keys-hint { height: auto; padding: 0 1; background: $panel; }
    """

    def __init__(self, round_number: int | None = None) -> None:
        super().__init__()
        self.round_number = round_number
        self.saved = True
        # (what the labels were built from, the labels of the players with their score before the round)
        self._before: tuple[tuple, Callable[[int], str]] | None = None
        self._rows: dict[str, tuple[str, str, str]] = {}  # the cells shown, by board
        self._texts: dict[str, str] = {}  # the text shown in each Static, by selector
        # (the revision it wrote, its board): the result typed last on this screen, which u takes back
        self.undoable: tuple[int, int] | None = None

    def compose_body(self) -> ComposeResult:
        yield RowTable(id="boards", cursor_type="row", zebra_stripes=True)
        yield Static(id="byes", markup=False)
        yield Static(id="keys-hint", markup=False)

    def on_mount(self) -> None:
        if self.round_number is None:
            self.round_number = self.session.current_round
        table = self.query_one(DataTable)
        for label, width in (("Bd", 3), ("White", 30), ("Res", 6), ("Black", 30)):
            table.add_column(pgettext("column", COLUMN_LABELS[label]), key=label, width=width)
        self.set_up = True
        self.refresh_all()
        self.move_to_next_empty(start=0)
        table.focus()

    def header_title(self) -> str:
        k = self.round_number or 0
        if not k:
            return _("results · no round paired yet")
        done, total = self.session.results_in(k)
        if self.saved:
            return _("round {round} results · {done} of {total} in · saved").format(round=k, done=done, total=total)
        return _("round {round} results · {done} of {total} in · not saved").format(round=k, done=done, total=total)

    def refresh_data(self) -> None:
        """Show the round; after a result key (or another arbiter's result) only the cells that
        changed are drawn again: at 1,000 boards, updating every cell would redraw every row."""
        table = self.query_one(RowTable)
        rnd = self.session.round_record(self.round_number or 0)
        self.show_text("#keys-hint", _(PRESET_HINT[self.session.result_keys]))
        if rnd is None or not rnd.paired:
            table.clear()
            self._rows = {}
            self.show_text("#byes", _("No round paired yet: pair one with n."))
            return
        label = self.labeller(rnd.number)
        rows = {_key(b): (label(b.white), result_label(b.result), label(b.black)) for b in lines(rnd)}
        if list(rows) == list(self._rows):
            changed = [(key, column, cell) for key, cells in rows.items()
                       for column, cell, was in zip(("White", "Res", "Black"), cells, self._rows[key]) if cell != was]
            # A key changes a cell or two: those rows are drawn again. Many changed at once (another
            # arbiter's corrections, the scores after an earlier round changed): the whole table once.
            update = table.set_cell if len(changed) <= CELLS_ONE_BY_ONE else table.update_cell
            for key, column, cell in changed:
                update(key, column, cell)
        else:
            row = table.cursor_row
            table.clear()
            for key, cells in rows.items():
                table.add_row(key, *cells, key=key)  # a board's number, or a game's match.game
            if table.row_count:
                table.move_cursor(row=min(row, table.row_count - 1))
        self._rows = rows
        notes = []
        if rnd.bye is not None:
            notes.append(_("bye: {player}").format(player=label(rnd.bye)))
        for pid, code in sorted(rnd.requests.items()):
            notes.append(_(REQUEST_NOTES.get(code.name, "{player}")).format(player=label(pid)))
        self.show_text("#byes", " · ".join(notes))

    def show_text(self, selector: str, text: str) -> None:
        """Put ``text`` in a Static, only when it differs: an update lays the whole screen out again."""
        static = self.query_one(selector, Static)
        if self._texts.get(selector) != text:
            self._texts[selector] = text
            static.update(text)

    def labeller(self, number: int) -> Callable[[int], str]:
        """``12 Name (2½)``: a player and the score before round ``number``.

        The event as it stood before the round is built again only when an earlier round or
        a player changed, and each label once: a result key of this round rebuilds neither,
        which at 2,000 players would be most of what a key costs the screen.
        """
        event = self.session.event
        key = (number,
               [(p.id, p.name, p.federation, p.rating, p.status, p.withdrawn_after) for p in event.players],
               [(r.number, r.bye, sorted(r.requests.items()), [(b.white, b.black, b.result) for b in r.boards],
                 [(g.white, g.black, g.result) for m in r.matches for g in m.games])
                for r in event.rounds if r.number < number],
               event.settings)
        if self._before is None or self._before[0] != key:
            t = event.to_tournament(through_round=number - 1)
            labels: dict[int, str] = {}

            def label(pid: int) -> str:
                if pid not in labels:
                    labels[pid] = f"{pid} {clip(shown_name(t, pid), 20)} ({points_text(t.score(pid, number - 1))})"
                return labels[pid]

            self._before = (key, label)
        return self._before[1]

    def move_to_next_empty(self, start: int) -> None:
        """Put the cursor on the first board without a result from row ``start`` on, wrapping."""
        rnd = self.session.round_record(self.round_number or 0)
        if rnd is None or not lines(rnd):
            return
        n = len(lines(rnd))
        for i in range(n):
            row = (start + i) % n
            if not lines(rnd)[row].result:
                self.query_one(DataTable).move_cursor(row=row)
                return

    def action_result(self, char: str) -> None:
        preset = KEY_PRESETS[self.session.result_keys]
        if char in preset:
            self.enter(preset[char])

    def action_other_result(self) -> None:
        """o, then one key: the results of games under one move and of games scored as lost."""
        rnd = self.session.round_record(self.round_number or 0)
        if rnd is None or not lines(rnd):
            return
        board = lines(rnd)[self.query_one(DataTable).cursor_row]
        if board.result:
            self.refuse(rnd, board)
            return
        self.choose_other(board, self.enter)

    def choose_other(self, board, then: Callable[[ResultKind], None]) -> None:
        """One key among the results given less often, and ``then`` with the result it names."""
        choices = {key: (key, f"{kind.label}") for key, kind in OTHER_RESULTS.items()}
        question = _("{board}: another result. {choices}").format(board=_name(board), choices="; ".join(
            f"{key} {kind.label} = {_(OTHER_DESCRIPTIONS.get(key, kind.description))}"
            for key, kind in OTHER_RESULTS.items()))

        def chosen(key: str | None) -> None:
            if key:
                then(OTHER_RESULTS[key])

        self.app.push_screen(ChoiceScreen(question, _("Other result"), choices), chosen)

    def action_jump(self) -> None:
        """Go to a board by its number, or to the board of a player (pairing number or part of a name)."""
        def answered(text: str | None) -> None:
            if text:
                rnd = self.session.round_record(self.round_number or 0)
                if rnd is not None and rnd.matches:  # a game of a match: 3 or 3.2 (match 3, game 2)
                    row = next((g.number for g in lines(rnd) if text.strip() in (g.label, f"{g.match}")), None)
                else:
                    row = self.session.results.find_board(self.round_number or 0, text)
                if row is None:
                    self.notify(_("no board or player {text} in round {round}").format(
                        text=repr(text), round=self.round_number), severity="warning")
                else:
                    self.query_one(DataTable).move_cursor(row=row - 1)

        self.app.push_screen(AskScreen(_("Board number, or a player's number (#12) or name:"), _("Jump to board")),
                             answered)

    def enter(self, kind: ResultKind | None) -> None:
        """Put ``kind`` on the board under the cursor when it has no result; a result in stays (``c`` corrects)."""
        rnd = self.session.round_record(self.round_number or 0)
        if rnd is None or not lines(rnd):
            return
        row = self.query_one(DataTable).cursor_row
        board = lines(rnd)[row]
        if board.result:
            self.refuse(rnd, board)
        elif kind is not None:
            self.save(rnd.number, board.number, kind, row, seen="", pair=(board.white, board.black))

    def refuse(self, rnd, board) -> None:
        """A result key on a board that has one: nothing changes, and the notice says why and what corrects it."""
        if all(b.result for b in lines(rnd)):
            self.notify(_("all results of round {round} are in; c corrects the board under the cursor").format(
                round=rnd.number), severity="warning", timeout=4)
        else:
            self.notify(_("{board} has {result} already; c corrects it").format(
                board=_name(board, start=False), result=result_label(board.result)), severity="warning", timeout=4)

    def action_correct(self) -> None:
        """c: correct the result of the board under the cursor; its key first, then a reason and a name."""
        rnd = self.session.round_record(self.round_number or 0)
        if rnd is None or not lines(rnd):
            return
        row = self.query_one(DataTable).cursor_row
        board = lines(rnd)[row]
        if not board.result:
            self.notify(_("{board} has no result to correct: type its result").format(board=_name(board, start=False)),
                        severity="warning")
            return
        keys = {name: char for name, char in RESULT_KEYS.items() if char in KEY_PRESETS[self.session.result_keys]}
        choices = {name: (char, "") for name, char in keys.items()}
        choices["o"] = ("o", "")
        question = _("{board}: {result} now. The corrected result: {keys} · o another result.").format(
            board=_name(board), result=result_label(board.result), keys=_(PRESET_HINT[self.session.result_keys]))

        def chosen(char: str | None) -> None:
            if char == "o":
                self.choose_other(board, lambda kind: self.ask_correction(rnd.number, board, kind, row))
            elif char is not None:
                self.ask_correction(rnd.number, board, KEY_PRESETS[self.session.result_keys][char], row)

        self.app.push_screen(ChoiceScreen(question, _("Correct a result"), choices, hint=_("escape: leave it")), chosen)

    def ask_correction(self, round_number: int, board, kind: ResultKind | None, row: int,
                       meanwhile: bool = False) -> None:
        """A result already stands: a correction needs a reason and a name, and is kept with the round."""
        new = kind.stored if kind is not None else ""
        change = _("Round {round}, {board} ({white}-{black}): {result} becomes {new}.").format(
            round=round_number, board=_name(board, start=False), white=board.white, black=board.black,
            result=result_label(board.result), new=result_label(new) if new else _("no result"))
        if meanwhile:
            change = _("Another arbiter entered {result} on this board meanwhile. {change}").format(
                result=result_label(board.result), change=change)

        def done(answer: tuple[str, str] | None) -> None:
            if answer:
                reason, by = answer
                preferences.save_arbiter(by)
                self.save(round_number, board.number, kind, row, correction=(reason, by), seen=board.result,
                          pair=(board.white, board.black))

        self.app.push_screen(CorrectionScreen(change, self.session.results.paired_after(round_number),
                                              preferences.saved_arbiter()), done)

    def save(self, round_number: int, board: int, kind: ResultKind | None, row: int,
             correction: tuple[str, str] | None = None, seen: str | None = None,
             pair: tuple[int, int] | None = None) -> None:
        """Save the result; the file decides, under its lock, whether the board is still as the arbiter
        saw it: the same two players (``pair``; the round may have been paired again meanwhile), and
        the same result. A result entered there meanwhile by another arbiter stays: a new result is
        refused, naming it; a correction shows it and asks again."""
        self.saved = True  # as the screen redraws after the save; set back when it is refused
        reason, by = correction or ("", "")
        rnd_now = self.session.round_record(round_number)
        if rnd_now is not None and rnd_now.matches:  # a game of a match (C.04.5): its match and game
            self.save_game(round_number, lines(rnd_now)[board - 1], kind, row, reason, by)
            return
        try:
            ok = self.host.act(lambda: self.session.results.set_result(round_number, board, kind, reason, by,
                                                                       seen=seen, pair=pair))
        except ResultChanged as err:
            self.refresh_all()
            rnd = self.session.round_record(round_number)
            if rnd is None or not 1 <= board <= len(lines(rnd)):
                self.saved = False
                self.notify(str(err), severity="error", timeout=8)
                return
            if not err.now:  # cleared meanwhile: a plain result again
                self.save(round_number, board, kind, row, seen="", pair=pair)
                return
            if correction is None:
                typed = result_label(kind.stored) if kind is not None else _("no result")
                self.notify(_("board {board}: {result} was entered meanwhile by another arbiter; "
                              "your {typed} was not saved (c corrects it)").format(
                    board=board, result=result_label(err.now), typed=typed), severity="warning", timeout=8)
                return
            self.saved = False
            self.ask_correction(round_number, lines(rnd)[board - 1], kind, row, meanwhile=True)
            return
        if not ok:
            self.saved = False
            self.refresh_all()
        if ok and correction:
            self.notify(_("board {board} corrected (logged)").format(board=board), timeout=3)
        self.undoable = (self.session.event.revision, board) if ok and kind is not None and not correction else None
        if ok and kind is not None and not correction:
            self.move_to_next_empty(start=row + 1)

    def save_game(self, round_number: int, game: GameRow, kind: ResultKind | None, row: int, reason: str,
                  by: str) -> None:
        """Save one game of a match; the session decides under the lock whether it is a correction."""
        stored = kind.stored if kind is not None else ""
        ok = self.host.act(lambda: self.session.matches.set_game_result(round_number, game.match, game.game,
                                                                       stored, reason, by))
        if not ok:
            self.saved = False
            self.refresh_all()
        elif reason:
            self.notify(_("game {game} corrected (logged)").format(game=game.label), timeout=3)
        corrected = bool(reason)
        self.undoable = (self.session.event.revision, game.number) if ok and kind is not None and not corrected else None
        if ok and kind is not None and not corrected:
            self.move_to_next_empty(start=row + 1)

    def action_undo(self) -> None:
        """u: take back the result just typed on an empty board (a key on the wrong board), at once.

        A result typed by mistake is no result to correct (``c`` asks a reason and logs it): it is the
        change just made, undone as ``u`` undoes one on the players screen, and refused when anything
        changed since, here or in another terminal (the session's undo decides that under the lock)."""
        undoable, self.undoable = self.undoable, None
        if undoable is None:
            self.notify(_("no result typed here to undo (c corrects a result; l: the history undoes earlier changes)"),
                        severity="warning")
            return
        revision, board = undoable
        if self.host.act_value(lambda: self.session.history.undo(revision)):
            self.notify(_("undone: board {board} has no result again").format(board=board), timeout=4)
            self.query_one(DataTable).move_cursor(row=board - 1)

    def action_round(self, delta: int) -> None:
        target = (self.round_number or 0) + delta
        if 1 <= target <= self.session.current_round:
            self.round_number = target
            self.refresh_all()
            self.move_to_next_empty(start=0)


def lines(rnd) -> list:
    """The rows of a round: its boards, or the games of its matches (C.04.5), one a row."""
    return game_rows(rnd.matches) if rnd.matches else list(rnd.boards)


def _key(line) -> str:
    return line.label if isinstance(line, GameRow) else str(line.number)


def _name(line, start: bool = True) -> str:
    """"Board 3" (or "Game 3.2") at the start of a sentence, "board 3" inside one: each its own sentence,
    as languages capitalise differently."""
    if isinstance(line, GameRow):
        return (_("Game {game}") if start else _("game {game}")).format(game=line.label)
    return (_("Board {board}") if start else _("board {board}")).format(board=line.number)
