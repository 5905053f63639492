"""The hooks of Pyramid and Pyramid 13, named by their records
(:data:`thirteen.games.pyramids.rules.SPEC`,
:data:`thirteen.games.pyramids.rules.SPEC13`): their solvers, the hint's lines, the
heuristic, the solver players, the baseline and Pyramid 13's points search. Game-owned:
it reads the deal and its position. Imports: the engine and :mod:`.pyramid`,
:mod:`.result`."""

from __future__ import annotations

from thirteen.core.game import Game
from thirteen.core.moves import Draw, Move, Recycle, RemoveKing, RemovePair
from thirteen.games.pyramids.rules import CLEAR_BONUS, ROW_OF, Pyramid, Pyramid13, round_points
from thirteen.games.pyramids.solver import (
    baseline_solve_pyramid,
    max_points_pyramid13_deal,
    max_points_steps,
    solve_pyramid,
    solve_pyramid13_deal,
    solve_pyramid13_steps,
    solve_pyramid_steps,
)
from thirteen.search.budget import Steps, finish
from thirteen.search.result import UNKNOWN, Basis, SolveResult, refuse_shortest

MoveScore = tuple[float, ...]


def solve(
    game: Pyramid,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    shortest: bool = False,
) -> SolveResult:
    """Can the pyramid still be cleared (``shortest``: in the fewest steps)."""
    return solve_pyramid(game, budget_ms=budget_ms, max_nodes=max_nodes, shortest=shortest)


def solve_steps(
    game: Pyramid,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[SolveResult]:
    """:func:`solve`'s verdict in slices of ``slice_ms``."""
    return (
        yield from solve_pyramid_steps(
            game, budget_ms=budget_ms, max_nodes=max_nodes, slice_ms=slice_ms
        )
    )


def solve_round(
    game: Pyramid13,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    shortest: bool = False,
) -> SolveResult:
    """Can the current round's pyramid be cleared in its one pass (the moves clear it)."""
    refuse_shortest(shortest)
    return solve_pyramid13_deal(game, budget_ms=budget_ms, max_nodes=max_nodes)


def solve_round_steps(
    game: Pyramid13,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[SolveResult]:
    """:func:`solve_round` in slices of ``slice_ms``."""
    return (
        yield from solve_pyramid13_steps(
            game, budget_ms=budget_ms, max_nodes=max_nodes, slice_ms=slice_ms
        )
    )


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


def baseline(game: Pyramid | Pyramid13, budget_ms: float | None) -> SolveResult:
    """The plain search the solver is measured against (Pyramid 13's deal has the same
    deal and position as Pyramid, with no recycles)."""
    return baseline_solve_pyramid(game, max_nodes=None, budget_ms=budget_ms)  # type: ignore[arg-type]


def line(game: Pyramid, budget_ms: float) -> tuple[list[Move], Basis]:
    """A winning line, or none with why: proven lost, or not known in time."""
    return finish(line_steps(game, budget_ms))


def line_steps(
    game: Pyramid, budget_ms: float, slice_ms: float | None = None
) -> Steps[tuple[list[Move], Basis]]:
    """:func:`line` in slices of ``slice_ms``."""
    result = yield from solve_pyramid_steps(game, budget_ms=budget_ms, slice_ms=slice_ms)
    if result.winnable:
        return result.moves, Basis.WINS
    return [], Basis.GUESS if result.verdict == UNKNOWN else Basis.NO_WIN


def round_line(game: Pyramid13, budget_ms: float) -> tuple[list[Move], Basis]:
    """The line to the most points of the current round; when that search cannot finish
    in time, the better of a line that clears the pyramid (:attr:`Basis.CLEARS`) and the
    best line the points search found (GUESS)."""
    return finish(round_line_steps(game, budget_ms))


def round_line_steps(
    game: Pyramid13, budget_ms: float, slice_ms: float | None = None
) -> Steps[tuple[list[Move], Basis]]:
    """:func:`round_line` in slices of ``slice_ms`` (the budget is the searches' own time)."""
    # the one-pass verdict first (about a millisecond, 50 ms at most on deals
    # 1-200): it prunes the points search, and its line is the fallback when that
    # search runs out of time; with a quarter of the budget it sometimes ran out
    # itself, and the hint then gave away a clearable pyramid
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


def play_solver_line(game: Pyramid, max_nodes: int) -> None:
    """The solver player: the winning line, when the solver finds one."""
    result = solve_pyramid(game, max_nodes=max_nodes)
    if result.winnable:
        game.play_all(result.moves)


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
            move = heuristic(game)
            assert move is not None
            game.play(move)


def pyramid_move_score(game: Pyramid | Pyramid13, move: Move) -> MoveScore:
    """Sort key of a pyramid move for the heuristic (lower is better)."""
    deal = game.deal
    if isinstance(move, RemoveKing):
        return (0, 0)
    if isinstance(move, RemovePair):
        rows = []
        for card in move.cards:
            zone, index = deal.where[card]
            rows.append(ROW_OF[index] if zone == "p" else -1)
        in_pyramid = sum(1 for r in rows if r >= 0)
        # two pyramid cards first, then one; within, the lowest row first
        return (1 + (2 - in_pyramid), -max(rows))
    if isinstance(move, Draw):
        return (5, 0)
    if isinstance(move, Recycle):
        return (6, 0)
    return (7, 0)


def heuristic(game: Game) -> Move | None:
    """The heuristic's pick among the legal moves (the first of equals), or None."""
    assert isinstance(game, Pyramid | Pyramid13)
    moves = game.legal_moves()
    return min(moves, key=lambda m: pyramid_move_score(game, m)) if moves else None
