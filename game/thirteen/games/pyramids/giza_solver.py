"""Giza's solver and heuristic, named by its record. Every card is face up, so the solver
sees no more than the player. Game-owned: it reads the pyramid cells and the reserve
piles.

The solver is :class:`thirteen.search.search.Search` over one integer, the removed cards'
bits: every card still on the table gets a place number, and each place knows the places
that cover it (the two pyramid cards below it, or the card dealt over it on its reserve
pile). Giza is monotone: a removal never covers a card, it only frees cards. Hence three
things that keep the search exact and small:

* A free King is removed at once, as the only move tried: it pairs with nothing, and
  removing it only frees cards sooner.
* The last two cards of a pair of ranks (say the last Ace and the last Queen), once both
  are free, are removed at once, as the only move tried: they can only go together.
* A position is cut when one pair of ranks alone cannot be cleared in the easier game
  where every other card vanishes as soon as it is free: then a card of that pair lies
  under another whose partner it needs, directly or through a chain (answers kept per
  search, by which of the pair's cards are gone).
"""

from __future__ import annotations

from collections.abc import Iterator

from thirteen.core.cards import DECK_SIZE, Card
from thirteen.core.game import Game
from thirteen.core.moves import Move, RemoveKing, RemovePair
from thirteen.games.pyramids.deal import COVER
from thirteen.games.pyramids.giza import Giza
from thirteen.search.budget import Steps
from thirteen.search.result import SolveResult
from thirteen.search.search import Search

KING = 12
"""A King's rank index (``card >> 2``, the Ace's is 0): a pair's indexes add up to 11."""


class Table:
    """The fixed layout of one search: every card still in play gets a place number (the
    pyramid's cards first, then the reserve piles, each bottom to top)."""

    def __init__(self, game: Giza) -> None:
        cards: list[Card] = []
        covers: list[int] = []
        place_of: dict[int, int] = {}
        gone = game.key[0]
        for i, card in enumerate(game.cells):
            if card is None or gone >> i & 1:
                continue
            place_of[i] = len(cards)
            cards.append(card)
            covers.append(COVER[i])  # in cell bits for now
        # the pyramid's covers from cell bits to place bits (an empty cell covers nothing)
        for j in range(len(covers)):
            mask, out = covers[j], 0
            while mask:
                low = mask & -mask
                cell = low.bit_length() - 1
                if cell in place_of:
                    out |= 1 << place_of[cell]
                mask ^= low
            covers[j] = out
        for pile in game.reserve_piles():
            for k, card in enumerate(pile):
                covers.append(1 << (len(cards) + 1) if k + 1 < len(pile) else 0)
                cards.append(card)
        self.cards = cards
        self.covers = covers
        self.ranks = [c >> 2 for c in cards]
        self.places = range(len(cards))
        self.everything = (1 << len(cards)) - 1
        self.under = self._under()
        """For each place, the places that must go before it is free (covers of covers)."""
        self.below = [(self.under[j]).bit_count() for j in self.places]
        self.freeing = [0] * len(cards)
        """For each place, how many cards wait (directly or not) for it to go."""
        for j in self.places:
            mask = self.under[j]
            while mask:
                low = mask & -mask
                self.freeing[low.bit_length() - 1] += 1
                mask ^= low
        self.class_masks = [0] * 6
        """Each pair of ranks' places (A and Q, 2 and J ...), by the lower rank."""
        for j, r in enumerate(self.ranks):
            if r != KING:
                self.class_masks[min(r, 11 - r)] |= 1 << j
        self.memo: dict[tuple[int, int], bool] = {}

    def _under(self) -> list[int]:
        out = [0] * len(self.cards)
        # a card's covers have higher place numbers (lower pyramid rows, higher on a pile)
        for j in reversed(self.places):
            mask, acc = self.covers[j], self.covers[j]
            while mask:
                low = mask & -mask
                acc |= out[low.bit_length() - 1]
                mask ^= low
            out[j] = acc
        return out

    def free(self, state: int) -> list[int]:
        covers = self.covers
        return [j for j in self.places if not state >> j & 1 and state & covers[j] == covers[j]]

    def children(self, state: int) -> Iterator[tuple[tuple[int, ...], int]]:
        free = self.free(state)
        ranks = self.ranks
        for j in free:
            if ranks[j] == KING:  # the only move worth trying (see the module docstring)
                yield (j,), state | 1 << j
                return
        pairs = []
        for n, a in enumerate(free):
            ra = ranks[a]
            for b in free[n + 1 :]:
                if ra + ranks[b] == 11:
                    pairs.append((a, b))
        class_masks = self.class_masks
        for a, b in pairs:
            after = state | 1 << a | 1 << b
            if not class_masks[min(ranks[a], ranks[b])] & ~after:  # the last two of their
                yield (a, b), after  # ranks: nothing else can want them
                return
        freeing = self.freeing
        pairs.sort(key=lambda p: -(freeing[p[0]] + freeing[p[1]]))
        for a, b in pairs:
            yield (a, b), state | 1 << a | 1 << b

    def clears(self, c: int, gone: int) -> bool:
        """Whether pair of ranks ``c`` can still all pair off when every other card
        vanishes as soon as it is free (``gone``: the pair's cards already removed)."""
        key = (c, gone)
        found = self.memo.get(key)
        if found is not None:
            return found
        mask = self.class_masks[c]
        result = gone == mask
        if not result:
            under, ranks = self.under, self.ranks
            free = []
            left = mask & ~gone
            rest = left
            while rest:
                low = rest & -rest
                j = low.bit_length() - 1
                if not under[j] & left:
                    free.append(j)
                rest ^= low
            lows = [j for j in free if ranks[j] == c]
            highs = [j for j in free if ranks[j] != c]
            result = any(self.clears(c, gone | 1 << a | 1 << b) for a in lows for b in highs)
        self.memo[key] = result
        return result

    def lost(self, state: int) -> bool:
        return not all(self.clears(c, state & m) for c, m in enumerate(self.class_masks))

    def left(self, state: int) -> int:
        return len(self.cards) - (state & self.everything).bit_count()

    def move(self, raw: tuple[int, ...]) -> Move:
        if len(raw) == 1:
            return RemoveKing(self.cards[raw[0]])
        return RemovePair(self.cards[raw[0]], self.cards[raw[1]])


