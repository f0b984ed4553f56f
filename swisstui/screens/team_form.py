"""The form that registers a team: its names, federation, club and captain, a player for each board in board
order, then its reserves. Enter moves to the next field and saves on the last; ctrl+s saves from any field;
escape cancels. A field that does not read is named and keeps the cursor; nothing is registered half-way."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from engine.trf.fields import text_problem
from swisstui.language import N_, _
from swisstui.session.team_actions import NewTeam
from swisstui.widgets.plain import plain
from swisstui.terminal.binding_words import BindingWords

DETAILS = (("name", N_("Team")), ("short", N_("Short name")), ("federation", N_("Federation")), ("club", N_("Club")),
           ("captain", N_("Captain")))
"""(input id, label): the label looked up where it is shown, in a field's label and in its error."""


class FormError(ValueError):
    """A field the form cannot read; ``field`` is the input's id."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def parse_player(text: str, field: str, label: str) -> dict[str, Any]:
    """``Surname, First name, 2150`` or ``Name 2150``: a new player's name and rating (the rating last, optional)."""
    problem = text_problem(text)
    if problem is not None:
        raise FormError(field, _("{field}: {problem}").format(field=label, problem=problem))
    words = text.strip().replace(",", " , ").split()
    rating = 0
    if words and words[-1].isdigit():
        rating = int(words.pop())
        if rating > 3500:
            raise FormError(field, _("{field}: rating {rating}: a whole number from 0 to 3500").format(
                field=label, rating=rating))
    name = " ".join(words).replace(" , ", ", ").strip(" ,")
    if not name:
        raise FormError(field, _("{field}: a player needs a name (then the rating, if any)").format(field=label))
    return {"name": name, "rating": rating}


def parse_team(raw: dict[str, str], size: int) -> NewTeam:
    """The form's text as a team to register; :class:`FormError` names the field that does not read."""
    for key, label in DETAILS:
        problem = text_problem(raw.get(key, ""))
        if problem is not None:
            raise FormError(key, _("{field}: {problem}").format(field=_(label), problem=problem))
    name = raw.get("name", "").strip()
    if not name:
        raise FormError("name", _("Team: a team needs a name"))
    fed = raw.get("federation", "").strip().upper()
    if fed and (len(fed) != 3 or not fed.isalpha()):
        raise FormError("federation", _("Federation: three letters, or empty"))
    roster = tuple(parse_player(raw.get(f"board{b}", ""), f"board{b}", _("Board {board}").format(board=b))
                   for b in range(1, size + 1))
    reserves = tuple(parse_player(text, "reserves", _("Reserve {number}").format(number=i))
                     for i, text in enumerate((t for t in raw.get("reserves", "").split(";") if t.strip()), start=1))
    return NewTeam(name, roster, reserves, raw.get("short", "").strip(), fed, raw.get("club", "").strip(),
                   raw.get("captain", "").strip())


class TeamFormScreen(BindingWords, ModalScreen[NewTeam | None]):
    """A new team: the answer is the :class:`NewTeam` typed, ``None`` when cancelled."""

    BINDINGS = [Binding("escape", "cancel", N_("cancel")), Binding("ctrl+s", "save", N_("save"))]

    DEFAULT_CSS = """
    TeamFormScreen { align: center middle; }
    TeamFormScreen > Vertical { width: 76; height: auto; max-height: 22; border: round $accent;
                                background: $surface; padding: 0 1; }
    TeamFormScreen VerticalScroll { height: auto; max-height: 18; }
    TeamFormScreen Grid { grid-size: 2; grid-columns: 12 1fr; grid-rows: 1; height: auto; }
    TeamFormScreen Input, TeamFormScreen Input:focus { border: none; height: 1; padding: 0 1; }
    TeamFormScreen .hint { color: $text-muted; }
    """

    def __init__(self, size: int) -> None:
        super().__init__()
        self.boards = size

    def fields(self) -> list[tuple[str, str]]:
        """(input id, label) in the order the cursor goes through them, the labels in the arbiter's language."""
        boards = [(f"board{b}", _("Board {board}").format(board=b)) for b in range(1, self.boards + 1)]
        return [*((key, _(label)) for key, label in DETAILS), *boards, ("reserves", _("Reserves"))]

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = plain(_("New team"))
            with VerticalScroll(can_focus=False), Grid():
                for key, label in self.fields():
                    yield Label(label, markup=False)
                    hint = (_("Name, rating") if key.startswith("board") else
                            _("Name, rating; Name, rating") if key == "reserves" else "")
                    yield Input(id=key, placeholder=hint)
            yield Static(_("players in board order · enter next field · ctrl+s save · escape cancel"),
                         classes="hint", markup=False)

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        ids = [key for key, _label in self.fields()]
        at = ids.index(event.input.id or "name")
        if at + 1 < len(ids):
            self.query_one(f"#{ids[at + 1]}", Input).focus()
        else:
            self.action_save()

    def action_save(self) -> None:
        raw = {key: self.query_one(f"#{key}", Input).value for key, _label in self.fields()}
        try:
            team = parse_team(raw, self.boards)
        except FormError as err:
            self.notify(str(err), severity="error", timeout=6)
            self.query_one(f"#{err.field}", Input).focus()
            return
        self.dismiss(team)

    def action_cancel(self) -> None:
        self.dismiss(None)
