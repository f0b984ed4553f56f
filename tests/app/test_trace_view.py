"""The review's bracket pane shows the facts the engine paired on, read from the trace alone."""

from __future__ import annotations

import io
from dataclasses import replace
from decimal import Decimal

from rich.console import Console

from engine.model.explain import Step
from engine.model.terms import Float, Strength
from engine.model.tournament import Colour
from engine.systems import generate, replay
from engine.systems.dutch import pair
from swisstui.views.trace_view import bracket_table, group_steps

W, B = Colour.WHITE, Colour.BLACK


def text(body) -> str:
    out = io.StringIO()
    Console(file=out, width=120, color_system=None).print(body)
    return out.getvalue()


def test_bracket_pane_renders_the_facts_of_the_trace():
    """Facts changed in the trace show as changed: the pane recomputes nothing from the tournament."""
    before = replay.before_round(generate.generate(12, 4, 11), 4)
    trace = list(pair(before).trace)
    at = next(i for i, e in enumerate(trace) if e.step is Step.BRACKET)
    opening = trace[at]
    first = opening.facts[0]
    changed = replace(first, score=Decimal("7.5"), colours=(W, B, W, W, B, B, W),
                      due=W, strength=Strength.ABSOLUTE, floats=((2, Float.UP), (3, Float.DOWN)))
    trace[at] = replace(opening, facts=(changed, *opening.facts[1:]))
    group = next(g for g in group_steps(trace) if g.first <= at <= g.last)
    _, body = bracket_table(before, trace, group, at)
    row = next(line for line in text(body).splitlines() if f" {first.id} " in f" {line} ")
    assert row.split()[-5:] == ["7½", "BWWBBW", "W!", "↑r2", "↓r3"], row


def test_bracket_pane_without_facts_shows_dots():
    before = replay.before_round(generate.generate(12, 4, 11), 4)
    trace = list(pair(before).trace)
    at = next(i for i, e in enumerate(trace) if e.step is Step.BRACKET)
    trace[at] = replace(trace[at], facts=())
    group = next(g for g in group_steps(trace) if g.first <= at <= g.last)
    _, body = bracket_table(before, trace, group, at)
    pid = trace[at].players[0]
    row = next(line for line in text(body).splitlines() if f" {pid} " in f" {line} ")
    assert row.split()[-4:] == ["·", "·", "·", "·"], row


def lim_groups(round_number: int) -> list[str]:
    """The review's bracket list for a round of the Lim system's fixture, paired again from its history."""
    from pathlib import Path

    from engine import systems, trf

    fixture = Path(__file__).resolve().parents[1] / "engine" / "data" / "systems" / "lim-2026.trf"
    t = trf.loads(fixture.read_text(encoding="utf-8")).tournament
    return [g.label for g in group_steps(systems.pair(replay.before_round(t, round_number)).trace)]


def test_the_lim_bracket_list_says_start_once_and_never_a_bracket_number():
    """Issue 30 item 6: "start" twice (the median score's note after the bye) and "bracket 3" (the
    median group blocked) where a score or what the step is about belongs."""
    round_two, round_six = lim_groups(2), lim_groups(6)
    assert round_two == ["start", "1  (9)", "0  (7)", "median group…", "colours"]
    assert round_six[:3] == ["start", "bye", "note"] and round_six.count("start") == 1
    assert not any(label.startswith("bracket ") for label in round_two + round_six)


def test_a_step_lists_every_pair_it_names():
    """Issue 30 item 5: the step pane ended "… and 4 more pairs" and nothing scrolled to them; now every
    pair is there, and the pane scrolls (shift+down)."""
    from swisstui.views.trace_view import step_text

    before = replay.before_round(generate.generate(40, 3, 7), 1)
    step = next(e for e in pair(before).trace if len(e.data.get("pairs", ())) > 6)
    shown = step_text(before, step).plain
    assert "more pairs" not in shown
    for a, b in step.data["pairs"]:
        assert f"{a:>3} {before.player(a).name[:18]}" in shown and f"{b:>3} " in shown, (a, b)
