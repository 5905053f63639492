"""Baroness's solver (perfect information: it reads the stock's order) and its
visible-cards heuristic, named by its record.  Game-owned: it reads the piles, reserve
and stock.

The solver is :class:`thirteen.search.search.Search` over (piles, reserve, stock pointer), with two
things that keep it exact and small:

* A free King is removed at once, as the only move tried: it pairs with nothing, and
  while it lies on a pile it only hides the card under it, so every line that keeps it a
  while does no better than one that removes it first.
* Cards of one rank are interchangeable, so positions that differ only in suits share one
  key (and the reserve's two cards in either order).
"""

from __future__ import annotations

from collections.abc import Iterator

from thirteen.core.cards import DECK_SIZE, Card
from thirteen.core.game import Game
from thirteen.core.moves import Draw, Move, RemoveKing, RemovePair
from thirteen.games.baroness.rules import PILES, RESERVE, Baroness
from thirteen.search.budget import Steps
from thirteen.search.result import SolveResult
from thirteen.search.search import Search

SP = 56
"""A search position is one int: the removed cards' bits, and above bit ``SP`` how many
stock cards have been dealt."""

DEAL = ()
"""The raw move of a deal (a removal's raw move is its cards' places)."""


class Table:
    """The fixed layout of one search: every card still in play gets a place number, the
    cards on the table first (pile by pile, bottom to top, then the reserve), then the
    stock in its order, so that on every pile the higher place lies on top."""

    def __init__(self, game: Baroness) -> None:
        cards: list[Card] = []
        self.pile_masks = [0] * PILES
        for p, pile in enumerate(game.pile_cards()):
            for c in pile:
                self.pile_masks[p] |= 1 << len(cards)
                cards.append(c)
        self.reserve_mask = 0
        for c in game.reserve_cards():
            self.reserve_mask |= 1 << len(cards)
            cards.append(c)
        self.table = len(cards)
        stock = game.stock[game.sp :]
        self.stock = len(stock)
        for n, c in enumerate(stock):
            if self.stock - n <= RESERVE and self.stock % PILES == RESERVE:
                self.reserve_mask |= 1 << len(cards)
            else:
                self.pile_masks[n % PILES] |= 1 << len(cards)
            cards.append(c)
        self.cards = cards
        self.ranks = [c >> 2 for c in cards]
        self.everything = (1 << len(cards)) - 1
        self.class_masks = [0] * 6
        """Each pair of ranks' places (A and Q, 2 and J ...), by the lower rank."""
        for j, r in enumerate(self.ranks):
            if r != 12:
                self.class_masks[min(r, 11 - r)] |= 1 << j
        self.memo: dict[tuple[int, int, int], bool] = {}

    def start(self) -> int:
        return 0

    def dealt(self, sp: int) -> int:
        return (1 << (self.table + sp)) - 1

    def tops(self, present: int) -> list[int]:
        """The places of the free cards: each pile's top, then the reserve."""
        out = [m.bit_length() - 1 for m in (present & pm for pm in self.pile_masks) if m]
        free = present & self.reserve_mask
        while free:
            low = free & -free
            out.append(low.bit_length() - 1)
            free ^= low
        return out

    def next_sp(self, sp: int) -> int:
        return self.stock if self.stock - sp == RESERVE else sp + PILES

    def children(self, state: int) -> Iterator[tuple[tuple[int, ...], int]]:
        sp = state >> SP
        gone = state & self.everything
        present = self.dealt(sp) & ~gone
        tops = self.tops(present)
        ranks, class_masks = self.ranks, self.class_masks
        for j in tops:
            if ranks[j] == 12:  # the only move worth trying (see the module docstring)
                yield (j,), state | 1 << j
                return
        pairs = []
        for n, a in enumerate(tops):
            ra = ranks[a]
            for b in tops[n + 1 :]:
                if ra + ranks[b] == 11:
                    pairs.append((a, b))
        for a, b in pairs:
            c = min(ranks[a], ranks[b])
            after = state | 1 << a | 1 << b
            if (class_masks[c] & ~after).bit_count() == 0 or self.clears(c, after):
                if not class_masks[c] & ~after:  # the last two of their ranks: nothing
                    yield (a, b), after  # else can want them (see the module docstring)
                    return
                yield (a, b), after
        if sp < self.stock:
            after = (state & self.everything) | self.next_sp(sp) << SP
            if all(self.clears(c, after) for c in range(6)):
                yield DEAL, after

    def clears(self, c: int, state: int) -> bool:
        """Whether one pair of ranks' cards can still all pair off in the easier game where
        every other card may vanish whenever wanted (see :class:`Table`'s module)."""
        sp = state >> SP
        mask = self.class_masks[c]
        gone = state & mask
        key = (c, gone, sp)
        found = self.memo.get(key)
        if found is not None:
            return found
        result = False
        if gone == mask:
            result = True
        else:
            present = self.dealt(sp) & mask & ~gone
            tops = self.tops(present)
            ranks = self.ranks
            lows = [j for j in tops if ranks[j] == c]
            highs = [j for j in tops if ranks[j] != c]
            for a in lows:
                for b in highs:
                    if self.clears(c, gone | 1 << a | 1 << b | sp << SP):
                        result = True
                        break
                if result:
                    break
            if not result and sp < self.stock:
                result = self.clears(c, gone | self.next_sp(sp) << SP)
        self.memo[key] = result
        return result

    def left(self, state: int) -> int:
        return len(self.cards) - (state & self.everything).bit_count()

    def lost(self, state: int) -> bool:
        return not all(self.clears(c, state) for c in range(6))

    def move(self, raw: tuple[int, ...]) -> Move:
        if not raw:
            return Draw()
        if len(raw) == 1:
            return RemoveKing(self.cards[raw[0]])
        return RemovePair(self.cards[raw[0]], self.cards[raw[1]])


