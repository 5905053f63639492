"""Solving any game, behind one entry point: the solver its record names.

All solvers have perfect information: they read the hidden order of the stock
or draw pile.  Each returns a :class:`SolveResult` whose moves, when the verdict
is winnable, replay on the engine to a win from the game's current position.
"""

from __future__ import annotations

from thirteen.core.game import Game
from thirteen.core.moves import Move
from thirteen.core.spec import GameSpec, Solver
from thirteen.games import spec_of
from thirteen.search.budget import Steps
from thirteen.search.result import NOT_WINNABLE, UNKNOWN, WINNABLE, SolveResult, Verdict


def solver_of(game: Game) -> Solver:
    """The solver of ``game``'s record; TypeError for a game without one."""
    spec = spec_of(game)
    if spec.solver is None:
        raise TypeError(f"no solver for {spec.title}")
    return spec.solver


def solve(
    game: Game,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    shortest: bool = False,
) -> SolveResult:
    """Solve ``game`` from its current position with its record's solver.

    Thirteens and Pyramid: can the game still be won.  Pyramid 13: can the
    current deal's pyramid be cleared in its one pass (the moves clear it).
    ``shortest`` asks for the fewest steps and is only offered for Pyramid.
    """
    solver = solver_of(game)
    return solver.solve(game, budget_ms=budget_ms, max_nodes=max_nodes, shortest=shortest)


def solve_steps(
    game: Game, *, budget_ms: float | None = None, slice_ms: float | None = None
) -> Steps[SolveResult]:
    """:func:`solve` in slices of ``slice_ms`` (see :mod:`thirteen.search.budget`), for the
    interface to search beside the game."""
    solver = solver_of(game)
    return (yield from solver.solve_steps(game, budget_ms=budget_ms, slice_ms=slice_ms))


def offers_points(spec: GameSpec) -> bool:
    """Whether the game's solver has a most-points search (a game scored in points)."""
    return spec.solver is not None and spec.solver.points is not None


def most_points(
    game: Game, *, budget_ms: float | None = None, max_nodes: int | None = None
) -> tuple[int, list[Move], str]:
    """The most points the round in play can still give: (points, a line, 'exact' or how
    the search stopped); LookupError for a game without a points search."""
    points = solver_of(game).points
    if points is None:
        raise LookupError(f"{spec_of(game).title} has no points search")
    return points(game, budget_ms=budget_ms, max_nodes=max_nodes)


__all__ = [
    "NOT_WINNABLE",
    "UNKNOWN",
    "WINNABLE",
    "SolveResult",
    "Verdict",
    "most_points",
    "offers_points",
    "solve",
    "solve_steps",
    "solver_of",
]