def _search(game: Giza, **budget) -> tuple[Search, Table]:
    table = Table(game)
    return Search(table.children, _same, table.left, dead=table.lost, **budget), table


def _same(state: int) -> int:
    return state


def solve_steps(
    game: Giza,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[SolveResult]:
    """Can the game still be won (every card removed), with a winning line, in slices of
    ``slice_ms`` (see :mod:`thirteen.search.budget`)."""
    search, table = _search(game, budget_ms=budget_ms, max_nodes=max_nodes)
    return (yield from search.verdict_steps(0, table.move, slice_ms))


def most_cards_steps(
    game: Giza,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[tuple[int, list[Move], bool]]:
    """The most cards that can still be removed: (score reached, line to it, proven best),
    in slices of ``slice_ms``.  Without the cut of lost positions: a position that cannot
    be won may still lead to the most cards."""
    table = Table(game)
    search = Search(
        table.children,
        _same,
        table.left,
        budget_ms=budget_ms,
        max_nodes=max_nodes,
        track_best=True,
    )
    left, moves, exact = yield from search.most_cards_steps(0, table.move, slice_ms)
    return DECK_SIZE - game.cards_left + len(table.cards) - left, moves, exact


def giza_move_score(game: Giza, move: Move) -> tuple[float, ...]:
    """Sort key of a move for the heuristic (lower is better): a King at once; then the
    pair that the most cards wait for (in the pyramid the cards above, on a reserve pile
    the cards under), then one with a pyramid card over two reserve cards."""
    if isinstance(move, RemoveKing):
        return (0, 0, 0)
    waiting = 0
    in_pyramid = 0
    left = set(game.pyramid_left())
    rows = {card: r for r, _, card, _ in game.pyramid_cards()}
    for card in move.cards:
        if card in left:
            in_pyramid += 1
            waiting += rows[card] * (rows[card] + 1) // 2  # the rows above it, roughly
        else:
            pile = next(p for p in game.reserve_piles() if p and p[-1] == card)
            waiting += len(pile) - 1
    return (1, -waiting, -in_pyramid)


def heuristic(game: Game) -> Move | None:
    """The heuristic's pick (the first of equals), or None."""
    assert isinstance(game, Giza)
    moves = game.legal_moves()
    return min(moves, key=lambda m: giza_move_score(game, m)) if moves else None
