"""The operations on the players of an event: registration, late entries, withdrawals, byes, numbers.

:class:`PlayerService` is the session's service (``session.players``) that
changes who plays: each operation applies its rule (:mod:`swisstui.session.entries`,
:mod:`swisstui.session.pairing_numbers`) inside the session's locked update and logs
what the rules ask to be justified.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from pathlib import Path

from engine.model.tournament import ForbiddenPair, ResultCode
from engine.trf.fields import PAIRING_NUMBER_MAX, registration_problem
from swisstui.language import N_, _
from swisstui.session import entries
from swisstui.store import event as ev
from swisstui.session.core import Service
from swisstui.session.action_errors import ActionError, ByeLimitReached, EditConflict
from swisstui.session.outcome import Changed
from swisstui.session.pairing_numbers import in_initial_order, renumber, renumber_to, table_rounds
from swisstui.session.rating_update import UpdatePlan, refusal
from swisstui.session.player_import import ImportPreview, read_players


@dataclass(frozen=True)
class PlayerRef:
    """A player as a screen names them when it opens a dialog: by entry number, which never changes.

    The pairing number and the name are what the arbiter was shown; another arbiter's late
    entry may give the player another number before the dialog is answered, and the action
    still reaches the same player (issue: "Withdraw 7 Hansen" must never withdraw the new 7).
    """

    entry: int
    number: int
    name: str


Who = int | PlayerRef
"""A player addressed by an action: a :class:`PlayerRef`, or a pairing number in the session's copy now."""


