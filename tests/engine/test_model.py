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
