"""Every article the Lim and club explanations cite exists in the text the event is paired by.

The article lists are in tests/data/articles/ (copied from the texts: the 1999 Lim text of
seed 000, the 2026 numbering of C.04.4.3, our S-numbers of the club Swiss of seed 003).
Rounds of generated events are paired and every rule line, every explanation line and every
broken limitation named (PairingResult.relaxed) is read for citations.
"""

from __future__ import annotations

import re

import pytest

from engine.model.tournament import ForbiddenPair
from engine.systems import pair
from engine.systems.generate import GenerationError, generate
from tests.data_paths import DATA
from tests.engine.handmade import build

NUMBER = r"\d+(?:\.\d+)*"
SEED_NUMBER = rf"{NUMBER}(?:\([a-d]\))?"
LIST = rf"{NUMBER}(?:(?:, | and |-){NUMBER})*"
SEED_LIST = rf"{SEED_NUMBER}(?:(?:, | and |-){SEED_NUMBER})*"


def known(name: str) -> set[str]:
    lines = (DATA / "articles" / name).read_text(encoding="utf-8").splitlines()
    if name == "lim-2026.txt":
        return {n for line in lines if not line.startswith("#") for n in line.split()}
    return {line.split()[0] for line in lines if line and not line.startswith("#")}


def lines_of(results) -> list[str]:
    return [s for r in results for e in r.trace for s in (e.rule, e.text)] + [s for r in results for s in r.relaxed]


def played(system: str) -> list:
    """Rounds of generated events (sizes 5 to 40, byes, forfeits, withdrawals) and hand-made ones."""
    results = []

    def keep(t):
        result = pair(t)
        results.append(result)
        return result

    for seed, (players, rounds) in enumerate([(5, 5), (7, 9), (12, 7), (19, 9), (26, 8), (40, 7), (9, 9)]):
        try:
            generate(players, rounds, seed, system=system, pair=keep, forfeit_rate=0.05, half_bye_rate=0.03,
                     zero_bye_rate=0.02, retire_rate=0.02)
        except GenerationError:
            pass
    if system.startswith("lim"):  # the paths the generated events may miss: 4.4.1 and a relaxed round
        winners = [["1-8 1-0", "9-2 0-1", "3-10 1-0", "4-11 1-0", "12-5 0-1", "13-6 0-1", "7-14 1-0"]]
        apart = tuple(ForbiddenPair(frozenset(p)) for p in ((1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)))
        results.append(pair(build(range(1, 15), winners, system=system, forbidden=apart)))
        same = [["1-3 0-1", "4-2 0-1"], ["4-3 0-1", "1-2 0-1"]]
        results.append(pair(build(range(1, 5), same, total_rounds=5, system=system)))
    return results


def wrong_citations(lines: list[str], pattern: str, articles: set[str], keep=lambda match: True) -> tuple[int, set]:
    """(how many numbers ``pattern`` found in ``lines``, the ones not in ``articles`` with their line)."""
    cited, wrong = 0, set()
    for line in lines:
        for match in re.finditer(pattern, line):
            if not keep(match):
                continue
            for n in re.split(r", | and |-", match.group("numbers")):
                cited += 1
                if n not in articles:
                    wrong.add((n, line))
    return cited, wrong


def test_lim_2026_cites_articles_of_c0443():
    # another document's article (C.04.1, C.04.2, Basic Rules) is not this text's
    cited, wrong = wrong_citations(lines_of(played("lim-2026")),
                                   rf"(?P<prefix>(?:C\.04\.\d(?:\.\d)? |Rules )?)arts?\. (?P<numbers>{LIST})",
                                   known("lim-2026.txt"), lambda m: m.group("prefix").strip() in ("", "C.04.4.3"))
    assert cited > 500
    assert wrong == set()


def test_lim_seed_cites_the_sections_of_the_1999_text():
    # "lim-seed cites the 2026 article numbers (art. 3.8 where the 1999 text says 10.8)": not any more
    lines = lines_of(played("lim-seed"))
    for line in lines:
        assert "C.04.4.3 art." not in line and "(art. " not in line, line
    cited, wrong = wrong_citations(lines, rf"\bsections? (?P<numbers>{SEED_LIST})", known("lim-1999.txt"))
    assert cited > 500
    assert wrong == set()


@pytest.mark.parametrize("system", ["club"])
def test_club_cites_its_sections(system):
    cited, wrong = wrong_citations(lines_of(played(system)), rf"\b(?P<numbers>S{NUMBER})", known("club.txt"))
    assert cited > 200
    assert wrong == set()


def test_dubov_1997_cites_only_articles_of_its_text():
    """Every 'Dubov 1997 art. N' of an explanation, a relaxed limitation included, is an article of seed 004."""
    results = played("dubov-1997")
    # a round whose players have all met: relaxed, chapter 9 and art. 2.1 cited
    met = [["1-4 1-0", "2-3 ="], ["3-1 0-1", "4-2 ="], ["1-2 =", "3-4 1-0"]]
    results.append(pair(build(range(1, 5), met, total_rounds=5, system="dubov-1997")))
    assert any(r.relaxed for r in results)
    lines = lines_of(results)
    for line in lines:
        assert "C.04.4.1" not in line, line  # never the 2026 edition's numbers
    cited, wrong = wrong_citations(lines, rf"Dubov 1997 arts?\. (?P<numbers>{LIST})", known("dubov-1997.txt"))
    assert cited > 300
    assert wrong == set()
