"""A system that moves into the catalogue with an option of its own needs no other file changed.

``swiss-2030`` is made up: one catalogue entry (monkeypatched in), pairing with the club Swiss
code, checked for C.04.1's colour limits only, with one option, ``pace``, of two values. The settings
screen offers the option, ``new --help`` and ``new --system swiss-2030 --pace fast`` know it, the
validator checks what the entry declares and TRF record 192 carries the option there and back.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from engine import systems, trf
from engine.model import catalogue
from engine.model.catalogue import Check, Family, SystemInfo, SystemOption
from engine.model.tournament import Pairing, RoundPairing
from engine.validate.check import validate
from swisstui import store
from swisstui.session.actions import Session
from swisstui.app import SwissApp
from swisstui.cli import build_parser, main
from tests.app.screen_text import choose_line, screen_text
from tests.engine.handmade import build

PACE = SystemOption("pace", "Pace", "how fast the made-up system pairs (made up)", values=("slow", "fast"),
                    default="slow")
MADE_UP = SystemInfo("swiss-2030", "Made-up Swiss, 2030 edition", Family.CLUB, "CUSTOM_SWISS",
                     frozenset({Check.COLOUR_LIMITS}), module="engine.systems.club", options=(PACE,))


@pytest.fixture
def made_up(monkeypatch: pytest.MonkeyPatch) -> Iterator[SystemInfo]:
    monkeypatch.setattr(catalogue, "SYSTEMS", catalogue.SYSTEMS + (MADE_UP,))
    monkeypatch.setattr(systems, "SYSTEMS", catalogue.SYSTEMS)
    monkeypatch.setitem(catalogue._BY_NAME, MADE_UP.id, MADE_UP)
    build_parser.cache_clear()  # the command line is built once a process: again with the new entry, and after
    yield MADE_UP
    build_parser.cache_clear()


async def test_the_settings_screen_offers_its_option(made_up: SystemInfo, event_file: Path) -> None:
    Session.open(event_file).settings.set_system(made_up.id)
    app = SwissApp(event_file)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        text = screen_text(app)
        assert "Pace         ● slow: how fast the made-up system pairs (made up) (enter: change)" in text
        assert "Pace         ○ fast" in text
        await choose_line(pilot, "option:pace:fast")
        assert "Pace         ● fast" in screen_text(app)
    assert store.load(event_file).settings.options == {"pace": "fast"}
    assert '[settings.options]\npace = "fast"\n' in event_file.read_text(encoding="utf-8")


def test_new_names_it_and_its_option_in_help_and_takes_them(made_up: SystemInfo, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["new", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "swiss-2030" in shown
    assert "--pace {slow,fast} Pace, for swiss-2030: how fast the made-up system pairs (made up) (default: slow)" \
        in shown
    path = tmp_path / "new.toml"
    assert main(["new", str(path), "--name", "Made up", "--rounds", "5", "--system", "swiss-2030", "--pace",
                 "fast"]) == 0
    settings = store.load(path).settings
    assert (settings.system, settings.options, settings.tiebreaks) == ("swiss-2030", {"pace": "fast"},
                                                                      made_up.tiebreaks)
    # an option the system does not have is refused, naming the system's own
    assert main(["new", str(tmp_path / "dutch.toml"), "--name", "D", "--rounds", "5", "--pace", "fast"]) == 2
    assert "--pace: the dutch-2026 system has no such option (its options: none)" in capsys.readouterr().err


def test_the_validator_checks_what_its_entry_declares(made_up: SystemInfo) -> None:
    """Player 7 had the PAB in round 1 and gets it again: C.04.1 art. 4 forbids it, but the entry
    declares only the colour limits, so the made-up system's validator says nothing of it."""
    t = build(range(1, 8), [["1-4 1-0", "5-2 0-1", "3-6 =", "7 bye"]], system="swiss-2030")
    pairing = RoundPairing(2, (Pairing(2, 1), Pairing(5, 3), Pairing(4, 6)), 7)  # no rematch, colours alternate
    fide = [v.text for v in validate(t, pairing, system="dutch-2026")]
    assert "7 may not receive the pairing-allocated bye: already received the pairing-allocated bye in round 1" \
           in fide
    assert [v.text for v in validate(t, pairing)] == []


def test_a_trf_round_trip_keeps_its_option(made_up: SystemInfo) -> None:
    t = build(range(1, 7), [["1-4 1-0", "5-2 0-1", "3-6 ="]], system="swiss-2030", options={"pace": "fast"})
    text = trf.dumps(t)
    assert "192 CUSTOM_SWISS swiss-2030 pace=fast" in text.splitlines()
    back = trf.loads(text).tournament.settings
    assert (back.system, back.options) == ("swiss-2030", {"pace": "fast"})
    assert trf.loads(trf.dumps(replace(t, settings=replace(t.settings, options={})))).tournament.settings.options \
        == {}
    wrong = text.replace("pace=fast", "pace=sideways")
    with pytest.raises(trf.TrfError, match="one of slow, fast for pace"):
        trf.loads(wrong)
