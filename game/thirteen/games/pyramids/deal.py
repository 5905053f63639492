"""One pyramid deal's cards and the rules of moving them, shared by Pyramid, Pyramid 13
and their searches.

A deal's position is four integers over a fixed layout: which pyramid cards are gone
(bit mask), which draw-pile cards are gone (bit mask), the pointer ``p`` that splits the
remaining draw-pile cards into the waste (below ``p``) and the draw pile (from ``p``),
and how many recycles were used.  Turning the waste over is just ``p = 0``, which keeps
the original order.
"""

from __future__ import annotations

from collections.abc import Sequence

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
)
from thirteen.core.game import Refusal
from thirteen.core.moves import Draw, Move, Recycle, RemoveKing, RemovePair

ROWS = 7
PYRAMID_SIZE = 28
FULL_PYRAMID = (1 << PYRAMID_SIZE) - 1

ROW_OF = tuple(r for r in range(ROWS) for _ in range(r + 1))
COL_OF = tuple(i for r in range(ROWS) for i in range(r + 1))


def index_of(row: int, col: int) -> int:
    return row * (row + 1) // 2 + col


# Bits of the two cards covering each pyramid card (0 for the bottom row).
COVER = tuple(
    0
    if ROW_OF[i] == ROWS - 1
    else (1 << index_of(ROW_OF[i] + 1, COL_OF[i])) | (1 << index_of(ROW_OF[i] + 1, COL_OF[i] + 1))
    for i in range(PYRAMID_SIZE)
)

DealKey = tuple[int, int, int, int]
"""(pyramid removed mask, stock removed mask, pointer, recycles used)."""


