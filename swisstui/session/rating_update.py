"""Bringing the event's players up to date with the FIDE rating list before round 1.

Players are registered days or weeks before the event, and a new list (monthly) may come
out in between: the arbiter wants every rating, title, federation and name as the list in
use says them, and to see each change before it is made. :func:`plan_update` matches the
players by FIDE ID and says what would change and what the list lacks; nothing here writes
the event (the action :meth:`swisstui.session.player_actions.PlayerService.update_ratings`
does, as one change the history can undo).

Once round 1 is paired the ratings stay as they were: C.04.2 art. 2.1 wants one rating
list for every player, and art. 2.2-2.3 rank the pairing numbers from it; a list read
halfway would change the ranking the pairings were made from. A single wrong rating can
still be corrected by hand on the player (art. 4.3: it then counts for the rating report).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from swisstui.language import NC_, _, pgettext
from swisstui.store.event import Event, PlayerRecord
from swisstui.ratings.db import ListPlayer, RatingsDb

# The player fields the list gives, in the order a change is shown.
UPDATED = ("name", "federation", "title", "rating", "k_factor")
LABELS = {"name": "name", "federation": "federation", "title": "title", "rating": "rating", "k_factor": "K"}
SHOWN = {"name": NC_("player field", "name"), "federation": NC_("player field", "federation"),
         "title": NC_("player field", "title"), "rating": NC_("player field", "rating"),
         "k_factor": NC_("player field", "K")}
"""The labels as the arbiter reads them (:data:`LABELS` stay English in the history's summary)."""


@dataclass(frozen=True)
class FieldChange:
    field: str
    old: object
    new: object

    def text(self) -> str:
        def shown(value: object) -> str:
            return str(value) if value not in ("", 0, None) else _("none")

        return f"{pgettext('player field', SHOWN[self.field])}: {shown(self.old)} -> {shown(self.new)}"


@dataclass(frozen=True)
class PlayerUpdate:
    """One player's changes; ``entry`` finds the player even if another arbiter renumbered the list meanwhile."""

    entry: int
    number: int
    name: str
    fide_id: int
    changes: tuple[FieldChange, ...]


@dataclass
class UpdatePlan:
    """What the list would change, and what it lacks (each shown, none of it changed)."""

    month: str
    rating_type: str
    updates: list[PlayerUpdate] = field(default_factory=list)
    not_in_list: list[PlayerRecord] = field(default_factory=list)  # a FIDE ID the list does not hold
    unrated: list[PlayerRecord] = field(default_factory=list)  # rated in the event, no rating of the type in the list
    no_fide_id: list[PlayerRecord] = field(default_factory=list)

    @property
    def changes(self) -> int:
        return sum(len(u.changes) for u in self.updates)

    def lines(self) -> list[str]:
        """The changes and the gaps, one line each, as the terminal and the dialog show them."""
        out = []
        for u in self.updates:  # a change a line: a long name's change stays whole at 80 columns
            out.append(f"{u.number:>3} {u.name} ({u.fide_id})")
            out += [f"      {c.text()}" for c in u.changes]
        for p in self.not_in_list:
            out.append(_("{player}: FIDE ID {fide_id} is not in the {month} list (kept as it is)").format(
                player=f"{p.id:>3} {p.name}", fide_id=p.fide_id, month=self.month))
        for p in self.unrated:
            out.append(_("{player}: no {kind} rating in the {month} list (kept: {rating})").format(
                player=f"{p.id:>3} {p.name}", kind=self.rating_type, month=self.month, rating=p.rating))
        if self.no_fide_id:
            names = ", ".join(f"{p.id} {p.name}" for p in self.no_fide_id)
            out.append(_("no FIDE ID, not looked up: {players}").format(players=names))
        return out

    def summary(self) -> str:
        """One line for the history and the message after applying."""
        counts = {f: sum(1 for u in self.updates for c in u.changes if c.field == f) for f in UPDATED}
        said = ", ".join(f"{LABELS[f]} {n}" for f, n in counts.items() if n)
        return (f"{len(self.updates)} player{'s' if len(self.updates) != 1 else ''} from the {self.month} FIDE list "
                f"({self.rating_type}): {said}")


def refusal(event: Event) -> str | None:
    """Why the ratings can no longer be updated from the list, or ``None`` while they can."""
    if not event.rounds_paired:
        return None
    return _("round {round} is paired: the ratings stay those pairing began with (C.04.2 art. 2.1-2.3: one rating "
             "list for every player, the pairing numbers ranked from it); a single wrong rating can still be "
             "corrected by hand on the player (art. 4.3)").format(round=event.rounds_paired)


def offered(found: ListPlayer, rating_type: str) -> dict[str, object]:
    """The list's values of :data:`UPDATED` for a player; a field it leaves empty is not offered."""
    rating = found.rating(rating_type)
    values: dict[str, object] = {"name": found.name, "federation": found.federation, "title": found.best_title}
    if rating:
        values["rating"] = rating
        values["k_factor"] = found.k(rating_type)
    return {key: value for key, value in values.items() if value or key == "title"}


def plan_update(event: Event, db: RatingsDb, month: str | None = None) -> UpdatePlan:
    """The changes the list of ``month`` (default: the newest held) brings to ``event``'s players.

    Raises :class:`LookupError` (no list, or not that month) and :class:`sqlite3.Error` (the
    database cannot be read). A title the list does not give is taken away: FIDE awards titles,
    and the list is where they are published.
    """
    info = db.list_info(month)
    plan = UpdatePlan(info.month, event.rating_type)
    for p in event.players:
        if not p.fide_id:
            plan.no_fide_id.append(p)
            continue
        found = db.by_id(p.fide_id, info.month)
        if found is None:
            plan.not_in_list.append(p)
            continue
        values = offered(found, event.rating_type)
        if "rating" not in values and p.rating:
            plan.unrated.append(p)
        changes = tuple(FieldChange(key, getattr(p, key), values[key]) for key in UPDATED
                        if key in values and getattr(p, key) != values[key])
        if changes:
            plan.updates.append(PlayerUpdate(p.entry, p.id, p.name, p.fide_id, changes))
    return plan
