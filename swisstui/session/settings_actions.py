"""The event's settings an arbiter chooses before round 1: pairing system, acceleration, tie-breaks, Maxi, keys.

:class:`SettingsService` is the session's service (``session.settings``)
that changes how the event is paired and ranked. The rules want most of these
announced before round 1 (C.04.2 art. 1.1-1.2, C.07 art. 4.1): each operation
says why it refuses once round 1 is paired, and the history keeps who changed
what.
"""

from __future__ import annotations

from dataclasses import replace

from engine import systems
from engine.tiebreaks import RECOMMENDED_SOURCE, RECOMMENDED_SWISS
from swisstui import language, store
from swisstui.store import event as ev
from swisstui.store import details
from swisstui.language import _, ngettext
from swisstui.session.core import Service
from swisstui.session.action_errors import ActionError, FideModeRefusal
from swisstui.session.outcome import Changed, Outcome
from swisstui.store.result_keys import KEY_PRESETS
from swisstui.store.team_acceleration import check_team_acceleration


RECOMMENDED_TIEBREAKS = ",".join(RECOMMENDED_SWISS)
"""The list a new event starts with, as the arbiter types it."""


def system_refusal(info: systems.SystemInfo) -> str:
    """Why an event cannot be created with a system that cannot pair yet, and what can."""
    able = ", ".join(s.id for s in systems.SYSTEMS if s.available)
    return _("the {system} cannot pair yet, so an event cannot use it; systems that pair: {systems}").format(
        system=info.title, systems=able)


def system_that_pairs(system: str) -> systems.SystemInfo:
    """The catalogue's entry for an id or alias, refused in one line when it is unknown or cannot pair yet."""
    try:
        info = systems.get(system)
    except systems.UnknownSystem as err:
        raise ActionError(str(err)) from None
    if not info.available:
        raise ActionError(system_refusal(info))
    return info


def tiebreaks_for(info: systems.SystemInfo, old_system: str, tiebreaks: tuple[str, ...]) -> tuple[str, ...]:
    """The tie-break list an event moving from ``old_system`` to ``info`` keeps: the new system's own list
    when it had the old one's, else its list, refused in one line when C.07 bars a tie-break in it
    (art. 8: no Buchholz in a round robin; art. 9.2: Koya only there)."""
    from engine.tiebreaks import TieBreakError, misplaced, parse_list

    old = systems.find(old_system)
    if old is not None and tiebreaks == old.tiebreaks:
        return info.tiebreaks
    try:
        barred = [m for tb in parse_list(tiebreaks) if (m := misplaced(tb, round_robin=info.round_robin))]
    except TieBreakError:
        return tiebreaks  # a list read from another program's file: left as the arbiter has it
    if barred:
        raise ActionError(_("{why}: change the tie-breaks before the system").format(why=barred[0]))
    return tiebreaks