class PyramidDeal:
    """The cards of one deal and the rules of moving them; positions are DealKeys.

    Kept apart from :class:`Game` so that Pyramid and Pyramid 13 share every
    rule, and so that a solver can walk keys without building game objects.
    """

    __slots__ = ("pyramid", "stock", "recycles", "where")

    def __init__(
        self, pyramid: Sequence[Card | None], stock: Sequence[Card], recycles: int
    ) -> None:
        if len(pyramid) != PYRAMID_SIZE:
            raise ValueError("a pyramid has 28 cells")
        self.pyramid = tuple(pyramid)
        self.stock = tuple(stock)
        self.recycles = recycles
        self.where: dict[Card, tuple[str, int]] = {}
        for i, c in enumerate(self.pyramid):
            if c is not None:
                self.where[c] = ("p", i)
        for j, c in enumerate(self.stock):
            self.where[c] = ("s", j)

    @classmethod
    def from_deck(cls, deck: Sequence[Card], recycles: int) -> PyramidDeal:
        return cls(deck[:PYRAMID_SIZE], deck[PYRAMID_SIZE:], recycles)

    def start(self) -> DealKey:
        gone = sum(1 << i for i, c in enumerate(self.pyramid) if c is None)
        return (gone, 0, 0, 0)

    # -- what is where ----------------------------------------------------
    def free(self, key: DealKey, i: int) -> bool:
        pm = key[0]
        return not pm >> i & 1 and pm & COVER[i] == COVER[i]

    def draw_index(self, key: DealKey) -> int | None:
        _, sm, p, _ = key
        for j in range(p, len(self.stock)):
            if not sm >> j & 1:
                return j
        return None

    def waste_index(self, key: DealKey) -> int | None:
        _, sm, p, _ = key
        for j in range(p - 1, -1, -1):
            if not sm >> j & 1:
                return j
        return None

    def draw_card(self, key: DealKey) -> Card | None:
        j = self.draw_index(key)
        return None if j is None else self.stock[j]

    def waste_top(self, key: DealKey) -> Card | None:
        j = self.waste_index(key)
        return None if j is None else self.stock[j]

    def draw_pile(self, key: DealKey) -> list[Card]:
        _, sm, p, _ = key
        return [self.stock[j] for j in range(p, len(self.stock)) if not sm >> j & 1]

    def waste(self, key: DealKey) -> list[Card]:
        """Waste cards from the bottom up (the last one is the playable top)."""
        _, sm, p, _ = key
        return [self.stock[j] for j in range(p) if not sm >> j & 1]

    def available(self, key: DealKey) -> list[Card]:
        """Free pyramid cards (top row first), then the draw card, then the waste top."""
        cards = [c for i, c in enumerate(self.pyramid) if c is not None and self.free(key, i)]
        for c in (self.draw_card(key), self.waste_top(key)):
            if c is not None:
                cards.append(c)
        return cards

    def is_available(self, key: DealKey, card: Card) -> bool:
        place = self.where.get(card)
        if place is None:
            return False
        zone, i = place
        if zone == "p":
            return self.free(key, i)
        return i in (self.draw_index(key), self.waste_index(key))

    def cleared(self, key: DealKey) -> bool:
        return key[0] == FULL_PYRAMID

    def removed(self, key: DealKey) -> int:
        """Cards gone from this deal (a deal always starts from 52 cards)."""
        return DECK_SIZE - len(self.cards_left(key))

    def zones(self, key: DealKey) -> dict[str, list[Card]]:
        """Every card still in the deal, by where it lies."""
        pm = key[0]
        return {
            "pyramid": [c for i, c in enumerate(self.pyramid) if c is not None and not pm >> i & 1],
            "draw": self.draw_pile(key),
            "waste": self.waste(key),
        }

    def cards_left(self, key: DealKey) -> list[Card]:
        pm, sm = key[0], key[1]
        left = [c for i, c in enumerate(self.pyramid) if c is not None and not pm >> i & 1]
        return left + [c for j, c in enumerate(self.stock) if not sm >> j & 1]

    # -- moves ------------------------------------------------------------
    def moves(self, key: DealKey) -> list[Move]:
        if self.cleared(key):
            return []
        avail = self.available(key)
        out: list[Move] = [RemoveKing(c) for c in avail if is_king(c)]
        for n, a in enumerate(avail):
            for b in avail[n + 1 :]:
                if is_pair(a, b):
                    out.append(RemovePair(a, b))
        if self.draw_index(key) is not None:
            out.append(Draw())
        elif key[3] < self.recycles and self.waste_index(key) is not None:
            out.append(Recycle())
        return out

    def why_illegal(self, key: DealKey, move: Move) -> str | None:
        if self.cleared(key):
            return "the pyramid is already cleared"
        if isinstance(move, RemoveKing | RemovePair):
            cards = (move.card,) if isinstance(move, RemoveKing) else move.cards
            for c in cards:
                if not self.is_available(key, c):
                    return f"{card_text(c)} is not available" + (
                        "" if c in self.where else " (it is not in this deal any more)"
                    )
            return None
        if isinstance(move, Draw):
            return None if self.draw_index(key) is not None else "the draw pile is empty"
        if isinstance(move, Recycle):
            if self.draw_index(key) is not None:
                return "the draw pile is not empty yet"
            if key[3] >= self.recycles:
                return (
                    "no recycles left"
                    if self.recycles
                    else "this game has no recycling of the waste"
                )
            if self.waste_index(key) is None:
                return "the waste is empty"
            return None
        return f"pyramids have no move like {move.text()!r}"

    def refusal(self, key: DealKey, move: Move) -> Refusal | None:
        """The kind of :meth:`why_illegal`'s reason; an exhausted draw pile is told
        before the rule on turning the waste over (there is nothing to turn)."""
        if self.why_illegal(key, move) is None:
            return None
        if isinstance(move, Draw | Recycle):
            if self.draw_index(key) is None and self.waste_index(key) is None:
                return Refusal.NOTHING_TO_DRAW
            if isinstance(move, Recycle) and self.draw_index(key) is None:
                return Refusal.NO_TURNS_LEFT if self.recycles else Refusal.ONE_PASS
            return Refusal.OTHER
        if isinstance(move, RemoveKing | RemovePair):
            return Refusal.NOT_FREE
        return Refusal.OTHER

    def apply(self, key: DealKey, move: Move) -> DealKey:
        pm, sm, p, used = key
        if isinstance(move, Draw):
            j = self.draw_index(key)
            assert j is not None
            return (pm, sm, j + 1, used)
        if isinstance(move, Recycle):
            return (pm, sm, 0, used + 1)
        cards = (move.card,) if isinstance(move, RemoveKing) else move.cards
        for c in cards:
            zone, i = self.where[c]
            if zone == "p":
                pm |= 1 << i
            else:
                sm |= 1 << i
        return (pm, sm, p, used)

    # -- text -------------------------------------------------------------
    def rows_text(self, key: DealKey) -> str:
        pm = key[0]
        cells = [None if pm >> i & 1 else c for i, c in enumerate(self.pyramid)]
        return "/".join(
            cards_compact(cells[index_of(r, 0) : index_of(r, 0) + r + 1]) for r in range(ROWS)
        )

    def render_lines(self, key: DealKey) -> list[str]:
        """The pyramid with free cards in brackets, then the piles."""
        lines = []
        for r in range(ROWS):
            cells = []
            for c in range(r + 1):
                i = index_of(r, c)
                card = self.pyramid[i]
                if card is None or key[0] >> i & 1:
                    cells.append(" .. ")
                elif self.free(key, i):
                    cells.append(f"[{card_text(card)}]")
                else:
                    cells.append(f" {card_text(card)} ")
            lines.append("  " * (ROWS - 1 - r) + "".join(cells))
        draw, waste = self.draw_card(key), self.waste_top(key)
        lines.append(
            f"Draw card: {card_text(draw) if draw is not None else '--'}   "
            f"Waste top: {card_text(waste) if waste is not None else '--'} "
            f"({len(self.waste(key))} in waste)   "
            f"Draw pile: {count_text(len(self.draw_pile(key)))}"
        )
        return lines


def parse_deal_text(rows: str, draw: str, waste: str, recycles: int) -> tuple[PyramidDeal, DealKey]:
    """Rebuild a deal from the fields of a position text."""
    row_texts = rows.split("/")
    if len(row_texts) != ROWS:
        raise NotationError(f"a pyramid has 7 rows, got {len(row_texts)}")
    cells: list[Card | None] = []
    for r, row_text in enumerate(row_texts):
        row = parse_compact(row_text)
        if len(row) != r + 1:
            raise NotationError(f"pyramid row {r + 1} needs {r + 1} cells, got {len(row)}")
        cells.extend(row)
    draw_cards = [] if draw == "-" else parse_compact(draw)
    waste_cards = [] if waste == "-" else parse_compact(waste)
    given = waste_cards + draw_cards
    stock = [c for c in given if c is not None]
    if len(stock) != len(given):
        raise NotationError("piles cannot hold empty cells")
    present = [c for c in cells if c is not None] + stock
    dupes = {c for c in present if present.count(c) > 1}
    if dupes:
        raise NotationError(f"duplicate card {card_text(min(dupes))}")
    deal = PyramidDeal(cells, stock, recycles)
    pm, sm, _, _ = deal.start()
    return deal, (pm, sm, len(waste_cards), 0)
