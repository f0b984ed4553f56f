"""A round robin's settings through the session: the withdrawal options offered, the tie-breaks C.07 bars
in a round robin refused whichever way they would come in (the list, or a change of system)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.model.catalogue import LEFT_GAMES, ROUND_ROBIN_TIEBREAKS, SWISS_TIEBREAKS, WITHDRAWN_GAMES
from swisstui.session.action_errors import ActionError
from swisstui.session.actions import Session, create_event


def _session(path: Path, system: str = "dutch-2026", rounds: int = 7) -> Session:
    create_event(path, "Club final", rounds, system)
    return Session.open(path)


def test_a_round_robin_offers_its_withdrawal_options_with_their_values(tmp_path: Path) -> None:
    session = _session(tmp_path / "rr.toml", "berger")
    offered = {o.id: (o.values, o.default) for o in session.settings.system_options()}
    assert offered == {WITHDRAWN_GAMES.id: (("annulled-under-half", "kept"), "annulled-under-half"),
                       LEFT_GAMES.id: (("forfeited", "not-played"), "forfeited")}
    session.settings.set_option(LEFT_GAMES.id, "not-played")
    assert Session.open(tmp_path / "rr.toml").event.settings.options == {LEFT_GAMES.id: "not-played"}
    with pytest.raises(ActionError, match="is not one of annulled-under-half, kept"):
        session.settings.set_option(WITHDRAWN_GAMES.id, "half")


def test_buchholz_is_refused_in_a_round_robins_list(tmp_path: Path) -> None:
    session = _session(tmp_path / "rr.toml", "berger")
    with pytest.raises(ActionError, match=r"BH/C1 must not be used in round robins \(C.07 art. 8\)"):
        session.settings.set_tiebreaks("DE,BH/C1")
    assert session.event.settings.tiebreaks == ROUND_ROBIN_TIEBREAKS


def test_a_swiss_made_a_round_robin_takes_the_round_robin_list_or_is_refused_over_buchholz(tmp_path: Path) -> None:
    session = _session(tmp_path / "a.toml")
    assert session.event.settings.tiebreaks == SWISS_TIEBREAKS
    session.settings.set_system("berger")
    assert Session.open(tmp_path / "a.toml").event.settings.tiebreaks == ROUND_ROBIN_TIEBREAKS
    session.settings.set_system("dutch-2026")  # and back: the Swiss list again, no Koya left in a Swiss
    assert Session.open(tmp_path / "a.toml").event.settings.tiebreaks == SWISS_TIEBREAKS
    own = _session(tmp_path / "b.toml")
    own.settings.set_tiebreaks("SB,BH")
    with pytest.raises(ActionError, match=r"^BH must not be used in round robins \(C.07 art. 8\): change the "
                                          r"tie-breaks before the system$"):
        own.settings.set_system("berger")
    assert Session.open(tmp_path / "b.toml").event.settings.system == "dutch-2026"


def test_an_absence_in_a_round_robin_is_a_zero_point_bye_and_no_other_bye_is_taken(tmp_path: Path) -> None:
    from engine.model.tournament import ResultCode

    session = _session(tmp_path / "rr.toml", "berger", rounds=3)
    for name in ("Adams", "Berg", "Carlsen", "Dahl"):
        session.players.add(name)
    for code in (ResultCode.HALF_BYE, ResultCode.FULL_BYE):
        with pytest.raises(ActionError, match="a round robin has no bye to ask for: a player away from a round "
                                              r"loses that game by forfeit \(Laws of Chess art. 6.7.1\)"):
            session.players.request(2, 1, code)
    session.players.request(2, 1, ResultCode.ZERO_BYE)
    assert Session.open(tmp_path / "rr.toml").event.round(1).requests == {2: ResultCode.ZERO_BYE}
