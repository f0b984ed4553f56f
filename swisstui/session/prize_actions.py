"""Setting up an event's prizes and categories from the app: the operations and the reading of each field.

:class:`PrizeOperations` is the part of :class:`swisstui.session.actions.Session` that
changes ``[prizes]`` and ``[[categories]]`` (docs/prizes.md), so that an arbiter
need not edit the TOML. Each operation is one change of the file and one entry
of its history, which ``u`` in the history takes back like any other setting.

The fields are read here, one function a field, so that the set-up screen can
check each as it is typed and name the field at fault (:func:`check_category`),
and the session reads them again, the same way, when they are saved. FIDE's rules
leave the prize fund and its distribution to the regulations the organiser
announces (C.01 art. 1.2.1); the age bands are FIDE's (D.04.07 art. 6, D.04.03
art. 2, read by :func:`engine.awards.categories.age_band`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from typing import TypeVar

from engine.awards.categories import Category, age_band
from engine.awards.prizes import ELIGIBILITY, PREFERENCES, TIE_RULES, CategoryPrizes, Prize, money_text
from swisstui.language import _
from swisstui.session.action_errors import ActionError
from swisstui.session.core import Service
from swisstui.session.outcome import Changed
from swisstui.store import event as ev

CATEGORY_FIELDS = ("name", "band", "age", "sex", "federation", "club", "prizes")
"""The fields of a category in the set-up form, in its order."""

RULE_CHOICES: dict[str, tuple[str, ...]] = {"tie_rule": TIE_RULES, "prefer": PREFERENCES, "eligible": ELIGIBILITY}
"""The prize list's rules and the values each may take (docs/prizes.md)."""

T = TypeVar("T")
_MAX_AMOUNT = Decimal(10) ** 9
_CENT = Decimal("0.01")


class FieldProblems(ActionError):
    """Fields that do not read, each with why: ``problems`` maps a field to its message."""

    def __init__(self, problems: Mapping[str, str]) -> None:
        self.problems = dict(problems)
        super().__init__("; ".join(f"{field}: {why}" for field, why in self.problems.items()))


def read_band(text: str) -> tuple[int | None, int | None, bool]:
    """A rating band as typed: ``1600-1999``, ``-1999`` (up to), ``2000-`` (from), ``unrated``, or nothing.

    Returns (rating_min, rating_max, unrated); both limits are included, as in the file.
    """
    t = text.strip().replace(" ", "")
    if not t:
        return None, None, False
    if t.casefold() == "unrated":
        return None, None, True
    low, sep, high = t.partition("-")
    if not sep or not (low or high) or not all(x.isdigit() for x in (low, high) if x):
        raise ValueError(_("{text} is not a band: write 1600-1999, -1999 (up to), 2000- (from) or unrated").format(
            text=repr(text.strip())))
    lo = int(low) if low else None
    hi = int(high) if high else None
    if lo is not None and hi is not None and hi < lo:
        raise ValueError(_("the band ends ({high}) below where it starts ({low})").format(high=hi, low=lo))
    return lo, hi, False


def band_text(c: Category) -> str:
    """The band of ``c`` as :func:`read_band` reads it."""
    if c.unrated:
        return "unrated"
    if c.rating_min is None and c.rating_max is None:
        return ""
    return f"{'' if c.rating_min is None else c.rating_min}-{'' if c.rating_max is None else c.rating_max}"


def read_age(text: str) -> str:
    """An age category, ``U8`` ... ``U20`` or ``50+``, ``65+`` (FIDE's, D.04.07 art. 6, D.04.03 art. 2)."""
    t = text.strip().upper()
    if not t:
        return ""
    try:
        age_band(t)
    except ValueError:
        raise ValueError(_("{text} is not an age: write U16 (under 16) or 65+ (65 and older)").format(
            text=repr(text.strip()))) from None
    return t


