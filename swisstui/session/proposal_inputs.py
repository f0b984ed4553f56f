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

# Settings that never reach a pairing: the standings' tie-breaks.
_NOT_PAIRING = {"tiebreaks", "tiebreak_edition", "options"}  # options: each named by its own title

_SETTING_NAMES = {
    "rounds": "number of rounds", "system": "pairing system", "initial_colour": "initial colour",
    "points": "scoring", "acceleration": "acceleration", "accelerations": "accelerated players",
    "forbidden": "players kept apart", "colour_seed": "drawn first colour",
}


def _who(player: Player) -> str:
    return f"{player.id} {player.name}"


_CODE_TEXT = {
    ResultCode.WIN: "won", ResultCode.DRAW: "drew", ResultCode.LOSS: "lost",
    ResultCode.WIN_UNRATED: "won (unrated)", ResultCode.DRAW_UNRATED: "drew (unrated)",
    ResultCode.LOSS_UNRATED: "lost (unrated)", ResultCode.FORFEIT_WIN: "won by forfeit",
    ResultCode.FORFEIT_LOSS: "lost by forfeit", ResultCode.PAB: "pairing-allocated bye",
    ResultCode.HALF_BYE: "half-point bye", ResultCode.FULL_BYE: "full-point bye",
    ResultCode.ZERO_BYE: "zero-point bye", ResultCode.ABSENT: "no result",
}


def _entry_text(entry: RoundEntry) -> str:
    code = _CODE_TEXT.get(entry.code, entry.code.value)
    return code if entry.opponent is None else f"{code} against {entry.opponent}"


def _settings_changes(before: Settings, after: Settings) -> list[str]:
    changed = [f.name for f in fields(Settings)
               if f.name not in _NOT_PAIRING and getattr(before, f.name) != getattr(after, f.name)]
    found = [f"the {_SETTING_NAMES.get(name, name)} changed" for name in changed]
    if before.options != after.options:
        info = systems.find(after.system)
        for key in sorted(set(before.options) | set(after.options)):
            option = info.option(key) if info is not None else None
            if before.options.get(key) != after.options.get(key):
                found.append(f"the {option.title if option is not None else key} option changed")
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
            found.append(f"round {number}: {_who(after)} {_entry_text(old)} -> {_entry_text(new)}")
    return found


def _player_changes(before: Player, after: Player, told: set[tuple[int, frozenset[int]]],
                    read: frozenset[PairingInput]) -> list[str]:
    found = []
    if PairingInput.NAME in read and before.name != after.name:
        found.append(f"{after.id}: name {before.name} -> {after.name}")
    if PairingInput.RATING in read and before.rating != after.rating:
        found.append(f"{_who(after)}: rating {before.rating} -> {after.rating}")
    if before.status != after.status:
        found.append(f"{_who(after)}: {'withdrawn' if after.withdrawn else 'reinstated'}")
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
            found.append(f"{who}: the bye or absence for the round to pair was cleared")
        else:
            found.append(f"{who}: {_CODE_TEXT.get(new.code, new.code.value)} in the round to pair")
    return found


def pairing_input_changes(before: Tournament, after: Tournament) -> list[str]:
    """Every change between two snapshots of an input the system's pairing reads, one line each.

    Empty when a pairing made from ``before`` is still the pairing of ``after``'s inputs.
    """
    found = _settings_changes(before.settings, after.settings)
    old_ids, new_ids = set(before.by_id), set(after.by_id)
    found += [f"{_who(after.player(pid))} registered" for pid in sorted(new_ids - old_ids)]
    found += [f"{_who(before.player(pid))} removed" for pid in sorted(old_ids - new_ids)]
    told: set[tuple[int, frozenset[int]]] = set()
    read = reads(before, after)
    for pid in sorted(old_ids & new_ids):
        found += _player_changes(before.player(pid), after.player(pid), told, read)
    found += _pending_changes(before, after)
    return found

