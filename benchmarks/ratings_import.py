#!/usr/bin/env python3
"""Import a full-size FIDE rating list and look players up in it: CPU time, memory, database size.

    python benchmarks/ratings_import.py [--players 1900000] [--zip] [--keep DIR]

Writes a deterministic list of ``--players`` players in the combined layout with the FOA
column (``players_list_foa.txt``: FIDE's header line, each column from its name's start to the
next name's, 162 characters a line; about 60%
unrated everywhere, accented names, a few long OTit lines spilling into FOA as in FIDE's
file), imports it with ``swisstui ratings import`` in a child process, and reports:

- import: CPU seconds (user + system) and peak resident memory (``ru_maxrss``) of that process;
- look-up by FIDE ID and by name prefix: median of 100 queries each (random IDs of the list,
  random two-to-five-letter prefixes), through :class:`swisstui.ratings.db.RatingsDb`;
- the database's size on disk.

Targets: import under 60 s CPU, under 200 MB peak, a look-up under 20 ms, the database under 250 MB.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from swisstui.ratings.db import RatingsDb  # noqa: E402

# The header of players_list_foa.txt as FIDE writes it; a line is 162 characters.
HEADER = ("ID Number      Name                                                         Fed Sex Tit  WTit OTit           "
          "FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
WIDTH = 162

SURNAMES = ("Nowak", "Müller", "García", "Ivanov", "Smith", "Kowalski", "Nguyen", "Silva", "Öztürk", "Şahin",
            "Dvořák", "Johansson", "Rossi", "Kumar", "Petrović", "Łukasik", "Hansen", "Dubois", "Papadopoulos",
            "Fernández", "Horváth", "Novák", "Kim", "Wang", "Ali", "Sørensen", "Jovanović", "Szabó", "Ahmed", "Lee")
GIVEN = ("Anna", "Jan", "José", "Maria", "Ivan", "Zoë", "Lars", "Ahmet", "Ewa", "Pál", "Chen", "Oğuz", "Kai",
         "Luís", "Sophie", "Mateusz", "Đorđe", "Noah", "Emma", "Ravi")
FEDS = ("GER", "ESP", "RUS", "IND", "FRA", "POL", "ITA", "USA", "TUR", "CZE", "SRB", "HUN", "NED", "ENG", "SWE")
TITLES = ("", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "CM", "FM", "IM", "GM")
OTHER = ("", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "NA", "FA", "IA,FA", "IO,FT")


def write_list(path: Path, players: int, seed: int = 2026) -> int:
    """The list as FIDE writes it; returns the number of lines whose OTit spills into FOA."""
    rng = random.Random(seed)
    starts = [m.start() for m in re.finditer(r"ID Number|\S+", HEADER)]
    widths = [b - a for a, b in zip(starts, starts[1:])] + [WIDTH - starts[-1]]
    form = "".join(f"{{:<{w}}}" for w in widths)
    header = HEADER
    spilled = 0
    fide_id = 100_000
    with path.open("w", encoding="utf-8", newline="") as out:
        out.write(header + "\r\n")
        for _ in range(players):
            fide_id += rng.randint(1, 400)
            name = f"{rng.choice(SURNAMES)}{rng.choice(('', '', 'a', 'ek', 'son', 'ić'))}, {rng.choice(GIVEN)}"
            rated = rng.random() < 0.4
            ratings = []
            for _kind in range(3):
                r = rng.randint(1000, 2700) if rated and rng.random() < 0.7 else 0
                ratings += [r, rng.randint(0, 12) if r else 0, rng.choice((10, 20, 40)) if r else 0]
            woman = rng.random() < 0.15
            fields = [fide_id, name, rng.choice(FEDS), "F" if woman else "M", rng.choice(TITLES), "",
                      rng.choice(OTHER), "", *ratings, rng.choice((0, rng.randint(1940, 2018))),
                      ("w" if woman else "") + ("i" if rng.random() < 0.3 else "")]
            text = form.format(*fields)
            if rng.random() < 0.00005:  # FIDE's few 163-character lines: a long OTit spills into FOA
                text = text[:94] + "FST,LSI,IA,FA,NA" + text[109:]
                spilled += 1
            out.write(text + "\r\n")
    return spilled


def run(players: int, as_zip: bool, keep: Path | None) -> dict[str, object]:
    folder = keep or Path(tempfile.mkdtemp(prefix="ratings-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    listing = folder / "players_list_foa.txt"
    start = time.perf_counter()
    spilled = write_list(listing, players)
    written = time.perf_counter() - start
    source = listing
    if as_zip:
        source = folder / "players_list_foa.zip"
        with zipfile.ZipFile(source, "w", compression=zipfile.ZIP_DEFLATED) as zf:
            zf.write(listing, "players_list_foa.txt")
    db = folder / "ratings.sqlite"
    db.unlink(missing_ok=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "swisstui.cli", "ratings", "import", str(source), "--db", str(db),
                           "--month", "2026-11"], capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"import failed ({done.returncode}): {done.stderr}")
    ratings = RatingsDb(db)
    rng = random.Random(7)
    ids = [row[0] for row in ratings.conn.execute("SELECT fide_id FROM players_2026_11 ORDER BY random() LIMIT 100")]
    prefixes = [rng.choice(SURNAMES)[: rng.randint(2, 5)] for _ in range(100)]
    by_id = _median_ms(lambda q: ratings.by_id(q), ids)
    by_name = _median_ms(lambda q: ratings.by_name(q, limit=50), prefixes)
    return {
        "players": players, "spilled_lines": spilled, "file_mb": round(listing.stat().st_size / 1e6, 1),
        "source": source.name, "write_s": round(written, 1),
        "import_cpu_s": round(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, 1),
        "import_wall_s": round(wall, 1), "import_peak_mb": round(after.ru_maxrss / 1024, 1),
        "lookup_id_ms": by_id, "lookup_prefix_ms": by_name, "db_mb": round(db.stat().st_size / 1e6, 1),
        "import_output": done.stdout.strip().splitlines(),
    }


def _median_ms(query, inputs) -> float:
    times = []
    for q in inputs:
        t = time.perf_counter()
        query(q)
        times.append((time.perf_counter() - t) * 1000)
    return round(statistics.median(times), 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1_900_000)
    parser.add_argument("--zip", action="store_true", help="import the list from a ZIP, as FIDE publishes it")
    parser.add_argument("--keep", type=Path, help="write the list and the database here (default: a temporary folder)")
    args = parser.parse_args()
    print(json.dumps(run(args.players, args.zip, args.keep), indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