def read_sex(text: str) -> str:
    t = text.strip().lower()
    if t not in ("", "m", "w"):
        raise ValueError(_("{text}: write w (women), m (men) or nothing").format(text=repr(text.strip())))
    return t


def read_federations(text: str) -> tuple[str, ...]:
    """Three-letter FIDE federation codes, separated by commas (a player of any one qualifies)."""
    codes = tuple(x.strip().upper() for x in text.split(",") if x.strip())
    for code in codes:
        if len(code) != 3 or not code.isalpha():
            raise ValueError(_("{code} is not a federation: three letters, like NOR or GER").format(code=repr(code)))
    return codes


def read_clubs(text: str) -> tuple[str, ...]:
    return tuple(x.strip() for x in text.split(",") if x.strip())


def read_prizes(text: str) -> tuple[Prize, ...]:
    """Prizes by place, separated by commas: an amount (``600``, ``125.50``), a name (``Book``), or both (``1000 Cup``).

    Amounts may not rise down the list: the allocation gives the higher prize first (docs/prizes.md).
    """
    if not text.strip():
        return ()
    prizes: list[Prize] = []
    for place, item in enumerate(text.split(","), start=1):
        words = item.split()
        if not words:
            raise ValueError(_("prize {place} is empty: give it an amount or a name").format(place=place))
        amount = _amount(words[0], place)
        name = " ".join(words[1:] if amount is not None else words)
        prize = Prize(place, amount or Decimal(0), name)
        if prizes and prize.amount > prizes[-1].amount:
            raise ValueError(_("prize {place} ({amount}) pays more than prize {above} ({above_amount}): amounts may "
                               "not rise down a list").format(place=place, amount=money_text(prize.amount),
                                                              above=place - 1,
                                                              above_amount=money_text(prizes[-1].amount)))
        prizes.append(prize)
    return tuple(prizes)


def _amount(word: str, place: int) -> Decimal | None:
    """The amount a prize starts with, or ``None`` when it starts with a name."""
    if not (word[0].isdigit() or word[0] in "-+."):
        return None
    try:
        amount = Decimal(word)
    except InvalidOperation:
        raise ValueError(_("prize {place}: {word} is not an amount").format(place=place, word=repr(word))) from None
    if not amount.is_finite() or amount < 0 or amount > _MAX_AMOUNT or amount != amount.quantize(_CENT):
        raise ValueError(_("prize {place}: {word} is not an amount from 0 to {most} in cents at most").format(
            place=place, word=repr(word), most=_MAX_AMOUNT))
    return amount


def prizes_text(prizes: tuple[Prize, ...]) -> str:
    """A list of prizes as :func:`read_prizes` reads it."""
    return ", ".join(" ".join(x for x in (money_text(p.amount) if p.amount else "", p.name) if x) for p in prizes)


def category_fields(c: CategoryPrizes) -> dict[str, str]:
    """The form's fields for a category of the event."""
    cat = c.category
    return {"name": cat.name, "band": band_text(cat), "age": cat.age, "sex": cat.sex,
            "federation": ", ".join(cat.federations), "club": ", ".join(cat.clubs), "prizes": prizes_text(c.prizes)}


def check_category(fields: Mapping[str, str], base: Category | None = None,
                   taken: tuple[str, ...] = ()) -> tuple[CategoryPrizes | None, dict[str, str]]:
    """The category the fields give (over ``base``, which keeps what the form does not show), or why not, by field.

    ``taken`` holds the names of the event's other categories: two may not share a name.
    """
    problems: dict[str, str] = {}
    name = fields.get("name", "").strip()
    if not name:
        problems["name"] = _("a category needs a name")
    elif name.casefold() in {t.casefold() for t in taken}:
        problems["name"] = _("there is a category {name} already").format(name=repr(name))
    def field(key: str, reader: Callable[[str], T], empty: T) -> T:
        try:
            return reader(fields.get(key, ""))
        except ValueError as err:
            problems[key] = str(err)
            return empty

    no_band: tuple[int | None, int | None, bool] = (None, None, False)
    no_names: tuple[str, ...] = ()
    no_prizes: tuple[Prize, ...] = ()
    lo, hi, unrated = field("band", read_band, no_band)
    age = field("age", read_age, "")
    sex = field("sex", read_sex, "")
    federations = field("federation", read_federations, no_names)
    clubs = field("club", read_clubs, no_names)
    prizes = field("prizes", read_prizes, no_prizes)
    if problems:
        return None, problems
    start = base or Category(name=name)
    category = replace(start, name=name, rating_min=lo, rating_max=hi, unrated=unrated,
                       include_unrated=start.include_unrated and not unrated, age=age, sex=sex,
                       federations=federations, clubs=clubs)
    return CategoryPrizes(category, prizes), {}


