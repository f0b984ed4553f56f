"""Model values a caller builds by hand behave exactly like the ones read from files."""

from decimal import Decimal

from engine import trf
from engine.model.tournament import Colour, Player, PointSystem, ResultCode, RoundEntry, Settings, Tournament


def test_point_system_accepts_plain_numbers_and_keeps_them_exact():
    points = PointSystem(win=3, draw=1, pab=0.5)
    assert points.win == Decimal(3) and isinstance(points.win, Decimal)
    assert points.pab_points == Decimal("0.5")
    assert points.points(ResultCode.HALF_BYE) == Decimal(1)
    assert PointSystem(win=1, draw=0.5) == PointSystem()


def test_three_one_zero_tournament_writes_its_162_record():
    a = Player(1, "Alpha, Ann", history=(RoundEntry(2, Colour.WHITE, ResultCode.WIN),))
    b = Player(2, "Beta, Bob", history=(RoundEntry(1, Colour.BLACK, ResultCode.LOSS),))
    t = Tournament(Settings(rounds=3, points=PointSystem(win=3, draw=1)), (a, b))
    text = trf.dumps(t)
    assert "162  W 3.0    D 1.0" in text
    assert trf.loads(text).tournament.score(1) == Decimal(3)


def test_a_tournament_pickles_whole_with_its_caches_left_behind():
    """The app hands the Tournament to the pairing's child process pickled (a mapping proxy alone would not pickle)."""
    import pickle

    a = Player(1, "Alpha, Ann", rating=2100, history=(RoundEntry(2, Colour.WHITE, ResultCode.WIN),))
    b = Player(2, "Beta, Bob", history=(RoundEntry(1, Colour.BLACK, ResultCode.LOSS),))
    c = Player(3, "Gamma, Gus", history=(RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE),))
    t = Tournament(Settings(rounds=5, points=PointSystem(win=3, draw=1), tiebreaks=("BH",)), (c, b, a),
                   name="Club", pending={2: RoundEntry(None, Colour.NONE, ResultCode.ZERO_BYE)})
    assert t.score(1) == Decimal(3) and t.player(2).name == "Beta, Bob"  # caches filled
    again = pickle.loads(pickle.dumps(t))
    assert again == t and again.name == "Club" and dict(again.pending) == dict(t.pending)
    assert [p.id for p in again.to_pair()] == [1, 3]
    assert again.score(3) == t.score(3) and again.next_round == 2
