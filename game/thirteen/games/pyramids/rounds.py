"""Pyramid 13's own hooks, named by its record: the round's line to the most points (the
hint's line), the solver player that plays each round by it, and the points search of
``solve --points`` and the benchmark.  Game-owned: it reads the deal and its position."""

from __future__ import annotations

from thirteen.core.moves import Move
from thirteen.games.pyramids.heuristic import heuristic
from thirteen.games.pyramids.points import max_points_pyramid13_deal, max_points_steps
from thirteen.games.pyramids.rules import CLEAR_BONUS, Pyramid13, round_points
from thirteen.games.pyramids.solver import solve_pyramid13_deal, solve_pyramid13_steps
from thirteen.search.budget import Steps
from thirteen.search.result import UNKNOWN, Basis


def points(
    game: Pyramid13, *, budget_ms: float | None = None, max_nodes: int | None = None
) -> tuple[int, list[Move], str]:
    """The most points the current round can still give: (points, a line, 'exact' or
    how the search stopped)."""
    return max_points_pyramid13_deal(
        game.deal,
        game.pos,
        bonus=CLEAR_BONUS[game.deal_index],
        budget_ms=budget_ms,
        max_nodes=max_nodes,
    )


def round_line_steps(
    game: Pyramid13, budget_ms: float, slice_ms: float | None = None
) -> Steps[tuple[list[Move], Basis]]:
    """The line to the most points of the current round; when that search cannot finish
    in time, the better of a line that clears the pyramid (:attr:`Basis.CLEARS`) and the
    best line the points search found (GUESS).  In slices of ``slice_ms``; the budget is
    the searches' own time."""
    # the one-pass verdict first, with most of the budget (it returns as soon as it is
    # done): it prunes the points search, and its line is the fallback when that search
    # runs out of time, so it must not run out itself (the hint would then give away a
    # clearable pyramid)
    clear = yield from solve_pyramid13_steps(game, budget_ms=budget_ms * 3 / 4, slice_ms=slice_ms)
    left = max(budget_ms - clear.ms, 1.0)
    most, found, status = yield from max_points_steps(
        game.deal,
        game.pos,
        bonus=CLEAR_BONUS[game.deal_index],
        budget_ms=left,
        clearable=None if clear.verdict == UNKNOWN else clear.winnable,
        slice_ms=slice_ms,
    )
    if status == "exact":
        return found, Basis.MOST
    # no proof of the most points in time: the better of a line that clears the
    # pyramid (it earns the bonus) and the best line the points search found
    if clear.winnable and clear.moves:
        if _clearing_points(game, clear.moves) >= most:
            return clear.moves, Basis.CLEARS
    return found, Basis.GUESS


def _clearing_points(game: Pyramid13, moves: list[Move]) -> int:
    """The round's points after a line that clears its pyramid."""
    pos = game.pos
    for move in moves:
        pos = game.deal.apply(pos, move)
    return round_points(game.deal_index, game.deal.removed(pos), cleared=True)


def play_rounds(game: Pyramid13, max_nodes: int) -> None:
    """The solver player: each round by its most points when the points search finishes
    in budget, else the better of the best points line found and the clearing line."""
    while not game.is_over:
        index = game.deal_index
        most, found, status = max_points_pyramid13_deal(
            game.deal, game.pos, bonus=CLEAR_BONUS[index], max_nodes=max_nodes
        )
        if status != "exact":
            clear = solve_pyramid13_deal(game, max_nodes=max_nodes)
            # a cleared pyramid gives every pyramid card and the bonus
            if clear.winnable and _clearing_points(game, clear.moves) > most:
                found = clear.moves
        for move in found:
            if game.is_over or game.deal_index != index:
                break
            game.play(move)
        # finish the round if the line stopped short of its end
        while not game.is_over and game.deal_index == index:
            pick = heuristic(game)
            assert pick is not None
            game.play(pick)
