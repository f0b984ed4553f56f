"""Our team tie-breaks (C.07 2026 art. 12-13 and art. 6-9 on team scores) against Gacrux's checker.

Gacrux (the FIDE TEC's ``gacrux.tiebreak``) reads a team TRF-2026 file (records
310, 320, 330, 352 and the players' 001 rows) and computes, for the event's
primary score (record 192), the same codes we parse. Shared by
``scripts/team_tiebreaks_gacrux.py`` (every fixture) and
``tests/engine/test_team_tiebreaks_oracle.py`` (a fixed subset).

    from oracles.team_tiebreaks import compare_file
    report = compare_file(Path("team-d-0003.trf"))
    report.values_identical, report.values_compared, report.diffs
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from engine.model.team_tournament import Score, TeamTournament
from engine.tiebreaks.team_order import team_standings
from engine.tiebreaks.team_spec import parse_team_list
from engine.trf.team_read import read_team_trf
from oracles.tiebreak_values import gacrux_tiebreaks

VALUES = ("MPVGP,BH,BH/C1,BH/C2,BH/M1,SB,SB/C1,BH:GP,BH:MP,SB:GP,SB:MP,PS,PS:GP,AOB,"
          "ESB,EMMSB,EMGSB,EGMSB,EGGSB,EMGSB/C1,EGGSB/C1,EMMSB/C2,EGMSB/P,BH/P,BC,SSSC,SSSC/K3,SSSC/P")
"""Every team value both programs compute, for every team (type A ones are compared as rankings)."""

MATCH_COUNTS = "WIN,WON,REP,TPN"
"""Counted by matches: compared only where match points are the primary score (see docs/tiebreaks.md)."""

FORE = "FB,FB:GP,SSSC/F"
"""Gacrux's FB changes the state the tie-breaks after it read (docs/tiebreaks.md): a run of its own."""

RANKINGS = ("EDE,MPVGP,BH", "MPVGP,EDE,EMGSB", "DE,BH,SB", "BC,TBR", "MPVGP,BBE", "SSSC,EDE/P",
            "EDEBT,BH", "EDEBB", "EDET,MPVGP", "EDEB/P,SB", "DE:GP,DE:MP")
"""Final rankings compared team by team, including the tie-breaks decided inside tied groups."""


@dataclass
class Report:
    """One file: values and rankings compared, and each difference in words."""

    file: str
    values_compared: int = 0
    values_identical: int = 0
    rankings_compared: int = 0
    rankings_identical: int = 0
    chain_moved: int = 0  # teams the board chains of 13.3.2 rank otherwise than EDE alone
    diffs: list[str] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)  # known readings apart (docs/tiebreaks.md)


def _gacrux_value(v: object) -> Decimal | None:
    return None if v is None else Decimal(str(v))


def _ours_value(acronym: str, v: object, rounds: int) -> Decimal | None:
    """Our value as Gacrux shows it: AOB and SSSC rounded as it rounds them."""
    if v is None:
        return None
    d = Decimal(str(v))
    if acronym == "AOB":
        return d.quantize(Decimal("0.01") if rounds < 9 else Decimal("0.001"), rounding="ROUND_HALF_UP")
    if acronym == "SSSC":
        return d.quantize(Decimal("0.01"), rounding="ROUND_HALF_UP")
    return d


def _gacrux_factor(tt: TeamTournament, after: int) -> int:
    """Gacrux's normalising factor for SSSC after round ``after`` (0 after one round of four boards)."""
    if tt.primary is Score.MATCH:
        return 2 * after // tt.team_size
    return tt.team_size * after // 2


def _compare_values(report: Report, text: str, tt: TeamTournament, codes: str, after: int) -> None:
    tbs = parse_team_list(codes)
    ours = team_standings(tt, tbs, after)
    _, theirs = gacrux_tiebreaks(text, [tb.code for tb in tbs], rounds=after)
    for tpn in sorted(tt.teams):
        for i, tb in enumerate(tbs):
            a = _ours_value(tb.acronym, ours.values[tpn][i].value, after)
            b = _gacrux_value(theirs[tpn][i])
            report.values_compared += 1
            if a == b:
                report.values_identical += 1
            else:
                report.diffs.append(f"{report.file} team {tpn} {tb.code}: ours {a}, gacrux {b}")


def _without_factor(codes: str) -> str:
    """``codes`` without the SSSC variants that use 13.4's own normalising factor (``/Kn`` sets its own)."""
    return ",".join(c for c in codes.split(",") if not (c.startswith("SSSC") and "/K" not in c))


def compare_file(path: Path, after: int | None = None) -> Report:
    """Every value of :data:`VALUES` (and the others above), then every ranking of :data:`RANKINGS`,
    in the standings after round ``after`` (the final ones when None).

    Before the last round, SSSC's own normalising factor differs on purpose (13.4: the
    tournament's highest score, where Gacrux takes the rounds played so far; docs/tiebreaks.md):
    those values are counted as readings apart, where Gacrux can compute them at all.
    """
    text = path.read_text(encoding="latin-1")
    tt = read_team_trf(text, str(path))
    upto = tt.rounds_played if after is None else after
    final = upto >= tt.total_rounds
    report = Report(path.name if after is None else f"{path.name}@{after}")
    _compare_values(report, text, tt, VALUES if final else _without_factor(VALUES), upto)
    _compare_values(report, text, tt, FORE if final else _without_factor(FORE), upto)
    apart = Report(report.file)
    if tt.primary is Score.MATCH:
        _compare_values(report, text, tt, MATCH_COUNTS, upto)
    else:
        # game points decide: Gacrux counts these by games, we by matches (docs/tiebreaks.md)
        _compare_values(apart, text, tt, MATCH_COUNTS, upto)
    if not final and _gacrux_factor(tt, upto) >= 1:
        _compare_values(apart, text, tt, "SSSC,SSSC/P", upto)
    report.disagreements.extend(apart.diffs)
    for codes in RANKINGS if final else [_without_factor(c) for c in RANKINGS]:
        tbs = parse_team_list(codes)
        ours = team_standings(tt, tbs, upto)
        ranks, _ = gacrux_tiebreaks(text, [tb.code for tb in tbs], rounds=upto)
        report.rankings_compared += 1
        if ranks == ours.rank:
            report.rankings_identical += 1
        else:
            wrong = [f"{t}: ours {ours.rank[t]}, gacrux {ranks[t]}" for t in sorted(tt.teams) if ranks[t] != ours.rank[t]]
            report.diffs.append(f"{report.file} ranking [{codes}]: " + "; ".join(wrong))
    ede = team_standings(tt, parse_team_list("EDE"), upto).rank
    for chain in ("EDET", "EDEB", "EDEBT", "EDEBB"):
        ranks_chain = team_standings(tt, parse_team_list(chain), upto).rank
        report.chain_moved += sum(1 for t in tt.teams if ranks_chain[t] != ede[t])
    return report
