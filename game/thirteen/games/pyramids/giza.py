"""Giza: an open pyramid, Pyramid's 28 cards over eight face-up reserve piles of three.

Every card is dealt face up and there is no stock, so a deal is a pure puzzle.  The
layout is fixed once dealt; the position key is (which pyramid cells are empty, as a bit
mask over Pyramid's cell numbers, and how many cards each reserve pile still holds):
cards leave a reserve pile from its top only, so its height is all that changes.
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
    is_king,
    is_pair,
    parse_compact,
    quoted,
)
from thirteen.core.game import Game, Outcome, Progress, Refusal
from thirteen.core.moves import Draw, Move, Recycle, RemoveKing, RemovePair
from thirteen.games.pyramids.deal import COL_OF, COVER, PYRAMID_SIZE, ROW_OF, ROWS, index_of

RESERVES = 8
PILE_SIZE = 3
"""Eight reserve piles of three: the 24 cards the pyramid leaves."""

State = tuple[int, tuple[int, ...]]
"""(removed pyramid cells' bits, each reserve pile's height)."""


def free_cells(gone: int) -> list[int]:
    """The pyramid cells whose card is still there and no card below overlaps."""
    return [i for i in range(PYRAMID_SIZE) if not gone >> i & 1 and gone & COVER[i] == COVER[i]]


class Giza(Game):
    """Pyramid's layout with reserve piles instead of a draw pile.  Key: (gone, heights)."""

    game_id = "giza"
    title = "Giza"

    def __init__(self, deck: Sequence[Card]) -> None:
        super().__init__()
        if len(deck) != DECK_SIZE or len(set(deck)) != DECK_SIZE:
            raise ValueError("Giza is dealt from a full deck of 52 distinct cards")
        self.deck = tuple(deck)
        self.cells: tuple[Card | None, ...] = self.deck[:PYRAMID_SIZE]
        rest = self.deck[PYRAMID_SIZE:]
        self.piles: tuple[tuple[Card, ...], ...] = tuple(
            rest[p * PILE_SIZE : (p + 1) * PILE_SIZE] for p in range(RESERVES)
        )
        self.gone = 0
        self.heights: tuple[int, ...] = (PILE_SIZE,) * RESERVES

    # -- position ---------------------------------------------------------
    @property
    def key(self) -> State:
        return (self.gone, self.heights)

    def _set_key(self, key) -> None:
        self.gone, self.heights = key

    def pyramid_left(self) -> list[Card]:
        cells, gone = self.cells, self.gone
        return [c for i, c in enumerate(cells) if c is not None and not gone >> i & 1]

    def reserve_piles(self) -> list[tuple[Card, ...]]:
        """The eight reserve piles, each from its bottom card to its top (free) card."""
        return [pile[:h] for pile, h in zip(self.piles, self.heights, strict=True)]

    def pyramid_cards(self) -> list[tuple[int, int, Card, bool]]:
        """(row, place in the row, card, free) of each card still in the pyramid, from the
        top row down (as Pyramid's table shows it)."""
        gone = self.gone
        return [
            (ROW_OF[i], COL_OF[i], card, gone & COVER[i] == COVER[i])
            for i, card in enumerate(self.cells)
            if card is not None and not gone >> i & 1
        ]

    @property
    def cards_left(self) -> int:
        return len(self.pyramid_left()) + sum(self.heights)

    @property
    def removed_cards(self) -> int:
        return DECK_SIZE - self.cards_left

    @property
    def score(self) -> int:
        return self.removed_cards

    def cards_in_play(self) -> dict[str, list[Card]]:
        return {
            "pyramid": self.pyramid_left(),
            "reserves": [c for p in self.reserve_piles() for c in p],
        }

    def progress(self) -> Progress:
        return Progress()

    def free(self) -> list[Card]:
        """Free pyramid cards (top row first), then each reserve pile's top, pile 1 to 8."""
        out = [c for i in free_cells(self.gone) if (c := self.cells[i]) is not None]
        return out + [p[-1] for p in self.reserve_piles() if p]

    def available_cards(self) -> list[Card]:
        return [] if self.is_over else self.free()

    def removals(self) -> list[tuple[Card, ...]]:
        """Kings, then pairs of available cards, in the order of :meth:`free`."""
        cards = self.free()
        kings: list[tuple[Card, ...]] = [(c,) for c in cards if is_king(c)]
        pairs: list[tuple[Card, ...]] = [
            (a, b) for n, a in enumerate(cards) for b in cards[n + 1 :] if is_pair(a, b)
        ]
        return kings + pairs

    # -- moves ------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        return [RemoveKing(g[0]) if len(g) == 1 else RemovePair(*g) for g in self.removals()]

    def _why_illegal(self, move: Move) -> str | None:
        if isinstance(move, Draw | Recycle):
            return "Giza has no stock: every card is dealt face up from the start"
        if not isinstance(move, RemoveKing | RemovePair):
            return f"Giza has no move like {move.text()!r}"
        free = self.free()
        for card in move.cards:
            if card in free:
                continue
            if card in self.pyramid_left():
                return f"{card_text(card)} is covered by a card below it in the pyramid"
            if any(card in p for p in self.reserve_piles()):
                return f"{card_text(card)} is covered by a card on its reserve pile"
            return f"{card_text(card)} is not on the table"
        return None

    def _refusal(self, move: Move) -> Refusal | None:
        reason = self._why_illegal(move)
        if reason is None:
            return None
        if isinstance(move, Draw | Recycle):
            return Refusal.NO_DRAW_PILE
        return Refusal.NOT_FREE if "covered" in reason else Refusal.OTHER

    def _apply(self, move: Move) -> None:
        gone = self.gone
        cards = move.cards
        for i, c in enumerate(self.cells):
            if c in cards:
                gone |= 1 << i
        self.gone = gone
        self.heights = tuple(
            h - 1 if h and pile[h - 1] in cards else h
            for pile, h in zip(self.piles, self.heights, strict=True)
        )

    # -- outcome ----------------------------------------------------------
    @property
    def outcome(self) -> Outcome:
        if self.cards_left == 0:
            return Outcome.WON
        return Outcome.IN_PROGRESS if self.removals() else Outcome.LOST

    # -- text forms -------------------------------------------------------
    def rows_text(self) -> str:
        cells = [None if self.gone >> i & 1 else c for i, c in enumerate(self.cells)]
        return "/".join(
            cards_compact(cells[index_of(r, 0) : index_of(r, 0) + r + 1]) for r in range(ROWS)
        )

    def text(self) -> str:
        piles = "/".join(cards_compact(p) or "-" for p in self.reserve_piles())
        return f"{self.game_id} {self.rows_text()} {piles}"

    @classmethod
    def from_text(cls, text: str) -> Self:
        """Parse ``giza <7 pyramid rows top-down, '/'-separated, '--' for an empty cell>
        <8 reserve piles bottom to top, '/'-separated, '-' for an empty one>``."""
        parts = text.split()
        if len(parts) != 3 or parts[0].lower() != cls.game_id:
            raise NotationError(f"a Giza position is 'giza ROWS RESERVES', got {quoted(text)}")
        rows = parts[1].split("/")
        if len(rows) != ROWS:
            raise NotationError(f"a pyramid has {ROWS} rows, got {len(rows)}")
        cells: list[Card | None] = []
        for r, row_text in enumerate(rows):
            row = parse_compact(row_text)
            if len(row) != r + 1:
                raise NotationError(f"pyramid row {r + 1} needs {r + 1} cells, got {len(row)}")
            cells.extend(row)
        for i, c in enumerate(cells):
            if c is None and ROW_OF[i] < ROWS - 1:
                below = (index_of(ROW_OF[i] + 1, COL_OF[i]), index_of(ROW_OF[i] + 1, COL_OF[i] + 1))
                if any(cells[j] is not None for j in below):
                    raise NotationError(
                        f"an empty cell in pyramid row {ROW_OF[i] + 1} with a card below it "
                        "(a card leaves only once nothing overlaps it)"
                    )
        pile_texts = parts[2].split("/")
        if len(pile_texts) != RESERVES:
            raise NotationError(f"Giza has {RESERVES} reserve piles, got {len(pile_texts)}")
        given = [[] if t == "-" else parse_compact(t) for t in pile_texts]
        piles = [[c for c in p if c is not None] for p in given]
        for n, pile in enumerate(piles, 1):
            if len(pile) != len(given[n - 1]):
                raise NotationError("reserve piles hold cards, not empty cells ('--')")
            if len(pile) > PILE_SIZE:
                raise NotationError(
                    f"reserve pile {n} holds {len(pile)} cards; a pile is dealt {PILE_SIZE}"
                )
        present = [c for c in cells if c is not None] + [c for p in piles for c in p]
        dupes = {c for c in present if present.count(c) > 1}
        if dupes:
            raise NotationError(f"duplicate card {card_text(min(dupes))}")
        game = object.__new__(cls)
        Game.__init__(game)
        game.deck = ()
        game.cells = tuple(cells)
        game.piles = tuple(tuple(p) for p in piles)
        game.gone = sum(1 << i for i, c in enumerate(cells) if c is None)
        game.heights = tuple(len(p) for p in piles)
        return game

    def render(self) -> str:
        lines = ["Giza"]
        gone = self.gone
        for r in range(ROWS):
            row = []
            for c in range(r + 1):
                i = index_of(r, c)
                card = self.cells[i]
                if card is None or gone >> i & 1:
                    row.append(" .. ")
                elif gone & COVER[i] == COVER[i]:
                    row.append(f"[{card_text(card)}]")
                else:
                    row.append(f" {card_text(card)} ")
            lines.append("  " * (ROWS - 1 - r) + "".join(row))
        for n, pile in enumerate(self.reserve_piles(), 1):
            under = " ".join(card_text(c) for c in pile[:-1])
            top = f"[{card_text(pile[-1])}]" if pile else "(empty)"
            lines.append(f"reserve {n}: {under + ' ' if under else ''}{top}")
        lines.append(f"Score: {self.score}/52   Moves: {len(self.moves)}   {self.outcome.value}")
        legal = self.legal_moves()
        lines.append("Legal moves: " + (" ".join(m.text() for m in legal) or "none"))
        return "\n".join(lines)
