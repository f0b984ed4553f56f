"""The pairing review, the team screens, the round robin's, the prizes and the norms in the arbiter's language.

Each screen is drawn in the pseudo-language (tests/language/pseudo.py): a word still in plain letters that is
neither the event's data nor a sentence another part of the program writes (each such allowance names whose
sentences they are) was never marked for the catalogue. Then the same screens in French and German at 80x24,
nothing cut off, and a few real words read in French.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from swisstui import language
from swisstui.app import SwissApp
from swisstui.cli import main
from tests.app.clipping import clipped, drawn_cut
from tests.app.screen_text import burst, screen_text, wait_until
from tests.language.pseudo import WORD, event_words, screen_unmarked
from tests.publish.round_robin_event import played_round_robin

SIZE = (80, 24)
ROOT = Path(__file__).resolve().parents[2]
WEEKEND = ROOT / "sample_events" / "weekend-open.toml"


def words(*texts: str) -> set[str]:
    return {w for text in texts for w in WORD.findall(text)}


def said(found: dict[str, list[str]]) -> str:
    """The unmarked words, screen by screen, for the failure's message."""
    return "\n".join(f"{where}: {' '.join(unmarked)}" for where, unmarked in found.items() if unmarked)


def screen_name(app: SwissApp) -> str:
    return type(app.screen).__name__


def team_league(folder: Path) -> Path:
    """``swisstui generate --teams``: 8 teams of 4 boards, 4 rounds played of 5, names that are no English word
    (the generator's "Team 001" and "Player 001.1" would hide an unmarked "Team" or "Player" heading)."""
    path = folder / "league.toml"
    assert main(["generate", "--teams", "8", "--boards", "4", "--rounds", "4", "--seed", "5", "-o", str(path)]) == 0
    text = path.read_text(encoding="utf-8")
    text = (text.replace('name = "Random team event', 'name = "Ligaen Oslo').replace('"Player ', '"Kowalczyk ')
            .replace('"Team ', '"Riverside ').replace("\nrounds = 4\n", "\nrounds = 5\n", 1))
    path.write_text(text, encoding="utf-8")
    return path


def app_words(app: SwissApp) -> set[str]:
    """The keys as the footer and the hints name them (``e edit``: the key ``e``)."""
    keys = {b.key for node in (app, app.screen) for bs in node._bindings.key_to_bindings.values() for b in bs}
    return {k for k in keys if len(k) == 1}


async def visit(pilot, key: str, name: str) -> None:
    await burst(pilot, key)
    await wait_until(pilot, lambda: screen_name(pilot.app) == name, name)
    await pilot.pause()


# -- the pseudo-language: every word of these screens marked -----------------------------------------------------

