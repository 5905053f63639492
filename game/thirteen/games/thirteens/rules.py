"""Thirteens: a C x R grid where neighbouring pairs are removed and cards fall."""

from __future__ import annotations

from collections import deque
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
    rank,
)
from thirteen.core.game import Game, Outcome, Progress, Refusal, Termination
from thirteen.core.moves import Draw, Move, MoveToEmpty, Recycle, RemoveKing, RemovePair
from thirteen.core.options import DEFAULT_LAYOUT, Layout

Columns = tuple[tuple[Card, ...], ...]
"""Each column's cards from the bottom cell upwards (cards always sit at the bottom)."""

# Past this many arrangements the search for a reachable removal gives up and
# calls the game still in progress, so a position is never called lost wrongly.
REACHABILITY_LIMIT = 50_000


def deal_columns(tableau: Sequence[Card], layout: Layout) -> Columns:
    """Columns from tableau cards given row by row from the top-left."""
    c, r = layout.columns, layout.rows
    return tuple(tuple(tableau[row * c + col] for row in range(r - 1, -1, -1)) for col in range(c))


def refill(cols: list[tuple[Card, ...]], rows: int, stock: Sequence[Card], sp: int) -> int:
    """Fill empty cells from the stock: columns left to right, lowest cell first."""
    n = len(stock)
    for i, col in enumerate(cols):
        if sp >= n:
            break
        need = rows - len(col)
        if need > 0:
            take = stock[sp : sp + need]
            cols[i] = col + tuple(take)
            sp += len(take)
    return sp


def find_removals(cols: Columns) -> bool:
    """Whether any King or neighbouring pair can be removed."""
    for c, col in enumerate(cols):
        right = cols[c + 1] if c + 1 < len(cols) else ()
        for i, card in enumerate(col):
            if card >= 48:
                return True
            if i + 1 < len(col) and is_pair(card, col[i + 1]):
                return True
            for j in (i - 1, i, i + 1):
                if 0 <= j < len(right) and is_pair(card, right[j]):
                    return True
    return False


def column_moves(cols: Columns) -> list[tuple[int, int]]:
    """Empty-column moves as (source column, empty column)."""
    empty = [i for i, col in enumerate(cols) if not col]
    if not empty:
        return []
    return [(s, e) for s, col in enumerate(cols) if col for e in empty]


def removal_reachable(cols: Columns) -> bool:
    """Whether some sequence of empty-column moves leads to a removal.

    With the stock gone, empty-column moves only rearrange the same cards (and
    a lone card may travel back and forth for ever), so "no move remains" is
    read as "no removal can ever be made again".
    """
    cards = [card for col in cols for card in col]
    values = {rank(c) for c in cards}
    if 13 not in values and not any(13 - v in values for v in values):
        return False
    seen = {cols}
    queue = deque([cols])
    while queue:
        here = queue.popleft()
        if find_removals(here):
            return True
        for s, e in column_moves(here):
            nxt = list(here)
            nxt[e] = (here[s][-1],)
            nxt[s] = here[s][:-1]
            t = tuple(nxt)
            if t not in seen:
                if len(seen) >= REACHABILITY_LIMIT:
                    return True
                seen.add(t)
                queue.append(t)
    return False


