"""The prize set-up's fields read as the arbiter types them, and the session's prize operations on a real
event file: what each field accepts and how it says no, and what the form keeps that it does not show."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from engine.awards.categories import Category
from engine.awards.prizes import Prize
from swisstui import store
from swisstui.session.actions import ActionError, Session
from swisstui.session.prize_actions import FieldProblems, check_category, read_band, read_prizes

from .conftest import write_event


@pytest.mark.parametrize("text, band", [
    ("1600-1999", (1600, 1999, False)), ("-1999", (None, 1999, False)), ("2000-", (2000, None, False)),
    (" 1600 - 1999 ", (1600, 1999, False)), ("Unrated", (None, None, True)), ("", (None, None, False)),
])
def test_bands_as_typed(text, band):
    assert read_band(text) == band


@pytest.mark.parametrize("text, why", [
    ("18OO", "'18OO' is not a band"), ("1600", "'1600' is not a band"), ("-", "'-' is not a band"),
    ("1999-1600", r"the band ends \(1600\) below where it starts \(1999\)"), ("1600-1999-2100", "is not a band"),
])
def test_a_band_that_does_not_read_says_why(text, why):
    with pytest.raises(ValueError, match=why):
        read_band(text)


def test_prizes_as_typed_and_refused():
    assert read_prizes("1000 Cup, 600, 125.50, Book") == (
        Prize(1, Decimal(1000), "Cup"), Prize(2, Decimal(600)), Prize(3, Decimal("125.50")), Prize(4, Decimal(0), "Book"))
    for text, why in [("600,,400", "prize 2 is empty"), ("400, 600", r"prize 2 \(600\) pays more than prize 1 \(400\)"),
                      ("12.345", "not an amount from 0 to 1000000000 in cents at most"), ("-5", "prize 1: '-5'"),
                      ("1e3x", "'1e3x' is not an amount")]:
        with pytest.raises(ValueError, match=why):
            read_prizes(text)


def test_every_field_at_fault_is_named_at_once_and_what_the_form_does_not_show_is_kept():
    fields = {"name": "", "band": "x", "age": "16", "sex": "f", "federation": "NORWAY", "club": "", "prizes": "5,,"}
    category, problems = check_category(fields)
    assert category is None and set(problems) == {"name", "band", "age", "sex", "federation", "prizes"}
    assert problems["age"] == "'16' is not an age: write U16 (under 16) or 65+ (65 and older)"
    base = Category("Juniors", born_from=dt.date(2010, 1, 1), rating="national", include_unrated=True)
    good = {"name": "Juniors", "band": "-1799", "age": "u18", "sex": "W", "federation": "nor, swe",
            "club": "Riverside", "prizes": "50"}
    category, problems = check_category(good, base, taken=("Women",))
    assert not problems and category is not None
    assert category.category == Category("Juniors", rating_max=1799, include_unrated=True, rating="national",
                                          age="U18", born_from=dt.date(2010, 1, 1), sex="w",
                                          federations=("NOR", "SWE"), clubs=("Riverside",))
    assert check_category({**good, "name": "women"}, taken=("Women",))[1] == {
        "name": "there is a category 'women' already"}


def test_the_operations_write_the_file_and_refuse_with_the_field(tmp_path):
    path = write_event(tmp_path / "spring.toml")
    s = Session.open(path)
    s.prizes.set_prize_rule("tie_rule", "hort")
    s.prizes.set_place_prizes("500 Cup, 300")
    assert s.prizes.save_category(None, {"name": "U2000", "band": "-1999", "prizes": "100"}).value == "U2000"
    s.prizes.save_category("U2000", {"name": "U2100", "band": "-2099", "prizes": "120"})
    with pytest.raises(FieldProblems) as refused:
        s.prizes.save_category(None, {"name": "u2100", "band": "-2099"})
    assert refused.value.problems == {"name": "there is a category 'u2100' already"}
    with pytest.raises(ActionError, match="eligible: expected one of all, not-withdrawn, every-round"):
        s.prizes.set_prize_rule("eligible", "everybody")
    rules = store.load(path).prizes
    assert rules.tie_rule == "hort" and rules.places == (Prize(1, Decimal(500), "Cup"), Prize(2, Decimal(300)))
    assert [(c.category.name, c.category.rating_max, c.prizes) for c in rules.categories] == [
        ("U2100", 2099, (Prize(1, Decimal(120)),))]
    s.prizes.remove_category("U2100")
    assert store.load(path).prizes.categories == ()
    with pytest.raises(ActionError, match="there is no category 'U2100'"):
        s.prizes.remove_category("U2100")