class PlayerService(Service):
    """``session.players``: who plays, their numbers, requests and forbidden pairs.

    Every operation on a registered player addresses them by :class:`PlayerRef` (or a pairing
    number, turned into the player's entry number before the file is read): inside the lock the
    player is found by entry number, whatever number the file gives them now.
    """

    def ref(self, player_id: int) -> PlayerRef:
        """The player now numbered ``player_id`` in this session's copy, by a reference that stays theirs."""
        p = find_player(self.event, player_id)
        return PlayerRef(p.entry, p.id, p.name)

    def _ref(self, who: Who) -> PlayerRef:
        return who if isinstance(who, PlayerRef) else self.ref(who)

    def add(self, name: str, *, renumber: bool = True, missed: ResultCode = ResultCode.ZERO_BYE,
            **fields: Any) -> Changed[int]:
        """Register a player; the change holds the pairing number given (rules in :func:`entries.add_player`).

        ``fields`` are any other of :data:`~swisstui.store.event.PLAYER_FIELDS` (rating, title, ...).
        """
        name = name.strip()
        if not name:
            raise ActionError(_("a player needs a name"))
        check_fields({"name": name, **fields}, "register")
        for key in ("title", "federation"):
            if key in fields:
                fields[key] = str(fields[key]).upper()
        if missed not in (ResultCode.ZERO_BYE, ResultCode.HALF_BYE):
            raise ActionError(_("missed rounds score a zero- or a half-point bye"))
        new_id: list[int] = []

        def apply(event: ev.Event) -> str:
            late = event.rounds_paired
            if len(event.players) >= PAIRING_NUMBER_MAX:
                raise ActionError(_("the event has {count} players: TRF numbers them up to {most}").format(
                    count=len(event.players), most=PAIRING_NUMBER_MAX))
            record = ev.PlayerRecord(id=0, name=name, **fields)
            number, moved = entries.add_player(event, record, renumber_list=renumber, missed=missed)
            if moved:
                # C.04.2 art. 2.4: a late entry takes the number of its place in the list.
                self._log(event, "renumber", ", ".join(f"{old}->{new}" for old, new in sorted(moved.items())),
                          late + 1)
            if late:
                scored = "½" if missed is ResultCode.HALF_BYE else "0"
                self._log(event, "late-entry", f"{number} {name}; rounds 1-{late} missed, {scored} each"
                          + ("" if moved or not renumber else "; numbers unchanged"), late + 1)
            new_id.append(number)
            return f"{number} {name}"

        made = self._change(apply, "register", self.event.rounds_paired + 1)
        return self._made(made, new_id[0])

    def late_entry_preview(self, name: str, rating: int = 0, title: str = "") -> tuple[int, dict[int, int]]:
        """The number a player registered now would get and the numbers that would change (old -> new)."""
        if not entries.late_entry_renumbers(self.event):
            return max((p.id for p in self.event.players), default=0) + 1, {}
        return entries.preview_numbers(self.event, ev.PlayerRecord(id=0, name=name, rating=rating, title=title))

    def read_import(self, name: str) -> ImportPreview:
        """The players of a CSV or TRF file (``name`` relative to the event's folder), for the preview
        the arbiter sees before :meth:`import_list`; problems are lines of the preview, not errors."""
        path = Path(name).expanduser()
        if not path.is_absolute():
            path = self.path.parent / path
        return read_players(path, self.event.rating_type)

    def import_list(self, players: list[dict[str, Any]], source: str = "") -> Changed[list[int]]:
        """Register many players in one save (an import after its preview); the change holds their numbers."""
        numbers: list[int] = []
        for fields in players:
            check_fields(fields, "import")

        def apply(event: ev.Event) -> ev.LogEntry:
            next_id = max((p.id for p in event.players), default=0)
            for fields in players:
                next_id += 1
                event.players.append(ev.PlayerRecord(id=next_id, **fields, entry=event.next_entry()))
                numbers.append(next_id)
            return self._log(event, "import", f"{len(players)} players from {source or 'a file'}",
                             event.rounds_paired + 1)

        made = self._change(apply)
        return self._made(made, numbers)

    def edit(self, who: Who, *, seen: dict[str, object] | None = None, **fields) -> Changed[None]:
        """Change a player's registration data: any of :data:`~swisstui.store.event.PLAYER_FIELDS`.

        Only ``fields`` are written, so another arbiter's change to any other field stays. With
        ``seen`` (the values the form showed), a field changed in the file meanwhile to something
        else than this change writes raises :class:`EditConflict` with both values, and nothing
        is written: the arbiter chooses, and calls again with ``seen`` holding the file's values.
        """
        check_fields(fields, "edit")
        if "name" in fields and not str(fields["name"]).strip():
            raise ActionError(_("a player needs a name"))
        ref = self._ref(who)

        def apply(event: ev.Event) -> str:
            p = by_entry(event, ref)
            clashes = [(key, getattr(p, key), value) for key, value in fields.items()
                       if seen is not None and key in seen and getattr(p, key) not in (seen[key], value)]
            if clashes:
                raise EditConflict(f"{p.id} {p.name}", clashes)
            for key, value in fields.items():
                setattr(p, key, value)
            return f"{p.id} {p.name}: " + ", ".join(sorted(fields))

        return self._made(self._change(apply, "edit-player", self.event.rounds_paired + 1), None)

    def withdraw(self, who: Who) -> Changed[None]:
        """Withdraw a player: not paired from the next round on (C.04.2 art. 3.2)."""
        ref = self._ref(who)

        def apply(event: ev.Event) -> ev.LogEntry:
            p = by_entry(event, ref)
            if p.withdrawn:
                raise ActionError(_("{player} has already withdrawn").format(player=f"{p.id} {p.name}"))
            p.status = "withdrawn"
            p.withdrawn_after = event.rounds_paired
            return self._log(event, "withdrawal", f"{p.id} {p.name} after round {event.rounds_paired}",
                             event.rounds_paired + 1)

        return self._made(self._change(apply), None)

    def reinstate(self, who: Who) -> Changed[None]:
        """Undo a withdrawal: paired again from the next round (rounds missed meanwhile score nothing)."""
        ref = self._ref(who)

        def apply(event: ev.Event) -> ev.LogEntry:
            p = by_entry(event, ref)
            if not p.withdrawn:
                raise ActionError(_("{player} has not withdrawn").format(player=f"{p.id} {p.name}"))
            p.status = "active"
            p.withdrawn_after = None
            return self._log(event, "reinstatement", f"{p.id} {p.name} plays again from round {event.rounds_paired + 1}",
                             event.rounds_paired + 1)

        return self._made(self._change(apply), None)

    def request(self, who: Who, round_number: int, code: ResultCode | None, *,
                over_limit: bool = False) -> Changed[None]:
        """A requested bye or absence for a round (``None`` clears it), by :func:`entries.check_request`.

        ``over_limit`` is the arbiter's confirmed exception to the event's bye limit, logged.
        """
        if code is not None and not code.is_requestable:
            raise ActionError(_("{code} cannot be requested before a round").format(code=code.name))
        ref = self._ref(who)

        def apply(event: ev.Event) -> ev.LogEntry | str:
            if round_number > event.settings.rounds:
                raise ActionError(_("the event has only {rounds} rounds").format(rounds=event.settings.rounds))
            if round_number < 1:
                raise ActionError(_("rounds are numbered from 1"))
            p = by_entry(event, ref)
            player_id = p.id
            if p.withdrawn:
                raise ActionError(_("{player} has withdrawn").format(player=f"{p.id} {p.name}"))
            try:
                entries.check_request(event, player_id, round_number, code, fide_mode=event.fide_mode,
                                      over_limit=over_limit)
            except entries.ByeLimitReached as err:
                raise ByeLimitReached(str(err)) from None
            except entries.EntryRefused as err:
                raise ActionError(str(err)) from None
            rnd = event.ensure_round(round_number)
            if code is None:
                rnd.requests.pop(player_id, None)
            else:
                rnd.requests[player_id] = code
            if over_limit and code in entries.COUNTED_BYES:
                return self._log(event, "bye-over-limit", f"{p.id} {p.name}: round {round_number}, over the "
                                 f"event's limit of {event.bye_limit}", round_number)
            return f"{p.id} {p.name}, round {round_number}: " + (code.name.lower() if code is not None else "cleared")

        return self._made(self._change(apply, "request", round_number), None)

    def sort_numbers(self) -> Changed[dict[int, int]]:
        """Give pairing numbers in C.04.2 art. 2.2 order (rating, title, name); the change holds old -> new.

        Allowed until round 4 is paired (art. 2.3; the event's rule for late
        entries too, so numbers never change once the middle of the event is
        reached). Every round, request and forbidden pair follows the new numbers;
        the log keeps the old ones and the mapping.
        """
        mapping: dict[int, int] = {}

        def apply(event: ev.Event) -> str:
            if event.rounds_paired >= 4:
                raise ActionError(_("pairing numbers are final once round 4 is paired (C.04.2 art. 2.3)"))
            mapping.update(renumber(event))
            moved = ", ".join(f"{old}->{new}" for old, new in sorted(mapping.items()) if old != new)
            if moved:
                self._log(event, "renumber", moved, event.rounds_paired + 1)
            return moved or "no number changed"

        made = self._change(apply, "renumber", self.event.rounds_paired + 1)
        self.proposal = None
        return self._made(made, mapping)

    def draw_numbers(self, seed: int, *, varma: bool = False) -> Changed[dict[int, int]]:
        """Draw a round robin's pairing numbers by lot from ``seed`` (C.05: the schedule follows the numbers).

        ``varma``: the restricted draw of C.05 Annex 2 (9 to 24 players), which keeps each federation in
        one set of numbers. Only before round 1; the event's rounds become the table's for the field. The
        log keeps the seed with the numbers it gave (old -> new), so the draw can be repeated and shown:
        the same players and seed always give the same numbers.
        """
        from dataclasses import replace

        from engine.systems.roundrobin import numbers, varma as varma_draw

        mapping: dict[int, int] = {}

        def apply(event: ev.Event) -> ev.LogEntry:
            rounds = table_rounds(
                event, swiss=_("numbers are drawn by lot in a round robin; a Swiss numbers its players by rating, "
                               "title and name (C.04.2 art. 2.2)"),
                late=_("the numbers are drawn before round 1 is paired: the schedule follows them"))
            sets: dict[int, str] = {}
            try:
                if varma:
                    result = varma_draw.draw([varma_draw.Entrant(p.id, p.name, p.federation) for p in event.players],
                                             seed)
                    drawn, sets = result.numbers, result.sets
                else:
                    drawn = numbers.draw_by_lot([p.id for p in event.players], seed)
            except ValueError as err:  # a field outside the tables, a federation too large for Varma's sets
                raise ActionError(str(err)) from None
            mapping.update(renumber_to(event, drawn))
            moved = ", ".join(f"{old}->{new}" + (f" ({sets[old]})" if sets else "") for old, new in sorted(drawn.items()))
            note = f"; rounds {event.settings.rounds} -> {rounds}" if event.settings.rounds != rounds else ""
            event.settings = replace(event.settings, rounds=rounds)
            kind = " (Varma, C.05 Annex 2)" if varma else ""
            return self._log(event, "draw", f"seed {seed}{kind}: {moved}{note}", 1)  # in the event file's log

        made = self._change(apply, "draw", 1)
        self.proposal = None
        return self._made(made, mapping)

    def numbers_in_order(self) -> bool:
        """Whether the pairing numbers follow C.04.2 art. 2.2 (rating, title, name)."""
        return in_initial_order(self.event.players)

    def forbid(self, first: Who, second: Who, forbidden: bool = True) -> Changed[None]:
        """Players who must not meet (relatives, club mates: TRF ``XXP``); ``forbidden=False`` lifts it."""
        ref_a, ref_b = self._ref(first), self._ref(second)
        if ref_a.entry == ref_b.entry:
            raise ActionError(_("a player cannot be paired with themself anyway"))

        def apply(event: ev.Event) -> ev.LogEntry:
            pa, pb = by_entry(event, ref_a), by_entry(event, ref_b)
            a, b = pa.id, pb.id
            pair = frozenset((a, b))
            existing = [f for f in event.forbidden if f.players == pair]
            if forbidden:
                if existing:
                    raise ActionError(_("{a} and {b} are already kept apart").format(a=a, b=b))
                event.forbidden.append(ForbiddenPair(pair))
                return self._log(event, "forbid-pair", f"{a} {pa.name} and {b} {pb.name} must not meet",
                                 event.rounds_paired + 1)
            if not existing:
                raise ActionError(_("{a} and {b} are not kept apart").format(a=a, b=b))
            event.forbidden = [f for f in event.forbidden if f.players != pair]
            return self._log(event, "allow-pair", f"{a} {pa.name} and {b} {pb.name} may meet again",
                             event.rounds_paired + 1)

        return self._made(self._change(apply), None)

    def update_ratings(self, plan: UpdatePlan) -> Changed[str]:
        """Make the changes of ``plan`` (:func:`swisstui.session.rating_update.plan_update`) as one change,
        holding its summary.

        Refused once round 1 is paired (:func:`~swisstui.session.rating_update.refusal`), and when a
        field the plan changes was changed in the file since the plan was made (another
        arbiter's edit): the plan is made again and shown again rather than overwrite it.
        """
        if not plan.updates:
            raise ActionError(_("nothing to update from the {month} list").format(month=plan.month))

        def apply(event: ev.Event) -> ev.LogEntry:
            refused = refusal(event)
            if refused is not None:
                raise ActionError(refused)
            for update in plan.updates:
                p = by_entry(event, PlayerRef(update.entry, update.number, update.name))
                moved = [c for c in update.changes if getattr(p, c.field) != c.old]
                if moved:
                    raise ActionError(_("{player}: {field} is now {value} in the file (changed meanwhile): look at "
                                        "the changes again").format(player=f"{p.id} {p.name}", field=moved[0].field,
                                                                    value=repr(getattr(p, moved[0].field))))
                for change in update.changes:
                    setattr(p, change.field, change.new)
            return self._log(event, "ratings-update", plan.summary(), 1)

        return self._made(self._change(apply), plan.summary())

    def kept_apart(self, player_id: int) -> list[int]:
        """The players ``player_id`` must not meet."""
        return sorted(x for f in self.event.forbidden if player_id in f.players for x in f.players if x != player_id)


