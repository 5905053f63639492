"""Neighbour: a 5x5 grid of pairs that touch, where the cards close up in reading order.

Position key: (the cards on the grid in reading order, stock pointer).  The cards always
fill the first cells of the grid (left to right, row by row from the top) with the holes
gathered at the end, so a tuple of up to 25 cards is the whole grid.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from thirteen.core.cards import (
    DECK_SIZE,
    Card,
    NotationError,
    card_text,
    cards_compact,
    count_text,
    is_king,
    is_pair,
    parse_compact,
    quoted,
)
from thirteen.core.game import Game, Outcome, Progress, Refusal
from thirteen.core.moves import Draw, Move, Recycle, RemoveKing, RemovePair

SIDE = 5
CELLS = SIDE * SIDE

NOT_NEIGHBOURS = "the two cards are not neighbours"


def touching(i: int, j: int) -> bool:
    """Whether cells ``i`` and ``j`` (reading order) are neighbours, diagonals included."""
    return i != j and abs(i // SIDE - j // SIDE) <= 1 and abs(i % SIDE - j % SIDE) <= 1


NEIGHBOURS_AFTER = tuple(
    tuple(j for j in range(i + 1, CELLS) if touching(i, j)) for i in range(CELLS)
)
"""For each cell, its neighbours later in reading order (each pair is looked at once)."""


def removals(cells: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Kings, then neighbouring pairs, in reading order: the groups that can go."""
    kings: list[tuple[Card, ...]] = [(c,) for c in cells if is_king(c)]
    pairs: list[tuple[Card, ...]] = []
    n = len(cells)
    for i, card in enumerate(cells):
        if is_king(card):
            continue
        for j in NEIGHBOURS_AFTER[i]:
            if j < n and is_pair(card, cells[j]):
                pairs.append((card, cells[j]))
    return kings + pairs


def close_up(
    cells: Sequence[Card], gone: Sequence[Card], stock: Sequence[Card], sp: int
) -> tuple[tuple[Card, ...], int]:
    """After a removal: the cards left close up in reading order, then the holes at the
    end are filled from the stock (top card first)."""
    kept = [c for c in cells if c not in gone]
    take = min(CELLS - len(kept), len(stock) - sp)
    return tuple(kept) + tuple(stock[sp : sp + take]), sp + take