def _search(game: Baroness, **budget) -> tuple[Search, Table]:
    table = Table(game)
    search = Search(table.children, _same, table.left, dead=table.lost, **budget)
    return search, table


def _same(state: int) -> int:
    return state


def solve_steps(
    game: Baroness,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[SolveResult]:
    """Can the game still be won (every card removed), with a winning line, in slices of
    ``slice_ms`` (see :mod:`thirteen.search.budget`)."""
    search, table = _search(game, budget_ms=budget_ms, max_nodes=max_nodes)
    return (yield from search.verdict_steps(table.start(), table.move, slice_ms))


def most_cards_steps(
    game: Baroness,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[tuple[int, list[Move], bool]]:
    """The most cards that can still be removed: (score reached, line to it, proven best),
    in slices of ``slice_ms``."""
    search, table = _search(game, budget_ms=budget_ms, max_nodes=max_nodes, track_best=True)
    left, moves, exact = yield from search.most_cards_steps(table.start(), table.move, slice_ms)
    return DECK_SIZE - left, moves, exact


def baroness_move_score(game: Baroness, move: Move) -> tuple[float, ...]:
    """Sort key of a move for the visible-cards heuristic (lower is better): a King at
    once; then pairs, those taking cards off the piles before reserve cards (the next deal
    covers a pile card, never a reserve card), the pair that uncovers the most cards
    first (the tallest piles); a deal only when nothing can be removed."""
    if isinstance(move, RemoveKing):
        return (0, 0, 0)
    if isinstance(move, RemovePair):
        reserve = game.reserve_cards()
        from_reserve = sum(1 for c in move.cards if c in reserve)
        under = sum(len(p) - 1 for p in game.pile_cards() if p and p[-1] in move.cards)
        return (1, from_reserve, -under)
    return (2, 0, 0)


def heuristic(game: Game) -> Move | None:
    """The visible-cards heuristic's pick (the first of equals), or None."""
    assert isinstance(game, Baroness)
    moves = game.legal_moves()
    return min(moves, key=lambda m: baroness_move_score(game, m)) if moves else None
