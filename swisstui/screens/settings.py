"""Settings: theme and screens' language (this computer), the pages' language, result keys, rating type, FIDE mode,
the tie-break list, the pairing system and the acceleration (the event).

Every line is a label, a mark and a choice. The labels stand in a column as wide as the longest of them in the
arbiter's language (twelve cells at least, as English has always drawn it), so that a French or German screen
keeps its choices aligned; the values the event file keeps (``standard``, ``papi``, a system's id) are keys in
the code and words only where they are shown.
"""

from __future__ import annotations

import textwrap

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from engine.model import acceleration
from swisstui import language
from swisstui.language import NC_, N_, _, ngettext, pgettext
from swisstui.terminal import theming
from swisstui.store.event import RATING_TYPES
from swisstui.screens.base import BaseScreen, refill_options
from swisstui.screens.dialogs import AskScreen, ConfirmScreen
from swisstui.screens.fide_mode import leave_fide_mode
from swisstui.session.settings_actions import RECOMMENDED_TIEBREAKS, fixed_system_reason, tiebreak_note

PRESETS = (("default", N_("default: 1 0 = + - x, backspace clears")), ("papi", N_("Papi: 1 2 3 4 5 7, 0 clears")))

LABELS = {
    "theme": NC_("setting", "Theme"),
    "screens": NC_("setting", "Screens"),
    "pages": NC_("setting", "Pages"),
    "keys": NC_("setting", "Result keys"),
    "rating": NC_("setting", "Rating"),
    "fide": NC_("setting", "FIDE mode"),
    "tiebreaks": NC_("setting", "Tie-breaks"),
    "system": NC_("setting", "System"),
    "accel": NC_("setting", "Acceleration"),
    "prizes": NC_("setting", "Prizes"),
}
"""Each group's label, by the prefix of its lines' ids."""

RATING_WORDS = {"standard": NC_("rating type", "standard"), "rapid": NC_("rating type", "rapid"),
                "blitz": NC_("rating type", "blitz")}
"""The event file's rating types (keys) as the screen names them."""

LABEL_WIDTH = 12  # English's longest label: the column every language starts from
OUTSIDE_TEXT = 7  # the list's border, padding and scroll bar: the cells of a line its text cannot use


