"""Moves: small frozen values with a canonical text form that parses back.

The same move kinds serve every game, named by cards rather than cells, so a
move text means the same thing however the cards got where they are:

=================  ==========  =============================================
kind               text        meaning
=================  ==========  =============================================
RemoveKing         ``Kh``      remove an available King
RemovePair         ``Ac+Qd``   remove two available cards that make 13
Draw               ``D``       move the draw card to the waste (pyramids)
Recycle            ``R``       turn the waste over into a new draw pile
MoveToEmpty        ``Jc>2``    Thirteens: move a column's top card to empty
                               column 2 (columns count from 1, left to right)
=================  ==========  =============================================
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import (
    Card,
    NotationError,
    card_text,
    is_king,
    is_pair,
    is_plain_number,
    parse_card,
)


@dataclass(frozen=True, slots=True)
class Move:
    """Base of all moves; ``Move.from_text`` parses any of them."""

    def text(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()

    @staticmethod
    def from_text(text: str) -> Move:
        return parse_move(text)


@dataclass(frozen=True, slots=True)
class RemoveKing(Move):
    card: Card

    def __post_init__(self) -> None:
        if not is_king(self.card):
            raise ValueError(f"{card_text(self.card)} is not a King")

    def text(self) -> str:
        return card_text(self.card)


@dataclass(frozen=True, slots=True)
class RemovePair(Move):
    """Two cards that make 13, stored lower card first so equal moves compare equal."""

    first: Card
    second: Card

    def __post_init__(self) -> None:
        if not is_pair(self.first, self.second):
            raise ValueError(f"{card_text(self.first)} and {card_text(self.second)} do not make 13")
        if self.first > self.second:
            a, b = self.second, self.first
            object.__setattr__(self, "first", a)
            object.__setattr__(self, "second", b)

    @property
    def cards(self) -> tuple[Card, Card]:
        return (self.first, self.second)

    def text(self) -> str:
        return f"{card_text(self.first)}+{card_text(self.second)}"


@dataclass(frozen=True, slots=True)
class Draw(Move):
    def text(self) -> str:
        return "D"


@dataclass(frozen=True, slots=True)
class Recycle(Move):
    def text(self) -> str:
        return "R"


@dataclass(frozen=True, slots=True)
class MoveToEmpty(Move):
    """Thirteens' empty-column move; ``column`` counts from 0 internally."""

    card: Card
    column: int

    def __post_init__(self) -> None:
        if self.column < 0:
            raise ValueError("column numbers start at 1")

    def text(self) -> str:
        return f"{card_text(self.card)}>{self.column + 1}"


def parse_move(text: str) -> Move:
    """Parse a move's text form; raises NotationError naming what is wrong."""
    token = text.strip()
    if not token:
        raise NotationError("empty move")
    upper = token.upper()
    if upper == "D":
        return Draw()
    if upper == "R":
        return Recycle()
    try:
        if "+" in token:
            left, _, right = token.partition("+")
            return RemovePair(parse_card(left), parse_card(right))
        if ">" in token:
            left, _, right = token.partition(">")
            column = right.strip()
            if not is_plain_number(column, 9) or int(column) < 1:
                raise NotationError(
                    f"column {right!r} after '>' must be a whole number from 1, like Jc>2"
                )
            return MoveToEmpty(parse_card(left), int(column) - 1)
        card = parse_card(token)
        return RemoveKing(card)
    except NotationError as exc:
        raise NotationError(f"bad move {token!r}: {exc}") from None
    except ValueError as exc:
        raise NotationError(f"bad move {token!r}: {exc}") from None


def parse_moves(text: str) -> list[Move]:
    """Parse white-space separated moves."""
    return [parse_move(t) for t in text.split()]
