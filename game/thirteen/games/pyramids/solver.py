"""The Pyramid solvers' entry points: the classic verdict (:mod:`.verdict`) and its
fewest-steps line (:mod:`.shortest`), and the one-pass verdict of a Pyramid 13 deal
(:mod:`.onepass`), each as a :class:`~thirteen.search.result.SolveResult` whose line the
engine replays.  The Pyramid 13 points search is :mod:`.points`."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from thirteen.core.game import Game
from thirteen.games.pyramids.bits import RawMove, to_move
from thirteen.games.pyramids.deal import DealKey, PyramidDeal
from thirteen.games.pyramids.deal_tables import DealTables
from thirteen.games.pyramids.onepass import one_pass_steps
from thirteen.games.pyramids.rules import Pyramid, Pyramid13
from thirteen.games.pyramids.shortest import shortest_search
from thirteen.games.pyramids.shortest_bound import ShortestTables
from thirteen.games.pyramids.verdict import verdict_steps
from thirteen.search.budget import OutOfBudget, SearchBudget, Steps, finish
from thirteen.search.result import NOT_WINNABLE, UNKNOWN, WINNABLE, SolveResult


def _result(found: bool | None, raw: Sequence[RawMove], budget: SearchBudget) -> SolveResult:
    if found is None:
        return SolveResult(UNKNOWN, [], budget.nodes, budget.ms)
    if not found:
        return SolveResult(NOT_WINNABLE, [], budget.nodes, budget.ms)
    return SolveResult(WINNABLE, [to_move(m) for m in raw], budget.nodes, budget.ms)


def _run(
    search: Callable[[PyramidDeal, DealKey, SearchBudget], tuple[bool, list[RawMove]]],
    deal: PyramidDeal,
    key: DealKey,
    budget_ms: float | None,
    max_nodes: int | None,
) -> SolveResult:
    """Run ``search(deal, key, budget)`` under a budget and wrap its answer."""
    budget = SearchBudget(budget_ms, max_nodes)
    if deal.cleared(key):
        return SolveResult(WINNABLE, [], 0, budget.ms)
    try:
        found, raw = search(deal, key, budget)
    except OutOfBudget:
        return _result(None, [], budget)
    return _result(found, raw, budget)


SearchSteps = Callable[
    [PyramidDeal, DealKey, SearchBudget, float | None], Steps[tuple[bool, list[RawMove]]]
]
"""A verdict search in slices: (deal, position, budget, slice_ms) -> found, raw line."""


def _run_steps(
    search: SearchSteps,
    deal: PyramidDeal,
    key: DealKey,
    budget_ms: float | None,
    max_nodes: int | None,
    slice_ms: float | None,
) -> Steps[SolveResult]:
    """:func:`_run` for a search in slices of ``slice_ms``."""
    budget = SearchBudget(budget_ms, max_nodes)
    if deal.cleared(key):
        return SolveResult(WINNABLE, [], 0, budget.ms)
    try:
        found, raw = yield from search(deal, key, budget, slice_ms)
    except OutOfBudget:
        return _result(None, [], budget)
    return _result(found, raw, budget)


def _verdict_on_tables(recycles: int) -> SearchSteps:
    """The verdict search with ``recycles`` allowed, as :func:`_run_steps` calls it (its
    tables are built in its first slice)."""

    def search(
        deal: PyramidDeal, key: DealKey, budget: SearchBudget, slice_ms: float | None
    ) -> Steps[tuple[bool, list[RawMove]]]:
        tables = DealTables(deal)
        return (yield from verdict_steps(tables, key, recycles, budget, slice_ms))

    return search


def solve_pyramid(
    game: Pyramid,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    shortest: bool = False,
) -> SolveResult:
    """Whether the classic game can still be won from its current position, with a line.

    Perfect information (the search reads the draw pile's order).  With
    ``shortest`` the line has the fewest steps (each Draw, removal and Recycle
    counts one); that search keeps every position in memory and is slower.
    """
    if shortest:
        return solve_shortest(game, budget_ms=budget_ms, max_nodes=max_nodes)
    return finish(solve_pyramid_steps(game, budget_ms=budget_ms, max_nodes=max_nodes))


def solve_shortest(
    game: Pyramid, *, budget_ms: float | None = None, max_nodes: int | None = None
) -> SolveResult:
    """A fewest-steps winning line of the classic game from its current position (see
    :mod:`.shortest`), or why there is none."""
    return _run(_shortest_after_verdict, game.deal, game.pos, budget_ms, max_nodes)


def _shortest_after_verdict(
    deal: PyramidDeal, key: DealKey, budget: SearchBudget
) -> tuple[bool, list[RawMove]]:
    """The verdict search first, on the same budget: a deal it proves lost needs no
    fewest-steps search, and its line's length bounds the one that follows."""
    found, line = finish(verdict_steps(DealTables(deal), key, deal.recycles, budget))
    if not found:
        return False, []
    return shortest_search(deal, key, budget, known=line)


def solve_pyramid_steps(
    game: Pyramid,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[SolveResult]:
    """:func:`solve_pyramid`'s verdict in slices of ``slice_ms`` (see
    :mod:`thirteen.search.budget`)."""
    search = _verdict_on_tables(game.deal.recycles)
    return (yield from _run_steps(search, game.deal, game.pos, budget_ms, max_nodes, slice_ms))


def solve_pyramid13_deal(
    game: Pyramid13, *, budget_ms: float | None = None, max_nodes: int | None = None
) -> SolveResult:
    """Whether the current deal's pyramid can be cleared in its one pass; the moves clear it.

    Once the whole game is over the verdict says whether the last pyramid was cleared.
    """
    return finish(solve_pyramid13_steps(game, budget_ms=budget_ms, max_nodes=max_nodes))


def solve_pyramid13_steps(
    game: Pyramid13,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[SolveResult]:
    """:func:`solve_pyramid13_deal` in slices of ``slice_ms`` (see
    :mod:`thirteen.search.budget`)."""
    if game.is_over:
        won = game.deals[-1].cleared(game.pos)
        return SolveResult(WINNABLE if won else NOT_WINNABLE)
    return (
        yield from _run_steps(one_pass_steps, game.deal, game.pos, budget_ms, max_nodes, slice_ms)
    )


def fewest_steps(game: Game, plain: bool = False) -> tuple[int, int]:
    """The length of the shortest line that wins the Pyramid ``game`` (0: none) and the
    positions the search expanded, with the search's bound or, ``plain``, the plain bound
    it is measured against (``bench-shortest``), for a game as the rest of the code holds
    it."""
    from thirteen.games.pyramids.shortest_plain import PlainTables  # the yardstick

    if not isinstance(game, Pyramid):
        raise TypeError(f"a Pyramid game, not {type(game).__name__}")
    budget = SearchBudget(None, None)
    tables = PlainTables if plain else ShortestTables
    found, line = shortest_search(game.deal, game.pos, budget, tables)
    return (len(line) if found else 0), budget.nodes
