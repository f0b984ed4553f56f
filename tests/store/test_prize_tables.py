"""The event file's [prizes] and [[categories]]: read, checked with file:line: field errors, written back."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from engine.awards.prizes import Prize
from swisstui import store
from swisstui.store import EventFileError

HEAD = 'schema = 1\n[event]\nname = "Prize Open"\nstart = 2026-07-04\n[settings]\nrounds = 5\n'

TEXT = HEAD + '''
[prizes]
tie_rule = "hort"
prefer = "category"
places = [1000, { amount = 600, name = "Cup" }, 300.50, "Book"]

[[categories]]
name = "U1800"
rating_max = 1799
prizes = [150, 100]

[[categories]]
name = "Girls U16"
age = "u16"
sex = "W"
federation = ["eng", "SCO"]

[[categories]]
name = "Born 2010-2011"
born_from = 2010
born_to = 2011-12-31
club = "Riverside"
include_unrated = true
rating_max = 1500
'''


def test_prizes_and_categories_are_read():
    event = store.loads(TEXT)
    rules = event.prizes
    assert (rules.tie_rule, rules.prefer) == ("hort", "category")
    assert rules.places == (Prize(1, Decimal(1000)), Prize(2, Decimal(600), "Cup"), Prize(3, Decimal("300.50")),
                            Prize(4, Decimal(0), "Book"))
    u1800, girls, born = (c.category for c in rules.categories)
    assert u1800.rating_max == 1799 and rules.categories[0].prizes == (Prize(1, Decimal(150)), Prize(2, Decimal(100)))
    assert (girls.age, girls.sex, girls.federations) == ("U16", "w", ("ENG", "SCO"))
    assert (born.born_from, born.born_to, born.clubs) == (dt.date(2010, 1, 1), dt.date(2011, 12, 31), ("Riverside",))
    assert [pl.title for pl in rules.lists()] == ["Overall", "U1800"]


def test_prizes_and_categories_are_written_back():
    event = store.loads(TEXT)
    text = store.dumps(event)
    assert store.loads(text) == event
    assert 'places = [1000, { amount = 600, name = "Cup" }, 300.50, "Book"]' in text
    assert text.index("[prizes]") < text.index("[[categories]]")


def test_an_event_without_prizes_writes_none():
    assert "prizes" not in store.dumps(store.loads(HEAD))


@pytest.mark.parametrize(("tail", "message"), [
    ('[prizes]\nplaces = [300, 500]\n', r"EVENT.toml:9: prizes.places: place 2 pays 500 but place 1 only 300"),
    ('[prizes]\ntie_rule = "split"\n', r"EVENT.toml:9: prizes.tie_rule: 'split' is not one of"),
    ('[[categories]]\nname = "Kids"\nage = "under 12"\n', r"EVENT.toml:10: categories.age: expected U<age>"),
    ('[[categories]]\nname = "A"\n\n[[categories]]\nname = "a"\n',
     r"EVENT.toml:12: categories.name: category 'a' is already defined on line 8"),
    ('[[categories]]\nname = "A"\nrating_max = 1500\nrating_min = 1600\n',
     r"EVENT.toml:10: categories.rating_max: rating_max 1500 is below rating_min 1600"),
    ('[[categories]]\nname = "A"\nsex = "x"\n', r'EVENT.toml:10: categories.sex: expected "m" or "w"'),
    ('[[categories]]\nname = "A"\nprizes = [true]\n', r"EVENT.toml:10: categories.prizes: expected an amount"),
    ('[[categories]]\nname = "A"\ncolour = "w"\n', r"EVENT.toml:10: categories.colour: unknown key"),
])
def test_bad_prize_tables_are_errors_naming_line_and_key(tail, message):
    with pytest.raises(EventFileError, match=message):
        store.loads(HEAD + "\n" + tail, path="EVENT.toml")
