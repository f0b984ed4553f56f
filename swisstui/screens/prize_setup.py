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

from swisstui.language import N_, _
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
    "tie_rule": (("tiebreak", N_("tie-breaks decide who takes which prize")),
                 ("shared", N_("tied prize winners share the money")),
                 ("hort", N_("Hort: each keeps half, the other halves shared"))),
    "prefer": (("place", N_("a place prize before a category prize of the same amount")),
               ("category", N_("a category prize before a place prize of the same amount"))),
    "eligible": (("all", N_("every player may win a prize")),
                 ("not-withdrawn", N_("not a player who withdrew")),
                 ("every-round", N_("only players who played every round"))),
}
"""rule -> (value, its words): the values are the event file's (kept as they are), the words looked up where shown."""
RULE_TITLES = {"tie_rule": N_("Ties"), "prefer": N_("Equal"), "eligible": N_("Who wins")}
TITLE_WIDTH = 9
"""The width of a line's title (Ties, Places, Category), the choices lined up after it."""

FIELD_LABELS = {"name": N_("Name"), "band": N_("Rating"), "age": N_("Age"), "sex": N_("Sex"),
                "federation": N_("Federation"), "club": N_("Club"), "prizes": N_("Prizes")}
FIELD_HINTS = {"name": N_("U2000, Girls U16, Seniors 65+"), "band": N_("1600-1999, -1999, 2000- or unrated"),
               "age": N_("U16 or 65+ (FIDE's, by year of birth)"), "sex": N_("w or m"), "federation": "NOR, SWE",
               "club": "Riverside, Oslo SK", "prizes": N_("200, 100, Book (places 1, 2, 3)")}
"""A field's label and an example of what it reads (looked up where shown; the examples of names stay)."""


def line_title(title: str) -> str:
    """A line's title padded to :data:`TITLE_WIDTH`, the choices after it lined up in any language."""
    return f"{title:<{TITLE_WIDTH}}"


class PrizeFieldsForm(BindingWords, ModalScreen[dict[str, str] | None]):
    """A few fields read as they are typed: each problem is named with its field; enter saves, escape cancels."""

    BINDINGS = [Binding("escape", "cancel", N_("cancel")), Binding("ctrl+s", "save", N_("save"), show=False)]

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
                    yield Label(_(FIELD_LABELS[key]), id=f"l-{key}", markup=False)
                    yield Input(value=value, placeholder=_(FIELD_HINTS[key]), id=f"f-{key}", compact=True)
            yield Static("", id="problems", markup=False)
            yield Static(_("enter save · escape cancel · empty field: no condition"), classes="hint", markup=False)

    def values(self) -> dict[str, str]:
        return {key: self.query_one(f"#f-{key}", Input).value for key in self.start}

    def problems(self) -> dict[str, str]:
        """What the fields say is wrong now, shown under them; the labels of the fields at fault marked."""
        found = self.check(self.values())
        for key in self.start:
            self.query_one(f"#l-{key}", Label).update(("! " if key in found else "") + _(FIELD_LABELS[key]))
        self.query_one("#problems", Static).update(
            "\n".join(_("{field}: {problem}").format(field=_(FIELD_LABELS[key]), problem=why)
                      for key, why in found.items()))
        return found

    def on_input_changed(self, event: Input.Changed) -> None:
        self.problems()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_save()

    def action_save(self) -> None:
        if self.problems():
            self.notify(_("a field does not read (named under the fields): nothing saved"), severity="warning")
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
    TITLE_TEXT = N_("prize set-up")

    BINDINGS = [
        Binding("delete", "remove", N_("remove category")),
        Binding("escape", "back", N_("prize list")),
    ]

    DEFAULT_CSS = """
    PrizeSetupScreen OptionList { height: 1fr; }
    PrizeSetupScreen #setup-hint { height: auto; padding: 0 1; color: $text-muted; }
    """

    def compose_body(self) -> ComposeResult:
        yield OptionList(id="setup", markup=False)
        yield Static(_("enter: change the line · delete: remove a category · kept in the event's history "
                       "(u in the history undoes) · docs/prizes.md"), id="setup-hint", markup=False)

    def on_mount(self) -> None:
        self.set_up = True
        self.refresh_all()
        self.query_one(OptionList).focus()

    def refresh_data(self) -> None:
        rules = self.session.event.prizes
        # each word looked up on its own line: a lookup inside an f-string is not found by the extraction
        places, category = line_title(_("Places")), line_title(_("Category"))
        options: list[Option] = []
        for rule, choices in RULE_LABELS.items():
            for value, label in choices:
                mark = "●" if getattr(rules, rule) == value else "○"
                options.append(Option(f"{line_title(_(RULE_TITLES[rule]))} {mark} {_(label)}",
                                      id=f"rule:{rule}:{value}"))
        none = _("none")
        options.append(Option(f"{places} {prizes_text(rules.places) or none}", id="places"))
        for i, c in enumerate(rules.categories):
            cat = c.category
            conditions = " ".join(x for x in (band_text(cat), cat.age, cat.sex, ",".join(cat.federations),
                                              ",".join(cat.clubs)) if x)
            prizes = prizes_text(c.prizes) or _("standings only")
            everybody = _("everybody")
            options.append(Option(f"{category} {cat.name} · {conditions or everybody} · {prizes}", id=f"cat:{i}"))
        add = _("+ add a category")
        options.append(Option(f"{category} {add}", id="add"))
        refill_options(self.query_one(OptionList), options)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice.startswith("rule:"):
            _rule, rule, value = choice.split(":")
            said = _("{rule}: {choice}, saved").format(rule=_(RULE_TITLES[rule]), choice=_(dict(RULE_LABELS[rule])[value]))
            self.host.act(lambda: self.session.prizes.set_prize_rule(rule, value), done=said)
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
                self.host.act(lambda: self.session.prizes.set_place_prizes(fields["prizes"]),
                              done=_("place prizes saved"))

        self.app.push_screen(PrizeFieldsForm(_("Place prizes: places 1, 2, 3, ..."), current, _place_problems), done)

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
                          done=_("category {name} saved").format(name=values["name"].strip()))

        title = _("Category {name}").format(name=original) if original is not None else _("New category")
        self.app.push_screen(PrizeFieldsForm(title, fields, check), done)

    def action_remove(self) -> None:
        menu = self.query_one(OptionList)
        if menu.highlighted is None:
            return
        choice = menu.get_option_at_index(menu.highlighted).id or ""
        if not choice.startswith("cat:"):
            self.notify(_("delete removes a category: move to one first"), severity="warning")
            return
        name = self.session.event.prizes.categories[int(choice.split(":")[1])].category.name

        def answered(yes: bool | None) -> None:
            if yes:
                self.host.act(lambda: self.session.prizes.remove_category(name),
                              done=_("category {name} removed").format(name=name))

        self.app.push_screen(ConfirmScreen(_("Remove the category {name} and its prizes? (u in the history "
                                             "brings it back)").format(name=name), _("Remove category")), answered)

    def action_back(self) -> None:
        self.host.action_show("prizes")
