"""The engine's sentences reach people in their language: the review's steps, the systems' titles and
options, the tie-breaks' long names.

The steps are drawn in the pseudo-language (every looked-up sentence has its letters accented): a word
still in plain letters was never marked. What may stay plain is what is not a sentence: pairing
numbers, the articles cited (C.04.3 [C5], art. 3.8), S1/S2, MDP, TPN and the criteria's short names.
A real catalogue is read too (French), so the test also fails on a sentence marked but not translated.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import trf
from engine.model.catalogue import SYSTEMS
from engine.model.explain import Step
from engine.systems import replay
from engine.systems.dutch import pair
from engine.systems.team import pair_team
from engine.systems.team.narrate import explain
from engine.tiebreaks.spec import DEFINITIONS
from engine.tiebreaks.team_spec import TEAM_DEFINITIONS
from engine.trf.team_read import read_team_trf
from swisstui import language
from tests.data_paths import dutch
from tests.engine.test_team_pairing import before_round
from tests.language.pseudo import unmarked

TEAM_DATA = Path(__file__).resolve().parents[1] / "data" / "team"

ARTICLES = {"C", "S", "R", "MDP", "MDPs", "TPN", "PAB", "art", "Rp", "Ra", "W", "B", "WB", "BW", "WW", "BB"}
"""Not sentences: the articles' letters (C.04.3, [C12]), the halves S1/S2 and what the text calls
moved-down players, pairing numbers and the pairing-allocated bye, colours as a history of W and B."""

DUTCH_ROUNDS = [("dutch-2300004-n27-r6.trf", r) for r in range(2, 7)] + [("dutch-2300133-n7-r7.trf", r)
                                                                          for r in range(2, 8)]
"""Rounds whose steps hold a bye, floaters, limbo, exchanges, transpositions and rejected pairs of every kind."""


def dutch_steps() -> list[str]:
    """The review's steps of the Dutch rounds, each as the review shows it: the text and the rule."""
    out = []
    for name, r in DUTCH_ROUNDS:
        before = replay.before_round(trf.load(dutch(name)).pairing_tournament(), r)
        out += [f"{e.text} ({e.rule})" for e in pair(before).trace]
    return out


def team_steps() -> list[str]:
    out = []
    for name, r in (("team-d-0003.trf", 8), ("team-d-0045.trf", 5), ("team-d-0013.trf", 3)):
        event = read_team_trf(before_round((TEAM_DATA / name).read_text(encoding="latin-1"), r))
        out += [f"{e.text} ({e.rule})" for e in explain(event, pair_team(event))]
    return out


def test_the_dutch_steps_have_no_unmarked_word(pseudo) -> None:
    steps = dutch_steps()
    kinds = {e.step for name, r in DUTCH_ROUNDS[:1]
             for e in pair(replay.before_round(trf.load(dutch(name)).pairing_tournament(), r)).trace}
    assert {Step.BRACKET, Step.REJECTED, Step.COLOUR} <= kinds
    left = {word: step for step in steps for word in unmarked(step, ARTICLES)}
    assert not left, "\n".join(f"{word!r} in: {step}" for word, step in sorted(left.items()))


def test_the_team_steps_have_no_unmarked_word(pseudo) -> None:
    steps = team_steps()
    assert len(steps) > 20
    left = {word: step for step in steps for word in unmarked(step, ARTICLES)}
    assert not left, "\n".join(f"{word!r} in: {step}" for word, step in sorted(left.items()))


@pytest.fixture
def french():
    language.set_arbiter_language("fr")
    yield
    language.set_arbiter_language("en")


def test_the_dutch_narrative_reads_french(french) -> None:
    before = replay.before_round(trf.load(dutch("dutch-2300133-n7-r7.trf")).pairing_tournament(), 3)
    text = "\n".join(e.text for e in pair(before).trace)
    assert "reçoit l'exempt attribué par l'appariement" in text
    assert "échiquier 1" in text
    assert "receives" not in text and "board" not in text


def test_the_team_narrative_reads_french(french) -> None:
    text = "\n".join(team_steps())
    assert "groupe de points" in text or "groupe de tête" in text
    assert "équipes à apparier" in text


def test_the_catalogue_in_french(french) -> None:
    titles = {s.id: s.shown_title for s in SYSTEMS}
    assert titles["dutch-2026"] == "Système suisse FIDE (hollandais), édition 2026"
    assert titles["berger"] == "Toutes rondes (tables de Berger FIDE)"
    options = {o.id: o for s in SYSTEMS for o in s.options}
    assert options["team_score"].shown_title == "Score principal"
    assert "points de match" in options["team_score"].shown_help
    assert DEFINITIONS["DE"].shown_name == "Confrontation directe"
    assert TEAM_DEFINITIONS["BC"].shown_name == "Décompte des échiquiers"
    assert all(s.id == s.id.lower() and s.title != s.shown_title for s in SYSTEMS)


