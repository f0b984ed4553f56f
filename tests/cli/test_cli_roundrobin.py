"""A round robin from the command line: ``swisstui new --system berger`` and ``swisstui pair`` on a TRF."""

from __future__ import annotations

from pathlib import Path

from engine import trf
from engine.model.tournament import Colour, Player, ResultCode, RoundEntry, Settings, Tournament
from engine.systems.roundrobin import Cycles, schedule
from swisstui import store
from swisstui.cli import main


def _before(players: int, rnd: int, code: str, cycles: Cycles) -> Tournament:
    """The event before round ``rnd``, the rounds before played as the table says, White winning each game."""
    history: dict[int, list[RoundEntry]] = {p: [] for p in range(1, players + 1)}
    for row in schedule(players, cycles)[:rnd - 1]:
        for b in row:
            if b.is_bye:
                history[b.white].append(RoundEntry(None, Colour.NONE, ResultCode.PAB))
            else:
                history[b.white].append(RoundEntry(b.black, Colour.WHITE, ResultCode.WIN))
                history[b.black].append(RoundEntry(b.white, Colour.BLACK, ResultCode.LOSS))
    settings = Settings(rounds=len(schedule(players, cycles)), system=code)
    return Tournament(settings, tuple(Player(p, f"Player {p}", rating=2200 - p, history=tuple(h))
                                      for p, h in history.items()))


def test_new_makes_a_round_robin_with_its_tie_breaks(tmp_path: Path, capsys) -> None:
    path = tmp_path / "rr.toml"
    assert main(["new", str(path), "--name", "Club final", "--rounds", "7", "--system", "berger"]) == 0
    event = store.load(path)
    assert event.settings.system == "berger" and event.settings.tiebreaks == ("DE", "WIN", "SB", "KS")
    assert event.settings.points.pab_points == 0  # the bye of an odd field is a round off
    swiss = tmp_path / "swiss.toml"
    assert main(["new", str(swiss), "--name", "Open", "--rounds", "7"]) == 0
    assert store.load(swiss).settings.points.pab_points == 1


def test_new_refuses_a_buchholz_tie_break_for_a_round_robin(tmp_path: Path, capsys) -> None:
    path = tmp_path / "rr.toml"
    assert main(["new", str(path), "--name", "Club final", "--rounds", "7", "--system", "berger",
                 "--tiebreaks", "BH,SB"]) == 2
    assert "BH must not be used in round robins (C.07 art. 8)" in capsys.readouterr().err
    assert not path.exists()


def test_pair_reads_record_192_and_writes_the_tables_round(tmp_path: Path) -> None:
    for code, cycles, rnd in (("FIDE_ROUNDROBIN", Cycles.SINGLE, 4), ("FIDE_DOUBLEROUNDROBIN", Cycles.DOUBLE_FIDE, 7)):
        path, out = tmp_path / f"{code}.trf", tmp_path / f"{code}.txt"
        path.write_text(trf.dumps(_before(7, rnd, code, cycles), dialect="trf26"), encoding="utf-8")
        assert main(["pair", str(path), "-p", str(out)]) == 0
        row = schedule(7, cycles)[rnd - 1]
        want = [f"{b.white} {b.black}" for b in row if not b.is_bye] + [f"{b.white} 0" for b in row if b.is_bye]
        lines = out.read_text(encoding="utf-8").split("\n")
        assert lines[0] == "4" and sorted(lines[1:5]) == sorted(want), code


def test_pair_refuses_an_event_whose_rounds_are_not_the_tables(tmp_path: Path, capsys) -> None:
    t = _before(6, 2, "FIDE_ROUNDROBIN", Cycles.SINGLE)
    path = tmp_path / "rr.trf"
    path.write_text(trf.dumps(Tournament(Settings(rounds=7, system="FIDE_ROUNDROBIN"), t.players), dialect="trf26"),
                    encoding="utf-8")
    assert main(["pair", str(path), "-p", str(tmp_path / "out.txt")]) != 0
    assert "a single round robin of 6 players has 5 rounds; the event announces 7" in capsys.readouterr().err


def _round_robin_with_players(tmp_path: Path, system: str = "berger") -> Path:
    path = tmp_path / "rr.toml"
    assert main(["new", str(path), "--name", "Club final", "--rounds", "5", "--system", system]) == 0
    from swisstui.session.actions import Session

    session = Session.open(path, arbiter="Anna")
    for name in ("Adams, A.", "Berg, B.", "Carlsen, C.", "Dahl, D.", "Ek, E.", "Falk, F."):
        session.players.add(name)
    return path


def test_draw_numbers_the_players_by_lot_and_records_the_seed(tmp_path: Path, capsys) -> None:
    from engine.systems.roundrobin.numbers import draw_by_lot

    path = _round_robin_with_players(tmp_path)
    before = {p.id: p.name for p in store.load(path).players}
    capsys.readouterr()
    assert main(["draw", str(path), "--seed", "2026"]) == 0
    out = capsys.readouterr().out
    assert "pairing numbers drawn with seed 2026" in out
    event = store.load(path)
    drawn = draw_by_lot(list(before), 2026)
    assert {p.name: p.id for p in event.players} == {name: drawn[old] for old, name in before.items()}
    (entry,) = [e for e in event.log if e.action == "draw"]
    assert entry.text.startswith("seed 2026: ") and "; rounds" not in entry.text  # 5 announced, 5 in the table
    assert entry.round == 1 and event.settings.rounds == 5  # six players: the table's five rounds
    assert main(["pair", str(path), "-p", str(tmp_path / "r1.txt")]) == 0  # the table's round 1 on those numbers
    assert (tmp_path / "r1.txt").read_text(encoding="utf-8").split("\n")[:4] == ["3", "1 6", "2 5", "3 4"]


