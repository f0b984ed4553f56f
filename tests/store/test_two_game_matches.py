"""A made-up system pairing two-game matches: pairs, stores, writes, reads back and validates through the model.

The system is defined here, not in the catalogue: it stands for the formats to come
(the Double-Swiss, C.04.5: every pairing a match of two games with reversed colours).
It orders the units by match score (game points, from the model's
:func:`engine.model.matches.match_score`) then pairing number, gives the bye to the
last unit that has not had one, and pairs neighbours, never two units that have met.
Each round goes into the event as matches, through the event file on disk (created,
then changed under its lock), and what is read back is checked by the model: every
unit in one match or the bye, two games with reversed colours, no rematch, and the
match scores from the game results, against totals worked out by hand below.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path

from engine.model.match_rounds import check_round, have_met
from engine.model.matches import Game, Match, MatchScoring, match_score
from engine.model.units import Unit
from swisstui import store
from swisstui.store.event import Event, PlayerRecord, new_event
from swisstui.store.event_matches import matches_before, round_matches, units
from swisstui.store.match_records import GameRecord, MatchRecord

GAMES = 2
SCORING = MatchScoring()  # points a game, 1-½-0; the bye worth the PAB (a win) for each of the two games


# -- the made-up system -----------------------------------------------------------------


def totals(before: Sequence[Sequence[Match]]) -> dict[int, Decimal]:
    """Each unit's game points over the earlier rounds, from the model's match scores."""
    points: dict[int, Decimal] = {}
    for rnd in before:
        for m in rnd:
            score = match_score(m, SCORING, GAMES)
            points[m.home.id] = points.get(m.home.id, Decimal(0)) + score.home
            if m.away is not None:
                points[m.away.id] = points.get(m.away.id, Decimal(0)) + score.away
    return points


def pair_two_game_matches(to_pair: Sequence[Unit], before: Sequence[Sequence[Match]]) -> list[Match]:
    """Neighbours in score order play two games, the upper unit White in the first; an odd unit out has the bye."""
    points = totals(before)
    order = sorted(to_pair, key=lambda u: (-points.get(u.id, Decimal(0)), u.id))
    bye: Unit | None = None
    if len(order) % 2:
        had_bye = {m.home.id for rnd in before for m in rnd if m.is_bye}
        bye = next(u for u in reversed(order) if u.id not in had_bye)
        order.remove(bye)
    pairs = _pairs(order, before)
    assert pairs is not None, "no pairing without a rematch"
    found = [Match(i, a, b, (Game(a.id, b.id), Game(b.id, a.id))) for i, (a, b) in enumerate(pairs, start=1)]
    if bye is not None:
        found.append(Match(len(found) + 1, bye, None))
    return found


def _pairs(order: list[Unit], before: Sequence[Sequence[Match]]) -> list[tuple[Unit, Unit]] | None:
    if not order:
        return []
    first, rest = order[0], order[1:]
    for i, other in enumerate(rest):
        if have_met(before, first.id, other.id):
            continue
        tail = _pairs(rest[:i] + rest[i + 1:], before)
        if tail is not None:
            return [(first, other), *tail]
    return None


# -- the event --------------------------------------------------------------------------


def store_round(event: Event, number: int, matches: Sequence[Match]) -> None:
    """The system's matches as round ``number`` of the event: one record a match, the bye as the round's bye."""
    rnd = event.ensure_round(number)
    rnd.published = True
    rnd.matches = [MatchRecord(m.number, [GameRecord(g.white, g.black) for g in m.games]) for m in matches if not m.is_bye]
    rnd.bye = next((m.home.id for m in matches if m.is_bye), None)


def enter_results(event: Event, number: int, results: dict[int, tuple[str, str]]) -> None:
    """The two games' results of each match of round ``number``, as an arbiter enters them."""
    for m in event.recorded_round(number).matches:
        for game, result in zip(m.games, results[m.number], strict=True):
            game.result = result


