"""The add / edit player form (a modal): enter saves, escape cancels (asking first when a field changed).

The form opens with the cursor at the end of the name and nothing selected: keys typed on
the list just before it opened (a newcomer typing a name to search) add to the name, they
never replace it.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from engine.model.tournament import TITLES
from engine.trf.fields import FIDE_ID_MAX, text_problem
from swisstui.language import N_, _
from swisstui.screens.dialogs import ConfirmScreen
from swisstui.screens.rating_suggestions import RatingSuggestions
from swisstui.widgets.plain import plain

FIELDS = (
    ("name", N_("Name"), N_("Surname, First name")),
    ("rating", N_("Rating"), N_("0 = unrated")),
    ("title", N_("Title"), "GM IM WGM FM WIM CM WFM WCM"),
    ("federation", N_("Federation"), N_("3 letters, e.g. NOR")),
    ("fide_id", N_("FIDE id"), N_("digits")),
    ("birth", N_("Birth"), N_("YYYY or YYYY-MM-DD")),
    ("sex", N_("Sex"), N_("m, w or empty (TRF column 10)")),
    ("fixed_board", N_("Fixed board"), N_("empty, or the board always played on")),
)
"""The player's key, the label and the placeholder of each field (looked up where shown; the key, the
titles and TRF's m / w stay as the file writes them)."""

FIXED_BOARD_MAX = 1000
"""Highest board a player can be fixed to: TRF numbers players up to 9999, so at most 4999 boards;
a number past the event's boards is kept and the engine gives the last board (board_order)."""


class FormError(ValueError):
    """A field the form cannot save; ``field`` is its key (the input the message belongs to)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def parse_fields(raw: dict[str, str]) -> dict[str, object]:
    """The form's text turned into player fields; :class:`FormError` names the bad field."""
    for key, label, _placeholder in FIELDS:
        problem = text_problem(raw.get(key, ""))
        if problem is not None:  # a pasted escape sequence or line break: TRF cannot hold it
            raise FormError(key, _("{field}: {problem}").format(field=_(label), problem=problem))
    name = raw.get("name", "").strip()
    if not name:
        raise FormError("name", _("Name: a player needs a name"))
    rating_text = raw.get("rating", "").strip() or "0"
    if not _digits(rating_text) or int(rating_text) > 3500:
        raise FormError("rating", _("Rating: a whole number from 0 to 3500"))
    title = raw.get("title", "").strip().upper()
    if title and title not in TITLES:
        raise FormError("title", _("Title: one of {titles} or empty").format(titles=" ".join(TITLES)))
    fed = raw.get("federation", "").strip().upper()
    if fed and (len(fed) != 3 or not fed.isalpha()):
        raise FormError("federation", _("Federation: three letters"))
    fide_text = raw.get("fide_id", "").strip()
    if fide_text and not _digits(fide_text):
        raise FormError("fide_id", _("FIDE id: digits only"))
    if fide_text and int(fide_text) > FIDE_ID_MAX:
        raise FormError("fide_id", _("FIDE id: at most {digits} digits (TRF columns 58-68)").format(
            digits=len(str(FIDE_ID_MAX))))
    birth = raw.get("birth", "").strip()
    if birth and not (birth[:4].isdigit() and len(birth) in (4, 10)):
        raise FormError("birth", _("Birth: YYYY or YYYY-MM-DD"))
    sex = raw.get("sex", "").strip().lower()
    sex = {"f": "w"}.get(sex, sex)  # f, as a CSV import or another program's TRF may have it, is TRF's w
    if sex not in ("", "m", "w"):
        raise FormError("sex", _("Sex: m, w or empty (the values TRF column 10 holds)"))
    fixed_board = fixed_board_value(raw.get("fixed_board", ""))
    return {
        "name": name,
        "rating": int(rating_text),
        "title": title,
        "federation": fed,
        "fide_id": int(fide_text) if fide_text else None,
        "birth": birth,
        "sex": sex,
        "fixed_board": fixed_board,
    }


def fixed_board_value(text: str) -> int:
    """The fixed board typed (0: none); :class:`FormError` when it is not a board number.

    A player who must always play on one board (accessibility) keeps it whatever the
    pairing's board order (engine.systems.board_order.keep_fixed_boards).
    """
    text = text.strip()
    if not text:
        return 0
    if not _digits(text) or not 1 <= int(text) <= FIXED_BOARD_MAX:
        raise FormError("fixed_board", _("Fixed board: a board number, 1 to {most}; empty: none").format(
            most=FIXED_BOARD_MAX))
    return int(text)


