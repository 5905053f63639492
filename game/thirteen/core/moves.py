"""Moves: small frozen values with a canonical text form that parses back.

The same move kinds serve every game, named by cards rather than cells, so a
move text means the same thing however the cards got where they are:

=================  ==========  =============================================
kind               text        meaning
=================  ==========  =============================================
RemoveKing         ``Kh``      remove an available King
RemovePair         ``Ac+Qd``   remove two available cards that make a pair
RemoveGroup        ``Jh+Qs+Kd``  remove three or more cards together
Draw               ``D``       move the draw card to the waste (pyramids)
Recycle            ``R``       turn the waste over into a new draw pile
MoveToEmpty        ``Jc>2``    Thirteens: move a column's top card to empty
                               column 2 (columns count from 1, left to right)
=================  ==========  =============================================

Move texts are parsed here by their shape only; whether the cards make a group is
the game's rule (:meth:`.game.Game.parse_move` checks it).
"""

from __future__ import annotations

from dataclasses import dataclass

from thirteen.core.cards import (
    Card,
    NotationError,
    card_text,
    is_king,
    is_plain_number,
    parse_card,
    quoted,
)


@dataclass(frozen=True, slots=True, repr=False)
class Move:
    """Base of all moves; ``Move.from_text`` parses any of them."""

    def text(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards the move takes off the table (none for a draw or a shift)."""
        return ()

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Move({self.text()!r})"

    @staticmethod
    def from_text(text: str) -> Move:
        return parse_move(text)


@dataclass(frozen=True, slots=True, repr=False)
class RemoveKing(Move):
    card: Card

    def __post_init__(self) -> None:
        if not is_king(self.card):
            raise ValueError(f"{card_text(self.card)} is not a King")

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.card,)

    def text(self) -> str:
        return card_text(self.card)


@dataclass(frozen=True, slots=True, repr=False)
class RemovePair(Move):
    """Two cards removed together, stored lower card first so equal moves compare equal
    (whether they make a pair is the game's rule)."""

    first: Card
    second: Card

    def __post_init__(self) -> None:
        if self.first == self.second:
            raise ValueError(f"{card_text(self.first)} is named twice")
        if self.first > self.second:
            a, b = self.second, self.first
            object.__setattr__(self, "first", a)
            object.__setattr__(self, "second", b)

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.first, self.second)

    def text(self) -> str:
        return f"{card_text(self.first)}+{card_text(self.second)}"


@dataclass(frozen=True, slots=True, repr=False)
class RemoveGroup(Move):
    """Cards removed together (three or more, or a single card that is not a King), in
    ascending order so equal moves compare equal."""

    group: tuple[Card, ...]

    def __post_init__(self) -> None:
        if len(set(self.group)) != len(self.group):
            raise ValueError("a card is named twice")
        object.__setattr__(self, "group", tuple(sorted(self.group)))

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.group

    def text(self) -> str:
        return "+".join(card_text(c) for c in self.group)


@dataclass(frozen=True, slots=True, repr=False)
class Draw(Move):
    def text(self) -> str:
        return "D"


@dataclass(frozen=True, slots=True, repr=False)
class Recycle(Move):
    def text(self) -> str:
        return "R"


@dataclass(frozen=True, slots=True, repr=False)
class MoveToEmpty(Move):
    """Thirteens' empty-column move; ``column`` counts from 0 internally."""

    card: Card
    column: int

    def __post_init__(self) -> None:
        if self.column < 0:
            raise ValueError("column numbers start at 1")

    def text(self) -> str:
        return f"{card_text(self.card)}>{self.column + 1}"


def parse_move_text(text: str) -> Move:
    """Parse a move's text by its shape; raises NotationError naming what is wrong.  A
    single card that is not a King, or cards that make no group, are the game's to
    refuse (:meth:`.game.Game.parse_move`)."""
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
            cards = [parse_card(part) for part in token.split("+")]
            if len(cards) == 2:
                return RemovePair(*cards)
            return RemoveGroup(tuple(cards))
        if ">" in token:
            left, _, right = token.partition(">")
            column = right.strip()
            if not is_plain_number(column, 9) or int(column) < 1:
                raise NotationError(
                    f"column {quoted(right)} after '>' must be a whole number from 1, like Jc>2"
                )
            return MoveToEmpty(parse_card(left), int(column) - 1)
        card = parse_card(token)
        return RemoveKing(card) if is_king(card) else RemoveGroup((card,))
    except NotationError as exc:
        raise NotationError(f"bad move {quoted(token, brief=True)}: {exc}") from None
    except ValueError as exc:
        raise NotationError(f"bad move {quoted(token, brief=True)}: {exc}") from None


parse_move = parse_move_text


def parse_moves(text: str) -> list[Move]:
    """Parse white-space separated moves by their shape."""
    return [parse_move_text(t) for t in text.split()]