class SettingsService(Service):
    """``session.settings``: changes to the event's settings, its details and FIDE mode."""

    def event_details(self) -> dict[str, str]:
        """The event's details as the details screen edits them (text per field, round dates by round)."""
        return details.as_text(self.event)

    def set_event_details(self, values: dict[str, str]) -> Changed[None]:
        """Save the details screen's fields; a bad one is refused with its name, and nothing is saved."""
        try:
            parsed = details.parse(values, self.event.settings.rounds)
        except details.DetailsError as err:
            raise ActionError(str(err)) from None

        def apply(event: ev.Event) -> str:
            before = details.as_text(event)
            details.apply(event, parsed)
            return details.changes_text(before, details.as_text(event))

        return self._made(self._change(apply, "details"), None)

    def leave_fide_mode(self, reason: str) -> Changed[None]:
        """Turn FIDE mode off; the screen asks twice before calling this, the log keeps it."""
        if not reason.strip():
            raise ActionError(_("leaving FIDE mode needs a reason"))

        def apply(event: ev.Event) -> ev.LogEntry:
            event.fide_mode = False
            return self._log(event, "fide-mode-left", reason.strip(), event.rounds_paired + 1)

        return self._made(self._change(apply), None)

    def enter_fide_mode(self) -> Changed[None]:
        def apply(event: ev.Event) -> ev.LogEntry:
            event.fide_mode = True
            return self._log(event, "fide-mode-entered", "", event.rounds_paired + 1)

        return self._made(self._change(apply), None)

    def system_choices(self) -> dict[str, str]:
        """Title by id of the systems the settings offer: those that pair, and the event's own in any case."""
        own = self.event.settings.system
        return {s.id: s.title for s in systems.SYSTEMS if s.available or s.id == own}

    def system_options(self) -> tuple[systems.SystemOption, ...]:
        """The options the event's system offers (its catalogue entry's: Lim's Maxi), none for a system not in it."""
        info = systems.find(self.event.settings.system)
        return info.options if info is not None else ()

    def set_system(self, system: str) -> Changed[None]:
        """The pairing system (an id or an alias), chosen before round 1 is paired.

        C.04.2 art. 1.1-1.2 has the system announced before the event starts. Once
        round 1 is paired it is fixed, FIDE mode or not: the rounds paired so far
        followed the other system's rules (its TPNs, colours and byes), and the
        rounds to come would mix two systems. Moving to the club Swiss draws its
        first colour as a new club event does; the options the new system does not
        have (Lim's Maxi) are dropped.
        """
        info = system_that_pairs(system)

        def apply(event: ev.Event) -> ev.LogEntry:
            if event.rounds_paired:  # read from the file as it stands: another arbiter may have paired meanwhile
                raise ActionError(fixed_system_reason(event))
            if (event.team is not None) != (info.unit is systems.Unit.TEAM):
                refusal = (_("the {system} pairs players, and this is a team event: a team event is created as one "
                             "(swisstui new --team-size)") if event.team is not None else
                           _("the {system} pairs teams, and this is an individual event: a team event is created as "
                             "one (swisstui new --team-size)"))
                raise ActionError(refusal.format(system=info.title))
            old = event.settings.system
            kept = {key: value for key, value in event.settings.options.items() if info.option(key) is not None}
            settings = replace(event.settings, system=info.id, options=kept,
                               tiebreaks=tiebreaks_for(info, event.settings.system, event.settings.tiebreaks))
            if info.draws_first_colour and info.id != old:
                seed, colour = ev.draw_club_colour()
                settings = replace(settings, colour_seed=seed, initial_colour=colour)
            event.settings = settings
            return self._log(event, "system", f"{old} -> {info.id}")

        return self._made(self._change(apply), None)

    def set_result_keys(self, preset: str) -> Changed[None]:
        if preset not in KEY_PRESETS:
            raise ActionError(_("unknown key preset {preset}").format(preset=repr(preset)))

        def apply(event: ev.Event) -> str:
            event.result_keys = preset
            return preset

        return self._made(self._change(apply, "result-keys"), None)

    def set_rating_type(self, kind: str) -> Changed[str]:
        """Which FIDE rating (standard, rapid, blitz) registration takes from the rating list.

        C.04.2 art. 2.1 wants one rating list for all players: a rapid event ranks by rapid
        ratings, so completing a registration list from the FIDE list must take that one.
        Players registered already keep the rating and K they have (the arbiter may have
        set them on purpose); the change holds a note that says so, and how to take the new
        type's ("" when no player with a FIDE ID is registered or the type stays as it was).
        """
        if kind not in ev.RATING_TYPES:
            raise ActionError(_("unknown rating {kind}: standard, rapid or blitz").format(kind=repr(kind)))
        before: list[str] = []

        def apply(event: ev.Event) -> str:
            before.append(event.rating_type)
            event.rating_type = kind
            return kind

        made = self._change(apply, "rating-type")
        listed = sum(1 for p in self.event.players if p.fide_id)
        if not before or before[-1] == kind or not listed:
            return self._made(made, "")
        return self._made(made, ngettext(
            "rating type {kind} saved; {count} player with a FIDE ID keeps {before} ratings and K: R on the players "
            "screen takes the {kind} ones from the FIDE list",
            "rating type {kind} saved; {count} players with a FIDE ID keep {before} ratings and K: R on the players "
            "screen takes the {kind} ones from the FIDE list", listed).format(kind=kind, count=listed,
                                                                              before=before[-1]))

    def set_language(self, code: str) -> Outcome[None]:
        """The language of the event's published pages, paper for the hall and venue display.

        Allowed at any time, FIDE mode or not: it changes no pairing, score or rule, only the words of
        the next publication (the pages already written keep theirs until published again)."""
        if code not in language.LANGUAGES:
            raise ActionError(f"no catalogue for the language {code!r}; there are: " + ", ".join(language.LANGUAGES))

        def apply(event: ev.Event) -> object:
            if event.language == code:
                return store.UNCHANGED
            event.language = code
            return code

        return self._change(apply, "language")

    def set_acceleration(self, method: str) -> Changed[None]:
        """The acceleration announced in the regulations: ``none``, ``baku`` (C.04.7) or ``custom``.

        C.04.2 art. 1.1-1.2 has it announced before round 1, so FIDE mode refuses a
        change once round 1 is paired; Baku is refused where a win is not worth two
        draws (C.04.7 art. 1.1). ``custom`` keeps the table as it is (imported or
        edited in the file) and is not FIDE-approved: prior QC authorisation.
        """
        from engine.model import acceleration

        try:
            chosen = acceleration.method(method)
            info = systems.find(self.event.settings.system)
            if chosen.id != acceleration.NONE and info is not None and not info.acceleration:
                raise ValueError(_("the {system} pairs on points alone: it takes no acceleration").format(
                    system=info.title))
            if chosen.id == acceleration.BAKU:
                acceleration.check_baku_scoring(self.event.settings.points)
            check_team_acceleration(replace(self.event.settings, acceleration=chosen.id))  # C.04.7 art. 1.4.4
        except ValueError as exc:
            raise ActionError(str(exc)) from None
        if self.event.fide_mode and self.event.rounds_paired and chosen.id != self.event.acceleration:
            raise FideModeRefusal(_("the acceleration was announced before round 1 (C.04.2 art. 1.1): FIDE mode "
                                    "keeps it; leave FIDE mode to change it"))

        def apply(event: ev.Event) -> ev.LogEntry:
            event.acceleration = chosen.id
            return self._log(event, "acceleration", chosen.id)

        return self._made(self._change(apply), None)

    def set_tiebreaks(self, text: str) -> Changed[None]:
        """The ordered tie-break list (C.07 art. 4.1), e.g. ``BH/C1,BH,SB,DE``; an empty text clears it.

        C.07 4.1 has the list published before round 1: once round 1 is paired,
        FIDE mode refuses to change it.
        """
        from engine.model.catalogue import is_round_robin
        from engine.tiebreaks import TieBreakError, parse_list
        from swisstui.store.event_tiebreaks import is_team_system, written_codes

        system = self.event.settings.system
        try:
            # a team event takes C.07's team codes (art. 12-13, art. 6-9 on a team score), refused as the engine
            # says, the Buchholz family in a team round robin too (art. 8)
            codes = written_codes(text, system) if is_team_system(system) else ()
            tbs = () if is_team_system(system) else parse_list(text)
        except TieBreakError as exc:
            raise ActionError(str(exc)) from None
        rr = is_round_robin(system)
        for tb in tbs:
            if tb.definition.swiss_only and rr:
                raise ActionError(_("{tiebreak} must not be used in round robins (C.07 art. 8)").format(
                        tiebreak=tb.code))
            if tb.definition.round_robin_only and not rr:
                raise ActionError(_("{tiebreak} is for round robins only (C.07 art. 9.2)").format(tiebreak=tb.code))
        if self.event.fide_mode and self.event.rounds_paired:
            raise FideModeRefusal(_("the tie-breaks were published before round 1 (C.07 art. 4.1): FIDE mode "
                                    "keeps them; leave FIDE mode to change them"))
        codes = codes or tuple(tb.code for tb in tbs)

        def apply(event: ev.Event) -> ev.LogEntry:
            event.settings = replace(event.settings, tiebreaks=codes)
            return self._log(event, "tiebreaks", ",".join(codes) or "none")

        return self._made(self._change(apply), None)

    def set_option(self, option_id: str, value: str) -> Changed[None]:
        """Set one of the system's options (Lim's Maxi, C.04.4.3 art. 3.2.3): before round 1 only, since
        an option changes how every round is paired; the history keeps it as ``<id>: <value>``."""
        system = self.event.settings.system
        option = next((o for o in self.system_options() if o.id == option_id), None)
        if option is None:
            raise ActionError(_("the {system} system has no option {option}").format(
                    system=system, option=repr(option_id)))
        if value not in option.values:
            raise ActionError(_("{option}: {value} is not one of {choices}").format(
                    option=option.title, value=repr(value),
                                                                                     choices=", ".join(option.values)))
        try:  # a team event's primary score: game points rule out an announced Baku (C.04.7 art. 1.4.4)
            check_team_acceleration(replace(self.event.settings,
                                            options={**self.event.settings.options, option.id: value}))
        except ValueError as exc:
            raise ActionError(_("{option} {value}: {reason}").format(
                    option=option.title, value=value, reason=exc)) from None

        def apply(event: ev.Event) -> ev.LogEntry:
            if event.rounds_paired:  # read from the file as it stands: another arbiter may have paired meanwhile
                raise ActionError(_("the {option} setting is fixed once round 1 is paired").format(option=option.title))
            options = {key: v for key, v in event.settings.options.items() if key != option.id}
            if value != option.default:
                options[option.id] = value
            event.settings = replace(event.settings, options=options)
            return self._log(event, option.id, value)

        return self._made(self._change(apply), None)


def fixed_system_reason(event: ev.Event) -> str:
    """Why the pairing system of ``event`` can no longer change (round 1 paired), or ``""``."""
    if not event.rounds_paired:
        return ""
    return _("the pairing system is fixed once round 1 is paired (round {round} is): it was announced before "
             "round 1 (C.04.2 art. 1.1) and the rounds paired followed its rules").format(round=event.rounds_paired)


def tiebreak_note(event: ev.Event) -> str:
    """What the settings say under the tie-break list: where it comes from, or that ties will stay unbroken.

    An empty list is a choice C.07 allows (art. 2.1: tied players may share the
    place), but an arbiter who never looked would find it out at the prize-giving:
    until the last round is paired the screen warns.
    """
    codes = event.settings.tiebreaks
    if not codes:
        if event.rounds_paired < event.settings.rounds:
            return _("⚠ ties stay unbroken: choose a list before the last round")
        return _("none: tied players share their place (C.07 art. 2.1)")
    if tuple(codes) == RECOMMENDED_SWISS:
        return _(RECOMMENDED_SOURCE)
    return _("the list chosen for this event")
