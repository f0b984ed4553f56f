"""The catalogue of pairing systems is the one place that tells systems apart (CONTRIBUTING.md).

Every entry must come with the validator's checks, a section of docs/systems.md
naming its id and, once it pairs, a fixture: ``tests/engine/data/systems/<id>.trf``,
an event of that system written by ``swisstui generate --system <id>``, which
the test below pairs again round by round and checks with the independent
validator. And no code outside the catalogue tests a system's name.
"""

from __future__ import annotations

import ast
import inspect
import re
from dataclasses import FrozenInstanceError, fields, replace
from pathlib import Path

import pytest

from engine import systems, trf
from engine.model.catalogue import HAND_CHECKS, SYSTEMS, Check, SystemInfo, Unit
from engine.model.tournament import RoundPairing
from engine.systems.replay import before_round, played_round
from engine.validate.check import validate
from engine.validate.violations import Severity

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "engine" / "model" / "catalogue.py"
FIXTURES = Path(__file__).resolve().parent / "data" / "systems"
PAIRING = [s for s in SYSTEMS if s.available and s.unit is Unit.PLAYER]
TEAMS = [s for s in SYSTEMS if s.available and s.unit is Unit.TEAM]


# -- no string tests on system names outside the catalogue ---------------------------------


def _names() -> tuple[set[str], set[str]]:
    """Every name of a system (ids, aliases, families, codes) and every edition word (``2017``, ``seed``)."""
    names, editions = set(), set()
    for s in SYSTEMS:
        names |= {s.id, *s.aliases, s.family.value} | ({s.trf_code} if s.trf_code != "CUSTOM_SWISS" else set())
        if "-" in s.id:
            editions.add(s.id.rpartition("-")[2])
    key = lambda n: n.lower().replace("_", "-")  # noqa: E731
    return {key(n) for n in names}, {key(e) for e in editions}


def _names_a_system(text: str) -> bool:
    names, editions = _names()
    t = text.lower().replace("_", "-")
    return t in names or t in editions or any(t.startswith(n + "-") for n in names)


def _literals(node: ast.AST) -> list[str]:
    elements = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return [e.value for e in elements if isinstance(e, ast.Constant) and isinstance(e.value, str)]


def _kept_aside(literals: list[str]) -> list[str]:
    """The names of a dict's keys or a tuple kept aside, when it is a list of systems: all of its strings,
    or two at least. One word among field names (a player's ``club``) names a field, not the club Swiss."""
    named = [x for x in literals if _names_a_system(x)]
    return named if len(named) >= 2 or (named and len(named) == len(literals)) else []


