"""A tie-break list the arbiter types that C.07 refuses is refused in the arbiter's language: each refusal's
words go through the catalogue; the codes and article numbers stay as C.07 writes them."""

from __future__ import annotations

import pytest

from engine.tiebreaks import TieBreakError
from engine.tiebreaks.spec import Edition, parse_list
from engine.tiebreaks.team_spec import parse_team_list
from swisstui import language
from tests.language.pseudo import WORD, tiebreak_names, unmarked

BAD_INDIVIDUAL = ["XYZ", "BH/Q9", "TPN/C1", "BH/L+1", "WIN/U1800", "BH/F", "BH,,SB"]
BAD_TEAM = ["MPVGP:GP", "BH:XX", "EMGSB:MP", "EDE/C1", "QQ", "TPR", "KS", "WIN:GP", "MPVGP,,BH"]


def _refusals() -> list[str]:
    said = []
    for text in BAD_INDIVIDUAL:
        with pytest.raises(TieBreakError) as err:
            parse_list(text)
        said.append(str(err.value))
    for text in BAD_TEAM:
        with pytest.raises(TieBreakError) as err:
            parse_team_list(text)
        said.append(str(err.value))
    with pytest.raises(TieBreakError) as err:
        Edition.parse("c07-1999")
    said.append(str(err.value))
    return said


def test_every_tie_break_refusal_is_in_the_catalogue(pseudo):
    codes = {w for text in BAD_INDIVIDUAL + BAD_TEAM for w in WORD.findall(text)} | {"c", "C", "edition"}
    editions = {w for e in Edition for w in WORD.findall(e.value)}
    left = {w: said for said in _refusals() for w in unmarked(said, codes | editions | tiebreak_names())}
    assert not left, left


def test_a_tie_break_refusal_in_french():
    language.set_arbiter_language("fr")
    said = _refusals()
    assert said[0].startswith("départage 'XYZ' inconnu dans 'XYZ'")
    assert any("ne prend ni Cut ni Median" in s for s in said)
