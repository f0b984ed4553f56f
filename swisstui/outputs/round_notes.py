"""The notes under a round's pairings (the pairing-allocated bye, each player not paired and why), in the
language in force, for the individual lists (:mod:`swisstui.outputs.publish`) and the lists of matches
(:mod:`swisstui.outputs.match_lists`) alike."""

from __future__ import annotations

from collections.abc import Mapping

from engine.model.tournament import ResultCode
from swisstui.language import N_, _

REQUEST_WORDS = {ResultCode.HALF_BYE: N_("half bye"), ResultCode.FULL_BYE: N_("full bye"),
                 ResultCode.ZERO_BYE: N_("zero bye"), ResultCode.ABSENT: N_("absent")}
"""A player's request for a round (the event file's codes) as the pages name it."""


def request_text(code: ResultCode) -> str:
    """A request for a round in words ("half bye"), in the language in force."""
    return _(REQUEST_WORDS[code]) if code in REQUEST_WORDS else code.name.lower().replace("_", " ")


def not_paired_notes(names: Mapping[int, str], bye: int | None, requests: Mapping[int, ResultCode]) -> list[str]:
    """The pairing-allocated bye, then each player not paired and why, by pairing number."""
    notes = []
    if bye is not None:
        notes.append(_("Pairing-allocated bye: {name} ({number})").format(name=names[bye], number=bye))
    for pid, code in sorted(requests.items()):
        notes.append(_("Not paired: {name} ({number}), {reason}").format(name=names[pid], number=pid,
                                                                          reason=request_text(code)))
    return notes
