"""The solver of Tens, the one hook its record names: can the game still be won, with a
winning line (the end screen's verdict and the deal's difficulty ask it).

:class:`thirteen.search.search.Search` over (the cells, the stock's next card).  Only
ranks decide which cards go together and what the stock brings, so positions that
differ only in suits share one key."""

from __future__ import annotations

from collections.abc import Iterator

from thirteen.core.cards import DECK_SIZE, Card
from thirteen.core.moves import Move
from thirteen.search.budget import finish
from thirteen.search.result import NOT_WINNABLE, UNKNOWN, WINNABLE, SolveResult, refuse_shortest
from thirteen.search.search import Search
from toy_games.tens.rules import Cells, Tens, refill, removals

State = tuple[Cells, int]

_RANKS = bytes(card >> 2 if card < DECK_SIZE else 255 for card in range(256))
"""``bytes.translate`` table: a card's byte to its rank's (255 stays a hole)."""


def solve(
    game: Tens,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    shortest: bool = False,
) -> SolveResult:
    """Can the game still be won (every card removed), with a winning line."""
    refuse_shortest(shortest)
    stock = game.stock

    def children(state: State) -> Iterator[tuple[tuple[Card, ...], State]]:
        cells, sp = state
        for group in removals(cells):
            yield group, refill(cells, group, stock, sp)

    def key(state: State) -> tuple[bytes, int]:
        return bytes(255 if c is None else c for c in state[0]).translate(_RANKS), state[1]

    def left(state: State) -> int:
        return sum(c is not None for c in state[0]) + len(stock) - state[1]

    search = Search(children, key, left, budget_ms=budget_ms, max_nodes=max_nodes)
    line = finish(search.run_steps((game.cells, game.sp)))
    if line is None:
        verdict = UNKNOWN if search.out_of_budget else NOT_WINNABLE
        return SolveResult(verdict, [], search.nodes, search.ms)
    moves: list[Move] = []
    replay = game.copy()
    for group in line:
        move = replay.removal(group)
        assert move is not None, group  # the search's groups are the game's own
        replay.play(move)
        moves.append(move)
    return SolveResult(WINNABLE, moves, search.nodes, search.ms)
