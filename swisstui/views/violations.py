"""Validator findings, graded by severity, as the arbiter reads them."""

from __future__ import annotations

from rich.text import Text

from engine.validate.violations import Violation
from swisstui.language import N_, _, ngettext

STYLE = {"absolute": "bold red", "quality": "yellow", "note": "dim"}
LABEL = {"absolute": N_("ABSOLUTE"), "quality": N_("quality"), "note": N_("note")}
"""Each severity's word at the head of a finding's line (looked up where shown; the severities stay keys)."""


def _count(severity: str, n: int) -> str:
    """``2 absolute``: how many findings of one severity, for the summary line."""
    if severity == "absolute":
        return ngettext("{count} absolute", "{count} absolute", n).format(count=n)
    if severity == "quality":
        return ngettext("{count} quality", "{count} quality", n).format(count=n)
    return ngettext("{count} note", "{count} notes", n).format(count=n)


def finding_text(violation: Violation) -> str:
    """``board 3: what is wrong (the rule)``: a finding as one sentence, its board when it has one."""
    board = getattr(violation, "board", None)
    if board:
        return _("board {board}: {text} ({rule})").format(board=board, text=violation.text, rule=violation.rule)
    return _("{text} ({rule})").format(text=violation.text, rule=violation.rule)


def severity(violation: Violation) -> str:
    """``"absolute"``, ``"quality"`` or ``"note"``."""
    return violation.severity.value


def violations_text(violations, limit: int = 12) -> Text:
    """One line per finding, absolute first (the validator's order), with the rule cited."""
    text = Text()
    if not violations:
        text.append(_("No rule broken: every check passes."), style="green")
        return text
    counts = {k: sum(1 for v in violations if severity(v) == k) for k in STYLE}
    summary = ", ".join(_count(k, n) for k, n in counts.items() if n)
    text.append(f"{summary}\n", style="bold")
    for v in violations[:limit]:
        sev = severity(v)
        label = _(LABEL[sev]) if sev in LABEL else sev
        text.append(f"{label:<9}", style=STYLE.get(sev, ""))
        text.append(finding_text(v) + "\n")
    if len(violations) > limit:
        text.append(_("… and {count} more").format(count=len(violations) - limit) + "\n", style="dim")
    return text
