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
