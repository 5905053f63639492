"""The solver of Tens, the one hook its record names: can the game still be won, with a
winning line (the end screen's verdict asks it).  :class:`thirteen.search.search.Search`
over the positions themselves, each move played on a copy."""

from __future__ import annotations

from collections.abc import Iterator

from thirteen.core.cards import DECK_SIZE
from thirteen.core.moves import Move
from thirteen.search.budget import finish
from thirteen.search.result import NOT_WINNABLE, UNKNOWN, WINNABLE, SolveResult, refuse_shortest
from thirteen.search.search import Search
from toy_games.tens.rules import Tens


def _children(game: Tens) -> Iterator[tuple[Move, Tens]]:
    for move in game.legal_moves():
        child = game.copy()
        child.play(move)
        yield move, child


def solve(
    game: Tens,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    shortest: bool = False,
) -> SolveResult:
    """Can the game still be won (every card removed), with a winning line."""
    refuse_shortest(shortest)
    search = Search(
        _children,
        lambda g: g.key,
        lambda g: DECK_SIZE - g.removed_cards,
        budget_ms=budget_ms,
        max_nodes=max_nodes,
    )
    line = finish(search.run_steps(game.copy()))
    if line is not None:
        return SolveResult(WINNABLE, line, search.nodes, search.ms)
    verdict = UNKNOWN if search.out_of_budget else NOT_WINNABLE
    return SolveResult(verdict, [], search.nodes, search.ms)
