"""Article numbers of the two Lim texts: every citation of ``lim-seed`` names the 1999 text's section.

The engine writes its citations in the 2026 numbering (``C.04.4.3 art. 3.8``);
an event paired by the 1999 text (seed 000, sections 7-13) reads them in that
text's numbers (``Lim (seed) section 10.8``), rewritten once for the whole
explanation so that the rule line and the words beside it never disagree.
The 2026 text is the 1999 one renumbered (sections 8-13 became articles 1-6)
with the lettered items numbered: 1999's 9.3(d) is 2026's 2.3.4, 11.4(a) is 4.4.1.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.model.explain import TraceEvent
from engine.model.wording import _

EDITION_2026 = "C.04.4.3"
SEED = "Lim (seed)"

# 2026 article -> 1999 section; the chapters map 1 -> 8 ... 6 -> 13, the lettered items as written here.
_ITEMS = {
    "2.3.1": "9.3(a)", "2.3.2": "9.3(b)", "2.3.3": "9.3(c)", "2.3.4": "9.3(d)",
    "2.6.1": "9.6", "2.6.2": "9.6",
    "3.2.1": "10.2", "3.2.2": "10.2", "3.2.3": "10.2", "3.2.4": "10.2",
    "3.9.1": "10.9", "3.9.2": "10.9", "3.10.1": "10.10", "3.10.2": "10.10",
    "4.1.1": "11.1(a)", "4.1.2": "11.1(b)", "4.4.1": "11.4(a)", "4.4.2": "11.4(b)",
    "5.1.1": "12.1(a)", "5.1.2": "12.1(b)",
}
# Round 1 (art. 7): the 1999 text has no rule for round-1 colours; its bye rule (8.1) covers round 1 too.
NOT_IN_SEED = ("7.2",)

_NUMBER = r"\d+(?:\.\d+)*"
# "art. 2.3.1-2.3.3, 3.9.2" alone or after "C.04.4.3"; never an article of another document (C.04.1, C.04.2,
# Basic Rules) that the explanation cites as such
_CITED = re.compile(rf"(C\.04\.4\.3 )?(?<!C\.04\.1 )(?<!C\.04\.2 )(?<!Rules )\barts?\. "
                    rf"({_NUMBER}(?:(?:, | and |-){_NUMBER})*)")


def cite(article: str) -> str:
    """``art. X`` for an article given bare (``4.4.1``) or with its text (``C.04.4.3 art. 4.4.1``)."""
    return "art. " + article.split("art. ")[-1]


def seed_section(article: str) -> str:
    """The 1999 section of a 2026 article number (``3.8`` -> ``10.8``)."""
    if article in _ITEMS:
        return _ITEMS[article]
    head, _dot, tail = article.partition(".")
    chapter = int(head)
    if not 1 <= chapter <= 6:
        raise ValueError(f"art. {article} of C.04.4.3 has no section in the 1999 text")
    return str(chapter + 7) + ("." + tail if tail else "")


def _rewrite(match: re.Match[str]) -> str:
    items = re.split(r", | and ", match.group(2))
    if any(n in NOT_IN_SEED for item in items for n in item.split("-")):
        return _("{edition} (2026) {article}, which the 1999 text has no rule for").format(
            edition=EDITION_2026, article=f"art. {match.group(2)}")
    sections: list[str] = []
    for item in items:
        ends = list(dict.fromkeys(seed_section(n) for n in item.split("-")))
        s = "-".join(ends)
        if s not in sections:
            sections.append(s)
    told = _("sections {numbers}") if len(sections) > 1 or "-" in sections[0] else _("section {numbers}")
    return (f"{SEED} " if match.group(1) else "") + told.format(numbers=", ".join(sections))


def in_seed_numbers(text: str) -> str:
    """``text`` with every C.04.4.3 citation written in the 1999 text's section numbers."""
    if text == EDITION_2026:
        return f"{SEED} " + _("sections {numbers}").format(numbers="7-13")
    return _CITED.sub(_rewrite, text)


def for_seed(events: Iterable[TraceEvent]) -> tuple[TraceEvent, ...]:
    """The explanation of a ``lim-seed`` round, every citation in the 1999 numbers."""
    out = []
    for e in events:
        rule, text = in_seed_numbers(e.rule), in_seed_numbers(e.text)
        if (rule, text) != (e.rule, e.text):
            e = TraceEvent(e.step, text, rule, e.bracket, e.players, e.data, e.facts)
        out.append(e)
    return tuple(out)
