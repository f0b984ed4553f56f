"""The Textual application: screens that render the event and call :mod:`swisstui.session.actions`."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from textual.binding import Binding
from textual.filter import LineFilter
from textual.screen import ModalScreen, Screen

from swisstui.language import N_, _, ngettext
from swisstui.terminal import preferences, theming
from swisstui.session.actions import (ActionError, EditConflict, EventFileProblem, NotSaved, ProposalStale,
                                      ResultChanged, Session)
from swisstui.terminal.commands import SwissCommands
from swisstui.terminal.language_commands import LanguageCommands
from swisstui.terminal.notices import CollapsingNotices
from swisstui.screens.base import BaseScreen, EventApp
from swisstui.screens.crosstable import CrossTableScreen
from swisstui.screens.details import EventDetailsScreen
from swisstui.screens.fide_mode import leave_fide_mode
from swisstui.screens.help import HelpScreen
from swisstui.screens.history import HistoryScreen
from swisstui.screens.home import HomeScreen
from swisstui.screens.lineups import LineupsScreen
from swisstui.screens.load_error import LoadErrorScreen
from swisstui.screens.match_card import MatchCardScreen
from swisstui.screens.new_event import NewEventScreen
from swisstui.screens.players import PlayersScreen
from swisstui.screens.prize_setup import PrizeSetupScreen
from swisstui.screens.prizes import PrizesScreen
from swisstui.screens.results import ResultsScreen
from swisstui.screens.review import ReviewScreen
from swisstui.screens.round_robin_table import RoundRobinTableScreen
from swisstui.screens.schedule import ScheduleScreen
from swisstui.screens.score_groups import ScoreGroupsScreen
from swisstui.screens.settings import SettingsScreen
from swisstui.screens.norms import NormsScreen
from swisstui.screens.standings import StandingsScreen
from swisstui.screens.team_results import TeamResultsScreen
from swisstui.screens.team_review import TeamReviewScreen
from swisstui.screens.team_round import TeamRoundScreen
from swisstui.screens.team_standings import TeamStandingsScreen
from swisstui.screens.teams import TeamsScreen
from swisstui.terminal.typeahead import TypeaheadApp
from swisstui.widgets.visible import VisibleControls
from swisstui.terminal.binding_words import BindingWords

R = TypeVar("R")

# The screens the keys and the command palette open, by name.
SCREENS_BY_NAME = {
    "home": HomeScreen,
    "players": PlayersScreen,
    "groups": ScoreGroupsScreen,
    "results": ResultsScreen,
    "standings": StandingsScreen,
    "prizes": PrizesScreen,
    "prize_setup": PrizeSetupScreen,
    "crosstable": CrossTableScreen,
    "settings": SettingsScreen,
    "review": ReviewScreen,
    "details": EventDetailsScreen,
    "history": HistoryScreen,
    "norms": NormsScreen,
    "schedule": ScheduleScreen,
    "teams": TeamsScreen,
    "lineups": LineupsScreen,
    "team_results": TeamResultsScreen,
    "team_standings": TeamStandingsScreen,
    "team_round": TeamRoundScreen,
    "team_review": TeamReviewScreen,
    "match_card": MatchCardScreen,
}

# A team event's screens in place of the player screens the same keys open (issue 31, section 4).
TEAM_SCREENS = {"players": "teams", "groups": "lineups", "results": "team_results", "standings": "team_standings",
                "review": "team_review"}
NOT_FOR_TEAMS = {
    "crosstable": N_("a team event has no cross-table of players yet: s shows the team standings"),
    "prizes": N_("the prize list ranks players: s shows the team standings"),
    "prize_setup": N_("the prize list ranks players: s shows the team standings"),
}


class SwissApp(BindingWords, CollapsingNotices, TypeaheadApp):
    """One event file, from registration to final standings."""

    CSS_PATH = "app.tcss"
    TITLE = "swisstui"
    # Only the app's own commands: Textual's (a screenshot into ~/Downloads, a second Quit, a
    # picker of Textual's built-in themes) do not belong on a venue server.
    COMMANDS = {SwissCommands, LanguageCommands}
    ENABLE_COMMAND_PALETTE = True

    BINDINGS = [
        Binding("h", "show('home')", N_("home"), show=False),
        Binding("p", "show('players')", N_("players"), show=False),
        Binding("g", "show('groups')", N_("groups"), show=False),
        Binding("n", "pair", N_("pair"), show=False),
        Binding("r", "show('results')", N_("results"), show=False),
        Binding("s", "show('standings')", N_("standings"), show=False),
        Binding("x", "show('crosstable')", N_("cross-table"), show=False),
        Binding("t", "show('settings')", N_("settings"), show=False),
        Binding("d", "show('details')", N_("details"), show=False),
        Binding("l", "show('history')", N_("history"), show=False),
        Binding("N", "show('norms')", N_("norms"), show=False),
        Binding("question_mark,f1", "help", N_("help")),
        Binding("q", "quit", N_("quit"), show=False),
    ]

    def __init__(self, path: Path, theme: str | None = None, session: Session | None = None,
                 pair_in_child: bool = True, watch_interval: float = 2.0, arbiter: str = "") -> None:
        super().__init__()
        self.arbiter = arbiter  # the name the history records changes under (default: the OS user)
        self.watch_interval = watch_interval  # seconds between checks for changes made by another terminal
        self.pair_in_child = pair_in_child  # the engine in a child process keeps the screen responsive
        self.path = Path(path)
        self.session: Session | None = session
        self._theme_choice = theme or os.environ.get("SWISSTUI_THEME") or preferences.saved_theme()
        self.theme_choices: list[theming.ThemeChoice] = []  # bundled and the arbiter's own, read at mount
        self._visible_controls = VisibleControls()

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, and the one that keeps control characters from reaching the terminal."""
        return [*super().get_line_filters(), self._visible_controls]

    def on_mount(self) -> None:
        self.theme_choices, problems = theming.available_themes()
        for choice in self.theme_choices:
            self.register_theme(choice.theme)
        for problem in problems:  # a broken file of the arbiter's is skipped, and named
            self.notify(problem, severity="warning", timeout=15)
        try:
            self.theme = theming.resolve(self.theme_choices, self._theme_choice).theme.name
        except ValueError as err:
            self.theme = theming.DEFAULT_THEME
            self.notify(str(err), severity="warning")
        self.open_event()
        if self.watch_interval:
            self.set_interval(self.watch_interval, self.check_file)

    def check_file(self) -> None:
        """Reload when someone else changed the file (another arbiter's terminal, a browser tab).

        The session's own saves are not reloads: it knows the text it wrote.
        """
        screen = self.showing()  # None while the app closes: a change seen then is not shown
        if self.session is None or screen is None:
            return
        try:
            if not self.session.changed_on_disk():
                return
        except OSError:
            return
        try:
            self.session.reload()
        except EventFileProblem:
            return  # a half-edited file: keep showing the last good state; saving reports problems
        if isinstance(screen, BaseScreen):
            screen.refresh_all()

    # -- opening -----------------------------------------------------------------

    def open_event(self) -> None:
        """Load the event file; a file that does not validate gets the error screen, not a crash."""
        if not self.path.exists():
            self._put_screen(NewEventScreen(str(self.path)))
            return
        try:
            self.session = Session.open(self.path, self.arbiter)
        except EventFileProblem as err:
            lines = [line for line in str(err).splitlines() if line.strip()] or [repr(err)]
            self._put_screen(LoadErrorScreen(str(self.path), lines))
            return
        if self.session.read_only:
            self.notify(_("{file} is read-only: you can look, but no change can be saved").format(file=self.path.name),
                        severity="warning", timeout=10)
        self.action_show("home")

    def _put_screen(self, screen: Screen) -> None:
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    # -- navigation ----------------------------------------------------------------

    def _screen_name(self, name: str) -> str:
        """The screen a name opens: a round robin's standings are its square cross-table (issue 32), so
        ``s`` opens the same screen as ``x`` there (its prizes on ``$``, as from the standings)."""
        if name == "standings" and self.session is not None and self.session.round_robin.active:
            return "crosstable"
        return name

    def make_screen(self, name: str) -> Screen:
        name = self._screen_name(name)
        if name == "crosstable" and self.session is not None and self.session.round_robin.active:
            return RoundRobinTableScreen()  # a round robin's cross-table is the square one, its standings
        screen: Screen = SCREENS_BY_NAME[name]()
        return screen

    def _dialog_open(self) -> bool:
        """A dialog waits for an answer: screen keys must not pull the screen from under it."""
        return isinstance(self.screen, ModalScreen)

    def action_show(self, name: str) -> None:
        if self.session is None or self._dialog_open():
            return
        if self.session.event.team is not None:  # a team event: its own screens, not the players'
            if name in NOT_FOR_TEAMS:
                self.notify(_(NOT_FOR_TEAMS[name]), severity="warning")
                return
            name = TEAM_SCREENS.get(name, name)
        current = self.screen
        name = self._screen_name(name)
        if isinstance(current, BaseScreen) and current.SCREEN_NAME == name:
            current.refresh_all()
            return
        self._put_screen(self.make_screen(name))

    def action_pair(self) -> None:
        """Ask the engine for the next round and open the review (the engine runs in a child process)."""
        if self.session is None or self._dialog_open():
            return
        if self.session.event.team is not None:
            self.pair_teams()
            return
        try:
            self.session.pairing.check_can_pair()
        except ActionError as err:
            self.notify(str(err), severity="warning")
            return
        self.action_show("review")

    def pair_teams(self) -> None:
        """n in a team event: the session proposes the next round by the catalogue's entry (validated, nothing
        stored) and the review shows its explanation and matches; c there stores it, escape discards it."""
        session = self.session
        if session is None:
            return
        if not session.event.teams:  # nothing to pair: say what to do rather than what the file would lack
            self.notify(_("no team registered yet: p, then a adds a team"), severity="warning")
            return
        proposed = self.act_value(lambda: session.teams.propose())
        if proposed is not None:
            self._put_screen(TeamReviewScreen())

    async def action_quit(self) -> None:
        """Quit; a pairing proposed and not yet published is lost, so that asks first."""
        proposal = self.session.proposal if self.session is not None else None
        team_proposal = self.session.teams.proposed if self.session is not None else None
        if proposal is None and team_proposal is None:
            self.exit()
            return
        from swisstui.screens.dialogs import ConfirmScreen

        if proposal is not None:
            if proposal.changes:
                question = ngettext(
                    "Round {round} is proposed but not published, {count} hand edit(s) with their reasons. "
                    "Quit and lose it?",
                    "Round {round} is proposed but not published, {count} hand edit(s) with their reasons. "
                    "Quit and lose it?", len(proposal.changes)).format(round=proposal.round, count=len(proposal.changes))
            else:
                question = _("Round {round} is proposed but not published. Quit and lose it?").format(round=proposal.round)
        else:
            assert team_proposal is not None
            question = _("Team round {round} is proposed but not stored. Quit and lose it?").format(round=team_proposal.round)

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        if not isinstance(self.screen, ConfirmScreen):
            self.push_screen(ConfirmScreen(question, _("Quit")), answered)

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_theme(self, choice: str) -> None:
        try:
            self.theme = theming.resolve(self.theme_choices, choice).theme.name
        except ValueError as err:  # a theme file removed since the palette or settings offered it
            self.notify(str(err), severity="warning")
            return
        if not preferences.save_theme(choice):
            self.notify(_("the theme could not be remembered in {file}").format(file=preferences.config_path()),
                        severity="warning")

    def action_language(self, code: str) -> None:
        """The screens' language chosen in the app: in force at once, and remembered on this computer.

        The words of a screen are looked up as it is made (its keys' descriptions, its title, its lines),
        so the screen shown is made again in the new language, and the application's own keys are worded again."""
        from swisstui import language

        try:
            code = language.known(code)
        except language.UnknownLanguage as err:
            self.notify(str(err), severity="warning")
            return
        language.set_arbiter_language(code)
        self.reword_bindings()
        if not preferences.save_language(code):
            self.notify(language._("the language could not be remembered in {path}").format(
                path=preferences.config_path()), severity="warning")
        current = self.screen
        if isinstance(current, BaseScreen) and self.session is not None and not self._dialog_open():
            self._put_screen(self.make_screen(current.SCREEN_NAME if current.SCREEN_NAME in SCREENS_BY_NAME else "home"))
        self.notify(language._("Screens in {language}, remembered on this computer").format(
            language=language.LANGUAGES[code]), timeout=3)

    def action_keys(self, preset: str) -> None:
        if self.session is None:
            return
        session = self.session
        self.act(lambda: session.settings.set_result_keys(preset), done=_("result keys: {preset}").format(preset=preset))

    def action_add_player(self) -> None:
        self.action_on("players", "add")

    def action_on(self, name: str, action: str) -> None:
        """Open screen ``name`` and run one of its actions there (how the command palette reaches them)."""
        if self.session is None:
            return
        if name == "review" and self.session.proposal is None and self.session.teams.proposed is None:
            self.notify(_("no pairing to review: pair the next round first (n)"), severity="warning")
            return
        self.action_show(name)
        self.call_after_refresh(lambda: self.screen.run_action(action))

    def action_leave_fide(self) -> None:
        if self.session is not None:
            leave_fide_mode(self)

    def act(self, op: Callable[[], object], done: str = "") -> bool:
        """Run a session operation (``lambda: session.OPERATION(...)``): whether it was done.

        A refusal is said in a notification; once it is done, ``done`` is said and the screen
        drawn again from the session. A change someone else's stands in the way of (a result,
        an edit, a stale pairing) is raised to the screen, which shows it and asks.
        """
        return self.act_value(lambda: (op(),), done) is not None  # a tuple: an operation's None is a value

    def act_value(self, op: Callable[[], R], done: str = "") -> R | None:
        """:meth:`act` for an operation whose value the screen uses: ``None`` when it was refused."""
        try:
            value = op()
        except NotSaved as err:  # disk full, permission denied: nothing was saved, say so
            self.notify(str(err), severity="error", timeout=10)
            return None
        except (ResultChanged, EditConflict, ProposalStale):
            raise  # someone else's change stands where this one would go: the screen shows it and asks
        except ActionError as err:
            self.notify(str(err), severity="error", timeout=6)
            return None
        except OSError as err:  # the same from anything that writes without the store
            self.notify(_("not saved: {file}: {problem}").format(file=self.path, problem=err.strerror or err),
                        severity="error", timeout=10)
            return None
        if done:
            self.notify(done, timeout=2)
        if isinstance(self.screen, BaseScreen):
            self.screen.refresh_all()
        return value


def _screens_see_it(app: SwissApp) -> EventApp:
    """Never called: the type checker checks here that the application is what screens take it for."""
    return app


def run(path: Path, theme: str | None = None, arbiter: str = "", language_code: str | None = None) -> None:
    """Open the event at ``path`` in the terminal (the command line's ``swisstui EVENT.toml``).

    ``language_code``: the screens' language for this run (else the remembered one, else the locale)."""
    from swisstui import language
    from swisstui.terminal.language_choice import arbiter_language
    from swisstui.terminal.screen_encoding import draw_in_terminal_encoding

    language.set_arbiter_language(arbiter_language(language_code))

    draw_in_terminal_encoding()  # the terminal's encoding, whatever PYTHONIOENCODING says (issue 29, item 13)
    SwissApp(Path(path), theme=theme, arbiter=arbiter).run()
