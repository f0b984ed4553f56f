"""The player form's matches from the FIDE rating list: typed a name or FIDE ID, pick the player.

Kept apart from the form itself (a base class of it, the list mounted under the form's fields): the form works the
same without a rating list, and its own fields and keys stay its own. ``down`` from the name or
FIDE id field goes into the list, ``enter`` on a match fills the form's fields (those the form
has), ``escape`` in the list goes back to the field.
"""

from __future__ import annotations

from textual import on
from textual.binding import Binding
from textual.containers import Grid
from textual.css.query import NoMatches
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from swisstui.ratings.lookup import RatingLookup, Suggestion
from swisstui.language import N_, _
from swisstui.widgets.plain import plain
from swisstui.terminal.binding_words import BindingWords

WATCHED = ("f-name", "f-fide_id")
SHOWN = 5  # matches shown at once (the form's height at 24 rows); the title says when more match


class RatingMatches(BindingWords, OptionList):
    """The matches; escape goes back to the name field (the form's own escape would drop what was typed)."""

    DEFAULT_CSS = """
    RatingMatches { height: auto; max-height: 7; border: round $accent; padding: 0; }
    """
    BINDINGS = [Binding("escape", "back", N_("back to the name"), show=False)]

    def action_back(self) -> None:
        self.display = False
        self.screen.query_one("#f-name", Input).focus()


class RatingSuggestions(BindingWords, ModalScreen):
    """The player form's base; set :attr:`ratings` before the form is shown to turn the matches on."""

    BINDINGS = [Binding("down", "rating_matches", N_("matches"), show=False)]
    ratings: RatingLookup | None = None
    _matches: list[Suggestion] = []
    _filled: dict[str, str] | None = None

    def on_mount(self) -> None:
        if self.ratings is None:
            return
        matches = RatingMatches(id="rating-matches", markup=False)
        matches.border_title = plain(_("FIDE list {month} · ↓ choose · enter fills the form").format(
            month=self.ratings.month))
        matches.display = False
        grid = self.query_one(Grid)
        if isinstance(grid.parent, Widget):
            grid.parent.mount(matches, after=grid)

    def on_unmount(self) -> None:
        if self.ratings is not None:
            self.ratings.close()

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        if self.ratings is None or event.input.id not in WATCHED:
            return
        if self._filled is not None and event.value == self._filled.get(event.input.id[2:]):
            return  # the form was just filled from a match: nothing to offer again
        found = self.ratings.suggest(event.value, limit=SHOWN + 1)  # one more than shown: are there more?
        self._matches = found[:SHOWN]
        menu = self.query_one("#rating-matches", OptionList)
        menu.clear_options()
        menu.add_options([Option(s.label) for s in self._matches])
        menu.display = bool(self._matches)
        said = (_("FIDE list {month} · more match: type more of the name · ↓ choose · enter fills the form")
                if len(found) > SHOWN else _("FIDE list {month} · ↓ choose · enter fills the form"))
        menu.border_title = plain(said.format(month=self.ratings.month))

    def action_rating_matches(self) -> None:
        focused = self.focused
        try:
            menu = self.query_one("#rating-matches", OptionList)
        except NoMatches:
            return
        if self._matches and focused is not None and focused.id in WATCHED:
            menu.display = True  # shown again after escape left it
            menu.focus()
            menu.highlighted = 0

    def matches_shown(self) -> list[Suggestion]:
        """The list's players on the screen under the fields now (none without a list or while hidden)."""
        try:
            menu = self.query_one("#rating-matches", OptionList)
        except NoMatches:
            return []
        return list(self._matches) if menu.display else []

    def match_enter_takes(self, field_id: str, typed: str) -> Suggestion | None:
        """The match ``enter`` in a watched field takes instead of saving what was typed: the one match
        shown under the name, or the match whose FIDE ID is the one typed in the FIDE ID field."""
        shown = self.matches_shown()
        if field_id == "f-fide_id":
            return next((m for m in shown if m.fields.get("fide_id") == typed.strip()), None)
        if field_id == "f-name" and len(shown) == 1:
            return shown[0]
        return None

    @on(OptionList.OptionSelected, "#rating-matches")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.fill_from(self._matches[event.option_index])

    def fill_from(self, chosen: Suggestion) -> None:
        """The form's fields (those it has) from a player of the list; the matches close."""
        self._filled = chosen.fields
        for key, value in chosen.fields.items():
            try:
                field = self.query_one(f"#f-{key}")
            except NoMatches:
                continue  # a field this form does not have
            if isinstance(field, Input):
                field.value = value
        menu = self.query_one("#rating-matches", OptionList)
        menu.display = False
        menu.clear_options()
        self._matches = []
        self.query_one("#f-name", Input).focus()
