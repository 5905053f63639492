"""Baroness (Five Piles): five piles fed from the stock five cards at a time.

Position key: (the five piles, each from its bottom card to its top card; the reserve
cards; the stock pointer).  The deck is the stock, top card first: the first deal (piles 1
to 5) is already on the table at the start, and the last two cards become the reserve.
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

PILES = 5
RESERVE = 2
"""The stock's last cards, laid face up apart when it holds only these."""

Piles = tuple[tuple[Card, ...], ...]
State = tuple[Piles, tuple[Card, ...], int]


def available(piles: Piles, reserve: tuple[Card, ...]) -> list[Card]:
    """The top card of each pile (piles 1 to 5), then the reserve cards."""
    return [p[-1] for p in piles if p] + list(reserve)


def removals(piles: Piles, reserve: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Kings, then pairs of available cards, in the order of :func:`available`."""
    cards = available(piles, reserve)
    kings: list[tuple[Card, ...]] = [(c,) for c in cards if is_king(c)]
    pairs: list[tuple[Card, ...]] = [
        (a, b) for n, a in enumerate(cards) for b in cards[n + 1 :] if is_pair(a, b)
    ]
    return kings + pairs


def remove(
    piles: Piles, reserve: tuple[Card, ...], gone: Sequence[Card]
) -> tuple[Piles, tuple[Card, ...]]:
    """The piles and reserve after available cards leave."""
    out = tuple(p[:-1] if p and p[-1] in gone else p for p in piles)
    return out, tuple(c for c in reserve if c not in gone)


def deal(piles: Piles, reserve: tuple[Card, ...], stock: Sequence[Card], sp: int) -> State:
    """``D``: a card onto each pile, or, when only the reserve's two are left, those."""
    left = len(stock) - sp
    if left == RESERVE:
        return piles, reserve + tuple(stock[sp:]), len(stock)
    return tuple(p + (stock[sp + i],) for i, p in enumerate(piles)), reserve, sp + PILES


def stock_sizes() -> set[int]:
    """How many cards the stock can hold: 47, 42 ... 7, 2 and 0."""
    return {0} | set(range(RESERVE, DECK_SIZE - PILES + 1, PILES))


class Baroness(Game):
    """Five piles and a stock.  Position key: (piles, reserve, stock pointer)."""

    game_id = "baroness"
    title = "Baroness"

    def __init__(self, deck: Sequence[Card]) -> None:
        super().__init__()
        if len(deck) != DECK_SIZE or len(set(deck)) != DECK_SIZE:
            raise ValueError("Baroness is dealt from a full deck of 52 distinct cards")
        self.deck = tuple(deck)
        self.stock: tuple[Card, ...] = self.deck
        self.piles: Piles = tuple((c,) for c in self.deck[:PILES])
        self.reserve: tuple[Card, ...] = ()
        self.sp = PILES

    # -- position ---------------------------------------------------------
    @property
    def key(self) -> State:
        return (self.piles, self.reserve, self.sp)

    def _set_key(self, key) -> None:
        self.piles, self.reserve, self.sp = key

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.sp

    @property
    def removed_cards(self) -> int:
        on_table = sum(len(p) for p in self.piles) + len(self.reserve)
        return DECK_SIZE - self.stock_left - on_table

    @property
    def score(self) -> int:
        return self.removed_cards

    def pile_cards(self) -> list[tuple[Card, ...]]:
        """The five piles, each from its bottom card to its top (playable) card."""
        return list(self.piles)

    def reserve_cards(self) -> list[Card]:
        """The reserve cards, in the order they were laid (at most two)."""
        return list(self.reserve)

    def cards_in_play(self) -> dict[str, list[Card]]:
        return {
            "piles": [c for p in self.piles for c in p],
            "reserve": list(self.reserve),
            "stock": list(self.stock[self.sp :]),
        }

    def progress(self) -> Progress:
        return Progress(stock=self.stock_left)

    def available_cards(self) -> list[Card]:
        return [] if self.is_over else available(self.piles, self.reserve)

    # -- moves ------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.removed_cards == DECK_SIZE:
            return []
        out: list[Move] = [
            RemoveKing(g[0]) if len(g) == 1 else RemovePair(*g)
            for g in removals(self.piles, self.reserve)
        ]
        if self.stock_left:
            out.append(Draw())
        return out

    def _why_illegal(self, move: Move) -> str | None:
        if isinstance(move, Draw):
            return None if self.stock_left else "the stock is empty"
        if isinstance(move, Recycle):
            return "Baroness deals from its stock once: nothing is turned over"
        if not isinstance(move, RemoveKing | RemovePair):
            return f"Baroness has no move like {move.text()!r}"
        free = available(self.piles, self.reserve)
        for card in move.cards:
            if card not in free:
                covered = any(card in p for p in self.piles)
                return f"{card_text(card)} is " + (
                    "covered by a card on its pile" if covered else "not on the table"
                )
        return None

    def _refusal(self, move: Move) -> Refusal | None:
        reason = self._why_illegal(move)
        if reason is None:
            return None
        if isinstance(move, Draw | Recycle):
            return Refusal.NOTHING_TO_DRAW if not self.stock_left else Refusal.OTHER
        return Refusal.NOT_FREE if "covered" in reason else Refusal.OTHER

    def _apply(self, move: Move) -> None:
        if isinstance(move, Draw):
            self.piles, self.reserve, self.sp = deal(self.piles, self.reserve, self.stock, self.sp)
            return
        self.piles, self.reserve = remove(self.piles, self.reserve, move.cards)

    # -- outcome ----------------------------------------------------------
    @property
    def outcome(self) -> Outcome:
        if self.removed_cards == DECK_SIZE:
            return Outcome.WON
        if self.stock_left or removals(self.piles, self.reserve):
            return Outcome.IN_PROGRESS
        return Outcome.LOST

    # -- text forms -------------------------------------------------------
    def text(self) -> str:
        piles = "/".join(cards_compact(p) or "-" for p in self.piles)
        reserve = cards_compact(self.reserve) or "-"
        return f"{self.game_id} {piles} {reserve} {cards_compact(self.stock[self.sp :]) or '-'}"

    @classmethod
    def from_text(cls, text: str) -> Self:
        """Parse ``baroness <5 piles bottom to top, '/'-separated, '-' for an empty one>
        <reserve or -> <stock, top card first, or ->``."""
        parts = text.split()
        if len(parts) != 4 or parts[0].lower() != cls.game_id:
            raise NotationError(
                f"a Baroness position is 'baroness PILES RESERVE STOCK', got {quoted(text)}"
            )
        pile_texts = parts[1].split("/")
        if len(pile_texts) != PILES:
            raise NotationError(f"Baroness has {PILES} piles, got {len(pile_texts)}")
        given = [[] if t == "-" else parse_compact(t) for t in (*pile_texts, *parts[2:])]
        if any(None in p for p in given):
            raise NotationError("piles, reserve and stock hold cards, not empty cells ('--')")
        *piles, reserve, stock = [[c for c in p if c is not None] for p in given]
        if len(stock) not in stock_sizes():
            raise NotationError(
                f"the stock holds 47, 42 ... 7, 2 or 0 cards (five a deal, then two), "
                f"got {len(stock)}"
            )
        if len(reserve) > RESERVE or (reserve and stock):
            raise NotationError("the reserve holds at most two cards, laid once the stock is gone")
        present = [c for p in piles for c in p] + reserve + stock
        dupes = {c for c in present if present.count(c) > 1}
        if dupes:
            raise NotationError(f"duplicate card {card_text(min(dupes))}")
        game = object.__new__(cls)
        Game.__init__(game)
        game.deck = ()
        game.stock = tuple(stock)
        game.sp = 0
        game.piles = tuple(tuple(p) for p in piles)
        game.reserve = tuple(reserve)
        return game

    def render(self) -> str:
        lines = ["Baroness"]
        for n, pile in enumerate(self.piles, 1):
            cards = " ".join(card_text(c) for c in pile[:-1])
            top = f"[{card_text(pile[-1])}]" if pile else "(empty)"
            lines.append(f"pile {n}: {cards + ' ' if cards else ''}{top}")
        reserve = " ".join(f"[{card_text(c)}]" for c in self.reserve) or "--"
        lines.append(f"Reserve: {reserve}   Stock: {count_text(self.stock_left)}")
        lines.append(f"Score: {self.score}/52   Moves: {len(self.moves)}   {self.outcome.value}")
        legal = self.legal_moves()
        lines.append("Legal moves: " + (" ".join(m.text() for m in legal) or "none"))
        return "\n".join(lines)
