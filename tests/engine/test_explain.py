"""The explanation of Dutch pairings, checked on reference rounds.

Facts the explanation states (who met whom and when, who must have which
colour, who gets the bye with how many unplayed games) are recomputed here
from the recorded TRF history, never taken from the explanation itself.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine import trf

from engine.model.explain import Step, TraceEvent, points_text, render
from engine.model.tournament import Colour, Tournament
from engine.systems import replay
from engine.systems.dutch import pair, pair_unexplained
from engine.systems.dutch.narrate import narrate
from tests.data_paths import dutch

# small and mid-sized fields with rematches, [C3] clashes, byes and floaters among their rounds
FILES = [
    "dutch-2300007-n10-r5.trf", "dutch-2300001-n16-r9.trf", "dutch-2300004-n27-r6.trf",
    "dutch-2300005-n25-r8.trf", "dutch-2300002-n41-r8.trf", "dutch-2300133-n7-r7.trf",
    "dutch-2300011-n8-r7.trf", "dutch-2300089-n9-r6.trf", "dutch-2300010-n12-r10.trf",
    "dutch-2300051-n13-r10.trf", "dutch-2300082-n17-r11.trf", "dutch-2300079-n22-r7.trf",
]


class Round:
    """One reference round: the recorded tournament, the snapshot before it, ours and ours narrated."""

    def __init__(self, name: str, full: Tournament, r: int) -> None:
        self.name, self.full, self.r = name, full, r
        self.before = replay.before_round(full, r)
        self.plain = pair_unexplained(self.before)
        self.told = narrate(self.before, self.plain)

    def events(self, step: Step) -> list[TraceEvent]:
        return [e for e in self.told.trace if e.step is step]

    def boards(self) -> set[frozenset[int]]:
        return {frozenset((b.white, b.black)) for b in self.told.boards}


@pytest.fixture(scope="module")
def rounds() -> list[Round]:
    out = []
    for name in FILES:
        full = trf.load(dutch(name)).pairing_tournament()
        for r in range(1, full.rounds_played + 1):
            out.append(Round(name, full, r))
    return out


# -- independent readings of the history ---------------------------------------------------


def met_in(full: Tournament, a: int, b: int, before: int) -> int | None:
    for r in range(1, before):
        e = full.player(a).entry(r)
        if e.opponent == b and e.is_game:
            return r
    return None


def preference(t: Tournament, pid: int) -> tuple[Colour, str]:
    """C.04.3 art. 1.7 read straight from the played colours."""
    seq = [c for c in t.colours(pid) if c is not Colour.NONE]
    if not seq:
        return Colour.NONE, "none"
    cd = sum(1 if c is Colour.WHITE else -1 for c in seq)
    if cd > 1 or cd < -1:
        return (Colour.BLACK if cd > 1 else Colour.WHITE), "absolute"
    if len(seq) >= 2 and seq[-1] is seq[-2]:
        return seq[-1].opposite, "absolute"
    if cd:
        return (Colour.BLACK if cd > 0 else Colour.WHITE), "strong"
    return seq[-1].opposite, "mild"


# -- the pairing itself is never touched ----------------------------------------------------


def test_narrate_never_changes_boards_or_bye(rounds):
    assert len(rounds) > 80
    for rd in rounds:
        assert rd.told.boards == rd.plain.boards, (rd.name, rd.r)
        assert rd.told.bye == rd.plain.bye, (rd.name, rd.r)
        assert rd.told.round == rd.plain.round
        # every event of the basic trace except those retold is still there, data intact
        kept = [e for e in rd.plain.trace if e.step not in (Step.FLOATER, Step.EXCHANGE, Step.PROPOSAL, Step.BYE)
                and "bye_score" not in e.data]
        for e in kept:
            assert e in rd.told.trace
        # events retold in other words keep the data the application reads
        for e in rd.plain.trace:
            if e in kept:
                continue
            assert any(x.step is e.step and x.bracket == e.bracket and x.data.items() >= e.data.items()
                       for x in rd.told.trace), (rd.name, rd.r, e)


def test_every_rejection_names_a_rule_and_a_proposed_pair_not_kept(rounds):
    seen = 0
    for rd in rounds:
        proposed: set[frozenset[int]] = set()
        for e in rd.told.trace:
            if e.step is Step.PROPOSAL:
                proposed |= {frozenset(p) for p in zip(e.data.get("s1", []), e.data.get("s2", []))}
            if e.step is Step.REJECTED:
                seen += 1
                assert e.rule.startswith("C.04."), e
                assert e.bracket is not None
                pair_ = frozenset(e.data["pair"])
                assert pair_ in proposed, (rd.name, rd.r, e.text)
                assert pair_ not in rd.boards(), (rd.name, rd.r, e.text)
    assert seen > 100


def test_proposed_pairs_not_kept_are_all_explained(rounds):
    """Every S1[i]-S2[i] pair of a proposal that is not on the boards has its REJECTED event."""
    for rd in rounds:
        told = {(e.bracket, frozenset(e.data["pair"])) for e in rd.events(Step.REJECTED)}
        for e in rd.events(Step.PROPOSAL):
            for p in zip(e.data.get("s1", []), e.data.get("s2", [])):
                if frozenset(p) not in rd.boards():
                    assert (e.bracket, frozenset(p)) in told, (rd.name, rd.r, p)


# -- absolute reasons are facts -------------------------------------------------------------


def test_rematch_named_with_the_round_they_met(rounds):
    found = 0
    for rd in rounds:
        for e in rd.events(Step.REJECTED):
            if e.rule == "C.04.3 [C1]":
                a, b = e.data["pair"]
                met = met_in(rd.full, a, b, rd.r)
                assert met is not None, (rd.name, rd.r, e.text)
                assert f"round {met}" in e.text
                found += 1
    assert found > 20


def test_concrete_rematch_round_4_of_the_ten_player_event(rounds):
    rd = next(x for x in rounds if x.name == "dutch-2300007-n10-r5.trf" and x.r == 4)
    # bracket on 1 point: 4, 7, 8; the proposal is 4-7, but 4 and 7 played each other earlier
    met = met_in(rd.full, 4, 7, 4)
    assert met is not None
    rejected = [e for e in rd.events(Step.REJECTED) if set(e.data["pair"]) == {4, 7}]
    assert len(rejected) == 1
    assert rejected[0].rule == "C.04.3 [C1]"
    assert f"met in round {met}" in rejected[0].text
    assert frozenset((4, 7)) not in rd.boards()
    assert frozenset((7, 8)) in rd.boards()
    exchange = [e for e in rd.events(Step.EXCHANGE) if e.bracket == rejected[0].bracket]
    assert exchange and exchange[0].data["s1_to_s2"] == [4] and exchange[0].data["s2_to_s1"] == [7]


def test_c3_both_with_the_same_absolute_preference(rounds):
    found = 0
    for rd in rounds:
        for e in rd.events(Step.REJECTED):
            if e.rule == "C.04.3 [C3]":
                a, b = e.data["pair"]
                ca, sa = preference(rd.before, a)
                cb, sb = preference(rd.before, b)
                assert sa == sb == "absolute" and ca is cb, (rd.name, rd.r, e.text)
                assert ("White" if ca is Colour.WHITE else "Black") in e.text
                assert met_in(rd.full, a, b, rd.r) is None
                found += 1
    assert found >= 1


# -- quality reasons -------------------------------------------------------------------------


def clashes(t: Tournament, pairs) -> int:
    """[C12] read from the history: pairs whose players want the same colour."""
    out = 0
    for x, y in pairs:
        cx, cy = preference(t, x)[0], preference(t, y)[0]
        out += cx is cy and cx is not Colour.NONE
    return out


def legal(rd: Round, x: int, y: int) -> bool:
    if met_in(rd.full, x, y, rd.r) is not None:
        return False
    (cx, sx), (cy, sy) = preference(rd.before, x), preference(rd.before, y)
    return not (sx == sy == "absolute" and cx is cy)


def fewest_clashes_keeping(rd: Round, keep: tuple[int, int], players: list[int]) -> int | None:
    """Brute force over every legal pairing of ``players`` that contains ``keep``."""
    best = None

    def walk(left, made):
        nonlocal best
        if not left:
            n = clashes(rd.before, made)
            best = n if best is None else min(best, n)
            return
        first, rest = left[0], left[1:]
        for i, other in enumerate(rest):
            if legal(rd, first, other):
                walk(rest[:i] + rest[i + 1:], made + [(first, other)])

    walk([x for x in players if x not in keep], [keep])
    return best


def test_colour_preference_rejection(rounds):
    """[C12] rejections: the count possible is the kept pairs' clashes; the count when keeping the
    pair is the fewest any legal pairing keeping it can reach (homogeneous brackets, brute force)."""
    found = searched = 0
    for rd in rounds:
        for e in rd.events(Step.REJECTED):
            if e.rule != "C.04.3 [C12]" or not e.data["certain"]:
                continue
            a, b = e.data["pair"]
            final = next(x for x in rd.events(Step.NOTE) if x.bracket == e.bracket and x.data.get("final"))
            assert clashes(rd.before, final.data["pairs"]) == e.data["possible"], (rd.name, rd.r, e.text)
            assert e.data["proposed"] > e.data["possible"]
            assert frozenset((a, b)) not in rd.boards()
            found += 1
            opening = next(x for x in rd.events(Step.BRACKET) if x.bracket == e.bracket)
            if opening.data["mdps"] or "best pairing of the bracket" not in e.text:
                continue
            paired = [x for p in final.data["pairs"] for x in p]
            if len(paired) <= 10:
                assert fewest_clashes_keeping(rd, (a, b), paired) == e.data["proposed"], (rd.name, rd.r, e.text)
                searched += 1
    assert found > 10 and searched > 5


def test_uncertain_reasons_say_so(rounds):
    for rd in rounds:
        for e in rd.events(Step.REJECTED):
            if not e.data["certain"]:
                assert "not determined" in e.text or "may have decided" in e.text, e.text


# -- floaters, bye, colours ----------------------------------------------------------------------


def test_floaters_are_the_bracket_players_left_unpaired(rounds):
    checked = 0
    for rd in rounds:
        brackets = rd.events(Step.BRACKET)
        for opening in brackets:
            members = set(opening.data["residents"]) | set(opening.data["mdps"])
            final = next((x for x in rd.events(Step.NOTE) if x.bracket == opening.bracket and x.data.get("final")), None)
            paired = {p for pair_ in (final.data["pairs"] if final else []) for p in pair_}
            floaters = {e.players[0] for e in rd.events(Step.FLOATER) if e.bracket == opening.bracket}
            assert floaters == members - paired, (rd.name, rd.r, opening.bracket)
            for pid in floaters:
                ev = next(e for e in rd.events(Step.FLOATER) if e.players == (pid,))
                assert ev.rule and ev.data["reason"]
                # the score is written as an arbiter writes it
                assert f"({points_text(rd.before.pairing_score(pid))})" in ev.text
                checked += 1
    assert checked > 50


def test_bye_reason(rounds):
    found_c9 = 0
    with_bye = [rd for rd in rounds if rd.told.bye is not None]
    assert len(with_bye) > 10
    for rd in with_bye:
        bye = rd.told.bye
        ev = [e for e in rd.events(Step.BYE)]
        assert len(ev) == 1 and ev[0].players == (bye,)
        assert "[C5]" in ev[0].rule
        score = rd.before.pairing_score(bye)
        assert f"{bye} ({points_text(score)})" in ev[0].text
        # [C2]: the bye never goes to a player who had one, and the text names those passed over
        assert not any(rd.full.player(bye).entry(r).is_pab for r in range(1, rd.r))
        unplayed = sum(1 for r in range(1, rd.r) if not rd.full.player(bye).entry(r).is_game)
        assert ev[0].data["unplayed"] == unplayed
        for other in ev[0].data["ineligible"]:  # [C2]: had the PAB, or a win's points without playing
            history = [rd.full.player(other).entry(r) for r in range(1, rd.r)]
            assert any(h.is_pab or h.code.value in "+F" for h in history), (rd.name, rd.r, other)
        if "[C9]" in ev[0].rule:
            assert f"fewest unplayed games ({unplayed})" in ev[0].text
            found_c9 += 1
    assert found_c9 >= 1


def test_colour_events_keep_the_rule_used(rounds):
    for rd in rounds:
        colours = rd.events(Step.COLOUR)
        assert len(colours) == len(rd.told.boards)
        for e, b in zip(colours, rd.told.boards):
            assert (e.data["white"], e.data["black"]) == (b.white, b.black)
            assert e.rule.startswith("C.04.3 art. 5.2.")


# -- the text -----------------------------------------------------------------------------------


def test_points_text():
    assert points_text(Decimal("2.5")) == "2½"
    assert points_text("0.5") == "½"
    assert points_text(Decimal("3.0")) == "3"
    assert points_text(0) == "0"
    assert points_text("1.25") == "1.25"


def test_render_headings_steps_bye_and_colours(rounds):
    rd = next(x for x in rounds if x.name == "dutch-2300007-n10-r5.trf" and x.r == 4)
    text = render(rd.told.trace)
    lines = text.splitlines()
    opening = [e for e in rd.events(Step.BRACKET)]
    for e in opening:
        residents = len(e.data["residents"])
        head = f"Bracket {e.bracket} · score {points_text(e.data['score'])} · {residents} resident"
        assert any(line.startswith(head) for line in lines), head
    assert any("moved down" in line and line.startswith("Bracket") for line in lines)
    assert "1½" in text and "1.5" not in text
    assert "they met in round" in text
    assert lines.index("Colours") > max(i for i, line in enumerate(lines) if line.startswith("Bracket"))
    for line in lines:
        if line and not line.startswith(("Bracket", "Colours", "Bye")):
            assert line.startswith("  ") or not any(line.startswith(h) for h in ("proposed", "rejected"))


def test_render_bye_section_last_but_colours(rounds):
    rd = next(x for x in rounds if x.told.bye is not None)
    lines = render(rd.told.trace).splitlines()
    assert "Bye" in lines and "Colours" in lines
    assert lines.index("Bye") < lines.index("Colours")
    assert any(str(rd.told.bye) in line for line in lines[lines.index("Bye"):lines.index("Colours")])


def test_limbo_players_unable_to_meet_any_resident(rounds):
    found = 0
    for rd in rounds:
        for e in rd.events(Step.NOTE):
            if "limbo" not in e.data:
                continue
            (x,) = e.players
            opening = next(o for o in rd.events(Step.BRACKET) if o.bracket == e.bracket)
            assert x in opening.data["mdps"]
            assert not any(x in b for b in rd.boards() if b <= set(opening.data["mdps"]) | set(opening.data["residents"]))
            if "[C1] [C3]" in e.rule:
                assert not any(legal(rd, x, r) for r in opening.data["residents"])
                found += 1
    assert found >= 1


def test_explanation_complete_and_idempotent(rounds):
    for rd in rounds:
        assert not any(e.data.get("explanation_error") for e in rd.told.trace), (rd.name, rd.r)
        assert narrate(rd.before, rd.told) == rd.told


def test_broken_trace_keeps_the_pairing(rounds):
    """A basic trace the narrator cannot read still leaves boards and bye, with a note saying so."""
    from dataclasses import replace

    rd = next(x for x in rounds if x.name == "dutch-2300007-n10-r5.trf" and x.r == 4)
    broken = [replace(e, data={**e.data, "residents": [999]}) if e.step is Step.BRACKET else e
              for e in rd.plain.trace]
    out = narrate(rd.before, replace(rd.plain, trace=tuple(broken)))
    assert out.boards == rd.plain.boards and out.bye == rd.plain.bye
    assert out.trace[-1].data.get("explanation_error")


def test_rejections_that_would_move_the_bye(rounds):
    """Keeping the pair would leave another player for the bye: [C2] ineligible, [C9] more unplayed games."""
    import re

    found = set()
    for rd in rounds:
        for e in rd.events(Step.REJECTED):
            m = re.search(r"leaves (\d+) for the bye", e.text)
            if not m:
                continue
            other, bye = int(m.group(1)), rd.told.bye
            assert bye is not None
            history = [rd.full.player(other).entry(r) for r in range(1, rd.r)]
            if e.rule == "C.04.3 [C2]":
                assert any(h.is_pab or (h.code.value in "+F") for h in history), (rd.name, rd.r, e.text)
            elif e.rule == "C.04.3 [C9]":
                mine = sum(1 for h in history if not h.is_game)
                theirs = sum(1 for r in range(1, rd.r) if not rd.full.player(bye).entry(r).is_game)
                assert mine > theirs, (rd.name, rd.r, e.text)
                assert f"{mine} unplayed" in e.text and f"{bye} has {theirs}" in e.text
            found.add(e.rule)
    assert {"C.04.3 [C2]", "C.04.3 [C9]"} <= found


def test_ties_left_to_the_generation_order_are_real_ties_on_colours(rounds):
    """'As good on every criterion': the swapped candidate is legal and has as many [C12] clashes."""
    import re

    found = 0
    for rd in rounds:
        for e in rd.events(Step.REJECTED):
            m = re.search(r"\(with (\d+)-(\d+)\) is as good", e.text)
            if not m:
                continue
            a, b = e.data["pair"]
            pa, pb = int(m.group(1)), int(m.group(2))
            assert legal(rd, a, b) and legal(rd, pa, pb), (rd.name, rd.r, e.text)
            final = next(x for x in rd.events(Step.NOTE) if x.bracket == e.bracket and x.data.get("final"))
            pairs = [tuple(p) for p in final.data["pairs"]]
            assert {frozenset((a, pa)), frozenset((b, pb))} <= {frozenset(p) for p in pairs}
            swapped = [p for p in pairs if frozenset(p) not in ({frozenset((a, pa)), frozenset((b, pb))})]
            swapped += [(a, b), (pa, pb)]
            assert clashes(rd.before, swapped) == clashes(rd.before, pairs), (rd.name, rd.r, e.text)
            found += 1
    assert found >= 3


def test_the_engine_hands_out_the_narrated_story(rounds):
    """engine.systems.dutch.pair is what the CLI and the app call: it must carry the full explanation."""
    rd = next(x for x in rounds if any(e.step is Step.REJECTED for e in x.told.trace))
    assert pair(rd.before) == rd.told


# -- the facts a bracket carries ----------------------------------------------------------------


def float_in(t: Tournament, pid: int, r: int) -> str:
    """C.04.3 art. 1.4 read from the history: "down", "up" or ""."""
    e = t.player(pid).entry(r)
    if not e.is_game:
        points = t.settings.points
        return "down" if points.points(e.code) > points.loss else ""
    mine, theirs = t.pairing_score(pid, r), t.pairing_score(e.opponent, r)
    return "down" if mine > theirs else "up" if mine < theirs else ""


def test_bracket_events_carry_each_players_facts(rounds):
    """Score, colours, colour due and floats of every bracket player, as the rules give them."""
    checked = floats = 0
    for rd in rounds:
        t, nxt = rd.before, rd.before.next_round
        for e in rd.events(Step.BRACKET):
            assert tuple(f.id for f in e.facts) == e.players, (rd.name, rd.r, e.bracket)
            for f in e.facts:
                assert f.score == t.pairing_score(f.id) and isinstance(f.score, Decimal)
                assert f.colours == t.colours(f.id)
                due, strength = preference(t, f.id)
                assert (f.due, f.strength.name.lower()) == (due, strength), (rd.name, rd.r, f.id)
                expected = tuple((r, float_in(t, f.id, r)) for r in (nxt - 2, nxt - 1) if r >= 1)
                assert tuple((r, d.value) for r, d in f.floats) == tuple(x for x in expected if x[1])
                floats += len(f.floats)
                checked += 1
    assert checked > 1000 and floats > 100


def test_bracket_facts_are_immutable(rounds):
    import dataclasses
    import pickle
    from dataclasses import replace

    from engine.model.explain import PlayerFacts

    f = next(e for rd in rounds for e in rd.events(Step.BRACKET)).facts[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.score = Decimal(9)  # type: ignore[misc]
    extra = {"aro": Decimal("1650.5")}
    g = PlayerFacts(f.id, f.score, f.colours, f.due, f.strength, f.floats, extra)
    extra["aro"] = Decimal(0)
    assert g.extra["aro"] == Decimal("1650.5")
    with pytest.raises(TypeError):
        g.extra["aro"] = Decimal(1)  # type: ignore[index]
    # the app pairs in a child process: the facts travel pickled
    assert pickle.loads(pickle.dumps(g)) == g and hash(g) == hash(replace(g))


@pytest.mark.parametrize("system", ["dutch-2026", "dubov-2026", "dubov-1997", "burstein-2026"])
def test_bracket_facts_carry_the_virtual_points_of_acceleration(system):
    # The review shows the virtual points apart from the score (C.04.7) from the trace alone.
    from dataclasses import replace

    from engine import systems
    from tests.data_paths import FIXTURES

    full = trf.load(FIXTURES / "dutch-hard" / "hard-9003-n15-bwzf.trf").pairing_tournament()
    seen = 0
    for r in range(1, full.rounds_played + 1):
        t = replay.before_round(full, r)
        t = replace(t, settings=replace(t.settings, system=system))
        for event in systems.pair(t).trace:
            for f in event.facts:
                assert f.virtual == t.pairing_score(f.id) - t.score(f.id), (r, f.id)
                seen += bool(f.virtual)
    assert seen > 0  # the file accelerates its first rounds
