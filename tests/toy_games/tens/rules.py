"""Tens, a made-up cousin of Elevens for the tests: 12 cards in a 3x4 grid, the rest is the
stock.  Remove two cards, Ace to 9, that make 10, wherever they lie, or the four cards of
one rank of Ten, Jack, Queen or King together.  Holes are filled from the stock in
reading order; once it is empty they stay.  Won when all 52 cards are gone, lost when no
move is left; the score is the cards removed.

Position key: (the 12 cells in reading order, None for a hole; stock pointer).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Self

from thirteen.core.cards import (
    DECK_SIZE,
    Card,
    NotationError,
    cards_compact,
    count_text,
    parse_compact,
    rank,
)
from thirteen.core.game import Game, Outcome, PairRule, Progress, Refusal, Termination
from thirteen.core.i18n import N_
from thirteen.core.moves import Move

COLUMNS, ROWS = 3, 4
CELLS = COLUMNS * ROWS


Cells = tuple[Card | None, ...]


def removals(cells: Cells) -> list[tuple[Card, ...]]:
    """The groups that can go: pairs of Ace to 9 making 10, then the four of a rank of Ten
    to King, the cards of each in order."""
    cards = sorted(c for c in cells if c is not None)
    low = [c for c in cards if rank(c) <= 9]
    out: list[tuple[Card, ...]] = [
        pair for pair in itertools.combinations(low, 2) if rank(pair[0]) + rank(pair[1]) == 10
    ]
    for high in (10, 11, 12, 13):
        four = tuple(c for c in cards if rank(c) == high)
        if len(four) == 4:
            out.append(four)
    return out


def refill(cells: Cells, gone: Sequence[Card], stock: Sequence[Card], sp: int) -> tuple[Cells, int]:
    """The cells once the cards ``gone`` are taken off, their holes filled from the stock
    in reading order (from its card ``sp`` on), and the stock's next card."""
    out = [None if c in gone else c for c in cells]
    for i, c in enumerate(out):
        if c is None and sp < len(stock):
            out[i] = stock[sp]
            sp += 1
    return tuple(out), sp


class Tens(Game):
    """A Tens position: the grid's cells and the stock."""

    game_id = "tens"
    title = N_("Tens")
    rule = PairRule(
        target=10,
        singles=frozenset(),
        sets=tuple(frozenset({r}) for r in (10, 11, 12, 13)),
        set_size=4,
        valued=frozenset(range(1, 10)),
    )

    def __init__(self, deck: Sequence[Card]) -> None:
        super().__init__()
        self.deck = tuple(deck)
        self.cells: tuple[Card | None, ...] = self.deck[:CELLS]
        self.stock = self.deck[CELLS:]
        self.sp = 0

    @property
    def key(self):
        return (self.cells, self.sp)

    def _set_key(self, key) -> None:
        self.cells, self.sp = key

    def grid(self) -> list[list[Card | None]]:
        return [list(self.cells[r * COLUMNS : (r + 1) * COLUMNS]) for r in range(ROWS)]

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.sp

    def legal_moves(self) -> list[Move]:
        moves = [self.removal(group) for group in removals(self.cells)]
        return [move for move in moves if move is not None]

    def _why_illegal(self, move: Move) -> str | None:
        if not move.cards:
            return f"Tens has no move like {move.text()!r}"
        missing = [c for c in move.cards if c not in self.cells]
        return "not on the grid" if missing else None

    def _refusal(self, move: Move) -> Refusal | None:
        if self._why_illegal(move) is None:
            return None
        return Refusal.NO_DRAW_PILE if not move.cards else Refusal.NOT_FREE

    def _apply(self, move: Move) -> None:
        self.cells, self.sp = refill(self.cells, move.cards, self.stock, self.sp)

    @property
    def outcome(self) -> Outcome:
        if self.removed_cards == DECK_SIZE:
            return Outcome.WON
        return Outcome.IN_PROGRESS if self.legal_moves() else Outcome.LOST

    @property
    def termination(self) -> Termination | None:
        outcome = self.outcome
        if outcome is Outcome.IN_PROGRESS:
            return None
        return Termination.CLEARED if outcome is Outcome.WON else Termination.NO_MOVES

    @property
    def score(self) -> int:
        return self.removed_cards

    @property
    def removed_cards(self) -> int:
        return DECK_SIZE - self.stock_left - sum(c is not None for c in self.cells)

    def progress(self) -> Progress:
        return Progress(stock=self.stock_left)

    def available_cards(self) -> list[Card]:
        return [] if self.is_over else [c for c in self.cells if c is not None]

    def cards_in_play(self) -> dict[str, list[Card]]:
        return {
            "grid": [c for c in self.cells if c is not None],
            "stock": list(self.stock[self.sp :]),
        }

    def text(self) -> str:
        rows = "/".join(cards_compact(row) for row in self.grid())
        return f"tens {rows} {cards_compact(self.stock[self.sp :]) or '-'}"

    @classmethod
    def from_text(cls, text: str) -> Self:
        parts = text.split()
        if len(parts) != 3 or parts[0] != "tens":
            raise NotationError(f"a Tens position is 'tens ROWS STOCK', got {text!r}")
        cells = [c for row in parts[1].split("/") for c in parse_compact(row)]
        stock = [] if parts[2] == "-" else parse_compact(parts[2])
        if len(cells) != CELLS or None in stock:
            raise NotationError("Tens has 12 cells and a stock without holes")
        game = object.__new__(cls)
        Game.__init__(game)
        game.deck, game.cells, game.sp = (), tuple(cells), 0
        game.stock = tuple(c for c in stock if c is not None)
        return game

    def render(self) -> str:
        lines = ["Tens"] + [
            " ".join(cards_compact([c]) or ".." for c in row) for row in self.grid()
        ]
        lines.append(f"Stock: {count_text(self.stock_left)}")
        lines.append(f"Score: {self.score}/52   {self.outcome.value}")
        return "\n".join(lines)