def string_tests(source: str) -> list[tuple[int, str]]:
    """(line, literal) of every test of a value against a system's name: ``==``/``in`` with such a literal,
    ``startswith``/``endswith`` with one, a dict keyed by names, a tuple of names kept aside, a ``case``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            candidates = [x for side in (node.left, *node.comparators) for x in _literals(side)]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("startswith", "endswith", "removeprefix", "removesuffix"):
            candidates = [x for a in node.args for x in _literals(a)]
        elif isinstance(node, ast.Dict):
            candidates = _kept_aside([x for k in node.keys if k is not None for x in _literals(k)])
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, (ast.Tuple, ast.List, ast.Set)):
            candidates = _kept_aside(_literals(node.value))
        elif isinstance(node, ast.MatchValue):
            candidates = _literals(node.value)
        else:
            continue
        found += [(node.lineno, x) for x in candidates if _names_a_system(x)]
    return found


def test_no_code_outside_the_catalogue_tests_a_system_name() -> None:
    files = sorted(p for package in ("engine", "swisstui") for p in (ROOT / package).rglob("*.py") if p != CATALOGUE)
    found = [f"{p.relative_to(ROOT)}:{line}: {text!r}" for p in files
             for line, text in string_tests(p.read_text(encoding="utf-8"))]
    assert found == [], "ask engine.model.catalogue (a trait of the entry) instead of testing the name:\n" \
        + "\n".join(found)


def option_names(source: str, ids: frozenset[str]) -> list[tuple[int, str]]:
    """(line, name) of every place that names an option by hand: a string that is an option's id
    (``options["maxi"]``, ``key == "maxi"``), an attribute or a keyword of that name (``settings.maxi``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            name = node.value.lower()
        elif isinstance(node, ast.Attribute):
            name = node.attr
        elif isinstance(node, ast.keyword) and node.arg is not None:
            name = node.arg
        else:
            continue
        if name in ids:
            found.append((getattr(node, "lineno", 0), name))
    return found


def test_no_code_outside_the_catalogue_names_an_option() -> None:
    """An option is read through its entry (``option.value(settings)``, ``info.options``), never by its id,
    except in the package of a system that declares it (Lim's own ``maxi`` flag)."""
    own = {ROOT / Path(*s.module.split(".")) for s in SYSTEMS if s.options and s.module is not None}
    ids = systems.option_ids()
    files = sorted(p for package in ("engine", "swisstui") for p in (ROOT / package).rglob("*.py")
                   if p != CATALOGUE and not any(p.is_relative_to(folder) for folder in own))
    found = [f"{p.relative_to(ROOT)}:{line}: {name!r}" for p in files
             for line, name in option_names(p.read_text(encoding="utf-8"), ids)]
    assert found == [], "read the option from its catalogue entry instead of naming it:\n" + "\n".join(found)


@pytest.mark.parametrize("code", [
    'x = settings.options.get("maxi")',
    'x = s.maxi',
    'x = Settings(rounds=5, maxi=True)',
    'x = {"maxi": "Maxi-tournament", "system": "pairing system"}',
    'x = key == "maxi"',
])
def test_the_option_search_catches_an_option_named_by_hand(code: str) -> None:
    assert option_names(code, frozenset({"maxi"})) != []


@pytest.mark.parametrize("code", [
    'x = option.value(settings)',
    'x = "a Maxi-tournament"',
    'x = maximum(a)',
])
def test_the_option_search_leaves_other_names_alone(code: str) -> None:
    assert option_names(code, frozenset({"maxi"})) == []


@pytest.mark.parametrize("code", [
    'if "dubov" in system: pass',
    'x = system == "lim-seed"',
    'x = system.strip().lower().startswith("dubov")',
    'x = "2017" in system',
    'x = "1997" not in facts.system',
    'x = code.startswith("FIDE_DUTCH")',
    'x = s in ("lim", "lim-2026", "club")',
    'x = {"lim": "lim-2026", "simplified": "club"}.get(s, s)',
    'RESORT = ("dubov-2026",)',
    'x = name.replace("_", "-").startswith(("burstein", "fide-burstein"))',
    'match s:\n    case "club":\n        pass',
])
def test_the_search_catches_the_forms_string_tests_took(code: str) -> None:
    assert string_tests(code) != []


@pytest.mark.parametrize("code", [
    'x = system_id == event.settings.system',
    'KEYS = ("colour_seed", "system")',
    'x = rule == "sonneborn_berger"',
    'x = system("dutch-2026")',
    'def f(system="dutch-2026"): pass',
    'x = choice.startswith("system:")',
    'FIELDS = ("name", "federation", "club", "national_id")',  # a player's club, not the club Swiss
    'x = {"name": n, "club": c}',
])
def test_the_search_leaves_other_strings_alone(code: str) -> None:
    assert string_tests(code) == []


# -- the entries ---------------------------------------------------------------------------


def test_every_name_finds_one_entry() -> None:
    names = [n.lower().replace("_", "-") for s in SYSTEMS for n in s.names()]
    assert len(names) == len(set(names)), "two entries share a name"
    for s in SYSTEMS:
        for name in s.names():
            assert systems.get(name) is s and systems.get(name.upper()) is s


def test_entries_are_frozen() -> None:
    with pytest.raises(FrozenInstanceError):
        SYSTEMS[0].id = "other"  # type: ignore[misc]


def problems(info: SystemInfo) -> list[str]:
    """What CONTRIBUTING.md's checklist still misses for ``info``."""
    found = []
    if not info.checks:
        found.append(f"{info.id} declares no checks: the validator would check nothing of its own")
    if len(info.checks & HAND_CHECKS) > 1:
        found.append(f"{info.id} follows two sets of hand-pairing rules")
    if f"`{info.id}`" not in (ROOT / "docs" / "systems.md").read_text(encoding="utf-8"):
        found.append(f"docs/systems.md never names `{info.id}`")
    if info.available and not (FIXTURES / f"{info.id}.trf").is_file():
        found.append(f"no fixture: swisstui generate --system {info.id} -o tests/engine/data/systems/{info.id}.trf")
    if info.available:
        params = list(inspect.signature(info.pairer()).parameters.values())
        if [p.name for p in params] != ["tournament", "progress"] or params[1].default is not None:
            found.append(f"{info.module}.{info.entry} is not pair(tournament, progress=None)")
    if info.unit is Unit.TEAM and [p.name for p in inspect.signature(info.team_pairer()).parameters.values()] \
            != ["event"]:
        found.append(f"{info.module}.{info.team_entry} is not pair_team(event)")
    return found


@pytest.mark.parametrize("info", SYSTEMS, ids=lambda s: s.id)
def test_every_entry_has_what_the_checklist_asks(info: SystemInfo) -> None:
    assert problems(info) == []


def test_a_sixth_system_without_checks_docs_or_fixture_is_reported() -> None:
    sixth = replace(systems.get("club"), id="swiss-2030", aliases=(), checks=frozenset(), entry="pair_round")
    assert problems(sixth) == [
        "swiss-2030 declares no checks: the validator would check nothing of its own",
        "docs/systems.md never names `swiss-2030`",
        "no fixture: swisstui generate --system swiss-2030 -o tests/engine/data/systems/swiss-2030.trf",
        "engine.systems.club.pair_round is not pair(tournament, progress=None)",
    ]


def test_the_checklist_names_every_field_of_an_entry() -> None:
    """CONTRIBUTING.md's step 2 is what a new entry fills in: a field it leaves out would be left to chance."""
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    checklist = text[text.index("## Adding a pairing system"):]
    assert [f.name for f in fields(SystemInfo) if f"`{f.name}`" not in checklist] == []


def test_the_validator_acts_on_every_check() -> None:
    sources = "".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "engine" / "validate").glob("*.py")))
    unused = [c.name for c in Check if f"Check.{c.name}" not in sources]
    assert unused == [], f"checks the validator never runs: {unused}"