def test_the_engine_speaks_english_by_default() -> None:
    before = replay.before_round(trf.load(dutch("dutch-2300133-n7-r7.trf")).pairing_tournament(), 3)
    assert any("receives the pairing-allocated bye" in e.text for e in pair(before).trace)
    assert SYSTEMS[0].shown_title == SYSTEMS[0].title == "FIDE (Dutch) system, 2026 edition"


def test_a_count_of_one_is_singular_in_english() -> None:
    """ngettext: "1 resident", never "1 residents" (the bracket headings of ``pair --explain``)."""
    from engine.model.explain import render

    before = replay.before_round(trf.load(dutch("dutch-2300004-n27-r6.trf")).pairing_tournament(), 6)
    text = render(pair(before).trace)
    assert " 1 residents" not in text and " 1 upfloaters" not in text and "exchange(s)" not in text


def norm_sentences() -> list[str]:
    """Every norm sought after every round of the IM-norm event of tests/engine/norm_events.py, as the norms
    screen shows a verdict: its status, its reason, each condition and the notes."""
    from engine.norms.verdict import NormEvent, player_norms
    from tests.engine.norm_events import IM_FIELD, IM_RESULTS, event

    t = event(IM_FIELD, IM_RESULTS)
    out = []
    for after in range(1, 10):
        for v in player_norms(t, 1, NormEvent(rounds=9, federation="ENG"), after):
            out += [v.status.shown, v.reason, *(c.said for c in v.conditions), *v.notes]
    return out


def test_the_norms_verdicts_have_no_unmarked_word(pseudo) -> None:
    sentences = norm_sentences()
    from tests.engine.norm_events import IM_FIELD, IM_RESULTS, event

    federations = {p.federation for p in event(IM_FIELD, IM_RESULTS).players}  # data, as names are
    allowed = ARTICLES | federations | {"GM", "IM", "WGM", "WIM", "a", "b", "c", "d", "e"}  # 1.4.1 (e)
    left = {word: said for said in sentences for word in unmarked(said, allowed)}
    assert not left, "\n".join(f"{word!r} in: {said}" for word, said in sorted(left.items()))


def test_the_norms_verdicts_in_french(french) -> None:
    text = "\n".join(norm_sentences())
    assert "réalisée" in text and "atteignable" in text
    assert "il faut 1 sur 1 ronde restante" in text
    assert "needed" not in text and "played" not in text


def validator_findings() -> list[str]:
    """The validator's findings on damaged rounds of recorded Dutch events: every board's colours reversed,
    pairs swapped (rematches, the criteria compared with the reference), the bye moved, a player left out,
    boards in the wrong order - each finding with its rule, as the review's check shows it."""
    from engine.model.tournament import Pairing, RoundPairing
    from engine.validate.check import validate
    from oracles.recorded_rounds import before_round, played_round

    out = []
    for name in ("dutch-2300007-n10-r5.trf", "dutch-2300133-n7-r7.trf", "dutch-2300010-n12-r10.trf"):
        t = trf.load(dutch(name)).pairing_tournament()
        for r in range(2, t.settings.rounds + 1):
            before, played = before_round(t, r), played_round(t, r)
            boards = list(played.boards)
            flipped = RoundPairing(r, tuple(Pairing(b.black, b.white) for b in boards), played.bye)
            swapped = RoundPairing(r, (Pairing(boards[0].white, boards[1].black),
                                       Pairing(boards[1].white, boards[0].black), *boards[2:]), played.bye)
            backwards = RoundPairing(r, tuple(reversed(boards)), played.bye)
            short = RoundPairing(r, tuple(boards[1:]), boards[0].white)
            for pairing in (flipped, swapped, backwards, short):
                out += [f"{v.text} ({v.rule})" for v in validate(before, pairing, reference=played)]
    return out


def test_the_validators_findings_have_no_unmarked_word(pseudo) -> None:
    found = validator_findings()
    assert len(found) > 50
    left = {word: said for said in found for word in unmarked(said, ARTICLES | {"reference", "forbidden", "pairs"})}
    assert not left, "\n".join(f"{word!r} in: {said}" for word, said in sorted(left.items()))


SYSTEMS_DATA = Path(__file__).resolve().parents[1] / "engine" / "data" / "systems"


OTHER_SYSTEMS = ["dubov-2026", "dubov-1997", "burstein-2026", "double-swiss-2026", "club", "lim-2026", "lim-seed"]