async def test_the_pairing_review_marks_its_frame_legend_and_keys(tmp_path, pseudo):
    path = tmp_path / "weekend-open.toml"
    shutil.copyfile(WEEKEND, path)
    allowed = event_words(path)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    found: dict[str, list[str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        await visit(pilot, "n", "ReviewScreen")
        await wait_until(pilot, lambda: app.screen.has_class("ready"), "the proposal")
        proposal = app.session.proposal
        # the steps' rules are article numbers and the rules' names as the texts cite them ("C.04.3 C5")
        allowed |= words(*(e.rule for e in proposal.result.trace)) | app_words(app)
        found["steps"] = screen_unmarked(app, allowed)
        await burst(pilot, *["right"] * 6, "down", "down")  # another step, another bracket
        found["bracket"] = screen_unmarked(app, allowed)
        await burst(pilot, "a")  # the boards as they stand, with the validator's marks and the legend
        await pilot.pause()
        assert app.screen.has_class("boards-view")
        found["boards"] = screen_unmarked(app, allowed)
        await visit(pilot, "v", "ViolationsScreen")  # the validator's list, written by swisstui/views/violations.py
        found["violations"] = screen_unmarked(app, allowed)
        await visit(pilot, "escape", "ReviewScreen")
        await visit(pilot, "c", "ConfirmScreen")
        found["confirm"] = screen_unmarked(app, allowed | {"y", "n"})
    assert not any(found.values()), said(found)


async def test_the_team_screens_mark_every_word(tmp_path, pseudo):
    path = team_league(tmp_path)
    allowed = event_words(path)
    allowed |= {word[:n] for word in allowed for n in range(2, len(word))}  # a name cut at a column's edge
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    found: dict[str, list[str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        allowed |= app_words(app) | {"u"}  # "u": an unrated game's result as the event file writes it, 1-0u
        dialog = allowed | {"y", "n"}  # the dialogs' own keys
        for key, name in (("p", "TeamsScreen"), ("g", "LineupsScreen"), ("r", "TeamResultsScreen"),
                          ("m", "MatchCardScreen")):
            await visit(pilot, key, name)
            found[name] = screen_unmarked(app, allowed | app_words(app))
        await visit(pilot, "escape", "TeamResultsScreen")
        await visit(pilot, "F", "ChoiceScreen")
        found["forfeit"] = screen_unmarked(app, dialog)
        await visit(pilot, "escape", "TeamResultsScreen")
        await visit(pilot, "c", "ChoiceScreen")  # a board with a result: its correction
        found["correct"] = screen_unmarked(app, dialog)
        await visit(pilot, "escape", "TeamResultsScreen")
        await visit(pilot, "o", "ChoiceScreen")
        from swisstui.store.result_keys import OTHER_RESULTS

        found["other"] = screen_unmarked(app, dialog | set(OTHER_RESULTS))  # the keys: z, w, b, ...
        await visit(pilot, "escape", "TeamResultsScreen")
        await visit(pilot, "g", "LineupsScreen")
        await visit(pilot, "e", "ChoiceScreen")  # a player of the bench in for the one under the cursor
        found["swap"] = screen_unmarked(app, dialog)
        await visit(pilot, "escape", "LineupsScreen")
        await visit(pilot, "p", "TeamsScreen")
        await visit(pilot, "w", "ConfirmScreen")
        found["withdraw"] = screen_unmarked(app, dialog)
        await visit(pilot, "escape", "TeamsScreen")
        await visit(pilot, "D", "ConfirmScreen")
        found["draw"] = screen_unmarked(app, dialog)
        await visit(pilot, "escape", "TeamsScreen")
        for key, name in (("s", "TeamStandingsScreen"), ("b", "BoardStandingsScreen")):
            await visit(pilot, key, name)
            found[name] = screen_unmarked(app, allowed | app_words(app))
        await visit(pilot, "p", "TeamsScreen")
        await visit(pilot, "a", "TeamFormScreen")
        found["TeamFormScreen"] = screen_unmarked(app, allowed)
        await burst(pilot, "escape")
        await visit(pilot, "n", "TeamReviewScreen")
        proposal = app.session.teams.proposed
        rules = words(*(s.rule for s in proposal.steps))  # the articles the steps cite ("C.04.6 art. 4")
        found["TeamReviewScreen"] = screen_unmarked(app, allowed | rules | app_words(app))
        await visit(pilot, "c", "ConfirmScreen")
        found["confirm"] = screen_unmarked(app, allowed | {"y", "n"})
        await burst(pilot, "y")
        await wait_until(pilot, lambda: screen_name(app) == "TeamRoundScreen", "the round stored")
        found["TeamRoundScreen"] = screen_unmarked(app, allowed | app_words(app))
    assert not any(found.values()), said(found)


async def test_the_round_robin_screens_mark_every_word(tmp_path, pseudo):
    path = played_round_robin(tmp_path / "rr.toml", 7, "berger", 2)
    allowed = event_words(path) | {"X"}  # X: the cross-table's diagonal, a sign (swisstui/outputs/round_robin.py)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    found: dict[str, list[str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        await visit(pilot, "x", "RoundRobinTableScreen")
        found["table"] = screen_unmarked(app, allowed | app_words(app))
        await visit(pilot, "S", "ScheduleScreen")
        found["schedule"] = screen_unmarked(app, allowed | app_words(app))
    assert not any(found.values()), said(found)


async def test_the_draw_of_a_round_robins_numbers_marks_every_word(tmp_path, pseudo):
    from tests.app.test_round_robin_screens import registered

    path = registered(tmp_path / "rr.toml", 10)
    allowed = event_words(path) | {"l", "v", "k"}  # the keys the question lists
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await burst(pilot, "p", "D")
        await wait_until(pilot, lambda: screen_name(app) == "ChoiceScreen", "the question")
        asked = screen_unmarked(app, allowed)
        await burst(pilot, "l")
        await wait_until(pilot, lambda: screen_name(app) == "AskScreen", "the seed")
        seed = screen_unmarked(app, allowed)
    assert not asked and not seed, (asked, seed)


@pytest.mark.parametrize("sample", ["weekend-open", "club-rapid"])  # no prizes; prizes in categories, shared
async def test_prizes_their_set_up_and_the_norms_mark_every_word(tmp_path, pseudo, sample):
    path = tmp_path / f"{sample}.toml"
    shutil.copyfile(ROOT / "sample_events" / f"{sample}.toml", path)
    # [prizes] and [[categories]]: the event file's tables, named as the file writes them
    # w, m: a category's sex as the event file writes it
    allowed = event_words(path) | {"prizes", "categories", "w", "m"}
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    found: dict[str, list[str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        outputs: set[str] = set()
        await visit(pilot, "s", "StandingsScreen")
        await visit(pilot, "dollar_sign", "PrizesScreen")
        found["prizes"] = screen_unmarked(app, allowed | outputs | app_words(app))
        await visit(pilot, "c", "PrizesScreen")  # the first category's standings
        found["category"] = screen_unmarked(app, allowed | outputs | app_words(app))
        await visit(pilot, "e", "PrizeSetupScreen")
        found["set-up"] = screen_unmarked(app, allowed | app_words(app))
        await burst(pilot, *["down"] * 8)  # the place prizes' line, below the eight lines of the rules
        await visit(pilot, "enter", "PrizeFieldsForm")
        found["form"] = screen_unmarked(app, allowed | {"NOR", "SWE", "Riverside", "Oslo", "SK"})
        await visit(pilot, "escape", "PrizeSetupScreen")
        await visit(pilot, "N", "NormsScreen")
        from swisstui.outputs.norms_report import verdicts

        shown = verdicts(app.session.event, app.session.tournament(), app.session.current_round)
        # the conditions' articles as the regulations number them ("B.01 1.4.8"), and any word cut at the edge
        norms = words(*(c.article for v in shown for c in v.conditions))
        found["norms"] = screen_unmarked(app, allowed | norms | app_words(app))
    assert not any(found.values()), said(found)


# -- French and German at 80x24: longer words, nothing cut off ---------------------------------------------------

def cut(app: SwissApp) -> list[str]:
    """What the screen cuts off without a scroll bar, and table cells drawn shorter than their text."""
    return clipped(app) + drawn_cut(app)


@pytest.fixture(params=["fr", "de"])
def longer(request):
    """The screens in French, then German (the app's words through the real catalogues)."""
    language.set_arbiter_language(request.param)
    yield request.param


async def test_the_review_is_whole_at_80x24(tmp_path, longer):
    path = tmp_path / "weekend-open.toml"
    shutil.copyfile(WEEKEND, path)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    found: dict[str, list[str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        await visit(pilot, "n", "ReviewScreen")
        await wait_until(pilot, lambda: app.screen.has_class("ready"), "the proposal")
        found["steps"] = cut(app)
        await burst(pilot, "a")
        await pilot.pause()
        found["boards"] = cut(app)
        await visit(pilot, "v", "ViolationsScreen")
        found["violations"] = cut(app)
        await visit(pilot, "escape", "ReviewScreen")
        await visit(pilot, "c", "ConfirmScreen")
        found["confirm"] = cut(app)
    assert not any(found.values()), said(found)


async def test_the_team_screens_are_whole_at_80x24(tmp_path, longer):
    app = SwissApp(team_league(tmp_path), pair_in_child=False, watch_interval=0)
    found: dict[str, list[str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        for key, name in (("p", "TeamsScreen"), ("w", "ConfirmScreen"), ("escape", "TeamsScreen"),
                          ("D", "ConfirmScreen"), ("escape", "TeamsScreen"), ("g", "LineupsScreen"),
                          ("e", "ChoiceScreen"), ("escape", "LineupsScreen"), ("r", "TeamResultsScreen"),
                          ("F", "ChoiceScreen"), ("escape", "TeamResultsScreen"), ("c", "ChoiceScreen"),
                          ("escape", "TeamResultsScreen"), ("o", "ChoiceScreen"), ("escape", "TeamResultsScreen"),
                          ("m", "MatchCardScreen"), ("escape", "TeamResultsScreen"), ("s", "TeamStandingsScreen"),
                          ("b", "BoardStandingsScreen"), ("p", "TeamsScreen"), ("a", "TeamFormScreen"),
                          ("escape", "TeamsScreen"), ("n", "TeamReviewScreen")):
            await visit(pilot, key, name)
            found[f"{key} {name}"] = cut(app)
        await visit(pilot, "c", "ConfirmScreen")
        found["confirm"] = cut(app)
        await burst(pilot, "y")
        await wait_until(pilot, lambda: screen_name(app) == "TeamRoundScreen", "the round stored")
        found["TeamRoundScreen"] = cut(app)
    assert not any(found.values()), said(found)


async def test_the_round_robin_screens_are_whole_at_80x24(tmp_path, longer):
    app = SwissApp(played_round_robin(tmp_path / "rr.toml", 7, "berger", 2), pair_in_child=False, watch_interval=0)
    found: dict[str, list[str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        await visit(pilot, "x", "RoundRobinTableScreen")
        found["table"] = cut(app)
        await visit(pilot, "S", "ScheduleScreen")
        found["schedule"] = cut(app)
    from tests.app.test_round_robin_screens import registered

    app = SwissApp(registered(tmp_path / "draw.toml", 10), pair_in_child=False, watch_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await visit(pilot, "p", "PlayersScreen")
        await visit(pilot, "D", "ChoiceScreen")
        found["draw"] = cut(app)
        await visit(pilot, "v", "AskScreen")
        found["seed"] = cut(app)
    assert not any(found.values()), said(found)


async def test_prizes_and_norms_are_whole_at_80x24(tmp_path, longer):
    path = tmp_path / "club-rapid.toml"
    shutil.copyfile(ROOT / "sample_events" / "club-rapid.toml", path)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    found: dict[str, list[str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        await visit(pilot, "s", "StandingsScreen")
        await visit(pilot, "dollar_sign", "PrizesScreen")
        found["prizes"] = cut(app)
        await burst(pilot, "c")
        await pilot.pause()
        found["category"] = cut(app)
        await visit(pilot, "e", "PrizeSetupScreen")
        found["set-up"] = cut(app)
        await burst(pilot, *["down"] * 9)  # the first category, below the rules and the place prizes
        await visit(pilot, "enter", "PrizeFieldsForm")
        found["form"] = cut(app)
        await visit(pilot, "escape", "PrizeSetupScreen")
        await visit(pilot, "N", "NormsScreen")
        found["norms"] = cut(app)
    assert not any(found.values()), said(found)


async def test_french_reads_real_words(tmp_path):
    """In French the team standings say points de match, the review's brackets are groupes, and the prize list
    is the Liste of prizes after the round (not the English words, not a pseudo-language)."""
    language.set_arbiter_language("fr")
    app = SwissApp(team_league(tmp_path), pair_in_child=False, watch_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await visit(pilot, "s", "TeamStandingsScreen")
        standings = screen_text(app)
        await visit(pilot, "p", "TeamsScreen")
        teams = screen_text(app)
    assert "classement des équipes après la ronde 4" in standings, standings
    assert "MP points de match, puis GP points de partie" in standings, standings
    headings = standings.splitlines()[1].split()
    assert headings[:3] == ["Pl", "N°", "Équipe"] and "Team" not in headings, standings
    assert "équipes · 8 inscrites" in teams and "ajouter" in teams, teams

    path = tmp_path / "weekend-open.toml"
    shutil.copyfile(WEEKEND, path)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await visit(pilot, "n", "ReviewScreen")
        await wait_until(pilot, lambda: app.screen.has_class("ready"), "the proposal")
        review = screen_text(app)
    assert "Groupes" in review and "Étape" in review and "Brackets" not in review, review
    assert "ronde 5 proposée" in review, review

    path = tmp_path / "club-rapid.toml"
    shutil.copyfile(ROOT / "sample_events" / "club-rapid.toml", path)
    app = SwissApp(path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=SIZE) as pilot:
        await visit(pilot, "s", "StandingsScreen")
        await visit(pilot, "dollar_sign", "PrizesScreen")
        prizes = screen_text(app)
        await visit(pilot, "e", "PrizeSetupScreen")
        setup = screen_text(app)
    assert "Général      1.  300   2   Gruber, Emil" in prizes and "partagé 2" in prizes, prizes
    assert "Catégorie U1800 · -1799 · 60" in setup and "+ ajouter une catégorie" in setup, setup
    assert "Égalités  ● les lauréats ex aequo partagent l'argent" in setup, setup
