"""Fuzzed FIDE lists (TXT, XML, ZIP) and damaged rating databases: success or one line naming the file.

The same inputs as ``scripts/fuzz_ratings.py`` (which runs 6,000 and prints the figures),
fewer of them and drawn the same every run: most in process, a few through the console script.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from oracles.cli_fuzzing import Tally
from oracles.ratings_fuzzing import RatingsCase, all_cases, db_cases, fuzz_one
from swisstui import store
from swisstui.store.event import PlayerRecord
from oracles import fide_lists as F

TXT = F.txt("combined").encode()
XML = F.xml().encode()
_EVENT = store.new_event("Fuzzed ratings", 5)
_EVENT.players = [PlayerRecord(1, "Carlsen, M.", 2800, "GM", "NOR", 1503014)]
EVENT = store.dumps(_EVENT).encode()

SETTINGS = {"deadline": None, "database": None, "derandomize": True,
            "suppress_health_check": [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]}


def _checked(case: RatingsCase, folder, *, subprocess_run: bool = False) -> Tally:
    tally = Tally()
    fuzz_one(case, folder, tally, EVENT, subprocess_run=subprocess_run)
    assert tally.tracebacks == 0, tally.examples
    return tally


@settings(max_examples=150, **SETTINGS)
@given(all_cases(TXT, XML))
def test_any_list_or_database_ends_in_success_or_one_line_naming_the_file(tmp_path, case):
    _checked(case, tmp_path / "run")


@settings(max_examples=60, **SETTINGS)
@given(db_cases(TXT))
def test_damaged_databases_in_process(tmp_path, case):
    _checked(case, tmp_path / "run")


@settings(max_examples=3, **SETTINGS)
@given(all_cases(TXT, XML))
def test_through_the_console_script(tmp_path, case):
    _checked(case, tmp_path / "run", subprocess_run=True)


def test_the_unmutated_seeds_import_and_the_undamaged_database_answers(tmp_path):
    """The judge accepts good input: the seed lists import, the database a good import wrote answers."""
    cases = [RatingsCase("txt", TXT, "players_list_foa.txt", ["import", "@LIST", "--month", "2026-11", "--db", "@DB"]),
             RatingsCase("xml", XML, "players_list_xml_foa.xml", ["import", "@LIST", "--month", "2026-11", "--db", "@DB"]),
             RatingsCase("db", TXT, "players_list_foa.txt", ["find", "Carl", "--db", "@DB"]),
             RatingsCase("db", TXT, "players_list_foa.txt", ["update", "@EVENT", "--yes", "--db", "@DB"])]
    for case in cases:
        assert _checked(case, tmp_path / "run").succeeded == 1, case.argv
