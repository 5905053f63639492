"""What every game has in common: the python-chess-like API the rest builds on."""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable
from typing import ClassVar, Self

from .moves import Move, parse_move


class Outcome(enum.Enum):
    IN_PROGRESS = "in progress"
    WON = "won"
    LOST = "lost"


class IllegalMoveError(ValueError):
    """A move that the rules do not allow in the current position."""


class Game(ABC):
    """A position plus the moves that led to it, with undo.

    Subclasses keep their position in one immutable, hashable value
    (:attr:`key`), so that undo is a pop from a stack and solvers can memoise
    positions without copying structures.
    """

    game_id: ClassVar[str]
    title: ClassVar[str]

    def __init__(self) -> None:
        self._undo: list[tuple[Hashable, Move]] = []

    # -- position ---------------------------------------------------------
    @property
    @abstractmethod
    def key(self) -> Hashable:
        """The whole dynamic position as one hashable value."""

    @abstractmethod
    def _set_key(self, key: Hashable) -> None: ...

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal move in a fixed order; empty once the game is over."""

    @abstractmethod
    def _apply(self, move: Move) -> None:
        """Play a move already known to be legal."""

    @abstractmethod
    def _why_illegal(self, move: Move) -> str | None:
        """A reason the move is illegal here, or None when it is legal."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome: ...

    @property
    @abstractmethod
    def score(self) -> int: ...

    @abstractmethod
    def text(self) -> str:
        """One-line position text; ``from_text`` of it gives the same position."""

    @classmethod
    @abstractmethod
    def from_text(cls, text: str) -> Self: ...

    @abstractmethod
    def render(self) -> str:
        """The position for people to read (the ``show`` command)."""

    @abstractmethod
    def cards_in_play(self) -> dict[str, list[int]]:
        """Every card still in the game by zone, for checks that none is lost."""

    @property
    @abstractmethod
    def removed_cards(self) -> int:
        """How many cards have left the game so far."""

    # -- shared behaviour -------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.outcome is not Outcome.IN_PROGRESS

    @property
    def moves(self) -> list[Move]:
        """Moves played so far (undone ones excluded)."""
        return [m for _, m in self._undo]

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def is_legal(self, move: Move) -> bool:
        return self._why_illegal(move) is None

    def play(self, move: Move | str) -> None:
        """Play a move (or its text); raises IllegalMoveError with the reason."""
        if isinstance(move, str):
            move = parse_move(move)
        if self.is_over:
            raise IllegalMoveError(f"{move.text()}: the game is over ({self.outcome.value})")
        reason = self._why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(f"{move.text()}: {reason}")
        before = self.key
        self._apply(move)
        self._undo.append((before, move))

    def play_all(self, moves: Iterable[Move | str]) -> None:
        for move in moves:
            self.play(move)

    def undo(self) -> Move:
        """Take back the last move, restoring the exact previous position."""
        if not self._undo:
            raise IllegalMoveError("nothing to undo")
        before, move = self._undo.pop()
        self._set_key(before)
        return move

    def copy(self) -> Self:
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        clone._undo = list(self._undo)
        return clone

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text()!r}>"
