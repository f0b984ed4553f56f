"""Categories: rating bands, unrated players, FIDE age bands by year of birth, and conditions combined."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.awards.categories import Applicant, Category, age_band, members, qualifies

YEAR = 2026  # the year the event starts


def _born(birth: str) -> Applicant:
    return Applicant(1, rating=1500, birth=birth)


def test_under_n_is_not_n_before_1_january_of_the_event_s_year():
    u18 = Category("U18", age="U18")
    # Born 2008: 17 on 1 January 2026 (or 18 that very day, which is not "before" it): U18.
    assert qualifies(_born("2008/01/01"), u18, YEAR) and qualifies(_born("2008"), u18, YEAR)
    assert qualifies(_born("2012-06-30"), u18, YEAR)
    assert not qualifies(_born("2007/12/31"), u18, YEAR)
    assert qualifies(_born("2018"), Category("U8", age="U8"), YEAR)
    assert not qualifies(_born("2017/12/31"), Category("U8", age="U8"), YEAR)


def test_n_plus_is_n_or_older_in_the_event_s_year():
    s50 = Category("50+", age="50+")
    assert qualifies(_born("1976/12/31"), s50, YEAR)  # turns 50 in 2026
    assert not qualifies(_born("1977/01/01"), s50, YEAR)
    assert qualifies(_born("1961"), Category("65+", age="65+"), YEAR)
    assert not qualifies(_born("1962"), Category("65+", age="65+"), YEAR)


def test_an_unknown_birth_is_in_no_age_category():
    assert not qualifies(_born(""), Category("U18", age="U18"), YEAR)
    assert not qualifies(_born("2010"), Category("U18", age="U18"), None)  # the event has no start date


def test_born_between_two_dates():
    cat = Category("Born 2010-2011", born_from=dt.date(2010, 1, 1), born_to=dt.date(2011, 12, 31))
    assert [qualifies(_born(b), cat, YEAR) for b in ("2009/12/31", "2010", "2011/12/31", "2012/01/01")] == [
        False, True, True, False]


def test_rating_bands_take_rated_players_unless_told_otherwise():
    players = [Applicant(1, 1799), Applicant(2, 1800), Applicant(3, 0), Applicant(4, 1400)]
    assert members(players, Category("U1800", rating_max=1799), YEAR) == [1, 4]
    assert members(players, Category("U1800+", rating_max=1799, include_unrated=True), YEAR) == [1, 3, 4]
    assert members(players, Category("Unrated", unrated=True), YEAR) == [3]
    assert members(players, Category("1500-1800", rating_min=1500, rating_max=1800), YEAR) == [1, 2]


def test_national_rating_bands():
    players = [Applicant(1, rating=1900, national_rating=1700), Applicant(2, rating=1700, national_rating=1900)]
    assert members(players, Category("U1800 nat", rating_max=1799, rating="national"), YEAR) == [1]


def test_conditions_combine_and_a_player_is_in_every_category_he_meets():
    ann = Applicant(1, 1650, birth="2011", sex="w", federation="ENG", club="Riverside")
    bob = Applicant(2, 1650, birth="2011", sex="m", federation="ENG", club="Riverside")
    girls = Category("Girls U16", age="U16", sex="w")
    local = Category("Riverside", clubs=("riverside",), federations=("ENG",))
    assert members([ann, bob], girls, YEAR) == [1]
    assert members([ann, bob], local, YEAR) == [1, 2]
    assert qualifies(ann, Category("U1800", rating_max=1799), YEAR)  # and U1800, and Riverside, and Girls U16


def test_age_bands_are_written_u_n_or_n_plus():
    assert age_band("U18") == ("under", 18) and age_band("65+") == ("over", 65)
    with pytest.raises(ValueError, match="expected U<age>"):
        age_band("under 18")
