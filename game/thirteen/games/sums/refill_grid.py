"""Grids whose cards go wherever they lie and whose holes the stock fills in reading order
(Elevens, Fifteens): the position, refills, text forms and outcome they share.

Nothing about a card's cell matters to what may be removed, only which cards lie on the
grid; the cells matter to the player, who sees where each new card lands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Self

from thirteen.core.cards import (
    DECK_SIZE,
    Card,
    NotationError,
    card_text,
    cards_compact,
    count_text,
    parse_compact,
    quoted,
)
from thirteen.core.game import Game, Outcome, Progress, Refusal
from thirteen.core.i18n import N_
from thirteen.core.moves import Draw, Move, Recycle

Cells = tuple[Card | None, ...]
"""The grid's cells in reading order (left to right, rows from the top); None is a hole."""


def refill(cells: Sequence[Card | None], stock: Sequence[Card], sp: int) -> tuple[Cells, int]:
    """Fill the holes from the stock in reading order; the holes left once it runs out
    stay where they are."""
    out = list(cells)
    n = len(stock)
    for i, card in enumerate(out):
        if sp >= n:
            break
        if card is None:
            out[i] = stock[sp]
            sp += 1
    return tuple(out), sp


REFILL_RULES = N_(
    "After each removal the stock fills the holes, left to right and row by row from the "
    "top. Once it is empty, holes stay. You win when all 52 cards are gone, and lose when "
    "nothing on the grid can be removed. Your score is the number of cards removed."
)
"""The help's paragraph on how a refilled grid goes on and ends, the same in every such
game."""


