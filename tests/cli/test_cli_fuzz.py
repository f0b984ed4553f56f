"""Fuzzed TRF text, event files and command lines: success or one located line, never a traceback.

The same inputs as ``scripts/fuzz.py`` (which runs 10,000 and prints the
figures), fewer of them: most in process, a sample through the console script.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings

from oracles.cli_fuzzing import Case, Tally, all_cases, event_cases, fuzz_one, trf_cases
from tests.data_paths import dutch

TRF_SEED = dutch("dutch-2300007-n10-r5.trf").read_bytes()
EVENT_SEED = (Path(__file__).resolve().parents[2] / "sample_events" / "club-rapid.toml").read_bytes()
ALL_CASES = all_cases(TRF_SEED, EVENT_SEED)

SETTINGS = {"deadline": None, "database": None, "derandomize": True,
            "suppress_health_check": [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]}


def _checked(case: Case, folder, *, subprocess_run: bool = False) -> None:
    tally = Tally()
    fuzz_one(case, folder, tally, subprocess_run=subprocess_run)
    assert tally.tracebacks == 0, tally.examples


@settings(max_examples=120, **SETTINGS)
@given(ALL_CASES)
def test_any_input_ends_in_success_or_one_located_line(tmp_path, case):
    _checked(case, tmp_path / "run")


@settings(max_examples=60, **SETTINGS)
@given(trf_cases(TRF_SEED, EVENT_SEED) | event_cases(TRF_SEED, EVENT_SEED))
def test_fuzzed_files_in_process(tmp_path, case):
    _checked(case, tmp_path / "run")


@settings(max_examples=4, **SETTINGS)
@given(ALL_CASES)
def test_through_the_console_script(tmp_path, case):
    _checked(case, tmp_path / "run", subprocess_run=True)


def test_the_unmutated_seeds_succeed(tmp_path):
    """The judge accepts good input: the seeds themselves import, pair, export."""
    for case in (Case("trf", TRF_SEED, EVENT_SEED, ["import"]), Case("trf", TRF_SEED, EVENT_SEED, ["standings"]),
                 Case("event", TRF_SEED, EVENT_SEED, ["export"]), Case("event", TRF_SEED, EVENT_SEED, ["standings"])):
        tally = Tally()
        fuzz_one(case, tmp_path / "run", tally)
        assert tally.succeeded == 1, (case.argv, tally.examples, tally.by_exit)


def test_a_directory_given_as_the_event_is_a_file_error(tmp_path):
    tally = Tally()
    fuzz_one(Case("argv", TRF_SEED, EVENT_SEED, ["standings", "@DIR"]), tmp_path / "run", tally)
    assert tally.clean_errors == 1 and tally.by_exit == {5: 1}
