"""Event home: where the tournament stands and what to do next."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from swisstui.session.actions import Next, NextStep
from swisstui.screens.base import BaseScreen
from swisstui.views.team_rows import team_next_step
from swisstui.widgets.plain import PlainTable

SCREEN_KEYS = (
    ("p", "players"), ("g", "score groups"), ("n", "pair next round"), ("r", "results"),
    ("s", "standings"), ("x", "cross-table"), ("t", "settings"), ("d", "details"), ("?", "help"),
    ("ctrl+p", "commands"), ("q", "quit"),
)

TEAM_SCREEN_KEYS = (
    ("p", "teams"), ("g", "lineups"), ("n", "pair next round"), ("r", "results by match"),
    ("s", "team standings"), ("t", "settings"), ("d", "details"), ("?", "help"), ("ctrl+p", "commands"), ("q", "quit"),
)
"""A team event's keys: the teams, lineups, match results and team standings stand in for the player screens."""


class HomeScreen(BaseScreen):
    SCREEN_NAME = "home"
    TITLE_TEXT = "home"

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
        self.query_one("#next", Static).update(Text("Next: " + step))
        facts = PlainTable.grid(padding=(0, 2))
        facts.add_column(style="bold")
        facts.add_column()
        withdrawn = len(event.players) - len(s.active_players())
        players = f"{len(event.players)} registered" + (f", {withdrawn} withdrawn" if withdrawn else "")
        facts.add_row("Event", event.name)
        name = s.system_name()
        # a code imported from TRF record 192 is its own name: shown once
        system = Text(name if name == event.settings.system else f"{name} ({event.settings.system})")
        if not s.system_can_pair:
            system.append(" · cannot pair yet: n will refuse", style="bold red")
        facts.add_row("System", system)
        facts.add_row("Rounds", f"{s.current_round} of {s.total_rounds} paired")
        if teams:
            facts.add_row("Teams", f"{len(event.teams)} registered, {event.team.size} boards a match"
                          if event.team is not None else "")
        facts.add_row("Players", players)
        facts.add_row("FIDE mode", "on" if s.fide_mode else "off (left, see the log)")
        facts.add_row("File", str(s.path) + ("  (read-only: no change can be saved)" if s.read_only else ""))
        self.query_one("#facts", Static).update(facts)
        keys = Text()
        for i, (key, what) in enumerate(TEAM_SCREEN_KEYS if teams else SCREEN_KEYS):
            keys.append(key, style="bold reverse")
            keys.append(f" {what}   ")
        self.query_one("#keys", Static).update(keys)
        recent = event.log[-3:]
        lines = ["Recent: " + _log_line(e) for e in reversed(recent)]
        self.query_one("#log", Static).update(Text("\n".join(lines)))


def next_step_text(step: NextStep) -> str:
    """What to do next in one line, with the keys that do it."""
    k = step.round
    match step.what:
        case Next.REGISTER:
            return "Register the players: p, then a to add one."
        case Next.RESULTS:
            return f"Round {k}: {step.done} of {step.total} results in. Enter them with r."
        case Next.FINISHED:
            return "All rounds played: final standings with s."
        case Next.SORT_AND_PAIR:
            return (f"Round 1: {step.players} players; numbers not in rating order "
                    "(# on the players screen sorts them). Pair with n.")
        case Next.DRAW_FIRST:
            return (f"Round 1: {step.players} players. Draw the pairing numbers with D on the players screen "
                    "(or keep yours), then pair with n.")
        case Next.PAIR_FIRST:
            return f"Round 1: {step.players} players registered. Pair it with n."
        case Next.PAIR:
            return f"Round {k - 1} complete. Pair round {k} with n."
    raise AssertionError(step)


def _log_line(entry) -> str:
    rnd = f"r{entry.round} " if entry.round else ""
    return f"{rnd}{entry.action}: {entry.text}".rstrip(": ")
