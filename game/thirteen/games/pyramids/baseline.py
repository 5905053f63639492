"""The pyramid games' baseline: a plain search over the deal's own rules."""

from __future__ import annotations

from thirteen.core.moves import Move
from thirteen.games.pyramids.rules import Pyramid, Pyramid13
from thirteen.search.budget import OutOfBudget, SearchBudget
from thirteen.search.result import NOT_WINNABLE, UNKNOWN, WINNABLE, SolveResult


def baseline_solve_pyramid(
    game: Pyramid | Pyramid13, budget_ms: float | None = None, *, max_nodes: int | None = None
) -> SolveResult:
    """Plain depth-first search with a visited set over the engine's own moves.

    No forced moves, no dead-card cuts, no pointer normalisation: the yardstick
    the benchmark compares the solvers against, and an independent check of their
    verdicts (it only uses :class:`~.deal.PyramidDeal`'s rules).  Pyramid 13's deal in
    play has the same deal and position, with no recycles.
    """
    deal = game.deal
    budget = SearchBudget(budget_ms, max_nodes)
    start = game.pos
    if deal.cleared(start):
        return SolveResult(WINNABLE, [], 0, budget.ms)
    seen = {start}
    # stack of (key, remaining moves iterator); the line is the moves taken so far
    stack = [(start, iter(deal.moves(start)))]
    line: list[Move] = []
    try:
        while stack:
            key, it = stack[-1]
            move = next(it, None)
            if move is None:
                stack.pop()
                if line:
                    line.pop()
                continue
            child = deal.apply(key, move)
            if child in seen:
                continue
            seen.add(child)
            budget.nodes += 1
            if budget.nodes >= budget.next_check:
                budget.check()
            line.append(move)
            if deal.cleared(child):
                return SolveResult(WINNABLE, line, budget.nodes, budget.ms)
            stack.append((child, iter(deal.moves(child))))
    except OutOfBudget:
        return SolveResult(UNKNOWN, [], budget.nodes, budget.ms)
    return SolveResult(NOT_WINNABLE, [], budget.nodes, budget.ms)