def test_draw_is_refused_for_a_swiss(tmp_path: Path, capsys) -> None:
    path = tmp_path / "swiss.toml"
    assert main(["new", str(path), "--name", "Open", "--rounds", "5"]) == 0
    assert main(["draw", str(path), "--seed", "1"]) == 2
    assert "a Swiss numbers its players by rating, title and name (C.04.2 art. 2.2)" in capsys.readouterr().err


def test_draw_gives_the_event_the_tables_rounds(tmp_path: Path, capsys) -> None:
    path = _round_robin_with_players(tmp_path, "berger-double")  # announced with 5 rounds; 6 players play 10
    assert main(["draw", str(path), "--seed", "5"]) == 0
    event = store.load(path)
    assert event.settings.rounds == 10
    assert [e.text for e in event.log if e.action == "draw"][0].endswith("; rounds 5 -> 10")
    assert main(["draw", str(path), "--seed", "6"]) == 0  # again before round 1: a new lot
    assert main(["pair", str(path), "-p", str(tmp_path / "r1.txt")]) == 0


def test_draw_by_the_varma_tables_keeps_a_federation_in_one_set(tmp_path: Path, capsys) -> None:
    from engine.systems.roundrobin.varma import sets_for
    from swisstui.session.actions import Session

    path = tmp_path / "norm.toml"
    assert main(["new", str(path), "--name", "Norm event", "--rounds", "9", "--system", "berger"]) == 0
    session = Session.open(path, arbiter="Anna")
    federations = ["GER", "GER", "GER", "ENG", "ENG", "FRA", "FRA", "HUN", "ESP", "NOR"]
    for i, federation in enumerate(federations, start=1):
        session.players.add(f"Player {i:02d}", federation=federation)
    assert main(["draw", str(path), "--seed", "11", "--varma"]) == 0
    assert "drawn by the Varma tables with seed 11" in capsys.readouterr().out
    event = store.load(path)
    assert event.settings.rounds == 9 and sorted(p.id for p in event.players) == list(range(1, 11))
    sets = sets_for(10)
    for federation in ("GER", "ENG", "FRA"):
        numbers = {p.id for p in event.players if p.federation == federation}
        assert any(numbers <= set(s) for s in sets.values()), (federation, numbers)
    assert "(Varma, C.05 Annex 2)" in [e.text for e in event.log if e.action == "draw"][0]


def test_a_varma_draw_of_eight_players_is_refused_with_the_tables_range(tmp_path: Path, capsys) -> None:
    path = _round_robin_with_players(tmp_path)
    assert main(["draw", str(path), "--seed", "1", "--varma"]) == 2
    assert "the Varma tables (C.05 Annex 2) cover 9 to 24 players, not 6" in capsys.readouterr().err


def test_a_new_round_robin_from_the_app_scores_its_bye_nothing(tmp_path: Path) -> None:
    from swisstui.session.actions import create_event

    made = create_event(tmp_path / "rr.toml", "Club final", 7, "berger")
    assert made.event.settings.points.pab_points == 0 and made.event.settings.tiebreaks == ("DE", "WIN", "SB", "KS")
    assert create_event(tmp_path / "open.toml", "Open", 7).event.settings.points.pab_points == 1


def test_a_drawn_round_robin_is_not_told_to_sort_its_numbers_by_rating(tmp_path: Path) -> None:
    from swisstui.session.actions import Next, Session

    path = tmp_path / "rr.toml"
    assert main(["new", str(path), "--name", "Club final", "--rounds", "5", "--system", "berger"]) == 0
    session = Session.open(path)
    for name, rating in (("Adams, A.", 1500), ("Berg, B.", 2100), ("Carlsen, C.", 1800), ("Dahl, D.", 1900)):
        session.players.add(name, rating=rating)
    assert main(["draw", str(path), "--seed", "2"]) == 0  # Adams 2, Berg 3, Carlsen 4, Dahl 1
    session = Session.open(path)
    assert not session.players.numbers_in_order()  # the lot, not the ratings
    assert session.next_step().what is Next.PAIR_FIRST


def test_draw_keep_keeps_the_arbiters_numbers_and_gives_the_tables_rounds(tmp_path: Path, capsys) -> None:
    path = _round_robin_with_players(tmp_path, "berger-double")  # announced with 5 rounds; 6 players play 10
    before = [(p.id, p.name) for p in store.load(path).players]
    capsys.readouterr()
    assert main(["draw", str(path), "--keep"]) == 0
    assert "pairing numbers kept as given" in capsys.readouterr().out
    event = store.load(path)
    assert [(p.id, p.name) for p in event.players] == before and event.settings.rounds == 10
    assert [e.text for e in event.log if e.action == "numbers"] == ["given by the arbiter, kept: 1-6; rounds 5 -> 10"]
    assert main(["draw", str(path), "--keep", "--seed", "3"]) == 2
    assert "no --seed or --varma with it" in capsys.readouterr().err
