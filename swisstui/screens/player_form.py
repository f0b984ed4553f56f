"""The add / edit player form (a modal): enter saves, escape cancels."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from engine.model import TITLES
from swisstui.widgets.plain import plain

FIELDS = (
    ("name", "Name", "Surname, First name"),
    ("rating", "Rating", "0 = unrated"),
    ("title", "Title", "GM IM WGM FM WIM CM WFM WCM"),
    ("federation", "Federation", "3 letters, e.g. NOR"),
    ("fide_id", "FIDE id", "digits"),
    ("birth", "Birth", "YYYY or YYYY-MM-DD"),
)


class FormError(ValueError):
    pass


def parse_fields(raw: dict[str, str]) -> dict[str, object]:
    """The form's text turned into player fields; :class:`FormError` names the bad field."""
    name = raw.get("name", "").strip()
    if not name:
        raise FormError("Name: a player needs a name")
    rating_text = raw.get("rating", "").strip() or "0"
    if not rating_text.isdigit() or int(rating_text) > 3500:
        raise FormError("Rating: a whole number from 0 to 3500")
    title = raw.get("title", "").strip().upper()
    if title and title not in TITLES:
        raise FormError(f"Title: one of {' '.join(TITLES)} or empty")
    fed = raw.get("federation", "").strip().upper()
    if fed and (len(fed) != 3 or not fed.isalpha()):
        raise FormError("Federation: three letters")
    fide_text = raw.get("fide_id", "").strip()
    if fide_text and not fide_text.isdigit():
        raise FormError("FIDE id: digits only")
    birth = raw.get("birth", "").strip()
    if birth and not (birth[:4].isdigit() and len(birth) in (4, 10)):
        raise FormError("Birth: YYYY or YYYY-MM-DD")
    return {
        "name": name,
        "rating": int(rating_text),
        "title": title,
        "federation": fed,
        "fide_id": int(fide_text) if fide_text else None,
        "birth": birth,
    }


class PlayerForm(ModalScreen[dict | None]):
    """Returns the parsed fields, or ``None`` when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "cancel")]

    def __init__(self, title: str, values: dict[str, object] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.values = values or {}

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = plain(self.title_text)
            with Grid():
                for key, label, placeholder in FIELDS:
                    value = self.values.get(key)
                    yield Label(label, markup=False)
                    yield Input(value="" if value in (None, 0) and key != "name" else str(value or ""),
                                placeholder=placeholder, id=f"f-{key}", compact=True)
            yield Static("", id="form-error", markup=False)
            yield Static("tab next field · enter save · escape cancel", classes="hint", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        raw = {key: self.query_one(f"#f-{key}", Input).value for key, _, _ in FIELDS}
        try:
            fields = parse_fields(raw)
        except FormError as err:
            self.query_one("#form-error", Static).update(str(err))
            return
        self.dismiss(fields)

    def action_cancel(self) -> None:
        self.dismiss(None)
