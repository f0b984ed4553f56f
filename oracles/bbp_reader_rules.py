"""What bbpPairings' TRF reader accepts, stated as rules, to check our ``--dialect bbp`` export against.

No bbpPairings binary is available to the suite. These are the rules its
reader (``src/fileformats/trf.cpp``, read for learning; nothing of it is
copied) applies to a file it is asked to pair, written down independently
and shared by the tests: each broken rule is one line naming the line of the
file. Where the v6.0.0 release and the later development sources differ
(record 162 takes ``Z`` in the one and ``A`` in the other), the rule is the
one both accept: no 162 record at all, the ``BB?`` lines instead.

Rules, per line (lines are split at CR and LF; shorter than 3 characters, or
an unknown prefix, are ignored):

- ``001``: at least 84 characters; id (5-8) a number from 1; rating (49-52)
  blank or digits; points (81-84) present, with at most one decimal; round
  blocks every 10 columns from 92, each ``oooo c r``: opponent blank, ``0000``
  or another id; colour ``w``, ``b``, ``-`` or blank; result one of
  ``1 = 0 W D L + - H F U Z`` or blank (any case); a bye code (``H F U Z``
  or blank) has no opponent; a played result (``1 = 0 W D L``) has a colour;
  no colour ``w``/``b`` without an opponent; nothing after the last block.
- ``013`` ``310`` (teams) and ``299`` (abnormal points) are refused.
- ``142``/``XXR``: one whole number from 1. ``152``: exactly ``152 W`` or ``152 B``.
- ``162``: refused (see above). ``BBW`` ``BBD`` ``BBL`` ``BBZ`` ``BBF`` ``BBU``:
  at least 8 characters, one number with at most one decimal after column 4.
- ``192``: a code both versions accept: ``FIDE_DUTCH``, ``FIDE_DUTCH_2025``,
  ``FIDE_BURSTEIN``, each with or without ``_BAKU``.
- ``XXA``: id at 5-8, then 4-column values every 5 columns from 10, each a
  number with at most one decimal (a blank value is refused).
- ``XXP``: ids separated by blanks.

And for the whole file: ids 1 to N without a gap (unless ``XXC ... rank``),
the number of rounds given, and no more rounds played than that number less
the round to pair.
"""

from __future__ import annotations

import re

_SCORE = re.compile(r"[0-9]+(\.[0-9])?")
_CODES_192 = {f"{base}{baku}" for base in ("FIDE_DUTCH", "FIDE_DUTCH_2025", "FIDE_BURSTEIN") for baku in ("", "_BAKU")}
_RESULTS = set("1=0WDL+-HFUZ ")
_BYE_RESULTS = set("HFUZ ")
_PLAYED = set("1=0WDL")


def _score(text: str) -> bool:
    tokens = text.split()
    return len(tokens) == 1 and bool(_SCORE.fullmatch(tokens[0]))


def _number(text: str) -> int | None:
    tokens = text.split()
    if len(tokens) != 1 or not tokens[0].isdigit():
        return None
    return int(tokens[0])


def problems(text: str) -> list[str]:
    """Every rule of bbpPairings' reader the file breaks, one line each (empty: it reads the file)."""
    found: list[str] = []
    ids: set[int] = set()
    rounds: int | None = None
    rank = False
    played = 0
    for n, line in enumerate(re.split(r"\r|\n", text), start=1):
        if len(line) < 3:
            continue
        prefix = line[:3]
        where = f"line {n} ({prefix})"
        if prefix == "001":
            pid, columns = _player(line, where, found)
            if pid is not None:
                ids.add(pid)
                played = max(played, columns)
        elif prefix in ("013", "310", "299"):
            found.append(f"{where}: refused (teams and abnormal points are not supported)")
        elif prefix in ("142", "XXR"):
            rounds = _number(line[3:])
            if not rounds:
                found.append(f"{where}: not one whole number of rounds")
        elif prefix == "152":
            if len(line) != 5 or line[4] not in "WB":
                found.append(f"{where}: not exactly '152 W' or '152 B'")
        elif prefix == "162":
            found.append(f"{where}: record 162 reads Z in v6.0.0 and A later; write the BB? lines")
        elif prefix in ("BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
            if len(line) < 8 or not _score(line[4:]):
                found.append(f"{where}: not one number with at most one decimal")
        elif prefix == "192":
            if line[4:] not in _CODES_192:
                found.append(f"{where}: unsupported tournament type {line[4:]!r}")
        elif prefix == "XXA":
            _accelerations(line, where, found)
        elif prefix == "XXP":
            if not all(t.isdigit() and int(t) > 0 for t in line[3:].split()):
                found.append(f"{where}: not player ids")
        elif prefix == "XXC":
            rank = "rank" in line[3:].split()
    if ids and not rank and ids != set(range(1, max(ids) + 1)):
        missing = sorted(set(range(1, max(ids) + 1)) - ids)
        found.append(f"pairing number {missing[0]} is missing")
    if rounds is None:
        found.append("the number of rounds is not given (142 or XXR)")
    elif played > rounds:
        found.append(f"{played} round columns but {rounds} rounds")
    return found


def _player(line: str, where: str, found: list[str]) -> tuple[int | None, int]:
    """The id of a player record and how many round columns it has; the rules it breaks into ``found``."""
    if len(line) < 84:
        found.append(f"{where}: {len(line)} characters, fewer than 84")
        return None, 0
    pid = _number(line[4:8])
    if not pid:
        found.append(f"{where}: id {line[4:8]!r}")
        return None, 0
    if line[48:52].strip() and _number(line[48:52]) is None:
        found.append(f"{where}: rating {line[48:52]!r}")
    if not _score(line[80:84]):
        found.append(f"{where}: points {line[80:84]!r} (present, at most one decimal)")
    start = 91
    columns = 0
    while start <= len(line) - 8:
        block = line[start:start + 8]
        opponent, colour, result = block[:4], block[5], block[7].upper()
        has_opponent = opponent not in ("    ", "0000")
        if has_opponent and (_number(opponent) in (None, 0, pid)):
            found.append(f"{where}: round {columns + 1}: opponent {opponent!r}")
        if colour not in "wb- " or result not in _RESULTS:
            found.append(f"{where}: round {columns + 1}: block {block!r}")
        elif not has_opponent and colour in "wb":
            found.append(f"{where}: round {columns + 1}: a colour without an opponent")
        elif result in _BYE_RESULTS and has_opponent:
            found.append(f"{where}: round {columns + 1}: bye code {result!r} with an opponent")
        elif result in _PLAYED and colour not in "wb":
            found.append(f"{where}: round {columns + 1}: played result {result!r} without a colour")
        start += 10
        columns += 1
    if line[start:].strip():
        found.append(f"{where}: text after the last round block: {line[start:]!r}")
    return pid, columns


def _accelerations(line: str, where: str, found: list[str]) -> None:
    if _number(line[4:8]) in (None, 0):
        found.append(f"{where}: id {line[4:8]!r}")
    start = 9
    while start + 4 <= len(line):
        if not _score(line[start:start + 4]):
            found.append(f"{where}: value {line[start:start + 4]!r} (a number with at most one decimal)")
        start += 5
    if line[start:].strip():
        found.append(f"{where}: text after the last value")
