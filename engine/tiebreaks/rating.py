"""The FIDE rating tables that TPR and PTP use (B.02 Rating Regulations, art. 8.1).

8.1.1 gives the rating difference ``dp`` for a fractional score ``p`` (0.00 to
1.00 in hundredths); 8.1.2 the expected score ``PD`` for a rating difference.
The second is kept in the band form FIDE prints: the upper end of each band of
differences and the expected score of the higher-rated player in hundredths.
"""

from __future__ import annotations

from bisect import bisect_left
from decimal import ROUND_HALF_UP, Decimal

# B.02 8.1.1: dp for p = 0.50, 0.51, ..., 1.00 (the table is symmetric: dp(1 - p) = -dp(p)).
_DP_UPPER = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
    158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
    351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)

# B.02 8.1.2: (largest difference of the band, PD of the higher-rated player in hundredths).
_PD_BANDS = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58),
    (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66), (129, 67),
    (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74), (197, 75),
    (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81), (267, 82), (278, 83),
    (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89), (374, 90), (391, 91),
    (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97), (619, 98), (735, 99),
)
_BAND_ENDS = tuple(end for end, _ in _PD_BANDS)


def dp(p_hundredths: int) -> int:
    """B.02 8.1.1: the rating difference for a percentage score (0..100)."""
    if not 0 <= p_hundredths <= 100:
        raise ValueError(f"score percentage {p_hundredths} outside 0..100")
    if p_hundredths >= 50:
        return _DP_UPPER[p_hundredths - 50]
    return -_DP_UPPER[50 - p_hundredths]


def expected_hundredths(own: int, opponent: int) -> int:
    """B.02 8.1.2: expected score of ``own`` against ``opponent``, in hundredths (full scale, no 400 cut)."""
    diff = abs(own - opponent)
    i = bisect_left(_BAND_ENDS, diff)
    high = _PD_BANDS[i][1] if i < len(_PD_BANDS) else 100
    return high if own >= opponent else 100 - high


def round_half_up(value: Decimal) -> int:
    return int(value.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def average_rating(ratings: list[int]) -> int | None:
    """C.07 10.1: the mean, rounded to the nearest integer, .5 up; None without a rated game."""
    if not ratings:
        return None
    return _mean(ratings)


def _mean(ratings: list[int]) -> int:
    return round_half_up(Decimal(sum(ratings)) / len(ratings))


def performance(score: Decimal, ratings: list[int]) -> int | None:
    """C.07 10.2: ARO + dp(p), p = score / games rounded to hundredths (.5 up)."""
    if not ratings:
        return None
    p = round_half_up(score * 100 / len(ratings))
    return _mean(ratings) + dp(p)


def perfect_performance(score: Decimal, ratings: list[int]) -> int | None:
    """C.07 10.3: the lowest rating whose expected score against the opponents reaches the score.

    A zero score gives the lowest opponent's rating minus 800. The expected score
    rises with the rating, so the answer is found by bisection.
    """
    if not ratings:
        return None
    if score <= 0:
        return min(ratings) - 800
    target = round_half_up(score * 100)

    def reaches(r: int) -> bool:
        return sum(expected_hundredths(r, o) for o in ratings) >= target

    low, high = min(ratings) - 800, max(ratings) + 800  # reaches(high) holds whenever score <= games
    if not reaches(high):
        return high
    while high - low > 1:
        mid = (low + high) // 2
        if reaches(mid):
            high = mid
        else:
            low = mid
    return high