class Neighbour(Game):
    """The 5x5 game.  Position key: (cards in reading order, stock pointer)."""

    game_id = "neighbour"
    title = "Neighbour"

    def __init__(self, deck: Sequence[Card]) -> None:
        super().__init__()
        if len(deck) != DECK_SIZE or len(set(deck)) != DECK_SIZE:
            raise ValueError("Neighbour is dealt from a full deck of 52 distinct cards")
        self.deck = tuple(deck)
        self.cells: tuple[Card, ...] = self.deck[:CELLS]
        self.stock: tuple[Card, ...] = self.deck[CELLS:]
        self.sp = 0

    # -- position ---------------------------------------------------------
    @property
    def key(self) -> tuple[tuple[Card, ...], int]:
        return (self.cells, self.sp)

    def _set_key(self, key) -> None:
        self.cells, self.sp = key

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.sp

    @property
    def removed_cards(self) -> int:
        return DECK_SIZE - self.stock_left - len(self.cells)

    @property
    def score(self) -> int:
        return self.removed_cards

    def grid(self) -> list[list[Card | None]]:
        """Rows from the top, each a list of cells (None = a hole)."""
        padded: list[Card | None] = [*self.cells, *([None] * (CELLS - len(self.cells)))]
        return [padded[r * SIDE : (r + 1) * SIDE] for r in range(SIDE)]

    def cards_in_play(self) -> dict[str, list[Card]]:
        return {"grid": list(self.cells), "stock": list(self.stock[self.sp :])}

    def progress(self) -> Progress:
        return Progress(stock=self.stock_left)

    def available_cards(self) -> list[Card]:
        """Every card on the grid, in reading order."""
        return [] if self.is_over else list(self.cells)

    # -- moves ------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        return [RemoveKing(g[0]) if len(g) == 1 else RemovePair(*g) for g in removals(self.cells)]

    def _why_illegal(self, move: Move) -> str | None:
        if not isinstance(move, RemoveKing | RemovePair):
            return f"Neighbour has no move like {move.text()!r}"
        for card in move.cards:
            if card not in self.cells:
                return f"{card_text(card)} is not on the grid"
        if isinstance(move, RemovePair):
            i, j = self.cells.index(move.first), self.cells.index(move.second)
            if not touching(i, j):
                return NOT_NEIGHBOURS
        return None

    def _refusal(self, move: Move) -> Refusal | None:
        reason = self._why_illegal(move)
        if reason is None:
            return None
        if isinstance(move, Draw | Recycle):
            return Refusal.NO_DRAW_PILE
        return Refusal.NOT_NEIGHBOURS if reason == NOT_NEIGHBOURS else Refusal.OTHER

    def _apply(self, move: Move) -> None:
        self.cells, self.sp = close_up(self.cells, move.cards, self.stock, self.sp)

    # -- outcome ----------------------------------------------------------
    @property
    def outcome(self) -> Outcome:
        if self.removed_cards == DECK_SIZE:
            return Outcome.WON
        return Outcome.IN_PROGRESS if removals(self.cells) else Outcome.LOST

    # -- text forms -------------------------------------------------------
    def text(self) -> str:
        rows = "/".join(cards_compact(row) for row in self.grid())
        return f"{self.game_id} {rows} {cards_compact(self.stock[self.sp :]) or '-'}"

    @classmethod
    def from_text(cls, text: str) -> Self:
        """Parse ``neighbour <5 rows top-down, '/'-separated> <stock or ->``."""
        parts = text.split()
        if len(parts) != 3 or parts[0].lower() != cls.game_id:
            raise NotationError(
                f"a Neighbour position is 'neighbour ROWS STOCK', got {quoted(text)}"
            )
        rows = parts[1].split("/")
        if len(rows) != SIDE:
            raise NotationError(f"Neighbour has {SIDE} rows, got {len(rows)}")
        cells: list[Card | None] = []
        for n, row_text in enumerate(rows, 1):
            row = parse_compact(row_text)
            if len(row) != SIDE:
                raise NotationError(f"row {n} has {len(row)} cells, Neighbour needs {SIDE}")
            cells.extend(row)
        given = [] if parts[2] == "-" else parse_compact(parts[2])
        stock = [c for c in given if c is not None]
        if len(stock) != len(given):
            raise NotationError("the stock cannot hold empty cells")
        count = sum(c is not None for c in cells)
        if None in cells[:count]:
            raise NotationError(
                "a hole before a card: the cards close up in reading order, holes at the end"
            )
        if stock and count < CELLS:
            raise NotationError(
                "the grid has holes while the stock still has cards (holes are filled from it)"
            )
        grid = [c for c in cells if c is not None]  # the first ``count`` cells
        present = grid + stock
        dupes = {c for c in present if present.count(c) > 1}
        if dupes:
            raise NotationError(f"duplicate card {card_text(min(dupes))}")
        game = object.__new__(cls)
        Game.__init__(game)
        game.deck = ()
        game.cells = tuple(grid)
        game.stock = tuple(stock)
        game.sp = 0
        return game

    def render(self) -> str:
        lines = ["Neighbour 5x5"]
        lines.append("     " + "".join(f"{c + 1:>4}" for c in range(SIDE)))
        for r, row in enumerate(self.grid()):
            cells = "".join(f"{card_text(c) if c is not None else '..':>4}" for c in row)
            lines.append(f"row {r + 1}" + cells)
        lines.append(f"Stock: {count_text(self.stock_left)}")
        lines.append(f"Score: {self.score}/52   Moves: {len(self.moves)}   {self.outcome.value}")
        legal = self.legal_moves()
        lines.append("Legal moves: " + (" ".join(m.text() for m in legal) or "none"))
        return "\n".join(lines)
