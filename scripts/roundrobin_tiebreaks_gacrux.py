#!/usr/bin/env python3
"""Our round-robin tie-breaks beside Gacrux's tie-break checker on generated round robins.

    .venv/bin/python scripts/roundrobin_tiebreaks_gacrux.py [SEEDS]

Every size 3 to 24, single and double, under each of the four choices of the withdrawal options,
``SEEDS`` events each (default 2): up to two players withdraw, each after a round drawn at random,
players are absent now and then, games are forfeited and drawn (oracles/roundrobin_tiebreaks.py).
Compared: points and DE, WIN, SB, KS, and the rank. Prints the figures, then each difference that is
not the known one (docs/tiebreaks.md, "Round robins against Gacrux"): KS in an event where a player
never had an opponent, whose games C.07 art. 9.2 takes out of the maximum score (all of them: two a
pair in a double round robin) and Gacrux only one a player, or none when that player had a bye.
Exits 1 on any other difference. Gacrux is test-only: run it from the test environment.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.awards.roundrobin_results import regulated  # noqa: E402
from engine.model.catalogue import LEFT_GAMES, WITHDRAWN_GAMES  # noqa: E402
from oracles.roundrobin_tiebreaks import CODES, random_round_robin, unlike_gacrux  # noqa: E402

CHOICES = [{}, {WITHDRAWN_GAMES.id: "kept"}, {LEFT_GAMES.id: "not-played"},
           {WITHDRAWN_GAMES.id: "kept", LEFT_GAMES.id: "not-played"}]


def main() -> int:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    events = values = 0
    known: Counter[str] = Counter()
    other: list[str] = []
    for players in range(3, 25):
        for double in (False, True):
            for choice in CHOICES:
                for seed in range(seeds):
                    t = random_round_robin(players, double=double, seed=seed, withdrawals=2, options=choice)
                    name = f"{players} {'double' if double else 'single'} {choice or 'defaults'} seed {seed}"
                    events += 1
                    values += len(t.players) * (len(CODES) + 1)
                    never = any(all(e.opponent is None for e in p.history) for p in regulated(t).players)
                    for line in unlike_gacrux(t):
                        if never and " KS " in line:
                            known[f"{'double' if double else 'single'}"] += 1
                        else:
                            other.append(f"{name}: {line}")
    for line in other:
        print(line)
    agree = values - sum(known.values()) - len(other)
    print(f"{events} events, {values} values and ranks compared: {agree} equal, "
          f"{sum(known.values())} KS values the known difference ({dict(known)}), {len(other)} other")
    return 1 if other else 0


if __name__ == "__main__":
    raise SystemExit(main())