class Thirteens(Game):
    """The grid game.  Position key: (columns, stock pointer)."""

    game_id = "thirteens"
    title = "Thirteens"

    def __init__(self, deck: Sequence[Card], layout: Layout = DEFAULT_LAYOUT) -> None:
        super().__init__()
        if len(deck) != DECK_SIZE or len(set(deck)) != DECK_SIZE:
            raise ValueError("Thirteens is dealt from a full deck of 52 distinct cards")
        self.layout = layout
        self.deck = tuple(deck)
        self.cols: Columns = deal_columns(self.deck[: layout.cells], layout)
        self.stock: tuple[Card, ...] = self.deck[layout.cells :]
        self.sp = 0
        self._lost_cache: dict[Columns, bool] = {}

    fills_empty_columns = True
    """A column's top card may move to an empty column (the table shows it as a slot)."""

    # -- position ---------------------------------------------------------
    @property
    def key(self) -> tuple[Columns, int]:
        return (self.cols, self.sp)

    def _set_key(self, key) -> None:
        self.cols, self.sp = key

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.sp

    @property
    def removed_cards(self) -> int:
        return DECK_SIZE - self.stock_left - sum(len(c) for c in self.cols)

    @property
    def score(self) -> int:
        return self.removed_cards

    def cell(self, row: int, column: int) -> Card | None:
        """The card at ``row`` (0 = top) and ``column`` (0 = left), or None."""
        col = self.cols[column]
        i = self.layout.rows - 1 - row
        return col[i] if 0 <= i < len(col) else None

    def position_of(self, card: Card) -> tuple[int, int] | None:
        """(row, column) of a card on the grid, or None."""
        for c, col in enumerate(self.cols):
            if card in col:
                return (self.layout.rows - 1 - col.index(card), c)
        return None

    def grid(self) -> list[list[Card | None]]:
        """Rows from the top, each a list of cells (None = empty)."""
        r, c = self.layout.rows, self.layout.columns
        return [[self.cell(row, col) for col in range(c)] for row in range(r)]

    def cards_in_play(self) -> dict[str, list[Card]]:
        return {
            "grid": [card for col in self.cols for card in col],
            "stock": list(self.stock[self.sp :]),
        }

    @property
    def long_title(self) -> str:
        return f"{self.title} {self.layout}"

    def progress(self) -> Progress:
        return Progress(stock=self.stock_left)

    def available_cards(self) -> list[Card]:
        """Every card on the grid, column by column from the bottom."""
        return [] if self.is_over else [card for col in self.cols for card in col]

    @property
    def termination(self) -> Termination | None:
        outcome = self.outcome
        if outcome is Outcome.IN_PROGRESS:
            return None
        if outcome is Outcome.WON:
            return Termination.CLEARED
        return Termination.NO_REMOVALS if column_moves(self.cols) else Termination.NO_MOVES

    # -- moves ------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        return self._all_moves()

    def _all_moves(self) -> list[Move]:
        cols = self.cols
        kings: list[Move] = []
        pairs: list[Move] = []
        for c, col in enumerate(cols):
            right = cols[c + 1] if c + 1 < len(cols) else ()
            for i, card in enumerate(col):
                if is_king(card):
                    kings.append(RemoveKing(card))
                    continue
                if i + 1 < len(col) and is_pair(card, col[i + 1]):
                    pairs.append(RemovePair(card, col[i + 1]))
                for j in (i - 1, i, i + 1):
                    if 0 <= j < len(right) and is_pair(card, right[j]):
                        pairs.append(RemovePair(card, right[j]))
        shifts: list[Move] = [MoveToEmpty(cols[s][-1], e) for s, e in column_moves(cols)]
        return kings + pairs + shifts

    def _why_illegal(self, move: Move) -> str | None:
        if isinstance(move, RemoveKing):
            if self.position_of(move.card) is None:
                return f"{card_text(move.card)} is not on the grid"
            return None
        if isinstance(move, RemovePair):
            a, b = self.position_of(move.first), self.position_of(move.second)
            for card, pos in ((move.first, a), (move.second, b)):
                if pos is None:
                    return f"{card_text(card)} is not on the grid"
            assert a is not None and b is not None
            if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
                return "the two cards are not neighbours"
            return None
        if isinstance(move, MoveToEmpty):
            if move.column >= self.layout.columns:
                return f"there is no column {move.column + 1}"
            if self.cols[move.column]:
                return f"column {move.column + 1} is not empty"
            pos = self.position_of(move.card)
            if pos is None:
                return f"{card_text(move.card)} is not on the grid"
            if self.cols[pos[1]][-1] != move.card:
                return f"{card_text(move.card)} is not the top card of its column"
            return None
        return f"Thirteens has no move like {move.text()!r}"

    def _refusal(self, move: Move) -> Refusal | None:
        reason = self._why_illegal(move)
        if reason is None:
            return None
        if isinstance(move, Draw | Recycle):
            return Refusal.NO_DRAW_PILE
        if reason == "the two cards are not neighbours":
            return Refusal.NOT_NEIGHBOURS
        if isinstance(move, MoveToEmpty) and reason.endswith("is not the top card of its column"):
            return Refusal.NOT_COLUMN_TOP
        return Refusal.OTHER

    def _apply(self, move: Move) -> None:
        if isinstance(move, MoveToEmpty):
            cols = list(self.cols)
            src = next(i for i, col in enumerate(cols) if col and col[-1] == move.card)
            cols[src] = cols[src][:-1]
            cols[move.column] = (move.card,)
            self.cols = tuple(cols)
            return
        gone = set(move.cards)
        cols = [tuple(c for c in col if c not in gone) for col in self.cols]
        self.sp = refill(cols, self.layout.rows, self.stock, self.sp)
        self.cols = tuple(cols)

    # -- outcome ----------------------------------------------------------
    @property
    def outcome(self) -> Outcome:
        if self.removed_cards == DECK_SIZE:
            return Outcome.WON
        if find_removals(self.cols):
            return Outcome.IN_PROGRESS
        if self.stock_left or not column_moves(self.cols):
            return Outcome.LOST
        lost = self._lost_cache.get(self.cols)
        if lost is None:
            lost = self._lost_cache[self.cols] = not removal_reachable(self.cols)
        return Outcome.LOST if lost else Outcome.IN_PROGRESS

    # -- text forms -------------------------------------------------------
    def text(self) -> str:
        rows = "/".join(cards_compact(row) for row in self.grid())
        stock = cards_compact(self.stock[self.sp :]) or "-"
        return f"{self.game_id} {self.layout} {rows} {stock}"

    @classmethod
    def from_text(cls, text: str) -> Self:
        """Parse ``thirteens CxR <rows top-down, '/'-separated> <stock or ->``."""
        parts = text.split()
        if len(parts) != 4 or parts[0].lower() != cls.game_id:
            raise NotationError(
                f"a Thirteens position is 'thirteens CxR ROWS STOCK', got {quoted(text)}"
            )
        try:
            layout = Layout.parse(parts[1])
        except ValueError as exc:
            raise NotationError(str(exc)) from None
        row_texts = parts[2].split("/")
        if len(row_texts) != layout.rows:
            raise NotationError(f"layout {layout} needs {layout.rows} rows, got {len(row_texts)}")
        grid: list[list[Card | None]] = []
        for n, row_text in enumerate(row_texts, 1):
            row = parse_compact(row_text)
            if len(row) != layout.columns:
                raise NotationError(
                    f"row {n} has {len(row)} cells, layout {layout} needs {layout.columns}"
                )
            grid.append(row)
        given = [] if parts[3] == "-" else parse_compact(parts[3])
        stock = [c for c in given if c is not None]
        if len(stock) != len(given):
            raise NotationError("the stock cannot hold empty cells")
        cards = [c for row in grid for c in row if c is not None] + stock
        dupes = {c for c in cards if cards.count(c) > 1}
        if dupes:
            raise NotationError(f"duplicate card {card_text(min(dupes))}")
        cols: list[tuple[Card, ...]] = []
        for col in range(layout.columns):
            cells = [grid[row][col] for row in range(layout.rows - 1, -1, -1)]
            column = tuple(c for c in cells if c is not None)
            if any(c is None for c in cells[: len(column)]):
                raise NotationError(
                    f"column {col + 1} has a gap under a card: cards sit at the bottom"
                )
            cols.append(column)
        if stock and any(len(col) < layout.rows for col in cols):
            raise NotationError(
                "the grid has empty cells while the stock still has cards "
                "(holes are filled from the stock)"
            )
        game = object.__new__(cls)
        Game.__init__(game)
        game.layout = layout
        game.deck = ()
        game.cols = tuple(cols)
        game.stock = tuple(stock)
        game.sp = 0
        game._lost_cache = {}
        return game

    def render(self) -> str:
        lines = [f"Thirteens {self.layout}"]
        lines.append("     " + "".join(f"{c + 1:>4}" for c in range(self.layout.columns)))
        for r, row in enumerate(self.grid()):
            cells = "".join(f"{card_text(c) if c is not None else '..':>4}" for c in row)
            lines.append(f"row {r + 1}" + cells)
        lines.append(f"Stock: {count_text(self.stock_left)}")
        lines.append(f"Score: {self.score}/52   Moves: {len(self.moves)}   {self.outcome.value}")
        legal = self.legal_moves()
        lines.append("Legal moves: " + (" ".join(m.text() for m in legal) or "none"))
        return "\n".join(lines)
