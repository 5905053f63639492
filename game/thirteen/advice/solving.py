"""Solvers for every game, behind one entry point.

All solvers have perfect information: they read the hidden order of the stock
or draw pile.  Each returns a :class:`SolveResult` whose moves, when the verdict
is winnable, replay on the engine to a win from the game's current position.

Here: :func:`solve`, which asks the game's record for its solver hook (in
:mod:`.thirteens_hooks`, :mod:`.pyramid_hooks`, imported when first used).  Imports:
the engine and the solver modules; none of them imports this one.
"""

from __future__ import annotations

from thirteen.core.game import Game
from thirteen.games import spec_of
from thirteen.games.thirteens.solver import solve_thirteens
from thirteen.search.budget import Steps
from thirteen.search.result import NOT_WINNABLE, UNKNOWN, WINNABLE, SolveResult, Verdict


def solve(
    game: Game,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    shortest: bool = False,
) -> SolveResult:
    """Solve ``game`` from its current position with its record's ``solver`` hook.

    Thirteens and Pyramid: can the game still be won.  Pyramid 13: can the
    current deal's pyramid be cleared in its one pass (the moves clear it).
    ``shortest`` asks for the fewest steps and is only offered for Pyramid.
    """
    spec = spec_of(game)
    if not spec.solver:
        raise TypeError(f"no solver for {spec.title}")
    return spec.hook("solver")(game, budget_ms=budget_ms, max_nodes=max_nodes, shortest=shortest)


def solve_steps(
    game: Game, *, budget_ms: float | None = None, slice_ms: float | None = None
) -> Steps[SolveResult]:
    """:func:`solve` in slices of ``slice_ms`` (see :mod:`.budget`), for the interface to
    search beside the game: the record's ``solver_steps`` hook, else ``solver`` in one
    piece."""
    spec = spec_of(game)
    if spec.solver_steps:
        return (yield from spec.hook("solver_steps")(game, budget_ms=budget_ms, slice_ms=slice_ms))
    return solve(game, budget_ms=budget_ms)


__all__ = [
    "NOT_WINNABLE",
    "UNKNOWN",
    "WINNABLE",
    "SolveResult",
    "Verdict",
    "solve",
    "solve_steps",
    "solve_thirteens",
]
