"""Results of a team round, a match at a time, board by board, with the keys of individual results.

The match's score is shown as it fills (the session computes it from the boards, as the pairing reads
them). A result key never changes a board that has a result: ``c`` corrects it. A match lost whole by
forfeit (TRF-2026 record 330) is ``F``; a board a team left empty is lost by forfeit with ``+`` or ``-``.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from swisstui.language import N_, _
from swisstui.screens.base import BaseScreen
from swisstui.screens.dialogs import ChoiceScreen
from swisstui.screens.match_card import MatchCardScreen
from swisstui.screens.results import PRESET_HINT, RESULT_KEYS
from swisstui.store.result_keys import KEY_PRESETS, OTHER_RESULTS, ResultKind, result_label
from swisstui.session.team_actions import TeamMatchRecord
from swisstui.views.format import clip
from swisstui.views.team_rows import board_rows, boards_in, match_heading, score_text, share, team_label
from swisstui.widgets.table import RowTable


BOARD_COLUMNS = (N_("Bd"), "", N_("White"), N_("Black"), N_("Res"))
MATCH_COLUMNS = (N_("No"), N_("Team (White on bd 1)"), N_("Team"), N_("Score"))
"""The two tables' columns (the keys the tables find them by; shown through the catalogue)."""
FORFEIT_SIDES = {"white": N_("the first team"), "black": N_("the second team"), "both": N_("both teams")}
"""Who forfeited a match whole, by the side the event file names."""


