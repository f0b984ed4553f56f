"""Settings: theme, result keys, rating type, FIDE mode, the tie-break list, the pairing system and the acceleration."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.model import acceleration
from swisstui.terminal import theming
from swisstui.store.event import RATING_TYPES
from swisstui.screens.base import BaseScreen, refill_options
from swisstui.screens.dialogs import AskScreen, ConfirmScreen
from swisstui.screens.fide_mode import leave_fide_mode
from swisstui.session.settings_actions import RECOMMENDED_TIEBREAKS, fixed_system_reason, tiebreak_note

PRESETS = (("default", "default: 1 0 = + - x, backspace clears"), ("papi", "Papi: 1 2 3 4 5 7, 0 clears"))


class SettingsScreen(BaseScreen):
    SCREEN_NAME = "settings"
    TITLE_TEXT = "settings"

    DEFAULT_CSS = """
    SettingsScreen OptionList { height: 1fr; }
    SettingsScreen #settings-hint { height: auto; padding: 0 1; color: $text-muted; }
    """

    def compose_body(self) -> ComposeResult:
        yield OptionList(id="settings", markup=False)
        yield Static("enter: choose the highlighted line. The theme is remembered for you on this "
                     "computer; result keys, rating, FIDE mode, tie-breaks, system and acceleration are kept in the event. "
                     f"Your own themes: *.tcss files in {theming.user_folder()}",
                     id="settings-hint", markup=False)

    def on_mount(self) -> None:
        self.set_up = True
        self.refresh_all()
        self.query_one(OptionList).focus()

    def refresh_data(self) -> None:
        s = self.session
        options: list[Option] = []
        for theme in self.host.theme_choices:  # the bundled ones, then the arbiter's own files
            mark = "●" if self.app.theme == theme.theme.name else "○"
            options.append(Option(f"Theme        {mark} {theme.label}", id=f"theme:{theme.key}"))
        for key, label in PRESETS:
            mark = "●" if s.result_keys == key else "○"
            options.append(Option(f"Result keys  {mark} {label}", id=f"keys:{key}"))
        for kind in RATING_TYPES:  # which rating the FIDE list gives players imported with a FIDE ID
            mark = "●" if s.event.rating_type == kind else "○"
            options.append(Option(f"Rating       {mark} {kind}" + (" (from the FIDE rating list on import)"
                                                                  if kind == "standard" else ""), id=f"rating:{kind}"))
        fide = "on: forbidden changes refused (enter: leave it, asks twice)" if s.fide_mode \
            else "off: left on purpose, recorded (enter: turn it on again)"
        options.append(Option(f"FIDE mode    {fide}", id="fide"))
        codes = ",".join(s.event.settings.tiebreaks) or "none"
        # C.07 4.1: published before round 1; only FIDE mode refuses a change once round 1 is paired
        when = ("enter: change" if not s.event.rounds_paired else "fixed: round 1 paired, C.07 4.1" if s.fide_mode
                else "enter: change, FIDE mode off")
        options.append(Option(f"Tie-breaks   {codes} ({when})\n             {tiebreak_note(s.event)}",
                              id="tiebreaks"))
        for option in s.settings.system_options():  # the system's own choices, as its catalogue entry declares them
            fixed = "enter: change" if not s.event.rounds_paired else "fixed once round 1 is paired"
            value = option.value(s.event.settings)
            if option.switch:
                shown = "● yes" if value == "yes" else "○ no"
                options.append(Option(f"{option.title:<12} {shown}: {option.help} ({fixed})", id=f"option:{option.id}"))
                continue
            for choice in option.values:
                mark = "●" if choice == value else "○"
                options.append(Option(f"{option.title:<12} {mark} {choice}: {option.help} ({fixed})",
                                      id=f"option:{option.id}:{choice}"))
        fixed = " (enter on another: change)" if not s.event.rounds_paired else " (fixed: round 1 paired)"
        for system_id, title in s.settings.system_choices().items():
            ours = s.event.settings.system == system_id
            options.append(Option(f"System       {'●' if ours else '○'} {title}{fixed if ours else ''}",
                                  id=f"system:{system_id}"))
        for m in acceleration.METHODS:
            mark = "●" if s.event.acceleration == m.id else "○"
            # a method FIDE has not approved is usable only with prior authorisation (C.04.2 art. 1.2)
            label = m.title if m.approved else "custom table (needs QC authorisation, C.04.2 art. 1.2)"
            options.append(Option(f"Acceleration {mark} {label}", id=f"accel:{m.id}"))
        prizes = s.event.prizes
        options.append(Option(f"Prizes       {len(prizes.places)} place prize(s), {len(prizes.categories)} "
                              "categor" + ("y" if len(prizes.categories) == 1 else "ies") + " (enter: set up)",
                              id="prizes"))
        refill_options(self.query_one(OptionList), options)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice.startswith("theme:"):
            self.host.action_theme(choice.split(":", 1)[1])
            self.refresh_all()
        elif choice.startswith("keys:"):
            self.host.act(lambda: self.session.settings.set_result_keys(choice.split(":", 1)[1]),
                          done="result keys saved in the event")
        elif choice.startswith("rating:"):
            made = self.host.act_value(lambda: self.session.settings.set_rating_type(choice.split(":", 1)[1]))
            if made is not None:
                kept = made.value
                self.notify(kept or "rating type saved in the event", timeout=10 if kept else 2)
        elif choice.startswith("system:"):
            self.ask_system(choice.split(":", 1)[1])
        elif choice.startswith("accel:"):
            self.host.act(lambda: self.session.settings.set_acceleration(choice.split(":", 1)[1]),
                          done="acceleration saved in the event")
        elif choice == "prizes":
            self.host.action_show("prize_setup")
        elif choice == "tiebreaks":
            self.ask_tiebreaks()
        elif choice.startswith("option:"):
            self.choose_option(choice.split(":")[1:])
        elif choice == "fide":
            if self.session.fide_mode:
                leave_fide_mode(self)
            else:
                self.host.act(self.session.settings.enter_fide_mode, done="FIDE mode on")

    def choose_option(self, parts: list[str]) -> None:
        """``option:<id>`` switches a yes/no option; ``option:<id>:<value>`` picks a value of another."""
        option = next((o for o in self.session.settings.system_options() if o.id == parts[0]), None)
        if option is None:
            return
        value = parts[1] if len(parts) > 1 else "no" if option.on(self.session.event.settings) else "yes"
        self.host.act(lambda: self.session.settings.set_option(option.id, value),
                      done=f"{option.title}: {value} ({option.help})")

    def ask_system(self, system_id: str) -> None:
        """Change the pairing system after a question; refused with the reason once round 1 is paired."""
        event = self.session.event
        refusal = fixed_system_reason(event)
        if refusal:
            self.notify(refusal, severity="error", timeout=8)
            return
        if system_id == event.settings.system:
            return
        title = self.session.settings.system_choices()[system_id]
        question = (f"Pair this event with the {title} instead of {self.session.system_name()} "
                    f"({event.settings.system})? The system is announced "
                    "before round 1 (C.04.2 art. 1.1) and fixed once round 1 is paired; the history keeps "
                    "the change.")

        def answered(yes: bool | None) -> None:
            if yes:
                self.host.act(lambda: self.session.settings.set_system(system_id),
                              done=f"pairing system: {title}, saved in the event")

        self.app.push_screen(ConfirmScreen(question, "Pairing system"), answered)

    def ask_tiebreaks(self) -> None:
        current = ",".join(self.session.event.settings.tiebreaks)

        def done(answer: str | None) -> None:
            if answer is not None:
                self.host.act(lambda: self.session.settings.set_tiebreaks(answer), done="tie-breaks saved in the event")

        self.app.push_screen(AskScreen("Tie-breaks in order, MTB26 codes separated by commas "
                                       f"(FIDE's for an individual Swiss: {RECOMMENDED_TIEBREAKS}; empty: "
                                       "none). C.07 art. 4.1: announce them before round 1.", "tie-breaks", current, required=False), done)
