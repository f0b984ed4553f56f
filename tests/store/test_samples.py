"""The bundled example events load, hold what their descriptions promise, and break no rule."""

import subprocess
import sys
from pathlib import Path

import pytest

from engine import trf

from engine.model.tournament import ResultCode
from engine.systems import replay
from engine.validate.check import validate
from engine.validate.violations import Severity
from swisstui import store

SAMPLES = Path(__file__).resolve().parents[2] / "sample_events"


def load(name: str):
    return store.load(SAMPLES / name)


def absolute_violations(t):
    found = []
    for r in range(1, t.rounds_played + 1):
        before = replay.before_round(t, r)
        played = replay.played_round(t, r)
        found += [v for v in validate(before, played) if v.severity is Severity.ABSOLUTE]
    return found


@pytest.mark.parametrize("name", ["club-rapid.toml", "weekend-open.toml", "open-300.toml"])
def test_sample_loads_and_every_round_is_legal(name):
    event = load(name)
    t = event.to_tournament()
    assert t.rounds_played >= 4
    assert absolute_violations(t) == []


def test_club_rapid_is_mid_round():
    event = load("club-rapid.toml")
    assert len(event.players) == 12 and event.settings.rounds == 5
    last = event.rounds[-1]
    assert last.number == 4 and last.published
    entered = [b for b in last.boards if b.result]
    assert 0 < len(entered) < len(last.boards)


def test_club_rapid_has_categories_and_a_provisional_prize_list():
    """What ``dev.py run`` opens shows prizes: places, and U1800, women, seniors 50+, juniors U18 with members."""
    from swisstui.outputs.prize_report import category_members, prize_report

    event = load("club-rapid.toml")
    assert [c.category.name for c in event.prizes.categories] == ["U1800", "Women", "Seniors 50+", "Juniors U18"]
    members = category_members(event)
    assert all(members[name] for name in members)
    report = prize_report(event)
    assert report.provisional and report.after_round == 4
    assert {a.list_title for a in report.awards} == {"Overall", *members}


def test_weekend_open_has_forfeits_a_withdrawal_and_requested_byes():
    event = load("weekend-open.toml")
    t = event.to_tournament()
    assert len(t.players) == 64 and t.settings.rounds == 7 and t.rounds_played == 4
    codes = [e.code for p in t.players for e in p.history]
    assert ResultCode.FORFEIT_WIN in codes and ResultCode.HALF_BYE in codes
    assert any(p.withdrawn for p in t.players)
    assert [e.code for e in t.pending.values()].count(ResultCode.HALF_BYE) >= 2


def test_open_300_is_the_import_of_its_trf():
    event = load("open-300.toml")
    t = event.to_tournament()
    from_trf = trf.load(SAMPLES / "open-300.trf").tournament
    assert len(t.players) == 300
    assert t.rounds_played == from_trf.rounds_played
    for r in range(1, t.rounds_played + 1):
        assert [p.entry(r) for p in t.players] == [p.entry(r) for p in from_trf.players]
    assert [t.score(p.id) for p in t.players] == [from_trf.score(p.id) for p in from_trf.players]


@pytest.mark.parametrize("name", ["club-rapid.toml", "weekend-open.toml", "open-300.toml"])
def test_sample_standings_break_ties(name):
    """The samples carry FIDE's list for an individual Swiss: their standings are not left tied on points."""
    from engine.awards.standings import standings

    event = load(name)
    assert event.settings.tiebreaks == ("BH/C1", "BH", "SB", "PS", "DE", "WIN", "BWG")
    t = event.to_tournament()
    ranks = [row.rank for row in standings(t, tiebreaks=event.settings.tiebreaks).rows]
    on_points = [row.rank for row in standings(t, tiebreaks=()).rows]
    assert len(set(on_points)) < len(on_points)  # players level on points, which the list must separate
    assert len(set(ranks)) > 0.9 * len(ranks)


def test_the_script_that_made_the_samples_makes_them_again_byte_for_byte(tmp_path):
    """A sample changed by hand, or a script that drifted from them, is caught here (it had: tie-break lists)."""
    script = SAMPLES.parent / "scripts" / "make_samples.py"
    done = subprocess.run([sys.executable, str(script), "--out", str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    made = sorted(p.name for p in tmp_path.iterdir())
    assert made == sorted(p.name for p in SAMPLES.iterdir())
    for name in made:
        assert (tmp_path / name).read_bytes() == (SAMPLES / name).read_bytes(), name
