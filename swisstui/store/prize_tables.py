"""Reading and writing an event's ``[prizes]`` table and ``[[categories]]`` (docs/prizes.md).

A prize is written as an amount (``500``, ``125.50``), a name (``"Cup"``) or both
(``{ amount = 500, name = "Cup" }``); a list gives the prizes of places 1, 2, ...
Amounts may not rise down a list: a lower place never pays more than a higher one,
which the allocation relies on.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from engine.awards.categories import Category, age_band
from engine.awards.prizes import ELIGIBILITY, PREFERENCES, TIE_RULES, CategoryPrizes, Prize, PrizeRules
from swisstui.language import _
from swisstui.store import schema
from swisstui.store.lines import Path as KeyPath
from swisstui.store.typed import TypedReader, describe

RATINGS = ("fide", "national")
MAX_AMOUNT = Decimal(10) ** 9


def read_prizes(reader: TypedReader, doc: dict[str, Any]) -> PrizeRules:
    """The prize rules of a parsed event file; every problem an error naming its line and key."""
    categories = tuple(_category(reader, raw, ("categories", i))
                       for i, raw in enumerate(reader.tables(doc.get("categories", []), ("categories",))))
    seen: dict[str, int] = {}
    for i, c in enumerate(categories):
        key = c.category.name.casefold()
        if key in seen:
            raise reader.fail(("categories", i, "name"), _("category {name} is already defined on line {line}").format(
                name=repr(c.category.name), line=reader.lines.nearest(("categories", seen[key]))))
        seen[key] = i
    if "prizes" not in doc:
        return PrizeRules(categories=categories)
    where: KeyPath = ("prizes",)
    t = reader.table(doc["prizes"], where, schema.PRIZES_KEYS)
    return PrizeRules(
        places=_prize_list(reader, t, where, "places"),
        categories=categories,
        tie_rule=reader.choice(t, where, "tie_rule", TIE_RULES, "tiebreak"),
        prefer=reader.choice(t, where, "prefer", PREFERENCES, "place"),
        eligible=reader.choice(t, where, "eligible", ELIGIBILITY, "all"),
    )


def _category(reader: TypedReader, raw: Any, where: KeyPath) -> CategoryPrizes:
    t = reader.table(raw, where, schema.CATEGORY_KEYS)
    name = reader.get(t, where, "name", "line")
    if not name.strip():
        raise reader.fail(where + ("name",), _("a category needs a name"))
    age = reader.get(t, where, "age", "line", "")
    if age:
        try:
            age_band(age)
        except ValueError as err:
            raise reader.fail(where + ("age",), str(err).removeprefix(f"age {age!r}: ")) from None
    sex = reader.get(t, where, "sex", "line", "").strip().lower()
    if sex not in ("", "m", "w"):
        raise reader.fail(where + ("sex",), _("expected \"m\" or \"w\", got {sex}").format(sex=describe(sex)))
    rating_min = reader.positive(t, where, "rating_min", None, minimum=0)
    rating_max = reader.positive(t, where, "rating_max", None, minimum=0)
    if rating_min is not None and rating_max is not None and rating_max < rating_min:
        raise reader.fail(where + ("rating_max",), _("rating_max {rating_max} is below rating_min {rating_min}").format(
                rating_max=rating_max, rating_min=rating_min))
    born_from = _birth_bound(reader, t, where, "born_from", first=True)
    born_to = _birth_bound(reader, t, where, "born_to", first=False)
    if born_from and born_to and born_to < born_from:
        raise reader.fail(where + ("born_to",), _("born_to ({born_to}) is before born_from ({born_from})").format(
                born_to=born_to, born_from=born_from))
    category = Category(
        name=name.strip(),
        rating_min=rating_min,
        rating_max=rating_max,
        unrated=reader.get(t, where, "unrated", "bool", False),
        include_unrated=reader.get(t, where, "include_unrated", "bool", False),
        rating=reader.choice(t, where, "rating", RATINGS, "fide"),
        age=age.strip().upper(),
        born_from=born_from,
        born_to=born_to,
        sex=sex,
        federations=tuple(x.strip().upper() for x in _one_or_more(reader, t, where, "federation")),
        clubs=tuple(x.strip() for x in _one_or_more(reader, t, where, "club")),
    )
    return CategoryPrizes(category, _prize_list(reader, t, where, "prizes"))


def _one_or_more(reader: TypedReader, t: dict[str, Any], where: KeyPath, key: str) -> list[str]:
    """A string or a list of strings (a player meets the condition with any one of them)."""
    value = t.get(key, [])
    if isinstance(value, str):
        return [reader.get(t, where, key, "line")]
    lines: list[str] = reader.get(t, where, key, "lines", [])
    return lines


def _birth_bound(reader: TypedReader, t: dict[str, Any], where: KeyPath, key: str, *, first: bool) -> dt.date | None:
    """A date, or a year: its first day for ``born_from``, its last for ``born_to``."""
    value = t.get(key)
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        if not 1 <= value <= 9999:
            raise reader.fail(where + (key,), _("expected a year or a date like 2008-01-01, got {value}").format(
                    value=value))
        return dt.date(value, 1, 1) if first else dt.date(value, 12, 31)
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    raise reader.fail(where + (key,), _("expected a year or a date like 2008-01-01 (without quotes), got {value}").format(
            value=describe(value)))


def _prize_list(reader: TypedReader, t: dict[str, Any], where: KeyPath, key: str) -> tuple[Prize, ...]:
    raw = t.get(key, [])
    if not isinstance(raw, list):
        raise reader.fail(where + (key,), _("expected a list of prizes like [500, 300, \"Cup\"], got {raw}").format(
                raw=describe(raw)))
    prizes: list[Prize] = []
    for i, item in enumerate(raw):
        at = where + (key, i)
        prize = _prize(reader, item, at, i + 1)
        if prizes and prize.amount > prizes[-1].amount:
            raise reader.fail(at, _("place {place} pays {amount} but place {above} only {above_amount}: amounts may "
                                    "not rise down a list").format(
                place=i + 1, amount=prize.amount, above=i, above_amount=prizes[-1].amount))
        prizes.append(prize)
    return tuple(prizes)


def _prize(reader: TypedReader, item: Any, at: KeyPath, place: int) -> Prize:
    if isinstance(item, dict):
        reader.table(item, at, schema.PRIZE_KEYS)
        amount = _amount(reader, item.get("amount", 0), at + ("amount",))
        name = reader.get(item, at, "name", "line", "").strip()
        if not amount and not name:
            raise reader.fail(at, _("a prize needs an amount or a name"))
        return Prize(place, amount, name)
    if isinstance(item, str):
        reader.get({"name": item}, at[:-1], "name", "line")
        if not item.strip():
            raise reader.fail(at, _("a prize needs an amount or a name"))
        return Prize(place, Decimal(0), item.strip())
    return Prize(place, _amount(reader, item, at))


def _amount(reader: TypedReader, value: Any, at: KeyPath) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | Decimal) or not Decimal(value).is_finite():
        raise reader.fail(at, _("expected an amount (a number) or a name in quotes, got {value}").format(
                value=describe(value)))
    amount = Decimal(value)
    if amount < 0 or amount > MAX_AMOUNT or amount != amount.quantize(Decimal("0.01")):
        raise reader.fail(at, _("expected an amount from 0 to {max_amount} in cents at most, got {value}").format(
                max_amount=MAX_AMOUNT, value=describe(value)))
    return amount


# -- writing ---------------------------------------------------------------------------


def prizes_document(rules: PrizeRules) -> dict[str, Any]:
    """``prizes`` and ``categories`` as TOML data, keys in file order; nothing when the event has neither."""
    doc: dict[str, Any] = {}
    if rules.places or rules.tie_rule != "tiebreak" or rules.prefer != "place" or rules.eligible != "all":
        doc["prizes"] = {"tie_rule": rules.tie_rule, "prefer": rules.prefer,
                         **({"eligible": rules.eligible} if rules.eligible != "all" else {}),
                         **({"places": [_prize_value(p) for p in rules.places]} if rules.places else {})}
    if rules.categories:
        doc["categories"] = [_category_table(c) for c in rules.categories]
    return doc


def _prize_value(prize: Prize) -> Any:
    amount = int(prize.amount) if prize.amount == prize.amount.to_integral_value() else prize.amount
    if prize.name and prize.amount:
        return {"amount": amount, "name": prize.name}
    return prize.name or amount


def _category_table(c: CategoryPrizes) -> dict[str, Any]:
    cat = c.category
    values: dict[str, Any] = {
        "name": cat.name,
        "rating_min": cat.rating_min,
        "rating_max": cat.rating_max,
        "unrated": cat.unrated or None,
        "include_unrated": cat.include_unrated or None,
        "rating": None if cat.rating == "fide" else cat.rating,
        "age": cat.age,
        "born_from": cat.born_from,
        "born_to": cat.born_to,
        "sex": cat.sex,
        "federation": list(cat.federations) if len(cat.federations) > 1 else "".join(cat.federations),
        "club": list(cat.clubs) if len(cat.clubs) > 1 else "".join(cat.clubs),
        "prizes": [_prize_value(p) for p in c.prizes],
    }
    return {k: v for k, v in values.items() if v is not None and v not in ("", [])}
