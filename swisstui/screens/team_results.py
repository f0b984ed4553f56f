"""Results of a team round, a match at a time, board by board, with the keys of individual results.

The match's score is shown as it fills (the session computes it from the boards, as the pairing reads
them). A result key never changes a board that has a result: ``c`` corrects it. A match lost whole by
forfeit (TRF-2026 record 330) is ``F``; a board a team left empty is lost by forfeit with ``+`` or ``-``.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from swisstui.screens.base import BaseScreen
from swisstui.screens.dialogs import ChoiceScreen
from swisstui.screens.match_card import MatchCardScreen
from swisstui.screens.results import PRESET_HINT, RESULT_KEYS
from swisstui.store.result_keys import KEY_PRESETS, OTHER_RESULTS, ResultKind, result_label
from swisstui.session.team_actions import TeamMatchRecord, match_score
from swisstui.views.format import clip
from swisstui.views.team_rows import board_rows, boards_in, match_heading, share, team_label
from swisstui.widgets.table import RowTable


class TeamResultsScreen(BaseScreen):
    SCREEN_NAME = "team_results"
    TITLE_TEXT = "team results"

    BINDINGS = [
        *(Binding(name, f"result('{char}')", show=False) for name, char in RESULT_KEYS.items()),
        Binding("left", "match(-1)", "prev match", priority=True),
        Binding("right", "match(1)", "next match", priority=True),
        Binding("o", "other_result", "other", show=False),
        Binding("c", "correct", "correct"),
        Binding("F", "forfeit", "match forfeit"),
        Binding("m", "card", "card"),
        Binding("left_square_bracket", "round(-1)", "prev round", show=False),
        Binding("right_square_bracket", "round(1)", "next round", show=False),
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
        for label in ("Bd", "", "White", "Black", "Res"):
            boards.add_column(label, key=label or "colour")
        matches = self.query_one("#matches", RowTable)
        matches.can_focus = False
        for label in ("No", "Team (White on bd 1)", "Team", "Score"):
            matches.add_column(label, key=label)
        self.set_up = True
        self.refresh_all()
        self.to_next_empty(0)
        boards.focus()

    def header_title(self) -> str:
        k = self.round_number or 0
        if not k:
            return "team results · no round paired yet"
        done, total = boards_in(self.session.event, k)
        return f"round {k} results · {done} of {total} boards in"

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
            PRESET_HINT[self.session.result_keys] + " · ←/→ match · F match forfeit · m card")
        match = self.current()
        row = boards.cursor_row
        boards.clear()
        matches.clear()
        if match is None:
            self.query_one("#match", Static).update("No team round paired yet: pair one with n.")
            return
        self.query_one("#match", Static).update(f"{match_heading(event, match)}  ({self.match} of "
                                                f"{len(self.matches())})")
        width = self.app.size.width
        white, black = share(width, [2, 1, 3], 2)
        for cells in board_rows(event, match, (white, black)):
            boards.add_row(*cells, key=cells[0])
        boards.move_cursor(row=min(row, boards.row_count - 1))
        scores = {m.number: match_score(event, m).replace(" boards to play", " left").replace(" board to play", " left")
                  for m in self.matches()}
        rnd = self.session.round_record(self.round_number or 0)
        others = rnd is not None and (rnd.team.bye is not None or bool(rnd.team.absent))  # "bye", "abs" rows
        numbers = max(len("No"), len(str(len(scores))), 3 if others else 0)
        first, second = share(width, [numbers, max(len("Score"), *(len(s) for s in scores.values()))], 2)
        for m in self.matches():
            matches.add_row(str(m.number), clip(team_label(event, m.white), first),
                            clip(team_label(event, m.black), second), scores[m.number], key=str(m.number))
        if rnd is not None and rnd.team.bye is not None:
            matches.add_row("bye", clip(team_label(event, rnd.team.bye), first), "", "", key="bye")
        for t in rnd.team.absent if rnd is not None else ():
            matches.add_row("abs", clip(team_label(event, t), first), "", "absent", key=f"absent{t}")
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
            self.notify(f"match {match.number} was forfeited whole by {match.forfeit}", severity="warning")
            return
        board = self.board()
        had = match.boards[board - 1].result
        if had and not correct:
            self.notify(f"board {board} has {result_label(had)} already; c corrects it", severity="warning",
                        timeout=4)
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
        question = "Another result: " + "; ".join(f"{key} {kind.label} = {kind.description}"
                                                  for key, kind in OTHER_RESULTS.items())

        def chosen(key: str | None) -> None:
            if key:
                self.enter(OTHER_RESULTS[key])

        self.app.push_screen(ChoiceScreen(question, "Other result",
                                          {key: (key, kind.label) for key, kind in OTHER_RESULTS.items()}), chosen)

    def action_correct(self) -> None:
        """c: the board's result changed (its key next); the history keeps the old one."""
        match = self.current()
        if match is None or match.forfeit:
            return
        board = self.board()
        if not match.boards[board - 1].result:
            self.notify(f"board {board} has no result to correct: type its result", severity="warning")
            return
        keys = KEY_PRESETS[self.session.result_keys]
        choices = {name: (char, "") for name, char in RESULT_KEYS.items() if char in keys}

        def chosen(char: str | None) -> None:
            if char is not None:
                self.enter(keys[char], correct=True)

        self.app.push_screen(ChoiceScreen(f"Board {board}: {result_label(match.boards[board - 1].result)} now. "
                                          f"The corrected result: {PRESET_HINT[self.session.result_keys]}.",
                                          "Correct a result", choices, hint="escape: leave it"), chosen)

    def action_forfeit(self) -> None:
        """F: the whole match lost by forfeit (TRF-2026 record 330): which team did not play."""
        match = self.current()
        if match is None:
            return
        event = self.session.event
        question = (f"Match {match.number}: which team forfeits the whole match? w {team_label(event, match.white)}"
                    f" · b {team_label(event, match.black)} · 2 both")
        choices = {"w": ("white", "first team"), "b": ("black", "second team"), "2": ("both", "both")}
        k, number = self.round_number or 0, match.number

        def chosen(side: str | None) -> None:
            if side:
                self.host.act(lambda: self.session.teams.forfeit(k, number, side),
                              done=f"match {number} forfeited by {side}")

        self.app.push_screen(ChoiceScreen(question, "Match forfeited", choices, hint="escape: leave it"), chosen)

    def action_card(self) -> None:
        match = self.current()
        if match is not None:
            self.app.push_screen(MatchCardScreen(self.round_number or 0, match.number))