FORM_FIELDS = (*ev.PLAYER_FIELDS, "fixed_board")
"""What the player form registers and edits: the registration fields and the fixed board (accessibility)."""


_CANNOT = {"register": N_("cannot register {field}"), "import": N_("cannot import {field}"),
           "edit": N_("cannot edit {field}")}
"""A field the form does not hold, refused by what was being done with it."""


def check_fields(fields: dict[str, object], verb: str) -> None:
    """Only the form's fields, each holding what a TRF player record can (``engine.trf.fields``);
    a fixed board is a board number, or 0 for none."""
    unknown = set(fields) - set(FORM_FIELDS)
    if unknown:
        raise ActionError(_(_CANNOT.get(verb, N_("cannot change {field}"))).format(field=sorted(unknown)[0]))
    board = fields.get("fixed_board", 0)
    if isinstance(board, bool) or not isinstance(board, int) or board < 0:
        raise ActionError(_("fixed board: {value} is not a board number (0 for none)").format(value=repr(board)))
    problem = registration_problem(fields)
    if problem is not None:
        key, why = problem
        raise ActionError(f"{key.replace('_', ' ')}: {fields[key]!r} {why}" if isinstance(fields[key], str)
                          else f"{key.replace('_', ' ')}: {why}")


def by_entry(event: ev.Event, ref: PlayerRef) -> ev.PlayerRecord:
    """The player ``ref`` names, found in ``event`` by entry number (their pairing number may have changed)."""
    try:
        return event.player_by_entry(ref.entry)
    except KeyError:
        raise ActionError(_("{name} (entry {entry}) is no longer registered").format(name=ref.name,
                                                                                     entry=ref.entry)) from None


def find_player(event: ev.Event, player_id: int) -> ev.PlayerRecord:
    try:
        return event.player(player_id)
    except KeyError:
        raise ActionError(_("no player number {player}").format(player=player_id)) from None
