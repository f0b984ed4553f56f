#!/usr/bin/env python3
"""Build the example events in ``sample_events/`` from seeded random tournaments.

Every round is paired by our own Dutch engine and every result is drawn from
the ratings, so the files look like real events in progress:

- ``club-rapid.toml``: 12 players, 5 rounds; rounds 1-3 played, round 4
  published with half of its results in; place prizes, shared on a tie, and
  prizes for U1800, women, seniors 50+ and juniors U18 (a provisional prize list).
- ``weekend-open.toml``: 64 players, 7 rounds, after round 4; forfeits, a
  withdrawal, half-point byes, and two half-point byes requested for round 5.
- ``open-300.trf`` and ``open-300.toml``: a 300-player, 9-round open after
  round 5, written as TRF and imported from it exactly as ``swisstui import``
  does; the TRF is then written again as ``swisstui export`` writes the event.

Every event carries FIDE's tie-break list for an individual Swiss, as new events do.
The output is deterministic: running the script again rewrites the same files
(``--out DIR`` writes them there instead; a test compares the two).
"""

from __future__ import annotations

import datetime as dt
import random
import shutil
from decimal import Decimal
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import trf  # noqa: E402
from engine.systems import generate  # noqa: E402
from engine.awards.categories import Category  # noqa: E402
from engine.model.tournament import Colour, ResultCode, RoundEntry, Tournament  # noqa: E402
from engine.awards.prizes import CategoryPrizes, Prize, PrizeRules  # noqa: E402
from engine.tiebreaks.spec import RECOMMENDED_SWISS  # noqa: E402
from swisstui import store  # noqa: E402
from swisstui.store.event import EventInfo  # noqa: E402
from swisstui.outputs.trf_export import export_trf  # noqa: E402

OUT = ROOT / "sample_events"

FIRST = (
    "Anna Ben Clara David Elena Farid Greta Hugo Ines Jonas Katya Liam Maja Nils Olga Pavel Quentin Rosa "
    "Sven Tara Umar Vera Wim Xenia Yusuf Zoe Arjun Bianca Chen Dara Emil Freya Goran Hana Ivan Julia Kofi "
    "Lena Marco Nadia Oskar Priya Rafael Sofia Tomas Ulla Viktor Wanda Yara Zoltan"
).split()
LAST = (
    "Andersen Becker Castro Dubois Eriksen Fischer Garcia Horvat Ivanova Jansen Kovacs Larsen Moreau Novak "
    "Okafor Petrov Quinn Rossi Sato Tanaka Uysal Varga Weber Xu Yilmaz Zielinski Amber Bauer Costa Dimitrov "
    "Evans Fontaine Gruber Hansen Ilic Jovanovic Keller Lindqvist Mendes Nowak Olsen Popescu Ruiz Schmidt "
    "Torres Urban Vasquez Wagner Young Zeman"
).split()
FEDERATIONS = ("ENG", "FRA", "GER", "NED", "NOR", "POL", "ESP", "ITA", "SWE", "HUN", "CZE", "DEN")


def dress(t: Tournament, seed: int) -> Tournament:
    """Give the generated players names, federations, titles and FIDE ids."""
    rng = random.Random(seed)
    names: set[str] = set()
    players = []
    for p in t.players:
        while True:
            name = f"{rng.choice(LAST)}, {rng.choice(FIRST)}"
            if name not in names:
                names.add(name)
                break
        title = ""
        if p.rating >= 2500:
            title = "GM"
        elif p.rating >= 2400:
            title = "IM"
        elif p.rating >= 2300:
            title = "FM"
        elif p.rating >= 2200:
            title = "CM"
        players.append(
            replace(
                p,
                name=name,
                title=title,
                federation=rng.choice(FEDERATIONS),
                fide_id=rng.randint(1_000_000, 99_999_999),
                birth=f"{rng.randint(1950, 2014)}/00/00",
                sex=rng.choice("mw"),
            )
        )
    return t.with_players(players)


def played(players: int, rounds_played: int, rounds: int, seed: int, **rates) -> Tournament:
    """A tournament of ``rounds`` rounds after ``rounds_played`` of them, paired by our engine."""
    t = dress(generate.generate(players, rounds_played, seed, **rates), seed)
    return replace(t, settings=replace(t.settings, rounds=rounds, tiebreaks=RECOMMENDED_SWISS))


