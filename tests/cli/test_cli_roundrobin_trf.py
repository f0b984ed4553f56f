"""A round robin with a withdrawal and an absence through `swisstui export --trf` and `swisstui import`:
record 192 with the options, the schedule and every result read back as they were; Gacrux reads the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.awards.standings import standings
from engine.model.catalogue import LEFT_GAMES, WITHDRAWN_GAMES
from swisstui import store
from swisstui.cli import main
from tests.store.test_roundrobin_withdrawal_session import WITHDRAWN, play_event

ABSENT = (2, 9)  # number 2 absent from round 9


def _rounds(event: store.Event) -> list[tuple[list[tuple[int, int, str]], int | None, dict[int, str]]]:
    return [([(b.white, b.black, b.result) for b in r.boards], r.bye, {p: c.value for p, c in r.requests.items()})
            for r in event.rounds if r.paired or r.requests]


@pytest.mark.slow
@pytest.mark.parametrize(("options", "last_round"), [
    ({}, 14), ({WITHDRAWN_GAMES.id: "kept", LEFT_GAMES.id: "not-played"}, 14), ({LEFT_GAMES.id: "not-played"}, 10)])
def test_export_and_import_keep_a_round_robins_withdrawal_absence_and_options(
        tmp_path: Path, options: dict[str, str], last_round: int) -> None:
    session = play_event(tmp_path / "rr.toml", options, last_round, absent=ABSENT)
    trf_path, back = tmp_path / "rr.trf", tmp_path / "back.toml"
    assert main(["export", str(tmp_path / "rr.toml"), "--trf", str(trf_path)]) == 0
    text = trf_path.read_text(encoding="utf-8")
    code = "192 FIDE_DOUBLEROUNDROBIN" + "".join(f" {k}={v}" for k, v in sorted(options.items(), reverse=True))
    assert code in text.splitlines()
    assert main(["import", str(trf_path), "-o", str(back)]) == 0
    before, after = store.load(tmp_path / "rr.toml"), store.load(back)
    assert (after.settings.system, dict(after.settings.options)) == ("berger-double", options)
    assert [(p.id, p.status, p.withdrawn_after) for p in after.players] == \
        [(p.id, p.status, p.withdrawn_after) for p in before.players]
    assert after.player(WITHDRAWN).withdrawn_after == 3
    assert _rounds(after) == _rounds(before)
    assert standings(after.to_tournament()).rows == standings(session.tournament()).rows


@pytest.mark.slow
def test_gacrux_reads_the_export_as_a_double_round_robin(tmp_path: Path) -> None:
    from oracles.gacrux_tiebreaks import gacrux_tournament

    play_event(tmp_path / "rr.toml", {}, 14, absent=ABSENT)
    assert main(["export", str(tmp_path / "rr.toml"), "--trf", str(tmp_path / "rr.trf")]) == 0
    read = gacrux_tournament((tmp_path / "rr.trf").read_text(encoding="utf-8"))
    assert read["format"] == "roundrobin" and read["pairingSystem"] == ["berger", "fide", "double"]
    assert len(read["competitors"]) == 8