class SettingsScreen(BaseScreen):
    SCREEN_NAME = "settings"
    TITLE_TEXT = N_("settings")

    DEFAULT_CSS = """
    SettingsScreen OptionList { height: 1fr; }
    SettingsScreen #settings-hint { height: auto; padding: 0 1; color: $text-muted; }
    """

    def compose_body(self) -> ComposeResult:
        yield OptionList(id="settings", markup=False)
        yield Static(_("enter: choose the highlighted line. The theme and the screens' language are remembered for "
                       "you on this computer; the pages' language, result keys, rating, FIDE mode, tie-breaks, "
                       "system and acceleration are kept in the event. Your own themes: *.tcss files in "
                       "{folder}").format(folder=theming.user_folder()),
                     id="settings-hint", markup=False)

    def header_title(self) -> str:
        return _(self.TITLE_TEXT)

    highlight_on = ""  # the id of the line to highlight when the screen opens ("": the first)

    def on_mount(self) -> None:
        self.set_up = True
        self.refresh_all()
        menu = self.query_one(OptionList)
        menu.focus()
        for index in range(menu.option_count):
            if self.highlight_on and menu.get_option_at_index(index).id == self.highlight_on:
                menu.highlighted = index

    def on_resize(self) -> None:
        self.refresh_all()  # the lines are wrapped to the width: made again for the new one

    def _column(self) -> int:
        """The labels' column: as wide as the longest label in the arbiter's language, twelve cells at least."""
        shown = [pgettext("setting", label) for label in LABELS.values()]
        shown += [_(option.title) for option in self.session.settings.system_options()]
        return max(LABEL_WIDTH, *(cell_len(label) for label in shown))

    def refresh_data(self) -> None:
        s = self.session
        width = self._column()

        room = max(40, self.app.size.width - OUTSIDE_TEXT)

        def line(group: str, text: str) -> str:
            """The label, then ``text`` wrapped under the column of choices (a longer language wraps more)."""
            label = pgettext("setting", LABELS[group]) if group in LABELS else group
            return "\n".join(textwrap.wrap(label + " " * (width - cell_len(label) + 1) + text, room,
                                            subsequent_indent=" " * (width + 1), break_on_hyphens=False))

        options: list[Option] = []
        for theme in self.host.theme_choices:  # the bundled ones, then the arbiter's own files
            mark = "●" if self.app.theme == theme.theme.name else "○"
            options.append(Option(line("theme", f"{mark} {_(theme.label)}"), id=f"theme:{theme.key}"))
        for key, label in PRESETS:
            mark = "●" if s.result_keys == key else "○"
            options.append(Option(line("keys", f"{mark} {_(label)}"), id=f"keys:{key}"))
        for kind in RATING_TYPES:  # which rating the FIDE list gives players imported with a FIDE ID
            mark = "●" if s.event.rating_type == kind else "○"
            word = pgettext("rating type", RATING_WORDS.get(kind, kind))
            text = (_("{rating} (from the FIDE rating list on import)").format(rating=word) if kind == "standard"
                    else word)
            options.append(Option(line("rating", f"{mark} {text}"), id=f"rating:{kind}"))
        fide = _("on: forbidden changes refused (enter: leave it, asks twice)") if s.fide_mode \
            else _("off: left on purpose, recorded (enter: turn it on again)")
        options.append(Option(line("fide", fide), id="fide"))
        codes = ",".join(s.event.settings.tiebreaks) or pgettext("tie-break list", "none")
        # C.07 4.1: published before round 1; only FIDE mode refuses a change once round 1 is paired
        when = (_("enter: change") if not s.event.rounds_paired else _("fixed: round 1 paired, C.07 4.1")
                if s.fide_mode else _("enter: change, FIDE mode off"))
        under = textwrap.wrap(tiebreak_note(s.event), room - width - 1, break_on_hyphens=False)
        options.append(Option("\n".join([line("tiebreaks", f"{codes} ({when})"), *(" " * (width + 1) + part
                                                                                 for part in under)]),
                              id="tiebreaks"))
        for option in s.settings.system_options():  # the system's own choices, as its catalogue entry declares them
            fixed = _("enter: change") if not s.event.rounds_paired else _("fixed once round 1 is paired")
            value = option.value(s.event.settings)
            title, help_text = _(option.title), _(option.help)
            if option.switch:
                shown = "● " + pgettext("switch", "yes") if value == "yes" else "○ " + pgettext("switch", "no")
                options.append(Option(line(title, f"{shown}: {help_text} ({fixed})"), id=f"option:{option.id}"))
                continue
            for choice in option.values:
                mark = "●" if choice == value else "○"
                options.append(Option(line(title, f"{mark} {_(choice)}: {help_text} ({fixed})"),
                                      id=f"option:{option.id}:{choice}"))
        fixed = " " + (_("(enter on another: change)") if not s.event.rounds_paired else _("(fixed: round 1 paired)"))
        for system_id, title in s.settings.system_choices().items():
            ours = s.event.settings.system == system_id
            options.append(Option(line("system", f"{'●' if ours else '○'} {_(title)}{fixed if ours else ''}"),
                                  id=f"system:{system_id}"))
        for m in acceleration.METHODS:
            mark = "●" if s.event.acceleration == m.id else "○"
            # a method FIDE has not approved is usable only with prior authorisation (C.04.2 art. 1.2)
            label = _(m.title) if m.approved else _("custom table (needs QC authorisation, C.04.2 art. 1.2)")
            options.append(Option(line("accel", f"{mark} {label}"), id=f"accel:{m.id}"))
        prizes = s.event.prizes
        places, categories = len(prizes.places), len(prizes.categories)
        options.append(Option(line("prizes", _("{place_prizes}, {categories} (enter: set up)").format(
            place_prizes=ngettext("{count} place prize", "{count} place prizes", places).format(count=places),
            categories=ngettext("{count} category", "{count} categories", categories).format(count=categories))),
            id="prizes"))
        # the languages last: the lines above are the event's rules, the ones an arbiter comes for most
        screens = language.arbiter_code()
        for code, name in language.LANGUAGES.items():  # each language named in itself: how one looks for it
            note = " " + _("(the screens' language, this computer)") if code == screens else ""
            options.append(Option(line("screens", f"{'●' if code == screens else '○'} {name}{note}"),
                                  id=f"screens:{code}"))
        for code, name in language.LANGUAGES.items():
            ours = code == s.event.language
            note = " " + _("(the published pages' language, in the event)") if ours else ""
            options.append(Option(line("pages", f"{'●' if ours else '○'} {name}{note}"), id=f"pages:{code}"))
        refill_options(self.query_one(OptionList), options)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice.startswith("theme:"):
            self.host.action_theme(choice.split(":", 1)[1])
            self.refresh_all()
        elif choice.startswith("screens:"):
            self.host.action_language(choice.split(":", 1)[1])  # this screen is made again in that language
            again = self.app.screen
            if isinstance(again, SettingsScreen) and again is not self:
                again.highlight_on = choice  # the arbiter's eyes are on this line: the new screen starts there
        elif choice.startswith("pages:"):
            code = choice.split(":", 1)[1]
            self.host.act(lambda: self.session.settings.set_language(code),
                          done=_("the published pages' language: {language}, kept in the event").format(
                              language=language.LANGUAGES[code]))
        elif choice.startswith("keys:"):
            self.host.act(lambda: self.session.settings.set_result_keys(choice.split(":", 1)[1]),
                          done=_("result keys saved in the event"))
        elif choice.startswith("rating:"):
            made = self.host.act_value(lambda: self.session.settings.set_rating_type(choice.split(":", 1)[1]))
            if made is not None:
                kept = made.value
                self.notify(kept or _("rating type saved in the event"), timeout=10 if kept else 2)
        elif choice.startswith("system:"):
            self.ask_system(choice.split(":", 1)[1])
        elif choice.startswith("accel:"):
            self.host.act(lambda: self.session.settings.set_acceleration(choice.split(":", 1)[1]),
                          done=_("acceleration saved in the event"))
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
                self.host.act(self.session.settings.enter_fide_mode, done=_("FIDE mode on"))

    def choose_option(self, parts: list[str]) -> None:
        """``option:<id>`` switches a yes/no option; ``option:<id>:<value>`` picks a value of another."""
        option = next((o for o in self.session.settings.system_options() if o.id == parts[0]), None)
        if option is None:
            return
        value = parts[1] if len(parts) > 1 else "no" if option.on(self.session.event.settings) else "yes"
        self.host.act(lambda: self.session.settings.set_option(option.id, value),
                      done=_("{option}: {value} ({help})").format(option=_(option.title), value=_(value),
                                                                   help=_(option.help)))

    def ask_system(self, system_id: str) -> None:
        """Change the pairing system after a question; refused with the reason once round 1 is paired."""
        event = self.session.event
        refusal = fixed_system_reason(event)
        if refusal:
            self.notify(refusal, severity="error", timeout=8)
            return
        if system_id == event.settings.system:
            return
        title = _(self.session.settings.system_choices()[system_id])
        question = _("Pair this event with the {new} instead of {old} ({old_id})? The system is announced before "
                     "round 1 (C.04.2 art. 1.1) and fixed once round 1 is paired; the history keeps the "
                     "change.").format(new=title, old=_(self.session.system_name()), old_id=event.settings.system)

        def answered(yes: bool | None) -> None:
            if yes:
                self.host.act(lambda: self.session.settings.set_system(system_id),
                              done=_("pairing system: {system}, saved in the event").format(system=title))

        self.app.push_screen(ConfirmScreen(question, _("Pairing system")), answered)

    def ask_tiebreaks(self) -> None:
        current = ",".join(self.session.event.settings.tiebreaks)

        def done(answer: str | None) -> None:
            if answer is not None:
                self.host.act(lambda: self.session.settings.set_tiebreaks(answer),
                              done=_("tie-breaks saved in the event"))

        self.app.push_screen(AskScreen(_("Tie-breaks in order, MTB26 codes separated by commas (FIDE's for an "
                                         "individual Swiss: {codes}; empty: none). C.07 art. 4.1: announce them "
                                         "before round 1.").format(codes=RECOMMENDED_TIEBREAKS),
                                       _("tie-breaks"), current, required=False), done)
