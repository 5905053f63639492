"""Neighbour's solver (perfect information: it reads the stock's order) and its
visible-cards heuristic, named by its record.  Game-owned: it reads the grid and the
stock.

The solver is :class:`thirteen.search.search.Search` over (cards in reading order, stock pointer).
Cards of one rank are interchangeable (which cells touch, how the cards close up and
what the stock brings depend on ranks and places only), so positions that differ only
in suits share one key.
"""

from __future__ import annotations

from collections.abc import Iterator

from thirteen.core.cards import DECK_SIZE, Card
from thirteen.core.game import Game
from thirteen.core.moves import Move, RemoveKing, RemovePair
from thirteen.games.neighbour.rules import Neighbour, close_up, removals
from thirteen.search.budget import Steps
from thirteen.search.result import SolveResult
from thirteen.search.search import Search

State = tuple[tuple[Card, ...], int]

_RANKS = bytes(card >> 2 if card < DECK_SIZE else 255 for card in range(256))
"""``bytes.translate`` table: a card's byte to its rank's."""


def _search(game: Neighbour, **budget) -> Search:
    stock = game.stock
    nstock = len(stock)

    def children(state: State) -> Iterator[tuple[tuple[Card, ...], State]]:
        cells, sp = state
        for group in removals(cells):
            yield group, close_up(cells, group, stock, sp)

    def key(state: State) -> tuple[bytes, int]:
        return bytes(state[0]).translate(_RANKS), state[1]

    def left(state: State) -> int:
        return len(state[0]) + nstock - state[1]

    return Search(children, key, left, **budget)


def _move(group: tuple[Card, ...]) -> Move:
    return RemoveKing(group[0]) if len(group) == 1 else RemovePair(*group)


def solve_steps(
    game: Neighbour,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[SolveResult]:
    """Can the game still be won (every card removed), with a winning line, in slices of
    ``slice_ms`` (see :mod:`thirteen.search.budget`)."""
    search = _search(game, budget_ms=budget_ms, max_nodes=max_nodes)
    return (yield from search.verdict_steps(game.key, _move, slice_ms))


def most_cards_steps(
    game: Neighbour,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[tuple[int, list[Move], bool]]:
    """The most cards that can still be removed: (score reached, line to it, proven best),
    in slices of ``slice_ms``."""
    search = _search(game, budget_ms=budget_ms, max_nodes=max_nodes, track_best=True)
    left, moves, exact = yield from search.most_cards_steps(game.key, _move, slice_ms)
    return DECK_SIZE - left, moves, exact


def _pairs_after(cells: tuple[Card, ...]) -> int:
    """How many groups could go from these cards (the holes at the end left empty)."""
    return len(removals(cells))


def neighbour_move_score(game: Neighbour, move: Move) -> tuple[float, ...]:
    """Sort key of a move for the visible-cards heuristic (lower is better): a King at
    once; then the pair after whose closing up the most groups are left among the cards
    already showing (the cards the stock brings are not looked at), then the one whose
    cards lie latest in reading order (fewer cards move)."""
    cells = game.cells
    if isinstance(move, RemoveKing):
        return (0, 0, 0)
    kept = tuple(c for c in cells if c not in move.cards)
    first = min(cells.index(c) for c in move.cards)
    return (1, -_pairs_after(kept), -first)


def heuristic(game: Game) -> Move | None:
    """The visible-cards heuristic's pick (the first of equals), or None."""
    assert isinstance(game, Neighbour)
    moves = game.legal_moves()
    return min(moves, key=lambda m: neighbour_move_score(game, m)) if moves else None