@pytest.mark.parametrize("system", OTHER_SYSTEMS)
def test_the_other_systems_steps_have_no_unmarked_word(pseudo, system: str) -> None:
    """Every round of the system's fixture (17 players, 7 rounds: brackets, upfloaters or the Index, passed-over
    pairs, the bye, colours) paired again with its explanation in the pseudo-language."""
    from engine import systems

    full = trf.load(SYSTEMS_DATA / f"{system}.trf").pairing_tournament()
    steps = []
    for r in range(1, full.rounds_played + 1):
        steps += [f"{e.text} ({e.rule})" for e in systems.get(system).pair(replay.before_round(full, r)).trace]
    assert len(steps) > 50
    allowed = ARTICLES | {"ARO", "BSN", "G1", "G2", "T2", "BH", "SB", "Index", "initial", "colour", "fewer", "Whites",
                          "last", "different", "colours", "alternation", "HRP", "opponent",  # Double-Swiss rules' names
                          "club",  # the club text's citations (club S6.3.1)
                          "a", "b", "c", "d", "seed",  # Lim: the floaters' types (3.9.1), the 1999 items, "Lim (seed)"
                          "section"}  # the seed's rules cite its sections ("Lim (seed) section 8.1")
    left = {word: step for step in steps for word in unmarked(step, allowed)}
    assert not left, "\n".join(f"{word!r} in: {step}" for word, step in sorted(left.items()))


def test_a_team_round_robins_steps_have_no_unmarked_word(pseudo) -> None:
    """Every round of the team-berger fixture as the review tells it (the table's row, each pair, the round off)."""
    from engine import systems

    text = (SYSTEMS_DATA / "team-berger.trf").read_text(encoding="latin-1")
    info = systems.get("team-berger")
    steps = []
    for r in range(1, 8):
        event = read_team_trf(before_round(text, r))
        if event.rounds_played + 1 != r:
            break
        steps += [f"{e.text} ({e.rule})" for e in info.explain_teams(event, info.pair_teams(event))]
    assert len(steps) > 10
    names = {word for line in text.splitlines() if line.startswith("310") for word in line[8:40].split()}
    left = {word: step for step in steps for word in unmarked(step, ARTICLES | names | {"Annex"})}
    assert not left, "\n".join(f"{word!r} in: {step}" for word, step in sorted(left.items()))


def test_a_team_round_without_a_pairing_is_refused_in_french(french) -> None:
    """The refusal reaches the arbiter as the engine words it: in French, the article and the count kept."""
    from engine.model.team_tournament import ColourType, Score
    from engine.systems.team import NoTeamPairing
    from tests.engine.test_team_narrate import played

    event = played(4, [([(1, 2, 2), (3, 4, 2)], []), ([(1, 3, 2), (2, 4, 2)], []), ([(1, 4, 2), (2, 3, 2)], [])],
                   total=5, primary=Score.MATCH, colours=ColourType.A)
    refused = r"les 4 équipes à apparier n'ont aucun appariement .*C\.04\.6 art\. 3\.3\.3"
    with pytest.raises(NoTeamPairing, match=refused):
        pair_team(event)


def test_a_round_of_matches_is_checked_in_french(french) -> None:
    """The shape of a round of matches (engine.model.match_rounds), as the Double-Swiss's check shows it."""
    from engine.model.match_rounds import check_round
    from engine.model.matches import Game, Match
    from engine.model.units import Unit

    from tests.engine.test_matches import D, L, W

    p3, p7 = Unit.player(3, "Carlsen"), Unit.player(7, "Gukesh")
    played = Match(1, p3, p7, (Game(3, 7, (W, L)), Game(7, 3, (D, D))))
    again = Match(1, p7, p3, (Game(7, 3), Game(7, 3)))
    assert check_round([p3, p7], [again], [[played]], games_per_match=2) == [
        "match 1, partie 2 : l'unité 7 a de nouveau les Blancs (les couleurs alternent partie par partie)",
        "match 1 : les unités 7 et 3 se sont déjà rencontrées",
    ]


def test_a_round_robins_numbers_are_refused_in_french(french) -> None:
    """The draw's refusals (C.05) reach the arbiter in French, the numbers kept."""
    from engine.systems.roundrobin.numbers import NumberError, given

    with pytest.raises(NumberError, match="les joueurs 1 et 3 ont tous deux le numéro d'appariement 2"):
        given([1, 2, 3], {1: 2, 2: 1, 3: 2})
    with pytest.raises(NumberError, match="aucun numéro d'appariement donné pour le joueur 3$"):
        given([1, 2, 3], {1: 1, 2: 2})