class RefillGrid(Game):
    """A C x R grid refilled in reading order.  Position key: (cells, stock pointer)."""

    columns: ClassVar[int]
    rows: ClassVar[int]

    def __init__(self, deck: Sequence[Card]) -> None:
        super().__init__()
        if len(deck) != DECK_SIZE or len(set(deck)) != DECK_SIZE:
            raise ValueError(f"{self.title} is dealt from a full deck of 52 distinct cards")
        n = self.columns * self.rows
        self.deck = tuple(deck)
        self.cells: Cells = self.deck[:n]
        self.stock: tuple[Card, ...] = self.deck[n:]
        self.sp = 0
        self._moves_at: tuple[object, list[Move]] | None = None

    # -- what each game says ------------------------------------------------
    def group_moves(self, cards: list[Card]) -> list[Move]:
        """Every removal of these cards (the grid's, in ascending order), in a fixed
        order; each game finds its own groups."""
        raise NotImplementedError

    # -- position -----------------------------------------------------------
    @property
    def key(self) -> tuple[Cells, int]:
        return (self.cells, self.sp)

    def _set_key(self, key) -> None:
        self.cells, self.sp = key

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.sp

    @property
    def removed_cards(self) -> int:
        return DECK_SIZE - self.stock_left - sum(c is not None for c in self.cells)

    @property
    def score(self) -> int:
        return self.removed_cards

    def on_grid(self) -> list[Card]:
        """The grid's cards in reading order."""
        return [c for c in self.cells if c is not None]

    def grid(self) -> list[list[Card | None]]:
        """Rows from the top, each a list of cells (None = a hole)."""
        c = self.columns
        return [list(self.cells[r * c : (r + 1) * c]) for r in range(self.rows)]

    def cards_in_play(self) -> dict[str, list[Card]]:
        return {"grid": self.on_grid(), "stock": list(self.stock[self.sp :])}

    def progress(self) -> Progress:
        return Progress(stock=self.stock_left)

    def available_cards(self) -> list[Card]:
        """Every card on the grid: a card may go wherever it lies."""
        return [] if self.is_over else self.on_grid()

    # -- moves --------------------------------------------------------------
    def _all_moves(self) -> list[Move]:
        """The removals of the position, worked out once for each position (the table and
        the outcome ask for them often, and Fifteens' groups take a while to list)."""
        key = self.key
        if self._moves_at is None or self._moves_at[0] != key:
            self._moves_at = (key, self.group_moves(sorted(self.on_grid())))
        return self._moves_at[1]

    def legal_moves(self) -> list[Move]:
        return [] if self.removed_cards == DECK_SIZE else list(self._all_moves())

    def _why_illegal(self, move: Move) -> str | None:
        if not move.cards:
            return f"{self.title} has no move like {move.text()!r}"
        if not self.rule.is_group(move.cards):
            return self._not_a_group(move.cards)
        if self.removal(move.cards) != move:
            return f"{move.text()} is not written as this game writes its moves"
        for card in move.cards:
            if card not in self.cells:
                return f"{card_text(card)} is not on the grid"
        return None

    def _refusal(self, move: Move) -> Refusal | None:
        reason = self._why_illegal(move)
        if reason is None:
            return None
        if isinstance(move, Draw | Recycle):
            return Refusal.NO_DRAW_PILE
        if reason.endswith("is not on the grid"):
            return Refusal.NOT_FREE
        return Refusal.OTHER

    def _apply(self, move: Move) -> None:
        gone = set(move.cards)
        holes = [None if c in gone else c for c in self.cells]
        self.cells, self.sp = refill(holes, self.stock, self.sp)

    # -- outcome ------------------------------------------------------------
    @property
    def outcome(self) -> Outcome:
        if self.removed_cards == DECK_SIZE:
            return Outcome.WON
        return Outcome.IN_PROGRESS if self._all_moves() else Outcome.LOST

    # -- text forms ---------------------------------------------------------
    def text(self) -> str:
        rows = "/".join(cards_compact(row) for row in self.grid())
        return f"{self.game_id} {rows} {cards_compact(self.stock[self.sp :]) or '-'}"

    @classmethod
    def from_text(cls, text: str) -> Self:
        """Parse ``<game> <rows top-down, '/'-separated, -- for a hole> <stock or ->``."""
        parts = text.split()
        if len(parts) != 3 or parts[0].lower() != cls.game_id:
            article = "an" if cls.title[0] in "AEIOU" else "a"
            raise NotationError(
                f"{article} {cls.title} position is '{cls.game_id} ROWS STOCK', got {quoted(text)}"
            )
        row_texts = parts[1].split("/")
        if len(row_texts) != cls.rows:
            raise NotationError(f"{cls.title} has {cls.rows} rows, got {len(row_texts)}")
        cells: list[Card | None] = []
        for n, row_text in enumerate(row_texts, 1):
            row = parse_compact(row_text)
            if len(row) != cls.columns:
                raise NotationError(f"row {n} has {len(row)} cells, {cls.title} has {cls.columns}")
            cells += row
        given = [] if parts[2] == "-" else parse_compact(parts[2])
        stock = [c for c in given if c is not None]
        if len(stock) != len(given):
            raise NotationError("the stock cannot hold holes")
        cards = [c for c in cells if c is not None] + stock
        dupes = {c for c in cards if cards.count(c) > 1}
        if dupes:
            raise NotationError(f"duplicate card {card_text(min(dupes))}")
        if stock and None in cells:
            raise NotationError(
                "the grid has holes while the stock still has cards (holes are filled from it)"
            )
        game = object.__new__(cls)
        Game.__init__(game)
        game.deck = ()
        game.cells = tuple(cells)
        game.stock = tuple(stock)
        game.sp = 0
        game._moves_at = None
        return game

    def render(self) -> str:
        lines = [self.title]
        lines.append("     " + "".join(f"{c + 1:>4}" for c in range(self.columns)))
        for r, row in enumerate(self.grid()):
            cells = "".join(f"{card_text(c) if c is not None else '..':>4}" for c in row)
            lines.append(f"row {r + 1}" + cells)
        lines.append(f"Stock: {count_text(self.stock_left)}")
        lines.append(f"Score: {self.score}/52   Moves: {len(self.moves)}   {self.outcome.value}")
        legal = self.legal_moves()
        lines.append("Legal moves: " + (" ".join(m.text() for m in legal) or "none"))
        return "\n".join(lines)