# -- the fixture of each system ----------------------------------------------------------


def _pairs(pairing: RoundPairing) -> tuple[list[tuple[int, int]], int | None]:
    """(white, black) of every board, in one order, and the bye: what the rules decide, not the board numbers."""
    return sorted((b.white, b.black) for b in pairing.boards), pairing.bye


@pytest.mark.parametrize("info", PAIRING, ids=lambda s: s.id)
def test_every_system_pairs_its_fixture_as_recorded(info: SystemInfo) -> None:
    path = FIXTURES / f"{info.id}.trf"
    assert path.is_file(), f"no fixture for {info.id}: write one with swisstui generate --system {info.id} -o {path}"
    t = trf.load(path).pairing_tournament()
    assert t.settings.system == info.id  # record 192 names it
    assert t.rounds_played >= 4
    for r in range(1, t.rounds_played + 1):
        case = before_round(t, r)
        recorded = played_round(t, r)
        ours = systems.pair(case).as_round()
        assert _pairs(ours) == _pairs(recorded), f"round {r}"
        absolute = [v for v in validate(case, recorded, reference=ours) if v.severity is Severity.ABSOLUTE]
        assert absolute == [], f"round {r}: {absolute}"


@pytest.mark.parametrize("info", TEAMS, ids=lambda s: s.id)
def test_every_team_system_pairs_its_fixture_as_recorded(info: SystemInfo) -> None:
    """A team system's fixture is a team TRF-2026 file whose rounds Gacrux paired (its ``###`` lines):
    each round paired again through the catalogue entry, the same matches and colours, the validator silent."""
    from engine.model.catalogue import find
    from engine.trf.team_read import read_team_trf
    from engine.validate.team import validate_team_round
    from tests.engine.test_team_pairing import before_round, recorded_rounds

    text = (FIXTURES / f"{info.id}.trf").read_text(encoding="latin-1")
    code = next(line[4:].strip() for line in text.splitlines() if line.startswith("192 "))
    assert find(code) is info  # record 192 names it
    recorded = recorded_rounds(text)
    assert len(recorded) >= 4
    for r, expected in sorted(recorded.items()):
        event = read_team_trf(before_round(text, r), source=f"{info.id}@{r}")
        ours = {(m.white, m.black) for m in info.pair_teams(event).matches}
        assert ours == expected, f"round {r}"
        assert validate_team_round(info, event, ours) == [], f"round {r}"


