"""The engine's proposed pairing while the arbiter reviews it, and the boards changed by hand.

Nothing here is stored: :meth:`swisstui.session.actions.PairingService.confirm` publishes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.model.result import PairingResult
from engine.model.tournament import Pairing, RoundPairing, Tournament

# -- the proposal under review ----------------------------------------------------


@dataclass
class ManualChange:
    """A board changed by hand before confirming, with the arbiter's reason."""

    board: int
    before: tuple[int, int]
    after: tuple[int, int]
    reason: str
    warnings: tuple[str, ...] = ()

    def describe(self, board: int | None = None) -> str:
        """One line for the log; ``board`` is where the pair is published, when known."""
        b, a = self.before, self.after
        text = f"board {board or self.board}: {b[0]}-{b[1]} -> {a[0]}-{a[1]}: {self.reason}"
        if self.warnings:
            text += " [" + "; ".join(self.warnings) + "]"
        return text


@dataclass(frozen=True)
class BoardCheck:
    """A hand change of one board, checked: the pairing it makes, what the validator finds in it,
    and ``refusal``, the one line saying why FIDE mode refuses it ('' when it does not).

    :meth:`swisstui.session.actions.Session.check_board` makes it, for the edit dialog before the reason
    is asked and for :meth:`~swisstui.session.actions.Session.change_board`: one set of checks for both.
    """

    boards: list[Pairing]
    bye: int | None
    violations: list
    refusal: str = ""


@dataclass
class Proposal:
    """The engine's pairing of the next round and the arbiter's changes to it.

    Nothing of this is stored until :meth:`PairingService.confirm`.
    """

    result: PairingResult
    boards: list[Pairing]
    bye: int | None
    changes: list[ManualChange] = field(default_factory=list)
    revision: int = 0  # the event revision it was computed from: a later change makes it stale
    entries: dict[int, int] = field(default_factory=dict)  # pairing number -> entry number when computed
    inputs: Tournament | None = None  # the event as the engine paired it: confirm compares it with the file
    fide_mode: bool | None = None  # FIDE mode when it was paired: it decides which hand edits may be published

    @classmethod
    def of(cls, result: PairingResult, revision: int = 0, entries: dict[int, int] | None = None,
           inputs: Tournament | None = None, fide_mode: bool | None = None) -> Proposal:
        return cls(result, list(result.boards), result.bye, revision=revision, entries=dict(entries or {}),
                   inputs=inputs, fide_mode=fide_mode)

    @property
    def round(self) -> int:
        return self.result.round

    def board_of(self, pair: tuple[int, int]) -> int | None:
        """The board (1-based) on which ``pair`` (white, black) now plays, or ``None``."""
        for n, board in enumerate(self.boards, start=1):
            if (board.white, board.black) == pair:
                return n
        return None

    def changed_boards(self) -> list[int]:
        """The boards (1-based) whose pair or colours differ from the engine's pairing."""
        engine_pairs = set(self.result.boards)
        return [n for n, board in enumerate(self.boards, start=1) if board not in engine_pairs]

    def as_round(self) -> RoundPairing:
        return RoundPairing(self.round, tuple(self.boards), self.bye)

    def with_board(self, board: int, white: int, black: int) -> tuple[list[Pairing], int | None]:
        """The boards and bye after putting ``white``-``black`` on ``board`` (1-based).

        The players displaced take the places the new pair left, so the
        pairing stays complete: it is two exchanges of players.
        """
        boards = list(self.boards)
        bye = self.bye
        if boards[board - 1].white != white:
            boards, bye = _swap(boards, bye, boards[board - 1].white, white)
        if boards[board - 1].black != black:
            boards, bye = _swap(boards, bye, boards[board - 1].black, black)
        return boards, bye


def _swap(boards: list[Pairing], bye: int | None, a: int, b: int) -> tuple[list[Pairing], int | None]:
    def sub(x: int) -> int:
        return b if x == a else a if x == b else x

    return [Pairing(sub(p.white), sub(p.black)) for p in boards], (sub(bye) if bye is not None else None)
