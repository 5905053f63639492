"""Solvers for every game, behind one entry point.

All solvers have perfect information: they read the hidden order of the stock
or draw pile.  Each returns a :class:`SolveResult` whose moves, when the verdict
is winnable, replay on the engine to a win from the game's current position.

Here: :func:`solve`, which picks the solver for a game (:mod:`.thirteens`,
:mod:`.pyramid`).  Imports: the engine and the solver modules; none of them
imports this one.
"""

from __future__ import annotations

from ..game import Game
from ..pyramid import Pyramid, Pyramid13
from ..thirteens import Thirteens
from .pyramid import solve_pyramid, solve_pyramid13_deal
from .result import NOT_WINNABLE, UNKNOWN, WINNABLE, SolveResult
from .thirteens import solve_thirteens


def solve(
    game: Game,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    shortest: bool = False,
) -> SolveResult:
    """Solve ``game`` from its current position.

    Thirteens and Pyramid: can the game still be won.  Pyramid 13: can the
    current deal's pyramid be cleared in its one pass (the moves clear it).
    ``shortest`` asks for the fewest steps and is only offered for Pyramid.
    """
    if isinstance(game, Thirteens):
        if shortest:
            raise ValueError("--shortest is only offered for Pyramid (classic)")
        return solve_thirteens(game, budget_ms=budget_ms, max_nodes=max_nodes)
    if isinstance(game, Pyramid):
        return solve_pyramid(game, budget_ms=budget_ms, max_nodes=max_nodes, shortest=shortest)
    if isinstance(game, Pyramid13):
        if shortest:
            raise ValueError("--shortest is only offered for Pyramid (classic)")
        return solve_pyramid13_deal(game, budget_ms=budget_ms, max_nodes=max_nodes)
    raise TypeError(f"no solver for {type(game).__name__}")


__all__ = ["NOT_WINNABLE", "UNKNOWN", "WINNABLE", "SolveResult", "solve", "solve_thirteens"]
