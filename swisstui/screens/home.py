"""Event home: where the tournament stands and what to do next."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from swisstui.language import N_, _, ngettext
from swisstui.session.actions import Next, NextStep
from swisstui.screens.base import BaseScreen
from swisstui.views.team_rows import team_next_step
from swisstui.widgets.plain import PlainTable

SCREEN_KEYS = (
    ("p", N_("players")), ("g", N_("score groups")), ("n", N_("pair next round")), ("r", N_("results")),
    ("s", N_("standings")), ("x", N_("cross-table")), ("t", N_("settings")), ("d", N_("details")), ("?", N_("help")),
    ("ctrl+p", N_("commands")), ("q", N_("quit")),
)

TEAM_SCREEN_KEYS = (
    ("p", N_("teams")), ("g", N_("lineups")), ("n", N_("pair next round")), ("r", N_("results by match")),
    ("s", N_("team standings")), ("t", N_("settings")), ("d", N_("details")), ("?", N_("help")),
    ("ctrl+p", N_("commands")), ("q", N_("quit")),
)
"""A team event's keys: the teams, lineups, match results and team standings stand in for the player screens."""


class HomeScreen(BaseScreen):
    SCREEN_NAME = "home"
    TITLE_TEXT = N_("home")

    DEFAULT_CSS = """
    HomeScreen #body { padding: 1 2; }
    HomeScreen #next { text-style: bold; color: $accent; height: auto; margin-bottom: 1; }
    HomeScreen #facts { height: auto; margin-bottom: 1; }
    HomeScreen #keys { height: auto; margin-bottom: 1; }
    HomeScreen #log { height: auto; color: $text-muted; }
    """

    def compose_body(self) -> ComposeResult:
        with Vertical(id="body"):
            yield Static(id="next", markup=False)
            yield Static(id="facts", markup=False)
            yield Static(id="keys", markup=False)
            yield Static(id="log", markup=False)

    def on_mount(self) -> None:
        self.set_up = True
        self.refresh_all()

    def refresh_data(self) -> None:
        s = self.session
        event = s.event
        teams = event.team is not None
        step = team_next_step(event) if teams else next_step_text(s.next_step())
        self.query_one("#next", Static).update(Text(_("Next: {step}").format(step=step)))
        facts = PlainTable.grid(padding=(0, 2))
        facts.add_column(style="bold")
        facts.add_column()
        withdrawn = len(event.players) - len(s.active_players())
        players = (ngettext("{count} registered, {withdrawn} withdrawn", "{count} registered, {withdrawn} withdrawn",
                            len(event.players)) if withdrawn else
                   ngettext("{count} registered", "{count} registered", len(event.players)))
        players = players.format(count=len(event.players), withdrawn=withdrawn)
        facts.add_row(_("Event"), event.name)
        name = s.system_name()
        # a code imported from TRF record 192 is its own name: shown once
        system = Text(name if name == event.settings.system else f"{name} ({event.settings.system})")
        if not s.system_can_pair:
            system.append(" · " + _("cannot pair yet: n will refuse"), style="bold red")
        facts.add_row(_("System"), system)
        facts.add_row(_("Rounds"), _("{paired} of {total} paired").format(paired=s.current_round, total=s.total_rounds))
        if teams:
            facts.add_row(_("Teams"), _("{teams} registered, {boards} boards a match").format(
                teams=len(event.teams), boards=event.team.size) if event.team is not None else "")
        facts.add_row(_("Players"), players)
        facts.add_row(_("FIDE mode"), _("on") if s.fide_mode else _("off (left, see the log)"))
        facts.add_row(_("File"), str(s.path) + ("  " + _("(read-only: no change can be saved)") if s.read_only else ""))
        self.query_one("#facts", Static).update(facts)
        keys = Text()
        for i, (key, what) in enumerate(TEAM_SCREEN_KEYS if teams else SCREEN_KEYS):
            keys.append(key, style="bold reverse")
            keys.append(f" {_(what)}   ")
        self.query_one("#keys", Static).update(keys)
        recent = event.log[-3:]
        lines = [_("Recent: {entry}").format(entry=_log_line(e)) for e in reversed(recent)]
        self.query_one("#log", Static).update(Text("\n".join(lines)))


def next_step_text(step: NextStep) -> str:
    """What to do next in one line, with the keys that do it."""
    k = step.round
    match step.what:
        case Next.REGISTER:
            return _("Register the players: p, then a to add one.")
        case Next.RESULTS:
            return _("Round {round}: {done} of {total} results in. Enter them with r.").format(
                round=k, done=step.done, total=step.total)
        case Next.FINISHED:
            return _("All rounds played: final standings with s.")
        case Next.SORT_AND_PAIR:
            return _("Round 1: {players} players; numbers not in rating order "
                     "(# on the players screen sorts them). Pair with n.").format(players=step.players)
        case Next.DRAW_FIRST:
            return _("Round 1: {players} players. Draw the pairing numbers with D on the players screen "
                     "(or keep yours), then pair with n.").format(players=step.players)
        case Next.PAIR_FIRST:
            return _("Round 1: {players} players registered. Pair it with n.").format(players=step.players)
        case Next.PAIR:
            return _("Round {previous} complete. Pair round {round} with n.").format(previous=k - 1, round=k)
    raise AssertionError(step)


def _log_line(entry) -> str:
    rnd = f"r{entry.round} " if entry.round else ""
    return f"{rnd}{entry.action}: {entry.text}".rstrip(": ")