def test_a_team_system_refuses_a_tournament_of_players() -> None:
    team = TEAMS[0]
    t = trf.load(FIXTURES / "dutch-2026.trf").pairing_tournament()
    with pytest.raises(systems.SystemNotAvailable, match="pairs teams, not players"):
        team.pair(t)


# -- what the entries decide --------------------------------------------------------------


def test_an_alias_of_an_older_text_pairs_by_that_text() -> None:
    """An event whose settings name ``dubov97`` is paired by the 1997 text, as ``dubov-1997`` is."""
    t = trf.load(FIXTURES / "dubov-1997.trf").pairing_tournament()
    differ = 0
    for r in range(2, t.rounds_played + 1):
        case = before_round(t, r)
        alias = replace(case, settings=replace(case.settings, system="dubov97"))
        paired = _pairs(systems.pair(alias).as_round())
        assert paired == _pairs(played_round(t, r)), f"round {r}"  # the fixture was paired by the 1997 text
        differ += paired != _pairs(systems.get("dubov-2026").pair(case).as_round())
    assert differ > 0  # the two texts pair these rounds differently


def test_burstein_reports_progress_in_its_seeding_rounds() -> None:
    t = trf.load(FIXTURES / "burstein-2026.trf").pairing_tournament()
    seen: list[tuple[int, int]] = []
    systems.pair(before_round(t, 2), lambda k, n: seen.append((k, n)))
    assert seen and seen[-1][0] == seen[-1][1]


def test_header_names_an_older_text_with_its_year() -> None:
    assert [s.short_name for s in SYSTEMS] == ["Dutch", "Dutch 2017", "Burstein", "Dubov", "Dubov 1997", "Lim",
                                              "Lim", "Club", "Double-Swiss", "Berger", "Berger", "Swiss-Teams",
                                              "Berger", "Berger"]


def test_record_092_names_a_system_by_its_word_only() -> None:
    assert systems.named_in("Individual: Swiss-System (Dubov)").id == "dubov-2026"
    assert systems.named_in("Swiss System, Lim").id == "lim-2026"
    assert systems.named_in("Chess Club Open, Swiss-System") is None  # "club" is no system's word
    assert systems.named_in("Dubov or Burstein") is None


def test_a_name_is_read_with_hyphens_or_underscores() -> None:
    assert systems.find("FIDE-DUTCH-2017").id == "dutch-2017"
    assert systems.find("FIDE_ROUNDROBIN").id == "berger" and systems.find("fide-doubleroundrobin").id == "berger-double"
    assert systems.find("BERGER_ROUNDROBIN_G2") is None  # another program's code: a round robin by its words
    assert systems.is_round_robin("FIDE_ROUNDROBIN") and systems.is_round_robin("BERGER_ROUNDROBIN_G2")
    assert not systems.is_round_robin("dutch")
    assert re.fullmatch(r"[a-z0-9-]+", "".join(s.id for s in SYSTEMS))


def test_the_hand_systems_are_those_with_rules_of_their_own() -> None:
    assert [s.id for s in SYSTEMS if s.hand] == ["lim-2026", "lim-seed", "club"]
    assert all(Check.COLOUR_LIMITS not in s.checks and Check.PAB not in s.checks for s in SYSTEMS if s.hand)


def test_a_file_naming_a_system_we_do_not_pair_is_told_every_code_we_do() -> None:
    from engine.trf import TrfError

    text = (FIXTURES / "club.trf").read_text(encoding="utf-8").replace("192 CUSTOM_SWISS club", "192 FIDE_LIM")
    with pytest.raises(TrfError) as refused:
        trf.loads(text).require_pairable()
    for s in PAIRING:
        assert (s.id if s.trf_code == "CUSTOM_SWISS" else s.trf_code) in str(refused.value)
