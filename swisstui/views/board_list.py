"""The boards of a proposed round as the review lists them: colours with their rule, marks, sizes."""

from __future__ import annotations

from rich.text import Text

from engine.model.explain import Step, points_text
from engine.model.tournament import ResultCode, Tournament
from swisstui.language import N_, _
from swisstui.outputs.names import shown_name
from swisstui.views.format import clip
from swisstui.widgets.plain import PlainTable

MARK_LEGEND = N_("hand: changed by hand · !: absolute rule broken · ?: quality finding · v: the list")
"""The legend under the boards (looked up where it is shown); ``hand`` is :data:`HAND`'s word."""
HAND = N_("hand")
"""A board's mark when the arbiter changed it (the Note column, the colours' rule)."""
REQUESTED = {ResultCode.HALF_BYE: N_("half bye requested"), ResultCode.FULL_BYE: N_("full bye requested"),
             ResultCode.ZERO_BYE: N_("zero bye requested"), ResultCode.ABSENT: N_("absent")}


def colour_rules(trace) -> dict[frozenset[int], str]:
    """The colour rule the engine applied to each pair, from the colour steps of its explanation."""
    return {frozenset(e.players): e.rule for e in trace if e.step is Step.COLOUR and len(e.players) == 2}


def colours_table(t: Tournament, boards, bye: int | None, trace, changed: set[int]) -> PlainTable:
    """Every board in publishing order (C.04.2 art. 3.6), who has White, and the article that gave it.

    One line a board (names cut to fit beside the article), so a round of 30
    boards is 30 lines of the pane, which pages with pgup/pgdn.
    """
    rules = colour_rules(trace)
    table = PlainTable(box=None, padding=(0, 1), pad_edge=False, show_edge=False, header_style="bold")
    table.add_column(_("Bd"), no_wrap=True)
    table.add_column(_("White"), no_wrap=True, max_width=18)
    table.add_column(_("Black"), no_wrap=True, max_width=18)
    table.add_column(_("C.04.3 art."), no_wrap=True)
    for n, b in enumerate(boards, start=1):
        rule = _(HAND) if n in changed else rules.get(frozenset((b.white, b.black)), "")
        table.add_row(str(n), f"{b.white} {clip(shown_name(t, b.white), 14)}",
                      f"{b.black} {clip(shown_name(t, b.black), 14)}", rule.replace("C.04.3 art. ", ""))
    if bye is not None:
        table.add_row(_("bye"), f"{bye} {clip(shown_name(t, bye), 14)}", "", _("pairing-allocated bye"))
    return table


def player_cell(t: Tournament, pid: int, width: int) -> Text:
    """``12 Name (2½)``, the name cut only when the column is narrower than the whole text."""
    score = f" ({points_text(t.score(pid))})"
    number = f"{pid} "
    return Text(number + clip(shown_name(t, pid), max(4, width - len(number) - len(score))) + score)


def requested_byes(rnd) -> list[tuple[int, str]]:
    """The players the round leaves unpaired at their request, by number, and what they asked for.

    The boards view lists them under the boards (the results screen and the published
    pairings name them too): an arbiter checking the pairing before confirming it
    sees where every player of the round is, a requested bye that was not recorded included.
    """
    if rnd is None:
        return []
    return [(pid, _(REQUESTED[code]) if code in REQUESTED else
             _("{code} requested").format(code=code.name.lower().replace("_", " ")))
            for pid, code in sorted(rnd.requests.items())]