def pair_and_write(path: Path, number: int) -> Event:
    """Pair round ``number`` from the file as it is, write it under the lock, and read the file again."""

    def change(event: Event) -> None:
        store_round(event, number, pair_two_game_matches(units(event, number), matches_before(event, number)))

    store.update(path, change)
    return store.load(path)


def validate(event: Event, number: int) -> list[str]:
    return check_round(units(event, number), round_matches(event, number), matches_before(event, number), GAMES)


def test_two_game_matches_pair_store_read_back_and_validate_through_the_model(tmp_path: Path) -> None:
    path = tmp_path / "double.toml"
    event = new_event("Two games a pairing", 3, "dutch")
    event.players = [PlayerRecord(i, f"Player {i}", 2300 - 50 * i) for i in range(1, 8)]
    store.create(event, path)

    # Round 1: everybody on 0: 1-2, 3-4, 5-6, and 7, the last, has the bye.
    back = pair_and_write(path, 1)
    assert validate(back, 1) == []
    assert [m.units for m in round_matches(back, 1)] == [(1, 2), (3, 4), (5, 6), (7,)]
    text = path.read_text(encoding="utf-8")
    assert '  { match = 1, game = 1, white = 1, black = 2, result = "" },' in text.splitlines()
    assert '  { match = 1, game = 2, white = 2, black = 1, result = "" },' in text.splitlines()
    assert "bye = 7" in text.splitlines()

    store.update(path, lambda e: enter_results(e, 1, {
        1: ("1-0", "1/2-1/2"),  # 1 wins with White, draws with Black: 1½-½
        2: ("0-1", "0-1"),  # each wins with Black: 1-1
        3: ("+/-", "1-0"),  # 5 wins the first game by forfeit, 6 the second over the board: 1-1
    }))
    back = store.load(path)
    assert back.recorded_round(1).matches[0].games[1].result == "1/2-1/2"
    scores = {m.units: (match_score(m, SCORING, GAMES).home, match_score(m, SCORING, GAMES).away)
              for m in round_matches(back, 1)}
    assert scores == {(1, 2): (Decimal("1.5"), Decimal("0.5")), (3, 4): (1, 1), (5, 6): (1, 1), (7,): (2, 0)}
    assert all(match_score(m, SCORING, GAMES).played for m in round_matches(back, 1) if not m.is_bye)

    # Round 2, by hand: 7 (2), 1 (1½), 3 4 5 6 (1), 2 (½). 2 has the bye (7 had one); 7-1;
    # 3-4 met, so 3-5, then 4-6.
    back = pair_and_write(path, 2)
    assert validate(back, 2) == []
    assert [m.units for m in round_matches(back, 2)] == [(7, 1), (3, 5), (4, 6), (2,)]
    assert totals(matches_before(back, 3)) == {
        1: Decimal("1.5"), 2: Decimal("2.5"), 3: 1, 4: 1, 5: 1, 6: 1, 7: 2,
    }


def test_the_model_finds_each_broken_rule_in_a_round_read_back(tmp_path: Path) -> None:
    """The validation the test above relies on speaks up: a unit left out, colours not reversed, a rematch."""
    path = tmp_path / "broken.toml"
    event = new_event("Broken", 3, "dutch")
    event.players = [PlayerRecord(i, f"Player {i}", 2000) for i in range(1, 5)]
    rnd = event.ensure_round(1)
    rnd.published = True
    rnd.matches = [MatchRecord(1, [GameRecord(1, 2, "1-0"), GameRecord(2, 1, "1-0")])]
    two = event.ensure_round(2)
    two.matches = [MatchRecord(1, [GameRecord(2, 1), GameRecord(2, 1)])]
    store.create(event, path)
    back = store.load(path)
    assert validate(back, 1) == ["units not paired and without the bye: 3, 4"]
    assert validate(back, 2) == [
        "match 1, game 2: unit 2 has White again (colours alternate game by game)",
        "match 1: units 2 and 1 have met before",
        "units not paired and without the bye: 3, 4",
    ]