def publish_all(event: store.Event) -> None:
    for rnd in event.rounds:
        if rnd.boards or rnd.bye is not None:
            rnd.published = True


def club_rapid() -> None:
    t = played(12, 4, 5, seed=11, forfeit_rate=0.0, half_bye_rate=0.0, zero_bye_rate=0.0, retire_rate=0.0)
    event = store.Event.from_tournament(t, name="Thursday Club Rapid")
    event.info = EventInfo(city="Leiden", federation="NED", start=dt.date(2026, 11, 19),
                           chief_arbiter="Jansen, Wim", time_control="15+10")
    publish_all(event)
    # Round 4 is being played: half of its results are not in yet.
    last = event.rounds[-1]
    for board in last.boards[len(last.boards) // 2:]:
        board.result = ""
    event.prizes = club_prizes()
    store.save(event, OUT / "club-rapid.toml")


def club_prizes() -> PrizeRules:
    """The prizes a club announces: three places, shared on a tie, and one prize for each of four categories."""

    def paying(*amounts: int) -> tuple[Prize, ...]:
        return tuple(Prize(place, Decimal(amount)) for place, amount in enumerate(amounts, start=1))

    categories = (
        CategoryPrizes(Category("U1800", rating_max=1799), paying(60)),
        CategoryPrizes(Category("Women", sex="w"), paying(60)),
        CategoryPrizes(Category("Seniors 50+", age="50+"), paying(50)),
        CategoryPrizes(Category("Juniors U18", age="U18"), paying(40)),
    )
    return PrizeRules(places=paying(300, 200, 100), categories=categories, tie_rule="shared")


def weekend_open() -> None:
    # The first seed whose four rounds hold a forfeit and a withdrawal, as a weekend open does.
    for seed in range(64, 200):
        t = played(64, 4, 7, seed=seed, forfeit_rate=0.03, half_bye_rate=0.02, retire_rate=0.01)
        forfeits = sum(e.code is ResultCode.FORFEIT_WIN for p in t.players for e in p.history)
        half_byes = sum(e.code is ResultCode.HALF_BYE for p in t.players for e in p.history)
        if forfeits and half_byes and any(p.withdrawn for p in t.players):
            break
    # Two players have asked for half-point byes in round 5 (C.04.2 art. 3.3).
    active = [p.id for p in t.players if not p.withdrawn]
    t = t.with_pending({pid: RoundEntry(None, Colour.NONE, ResultCode.HALF_BYE) for pid in (active[5], active[30])})
    event = store.Event.from_tournament(t, name="Autumn Weekend Open")
    event.info = EventInfo(city="Ghent", federation="BEL", start=dt.date(2026, 11, 20),
                           end=dt.date(2026, 11, 22), chief_arbiter="Dubois, Claire", time_control="90+30")
    publish_all(event)
    store.save(event, OUT / "weekend-open.toml")


def open_300() -> None:
    t = replace(played(300, 5, 9, seed=300, forfeit_rate=0.02, half_bye_rate=0.01), name="City Open 2026")
    (OUT / "open-300.trf").write_text(trf.dumps(t), encoding="utf-8")
    doc = trf.load(OUT / "open-300.trf")
    event = store.Event.from_tournament(doc.tournament, name=doc.tournament.name)
    publish_all(event)
    store.save(event, OUT / "open-300.toml")
    # the TRF as 'swisstui export' writes the event: with its header records and tie-broken ranks
    (OUT / "open-300.trf").write_text(export_trf(event).text, encoding="utf-8")


def main(argv: list[str]) -> int:
    global OUT
    if argv[:1] == ["--out"] and len(argv) == 2:
        OUT = Path(argv[1])
    OUT.mkdir(exist_ok=True)
    for target in OUT.glob("*.toml"):
        target.unlink()
    club_rapid()
    weekend_open()
    open_300()
    for leftover in OUT.glob("*.bak"):
        leftover.unlink()
    for leftover in OUT.glob("*.lock"):
        leftover.unlink()
    for queue in OUT.glob(".*.queue"):  # the writers' queue folders the saves left
        shutil.rmtree(queue)
    print("\n".join(sorted(p.name for p in OUT.iterdir())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
