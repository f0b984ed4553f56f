"""Test-only oracles: independent ways to check the engine, shared by tests/, scripts/ and benchmarks/.

Neither the engine nor the app imports them, and they are not part of the
installed package (pyproject.toml packages only ``engine`` and ``swisstui``).
They live outside ``tests/`` so that the long runs in ``scripts/`` and
``benchmarks/`` use the very code the tests check, without depending on the
test suite; the tests, in turn, do not depend on the scripts.

- :mod:`oracles.legal_pairing`: whether any complete pairing keeps a hand text's
  limitations (networkx), for the rounds an engine relaxed one.
- :mod:`oracles.gacrux`: Gacrux (the FIDE TEC's Dutch engine) pairing one round
  of our Tournament, and how two pairings of a round differ.
- :mod:`oracles.py4swiss`: py4swiss (Burstein and Dubov 2026, a witness, not a
  reference) pairing one round of our Tournament, from our TRF text adapted to
  what it reads or (``as_written=True``, the Dubov disputes script's reading) as
  written, and the classes of difference between its Burstein and ours.
- :mod:`oracles.gacrux_tiebreaks`: Gacrux's tie-break checker reading a file's
  own 202/212 list and rank column.
- :mod:`oracles.tiebreak_values`: Gacrux's tie-break values for a list of codes,
  in the form ours are compared in.
- :mod:`oracles.roundrobin_tiebreaks`: random round robins with withdrawals,
  absences, forfeits and draws, and our tie-breaks beside Gacrux's.
- :mod:`oracles.cli_fuzzing`: fuzzed TRF files, event files and command lines,
  and the judge of how each run of the command line ended.
- :mod:`oracles.bbp_reader_rules`: the rules bbpPairings' TRF reader applies,
  stated from its source, that our ``--dialect bbp`` export must keep.
- :mod:`oracles.recorded_rounds`: the rounds of a reference tournament read
  straight from its TRF text, for the validator, which shares no code with the
  pairing engine.
"""
