"""The team rules' own words in the arbiter's language: the lineups screen's line for a lineup accepted under
``[settings.team] lineup = "warn"``, and the team round robin's ``left-games`` option. In the pseudo-language the
screen's own words are marked (the rule itself is the session's sentence, named by the team's data); in French
and German they are the catalogue's."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from engine.model.catalogue import TEAM_LEFT_GAMES
from swisstui import language
from swisstui.app import SwissApp
from swisstui.language import _, using
from tests.app.clipping import clipped, drawn_cut
from tests.app.screen_text import burst, wait_until
from tests.app.test_team_lineup_rules import _league
from tests.language.pseudo import mark, unmarked


async def _warned_line(folder: Path) -> tuple[str, list[str]]:
    """The lineups screen's line once board 1's player moved below board 2's (accepted under warn); what the
    screen cuts at 80x24."""
    session = _league(folder, "warn")
    app = SwissApp(session.path, pair_in_child=False, watch_interval=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await burst(pilot, "g")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "LineupsScreen", "lineups")
        await pilot.press("shift+down")
        said = app.screen.query_one("#said", Static)
        await wait_until(pilot, lambda: "T1" in str(said.render()), "the warning shown")
        return str(said.render()), clipped(app) + drawn_cut(app)


async def test_the_warning_line_is_marked_in_the_pseudo_language(tmp_path: Path, pseudo: None) -> None:
    line, cut = await _warned_line(tmp_path)
    own = mark("accepted with a warning: {rule}").split("{rule}")[0]
    assert line.startswith(own)
    assert unmarked(line[:len(own)], set()) == []
    assert not cut


@pytest.mark.parametrize(("code", "words"), [("fr", "accepté avec un avertissement"),
                                             ("de", "mit einer Warnung angenommen")])
async def test_the_warning_line_is_in_the_arbiters_language_and_whole(tmp_path: Path, code: str,
                                                                      words: str) -> None:
    language.set_arbiter_language(code)
    try:
        line, cut = await _warned_line(tmp_path)
    finally:
        language.set_arbiter_language("en")
    assert line.startswith(words)
    assert not cut


def test_the_left_games_option_of_a_team_round_robin_is_in_the_catalogues() -> None:
    with using("fr"):
        assert _(TEAM_LEFT_GAMES.title) == "Matchs laissés par un retrait"
    with using("es"):
        assert _(TEAM_LEFT_GAMES.help).startswith("los encuentros que un equipo retirado ya no juega")
