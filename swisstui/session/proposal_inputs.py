"""What a proposed pairing was computed from, and what changed in it since.

A proposal stays on an arbiter's screen while another arbiter can still correct
a result, grant a bye or register a late entry in the same file. Publishing it
then would publish a round paired on an event that no longer exists, so the
confirm compares the pairing's inputs then and now, and names what changed.
Only what the event's system reads counts, as its catalogue entry declares it
(:attr:`engine.model.catalogue.SystemInfo.reads`): every system reads the pairing
numbers, who plays, the results and the settings; the Dubov and Lim systems read
ratings too, the 1997 Dubov text names as well. The event's city or its tie-break
list never count, nor a name for a system that does not read names. FIDE mode, which
decides whether a hand-edited pairing may be published, is compared by the session.
"""

from __future__ import annotations

from dataclasses import fields

from engine import systems
from engine.model.catalogue import PairingInput
from engine.model.tournament import Player, ResultCode, RoundEntry, Settings, Tournament
from swisstui.language import N_, _

# Settings that never reach a pairing: the standings' tie-breaks.
_NOT_PAIRING = {"tiebreaks", "tiebreak_edition", "options"}  # options: each named by its own title

_SETTING_CHANGED = {
    "rounds": N_("the number of rounds changed"), "system": N_("the pairing system changed"),
    "initial_colour": N_("the initial colour changed"), "points": N_("the scoring changed"),
    "acceleration": N_("the acceleration changed"), "accelerations": N_("the accelerated players changed"),
    "forbidden": N_("the players kept apart changed"), "colour_seed": N_("the drawn first colour changed"),
}
"""A changed setting, a whole sentence each (looked up where the change is told)."""


def _who(player: Player) -> str:
    return f"{player.id} {player.name}"


_CODE_TEXT = {
    ResultCode.WIN: N_("won"), ResultCode.DRAW: N_("drew"), ResultCode.LOSS: N_("lost"),
    ResultCode.WIN_UNRATED: N_("won (unrated)"), ResultCode.DRAW_UNRATED: N_("drew (unrated)"),
    ResultCode.LOSS_UNRATED: N_("lost (unrated)"), ResultCode.FORFEIT_WIN: N_("won by forfeit"),
    ResultCode.FORFEIT_LOSS: N_("lost by forfeit"), ResultCode.PAB: N_("pairing-allocated bye"),
    ResultCode.HALF_BYE: N_("half-point bye"), ResultCode.FULL_BYE: N_("full-point bye"),
    ResultCode.ZERO_BYE: N_("zero-point bye"), ResultCode.ABSENT: N_("no result"),
}


def _code_text(code: ResultCode) -> str:
    return _(_CODE_TEXT[code]) if code in _CODE_TEXT else code.value


def _entry_text(entry: RoundEntry) -> str:
    code = _code_text(entry.code)
    return code if entry.opponent is None else _("{result} against {opponent}").format(result=code,
                                                                                      opponent=entry.opponent)


def _settings_changes(before: Settings, after: Settings) -> list[str]:
    changed = [f.name for f in fields(Settings)
               if f.name not in _NOT_PAIRING and getattr(before, f.name) != getattr(after, f.name)]
    found = [_(_SETTING_CHANGED[name]) if name in _SETTING_CHANGED else _("the {setting} changed").format(setting=name)
             for name in changed]
    if before.options != after.options:
        info = systems.find(after.system)
        for key in sorted(set(before.options) | set(after.options)):
            option = info.option(key) if info is not None else None
            if before.options.get(key) != after.options.get(key):
                found.append(_("the {option} option changed").format(
                        option=option.title if option is not None else key))
    return found


def reads(before: Tournament, after: Tournament) -> frozenset[PairingInput]:
    """What of a player the pairing reads: the system's, before or after (a change of system is told anyway)."""
    found: frozenset[PairingInput] = frozenset()
    for t in (before, after):
        info = systems.find(t.settings.system)
        if info is not None:
            found |= info.reads
    return found


def _history_changes(before: Player, after: Player, told: set[tuple[int, frozenset[int]]]) -> list[str]:
    """Changed rounds of one player; a game whose opponent's line was already written is left out (``told``)."""
    found = []
    for number in range(1, max(len(before.history), len(after.history)) + 1):
        old, new = before.entry(number), after.entry(number)
        if old == new:
            continue
        game = (number, frozenset(x for x in (after.id, old.opponent, new.opponent) if x is not None))
        if game not in told:
            told.add(game)
            found.append(_("round {round}: {player} {old} -> {new}").format(round=number, player=_who(after),
                                                                            old=_entry_text(old), new=_entry_text(new)))
    return found


def _player_changes(before: Player, after: Player, told: set[tuple[int, frozenset[int]]],
                    read: frozenset[PairingInput]) -> list[str]:
    found = []
    if PairingInput.NAME in read and before.name != after.name:
        found.append(_("{player}: name {old} -> {new}").format(player=after.id, old=before.name, new=after.name))
    if PairingInput.RATING in read and before.rating != after.rating:
        found.append(_("{player}: rating {old} -> {new}").format(player=_who(after), old=before.rating,
                                                                  new=after.rating))
    if before.status != after.status:
        found.append((_("{player}: withdrawn") if after.withdrawn else _("{player}: reinstated")).format(
            player=_who(after)))
    found += _history_changes(before, after, told)
    return found


def _pending_changes(before: Tournament, after: Tournament) -> list[str]:
    found = []
    for pid in sorted(set(before.pending) | set(after.pending)):
        old, new = before.pending.get(pid), after.pending.get(pid)
        if old == new:
            continue
        who = _who(after.player(pid)) if pid in after.by_id else str(pid)
        if new is None:
            found.append(_("{player}: the bye or absence for the round to pair was cleared").format(player=who))
        else:
            found.append(_("{player}: {result} in the round to pair").format(player=who, result=_code_text(new.code)))
    return found


def pairing_input_changes(before: Tournament, after: Tournament) -> list[str]:
    """Every change between two snapshots of an input the system's pairing reads, one line each.

    Empty when a pairing made from ``before`` is still the pairing of ``after``'s inputs.
    """
    found = _settings_changes(before.settings, after.settings)
    old_ids, new_ids = set(before.by_id), set(after.by_id)
    found += [_("{player} registered").format(player=_who(after.player(pid))) for pid in sorted(new_ids - old_ids)]
    found += [_("{player} removed").format(player=_who(before.player(pid))) for pid in sorted(old_ids - new_ids)]
    told: set[tuple[int, frozenset[int]]] = set()
    read = reads(before, after)
    for pid in sorted(old_ids & new_ids):
        found += _player_changes(before.player(pid), after.player(pid), told, read)
    found += _pending_changes(before, after)
    return found