class PrizeService(Service):
    """Changes to the prize list and the categories (``session.prizes``)."""

    def set_prize_rule(self, rule: str, value: str) -> Changed[None]:
        """How ties share (``tie_rule``), which prize wins between equal amounts (``prefer``), who may win (``eligible``)."""
        if rule not in RULE_CHOICES:
            raise ActionError(_("unknown prize rule {rule}: {choices}").format(
                    rule=repr(rule), choices=", ".join(RULE_CHOICES)))
        if value not in RULE_CHOICES[rule]:
            raise ActionError(_("{rule}: expected one of {choices}, got {value}").format(
                rule=rule, choices=", ".join(RULE_CHOICES[rule]), value=repr(value)))

        def apply(event: ev.Event) -> str:
            rules = event.prizes
            event.prizes = (replace(rules, tie_rule=value) if rule == "tie_rule" else
                            replace(rules, prefer=value) if rule == "prefer" else replace(rules, eligible=value))
            return f"{rule} = {value}"

        return self._made(self._change(apply, "prizes"), None)

    def set_place_prizes(self, text: str) -> Changed[None]:
        """The prizes of places 1, 2, ... of the whole field, as :func:`read_prizes` reads them."""
        try:
            places = read_prizes(text)
        except ValueError as err:
            raise FieldProblems({"prizes": str(err)}) from None

        def apply(event: ev.Event) -> str:
            event.prizes = replace(event.prizes, places=places)
            return f"place prizes: {prizes_text(places) or 'none'}"

        return self._made(self._change(apply, "prizes"), None)

    def save_category(self, original: str | None, fields: Mapping[str, str]) -> Changed[str]:
        """Add a category (``original`` ``None``) or change the one named ``original``; the change holds its name.

        What the form does not show (``born_from``, ``include_unrated``, a national rating band)
        is kept as the file has it.
        """
        saved: list[str] = []

        def apply(event: ev.Event) -> str:
            cats = list(event.prizes.categories)
            index = _index(cats, original) if original is not None else None
            base = cats[index].category if index is not None else None
            taken = tuple(c.category.name for i, c in enumerate(cats) if i != index)
            category, problems = check_category(fields, base, taken)
            if category is None:
                raise FieldProblems(problems)
            if index is None:
                cats.append(category)
            else:
                cats[index] = category
            event.prizes = replace(event.prizes, categories=tuple(cats))
            saved.append(category.category.name)
            verb = "added" if index is None else "changed"
            return f"category {category.category.name} {verb}: prizes {prizes_text(category.prizes) or 'none'}"

        return self._made(self._change(apply, "prizes"), saved[0])

    def remove_category(self, name: str) -> Changed[None]:
        """Remove a category and its prizes."""

        def apply(event: ev.Event) -> str:
            cats = list(event.prizes.categories)
            del cats[_index(cats, name)]
            event.prizes = replace(event.prizes, categories=tuple(cats))
            return f"category {name} removed"

        return self._made(self._change(apply, "prizes"), None)


def _index(cats: list[CategoryPrizes], name: str) -> int:
    for i, c in enumerate(cats):
        if c.category.name == name:
            return i
    raise ActionError(_("there is no category {name} (removed meanwhile?)").format(name=repr(name)))