def list_name_form(name: str) -> bool:
    """Whether ``name`` reads as the FIDE list writes names, "Surname, First" (no digits): a name typed
    otherwise while the list's matches are shown is most likely a search not finished."""
    surname, comma, first = name.partition(",")
    return bool(comma and surname.strip() and first.strip()) and not any(c.isdigit() for c in name)


def _digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also takes '²', which ``int`` refuses."""
    return text.isascii() and text.isdigit()


class PlayerForm(RatingSuggestions, ModalScreen[dict | None]):
    """Returns the parsed fields, or ``None`` when cancelled."""

    BINDINGS = [Binding("escape", "cancel", N_("cancel"))]

    def __init__(self, title: str, values: dict[str, object] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.values = values or {}

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = plain(self.title_text)
            with Grid():
                for key, label, placeholder in FIELDS:
                    yield Label(_(label), markup=False)
                    yield Input(value=self.shown(key), placeholder=_(placeholder), id=f"f-{key}", compact=True,
                                select_on_focus=key != "name")
            yield Static("", id="form-error", markup=False)
            yield Static(_("tab next field · enter save · escape cancel"), classes="hint", markup=False)

    def shown(self, key: str) -> str:
        """The text a field opens with."""
        value = self.values.get(key)
        return "" if value in (None, 0) and key != "name" else str(value or "")

    def on_mount(self) -> None:
        name = self.query_one("#f-name", Input)
        name.cursor_position = len(name.value)

    def on_input_changed(self, event: Input.Changed) -> None:
        """The fixed board is checked as it is typed: the message shows before enter is pressed."""
        if event.input.id != "f-fixed_board":
            return
        try:
            fixed_board_value(event.value)
        except FormError as err:
            event.input.add_class("-invalid")
            self.query_one("#form-error", Static).update(str(err))
            return
        event.input.remove_class("-invalid")
        self.query_one("#form-error", Static).update("")

    def typed(self) -> list[str]:
        """The labels of the fields whose text differs from what the form opened with."""
        return [_(label) for key, label, _placeholder in FIELDS
                if self.query_one(f"#f-{key}", Input).value != self.shown(key)]

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter saves; while the FIDE list's matches are shown it first takes the match the arbiter
        means (:meth:`match_enter_takes`), and asks before saving a name the list would never hold."""
        taken = self.match_enter_takes(event.input.id or "", event.value)
        if taken is not None:
            self.fill_from(taken)  # the form now shows the player; enter again saves
            return
        shown = self.matches_shown()
        name = self.query_one("#f-name", Input).value.strip()
        if shown and event.input.id == "f-name" and not list_name_form(name):
            question = _("Register {name} as typed, unrated and without a FIDE ID? It is not a name as the "
                         "FIDE list writes them (Surname, First), and the list shows {count} players "
                         "for it: n goes back to the form, where ↓ chooses one.").format(name=repr(name), count=len(shown))

            def answered(yes: bool | None) -> None:
                if yes:
                    self.save()

            self.app.push_screen(ConfirmScreen(question, _("Not from the FIDE list")), answered)
            return
        self.save()

    def save(self) -> None:
        """Check every field and return them; a field that does not read gets the message and the cursor."""
        raw = {key: self.query_one(f"#f-{key}", Input).value for key, _label, _placeholder in FIELDS}
        try:
            fields = parse_fields(raw)
        except FormError as err:
            self.query_one("#form-error", Static).update(str(err))
            field = self.query_one(f"#f-{err.field}", Input)
            field.add_class("-invalid")
            field.focus()  # the message is about this field: the cursor goes there
            return
        self.keep_k_factor(fields)
        self.dismiss(fields)

    def keep_k_factor(self, fields: dict[str, object]) -> None:
        """The list's K goes with the player chosen from it; a K kept for another FIDE ID is dropped.

        The form has no K field (the arbiter never types it): it comes from the FIDE list with
        the match, and the rating change uses it (B.02 art. 8.3.3).
        """
        filled = self._filled
        if filled is not None and str(fields["fide_id"] or "") == filled.get("fide_id"):
            fields["k_factor"] = int(filled.get("k_factor") or 0)
        elif "fide_id" in self.values and fields["fide_id"] != self.values.get("fide_id"):
            fields["k_factor"] = 0

    def action_cancel(self) -> None:
        """Leave the form; what was typed in it is lost, so a changed field asks first."""
        changed = self.typed()
        if not changed:
            self.dismiss(None)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.dismiss(None)

        self.app.push_screen(ConfirmScreen(_("Discard what you typed ({fields})?").format(fields=", ".join(changed)),
                                           _("Discard")), answered)
