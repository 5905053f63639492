"""The solver of Tens: a plain search over the engine's own moves with the shared search
loop, handed to the one adapter (:class:`thirteen.search.game_solver.GameSolver`), which
gives Tens its verdicts, the hint's line and the solver player; and the heuristic."""

from __future__ import annotations

from collections.abc import Iterator

from thirteen.core.cards import DECK_SIZE
from thirteen.core.game import Game
from thirteen.core.moves import Move
from thirteen.search.budget import Steps
from thirteen.search.game_solver import GameSolver
from thirteen.search.result import SolveResult
from thirteen.search.search import Search
from toy_games.tens.rules import Tens


def children(game: Game) -> Iterator[tuple[Move, Game]]:
    """Each legal move with the position after it (the engine plays it on a copy)."""
    for move in game.legal_moves():
        after = game.copy()
        after.play(move)
        yield move, after


def search(budget_ms: float | None, max_nodes: int | None, track_best: bool = False) -> Search:
    return Search(
        children,
        lambda g: g.key,
        lambda g: DECK_SIZE - g.removed_cards,
        budget_ms=budget_ms,
        max_nodes=max_nodes,
        track_best=track_best,
    )


def verdict_steps(
    game: Tens,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[SolveResult]:
    found = search(budget_ms, max_nodes)
    return (yield from found.verdict_steps(game, lambda move: move, slice_ms))


def most_cards_steps(
    game: Tens,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[tuple[int, list[Move], bool]]:
    found = search(budget_ms, max_nodes, track_best=True)
    left, moves, exact = yield from found.most_cards_steps(game, lambda move: move, slice_ms)
    return DECK_SIZE - left, moves, exact


def heuristic(game: Game) -> Move | None:
    """The removal of the most cards (the first of equals)."""
    moves = game.legal_moves()
    return max(moves, key=lambda m: len(m.cards)) if moves else None


SOLVER = GameSolver(verdict_steps=verdict_steps, most_cards_steps=most_cards_steps)
