"""Fuzzed CSV registration lists: the import preview returns with located problems, ``swisstui import`` ends
in one located line, never a traceback nor exit 4 (a fixed-seed sample of ``scripts/fuzz_csv.py``)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from oracles.csv_fuzzing import SEED, CsvCase, CsvTally, csv_cases, fuzz_csv_one

SETTINGS = {"deadline": None, "database": None, "derandomize": True,
            "suppress_health_check": [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]}


def _checked(case: CsvCase, folder) -> CsvTally:
    tally = CsvTally()
    fuzz_csv_one(case, folder, tally)
    assert tally.tracebacks == 0 and tally.exit_4 == 0, tally.examples
    return tally


@settings(max_examples=150, **SETTINGS)
@given(csv_cases())
def test_any_registration_list_is_read_or_named_line_by_line(tmp_path, case):
    _checked(case, tmp_path / "run")


def test_what_broke_the_reader_before(tmp_path):
    """Issue 29, item 3: old Mac line ends, a CR alone in a field, a field over 131,072 characters."""
    for data in (b"Name;Rating\rBerg, Anna;1900\rDahl, Ben;1800\r", b"Name;Rating\nBerg\r Anna;1900\n",
                 b"Name;Rating\n\"" + b"x" * 131_073 + b"\";1900\n", SEED.replace(b"\n", b"\r")):
        tally = _checked(CsvCase(data), tmp_path / "run")
        assert tally.previews == 1


def test_the_seed_registers_every_player(tmp_path):
    tally = _checked(CsvCase(SEED), tmp_path / "run")
    assert tally.players == 5