class TeamResultsScreen(BaseScreen):
    SCREEN_NAME = "team_results"
    TITLE_TEXT = N_("team results")

    BINDINGS = [
        *(Binding(name, f"result('{char}')", show=False) for name, char in RESULT_KEYS.items()),
        Binding("left", "match(-1)", N_("prev match"), priority=True),
        Binding("right", "match(1)", N_("next match"), priority=True),
        Binding("o", "other_result", N_("other"), show=False),
        Binding("c", "correct", N_("correct")),
        Binding("F", "forfeit", N_("match forfeit")),
        Binding("m", "card", N_("card")),
        Binding("left_square_bracket", "round(-1)", N_("prev round"), show=False),
        Binding("right_square_bracket", "round(1)", N_("next round"), show=False),
    ]

    DEFAULT_CSS = """
    TeamResultsScreen #match { height: auto; padding: 0 1; text-style: bold; }
    TeamResultsScreen #boards { height: auto; max-height: 12; }
    TeamResultsScreen #matches { height: 1fr; }
    TeamResultsScreen #keys-hint { height: auto; padding: 0 1; background: $panel; }
    """

    def __init__(self, round_number: int | None = None, match: int = 1) -> None:
        super().__init__()
        self.round_number = round_number
        self.match = match

    def compose_body(self) -> ComposeResult:
        yield Static(id="match", markup=False)
        yield RowTable(id="boards", cursor_type="row")
        yield RowTable(id="matches", cursor_type="row", zebra_stripes=True)
        yield Static(id="keys-hint", markup=False)

    def on_mount(self) -> None:
        if self.round_number is None:
            self.round_number = self.session.current_round
        boards = self.query_one("#boards", RowTable)
        for label in BOARD_COLUMNS:
            boards.add_column(_(label) if label else "", key=label or "colour")
        matches = self.query_one("#matches", RowTable)
        matches.can_focus = False
        for label in MATCH_COLUMNS:
            matches.add_column(_(label), key=label)
        self.set_up = True
        self.refresh_all()
        self.to_next_empty(0)
        boards.focus()

    def header_title(self) -> str:
        k = self.round_number or 0
        if not k:
            return _("team results · no round paired yet")
        done, total = boards_in(self.session.event, k)
        return _("round {round} results · {done} of {total} boards in").format(round=k, done=done, total=total)

    def matches(self) -> list[TeamMatchRecord]:
        rnd = self.session.round_record(self.round_number or 0)
        return list(rnd.team.matches) if rnd is not None else []

    def current(self) -> TeamMatchRecord | None:
        found = self.matches()
        if not found:
            return None
        self.match = max(1, min(self.match, len(found)))
        return found[self.match - 1]

    def refresh_data(self) -> None:
        event = self.session.event
        boards = self.query_one("#boards", RowTable)
        matches = self.query_one("#matches", RowTable)
        self.query_one("#keys-hint", Static).update(
            _(PRESET_HINT[self.session.result_keys]) + " · " + _("←/→ match · F match forfeit · m card"))
        match = self.current()
        row = boards.cursor_row
        boards.clear()
        matches.clear()
        if match is None:
            self.query_one("#match", Static).update(_("No team round paired yet: pair one with n."))
            return
        self.query_one("#match", Static).update(_("{match}  ({number} of {count})").format(
            match=match_heading(event, match), number=self.match, count=len(self.matches())))
        width = self.app.size.width
        white, black = share(width, [2, 1, 3], 2)
        for cells in board_rows(event, match, (white, black)):
            boards.add_row(*cells, key=cells[0])
        boards.move_cursor(row=min(row, boards.row_count - 1))
        scores = {m.number: score_text(event, m, short=True) for m in self.matches()}
        rnd = self.session.round_record(self.round_number or 0)
        others = rnd is not None and (rnd.team.bye is not None or bool(rnd.team.absent))  # "bye", "abs" rows
        bye, absent = _("bye"), _("abs")
        numbers = max(len(_("No")), len(str(len(scores))), max(len(bye), len(absent)) if others else 0)
        first, second = share(width, [numbers, max(len(_("Score")), *(len(s) for s in scores.values()))], 2)
        for m in self.matches():
            matches.add_row(str(m.number), clip(team_label(event, m.white), first),
                            clip(team_label(event, m.black), second), scores[m.number], key=str(m.number))
        if rnd is not None and rnd.team.bye is not None:
            matches.add_row(bye, clip(team_label(event, rnd.team.bye), first), "", "", key="bye")
        for t in rnd.team.absent if rnd is not None else ():
            matches.add_row(absent, clip(team_label(event, t), first), "", _("absent"), key=f"absent{t}")
        matches.move_cursor(row=self.match - 1)

    def to_next_empty(self, start_board: int) -> None:
        """The cursor to the first board without a result from this match's ``start_board`` on, then the next
        matches'."""
        found = self.matches()
        if not found:
            return
        order = list(range(self.match - 1, len(found))) + list(range(0, self.match - 1))
        for i in order:
            m = found[i]
            if m.forfeit:
                continue
            first = start_board if i == self.match - 1 else 0
            empty = next((b for b in m.boards[first:] if not b.result), None)
            if empty is not None:
                if i + 1 != self.match:
                    self.match = i + 1
                    self.refresh_all()
                self.query_one("#boards", RowTable).move_cursor(row=empty.board - 1)
                return

    def action_match(self, delta: int) -> None:
        target = self.match + delta
        if 1 <= target <= len(self.matches()):
            self.match = target
            self.refresh_all()
            self.query_one("#boards", RowTable).move_cursor(row=0)

    def action_round(self, delta: int) -> None:
        target = (self.round_number or 0) + delta
        if 1 <= target <= self.session.current_round:
            self.round_number, self.match = target, 1
            self.refresh_all()
            self.to_next_empty(0)

    def board(self) -> int:
        return self.query_one("#boards", RowTable).cursor_row + 1

    def action_result(self, char: str) -> None:
        preset = KEY_PRESETS[self.session.result_keys]
        if char in preset:
            self.enter(preset[char])

    def enter(self, kind: ResultKind | None, correct: bool = False) -> None:
        """Put ``kind`` on the board under the cursor; a board with a result keeps it unless corrected (``c``)."""
        match = self.current()
        if match is None:
            return
        if match.forfeit:
            self.notify(_("match {number} was forfeited whole by {side}").format(
                number=match.number, side=_(FORFEIT_SIDES.get(match.forfeit, match.forfeit))), severity="warning")
            return
        board = self.board()
        had = match.boards[board - 1].result
        if had and not correct:
            self.notify(_("board {board} has {result} already; c corrects it").format(
                board=board, result=result_label(had)), severity="warning", timeout=4)
            return
        if kind is None and not had:
            return
        k, number = self.round_number or 0, match.number
        done = self.host.act_value(lambda: self.session.teams.set_result(
            k, number, board, kind.stored if kind is not None else "", correct=correct))
        if done is not None and not correct and kind is not None:
            self.to_next_empty(board)

    def action_other_result(self) -> None:
        """o, then one key: a game under one move, or scored as lost (as on the individual results screen)."""
        question = _("Another result: {choices}").format(choices="; ".join(
            f"{key} {kind.label} = {_(kind.description)}" for key, kind in OTHER_RESULTS.items()))

        def chosen(key: str | None) -> None:
            if key:
                self.enter(OTHER_RESULTS[key])

        self.app.push_screen(ChoiceScreen(question, _("Other result"),
                                          {key: (key, kind.label) for key, kind in OTHER_RESULTS.items()}), chosen)

    def action_correct(self) -> None:
        """c: the board's result changed (its key next); the history keeps the old one."""
        match = self.current()
        if match is None or match.forfeit:
            return
        board = self.board()
        if not match.boards[board - 1].result:
            self.notify(_("board {board} has no result to correct: type its result").format(board=board),
                        severity="warning")
            return
        keys = KEY_PRESETS[self.session.result_keys]
        choices = {name: (char, "") for name, char in RESULT_KEYS.items() if char in keys}

        def chosen(char: str | None) -> None:
            if char is not None:
                self.enter(keys[char], correct=True)

        question = _("Board {board}: {result} now. The corrected result: {keys}.").format(
            board=board, result=result_label(match.boards[board - 1].result),
            keys=_(PRESET_HINT[self.session.result_keys]))
        self.app.push_screen(ChoiceScreen(question, _("Correct a result"), choices, hint=_("escape: leave it")), chosen)

    def action_forfeit(self) -> None:
        """F: the whole match lost by forfeit (TRF-2026 record 330): which team did not play."""
        match = self.current()
        if match is None:
            return
        event = self.session.event
        question = _("Match {number}: which team forfeits the whole match? w {first} · b {second} · 2 both").format(
            number=match.number, first=team_label(event, match.white), second=team_label(event, match.black))
        choices = {"w": ("white", _("first team")), "b": ("black", _("second team")), "2": ("both", _("both"))}
        k, number = self.round_number or 0, match.number

        def chosen(side: str | None) -> None:
            if side:
                self.host.act(lambda: self.session.teams.forfeit(k, number, side),
                              done=_("match {number} forfeited by {side}").format(
                                  number=number, side=_(FORFEIT_SIDES.get(side, side))))

        self.app.push_screen(ChoiceScreen(question, _("Match forfeited"), choices, hint=_("escape: leave it")), chosen)

    def action_card(self) -> None:
        match = self.current()
        if match is not None:
            self.app.push_screen(MatchCardScreen(self.round_number or 0, match.number))
