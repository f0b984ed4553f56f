"""Setting up the prizes from the keyboard: the sharing rule, the place prizes and the categories with theirs.

Reached with ``e`` on the prize list, from the settings and from the command
palette. Each line is one choice or one list; enter changes it. A category or a
list of prizes is typed in a form whose fields are read as they are typed, the
field at fault named under them (:func:`swisstui.session.prize_actions.check_category`
reads them, and the session reads them again when they are saved). Every change is
one entry of the event's history, which ``u`` in the history takes back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from swisstui.session.prize_actions import (
    CATEGORY_FIELDS,
    band_text,
    category_fields,
    check_category,
    prizes_text,
    read_prizes,
)
from swisstui.screens.base import BaseScreen, refill_options
from swisstui.screens.dialogs import ConfirmScreen
from swisstui.widgets.plain import plain
from swisstui.terminal.binding_words import BindingWords

RULE_LABELS: dict[str, tuple[tuple[str, str], ...]] = {
    "tie_rule": (("tiebreak", "tie-breaks decide who takes which prize"),
                 ("shared", "tied prize winners share the money"),
                 ("hort", "Hort: each keeps half, the other halves shared")),
    "prefer": (("place", "a place prize before a category prize of the same amount"),
               ("category", "a category prize before a place prize of the same amount")),
    "eligible": (("all", "every player may win a prize"),
                 ("not-withdrawn", "not a player who withdrew"),
                 ("every-round", "only players who played every round")),
}
RULE_TITLES = {"tie_rule": "Ties", "prefer": "Equal", "eligible": "Who wins"}

FIELD_LABELS = {"name": "Name", "band": "Rating", "age": "Age", "sex": "Sex", "federation": "Federation",
                "club": "Club", "prizes": "Prizes"}
FIELD_HINTS = {"name": "U2000, Girls U16, Seniors 65+", "band": "1600-1999, -1999, 2000- or unrated",
               "age": "U16 or 65+ (FIDE's, by year of birth)", "sex": "w or m", "federation": "NOR, SWE",
               "club": "Riverside, Oslo SK", "prizes": "200, 100, Book (places 1, 2, 3)"}


class PrizeFieldsForm(BindingWords, ModalScreen[dict[str, str] | None]):
    """A few fields read as they are typed: each problem is named with its field; enter saves, escape cancels."""

    BINDINGS = [Binding("escape", "cancel", "cancel"), Binding("ctrl+s", "save", "save", show=False)]

    DEFAULT_CSS = """
    PrizeFieldsForm { align: center middle; }
    PrizeFieldsForm > Vertical { width: 76; height: auto; border: round $primary; background: $surface;
                                 padding: 0 1; }
    PrizeFieldsForm Grid { grid-size: 2; grid-columns: 11 1fr; grid-rows: 1; grid-gutter: 0 1; height: auto; }
    PrizeFieldsForm #problems { color: $error; height: auto; }
    """

    def __init__(self, title: str, fields: Mapping[str, str], check: Callable[[dict[str, str]], dict[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.start = dict(fields)
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = plain(self.title_text)
            with Grid():
                for key, value in self.start.items():
                    yield Label(FIELD_LABELS[key], id=f"l-{key}", markup=False)
                    yield Input(value=value, placeholder=FIELD_HINTS[key], id=f"f-{key}", compact=True)
            yield Static("", id="problems", markup=False)
            yield Static("enter save · escape cancel · empty field: no condition", classes="hint", markup=False)

    def values(self) -> dict[str, str]:
        return {key: self.query_one(f"#f-{key}", Input).value for key in self.start}

    def problems(self) -> dict[str, str]:
        """What the fields say is wrong now, shown under them; the labels of the fields at fault marked."""
        found = self.check(self.values())
        for key in self.start:
            self.query_one(f"#l-{key}", Label).update(("! " if key in found else "") + FIELD_LABELS[key])
        self.query_one("#problems", Static).update(
            "\n".join(f"{FIELD_LABELS[key]}: {why}" for key, why in found.items()))
        return found

    def on_input_changed(self, event: Input.Changed) -> None:
        self.problems()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_save()

    def action_save(self) -> None:
        if self.problems():
            self.notify("a field does not read (named under the fields): nothing saved", severity="warning")
            return
        self.dismiss(self.values())

    def action_cancel(self) -> None:
        self.dismiss(None)


def _place_problems(fields: dict[str, str]) -> dict[str, str]:
    try:
        read_prizes(fields["prizes"])
    except ValueError as err:
        return {"prizes": str(err)}
    return {}


class PrizeSetupScreen(BaseScreen):
    SCREEN_NAME = "prize_setup"
    TITLE_TEXT = "prize set-up"

    BINDINGS = [
        Binding("delete", "remove", "remove category"),
        Binding("escape", "back", "prize list"),
    ]

    DEFAULT_CSS = """
    PrizeSetupScreen OptionList { height: 1fr; }
    PrizeSetupScreen #setup-hint { height: auto; padding: 0 1; color: $text-muted; }
    """

    def compose_body(self) -> ComposeResult:
        yield OptionList(id="setup", markup=False)
        yield Static("enter: change the line · delete: remove a category · kept in the event's history "
                     "(u in the history undoes) · docs/prizes.md", id="setup-hint", markup=False)

    def on_mount(self) -> None:
        self.set_up = True
        self.refresh_all()
        self.query_one(OptionList).focus()

    def refresh_data(self) -> None:
        rules = self.session.event.prizes
        options: list[Option] = []
        for rule, choices in RULE_LABELS.items():
            for value, label in choices:
                mark = "●" if getattr(rules, rule) == value else "○"
                options.append(Option(f"{RULE_TITLES[rule]:<9} {mark} {label}", id=f"rule:{rule}:{value}"))
        options.append(Option(f"Places    {prizes_text(rules.places) or 'none'}", id="places"))
        for i, c in enumerate(rules.categories):
            cat = c.category
            conditions = " ".join(x for x in (band_text(cat), cat.age, cat.sex, ",".join(cat.federations),
                                              ",".join(cat.clubs)) if x)
            prizes = prizes_text(c.prizes) or "standings only"
            options.append(Option(f"Category  {cat.name} · {conditions or 'everybody'} · {prizes}", id=f"cat:{i}"))
        options.append(Option("Category  + add a category", id="add"))
        refill_options(self.query_one(OptionList), options)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice.startswith("rule:"):
            _, rule, value = choice.split(":")
            self.host.act(lambda: self.session.prizes.set_prize_rule(rule, value), done=f"{rule} = {value}, saved")
        elif choice == "places":
            self.edit_places()
        elif choice.startswith("cat:"):
            self.edit_category(int(choice.split(":")[1]))
        elif choice == "add":
            self.edit_category(None)

    def edit_places(self) -> None:
        current = {"prizes": prizes_text(self.session.event.prizes.places)}

        def done(fields: dict[str, str] | None) -> None:
            if fields is not None:
                self.host.act(lambda: self.session.prizes.set_place_prizes(fields["prizes"]), done="place prizes saved")

        self.app.push_screen(PrizeFieldsForm("Place prizes: places 1, 2, 3, ...", current, _place_problems), done)

    def edit_category(self, index: int | None) -> None:
        """The form of a category (``index`` ``None``: a new one); checked as typed against the event's others."""
        cats = self.session.event.prizes.categories
        own = cats[index] if index is not None else None
        original = own.category.name if own is not None else None
        fields = category_fields(own) if own is not None else dict.fromkeys(CATEGORY_FIELDS, "")
        taken = tuple(c.category.name for i, c in enumerate(cats) if i != index)

        def check(values: dict[str, str]) -> dict[str, str]:
            return check_category(values, own.category if own is not None else None, taken)[1]

        def done(values: dict[str, str] | None) -> None:
            if values is None:
                return
            # the session reads the fields again, against the file as it is (another arbiter may have
            # added a category of that name meanwhile): a refusal names the field
            self.host.act(lambda: self.session.prizes.save_category(original, values),
                          done=f"category {values['name'].strip()} saved")

        title = f"Category {original}" if original is not None else "New category"
        self.app.push_screen(PrizeFieldsForm(title, fields, check), done)

    def action_remove(self) -> None:
        menu = self.query_one(OptionList)
        if menu.highlighted is None:
            return
        choice = menu.get_option_at_index(menu.highlighted).id or ""
        if not choice.startswith("cat:"):
            self.notify("delete removes a category: move to one first", severity="warning")
            return
        name = self.session.event.prizes.categories[int(choice.split(":")[1])].category.name

        def answered(yes: bool | None) -> None:
            if yes:
                self.host.act(lambda: self.session.prizes.remove_category(name), done=f"category {name} removed")

        self.app.push_screen(ConfirmScreen(f"Remove the category {name} and its prizes? (u in the history "
                                           "brings it back)", "Remove category"), answered)

    def action_back(self) -> None:
        self.host.action_show("prizes")
