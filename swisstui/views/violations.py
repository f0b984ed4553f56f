"""Validator findings, graded by severity, as the arbiter reads them."""

from __future__ import annotations

from rich.text import Text

from engine.validate.violations import Violation

STYLE = {"absolute": "bold red", "quality": "yellow", "note": "dim"}
LABEL = {"absolute": "ABSOLUTE", "quality": "quality", "note": "note"}


def severity(violation: Violation) -> str:
    """``"absolute"``, ``"quality"`` or ``"note"``."""
    return violation.severity.value


def violations_text(violations, limit: int = 12) -> Text:
    """One line per finding, absolute first (the validator's order), with the rule cited."""
    text = Text()
    if not violations:
        text.append("No rule broken: every check passes.", style="green")
        return text
    counts = {k: sum(1 for v in violations if severity(v) == k) for k in STYLE}
    summary = ", ".join(f"{n} {k}" for k, n in counts.items() if n)
    text.append(f"{summary}\n", style="bold")
    for v in violations[:limit]:
        sev = severity(v)
        text.append(f"{LABEL.get(sev, sev):<9}", style=STYLE.get(sev, ""))
        board = f"board {v.board}: " if getattr(v, "board", None) else ""
        text.append(f"{board}{v.text} ({v.rule})\n")
    if len(violations) > limit:
        text.append(f"… and {len(violations) - limit} more\n", style="dim")
    return text
