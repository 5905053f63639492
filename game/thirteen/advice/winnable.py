"""Winnable deals only: the first deal number the solver proves winnable.

"Winnable" follows each game's own outcome: Thirteens and Pyramid are won or
not; Pyramid 13 is won when its final (third) pyramid is cleared, and the three
deals of a game are independent decks, so a Pyramid 13 deal number is winnable
when the third deck's pyramid can be cleared in its one pass.  A deal whose
verdict is unknown within the budget is skipped: only proven deals count.
"""

from __future__ import annotations

import time

from thirteen.advice.solving import SolveResult, solve, solve_steps
from thirteen.core.deals import MAX_DEAL, check_deal_number
from thirteen.core.game import Game
from thirteen.core.i18n import message
from thirteen.games import game_spec, new_game, spec_of
from thirteen.search.budget import Steps, Stopwatch, finish

DEFAULT_BUDGET_MS = 2000.0
DEFAULT_LIMIT = 10_000
"""How many deal numbers to try before giving up (some layouts, like 2x2, are almost never won)."""


def deal_start(game: Game, index: int) -> Game:
    """A copy of ``game`` at the start of round ``index`` (see :meth:`Game.round_start`)."""
    return game.round_start(index)


def final_deal(game: Game) -> Game:
    """A copy of ``game`` at the start of its last round (earlier rounds' points left at 0)."""
    return game.round_start(spec_of(game).rounds - 1)


def winnable_verdict(
    game_id: str,
    number: int,
    *,
    layout: str | None = None,
    budget_ms: float | None = DEFAULT_BUDGET_MS,
    max_nodes: int | None = None,
) -> tuple[SolveResult, Game]:
    """The solver's verdict on deal ``number`` and the game it was reached on.

    For Pyramid 13 the game is positioned at the start of the final deal and
    the result's moves clear it.
    """
    game = new_game(game_id, deal=number, layout=layout)
    if spec_of(game).rounds > 1:
        game = final_deal(game)
    return solve(game, budget_ms=budget_ms, max_nodes=max_nodes), game


def first_winnable_deal(
    game_id: str,
    start: int,
    *,
    layout: str | None = None,
    budget_ms: float | None = DEFAULT_BUDGET_MS,
    max_nodes: int | None = None,
    limit: int = DEFAULT_LIMIT,
    total_ms: float | None = None,
) -> int:
    """The first deal number ``>= start`` that the solver proves winnable.

    ``budget_ms`` bounds each deal's solve; ``total_ms`` bounds the whole search
    (the interface cannot wait for long).  Raises LookupError when none of
    ``limit`` deals in a row is proven winnable, or when ``total_ms`` runs out.
    """
    return finish(
        first_winnable_deal_steps(
            game_id,
            start,
            layout=layout,
            budget_ms=budget_ms,
            max_nodes=max_nodes,
            limit=limit,
            total_ms=total_ms,
        )
    )


def first_winnable_deal_steps(
    game_id: str,
    start: int,
    *,
    layout: str | None = None,
    budget_ms: float | None = DEFAULT_BUDGET_MS,
    max_nodes: int | None = None,
    limit: int = DEFAULT_LIMIT,
    total_ms: float | None = None,
    slice_ms: float | None = None,
) -> Steps[int]:
    """:func:`first_winnable_deal` in slices of ``slice_ms`` (see :mod:`thirteen.search.budget`);
    ``total_ms`` counts the searches' own time."""
    game_spec(game_id)  # a clear error for an unknown game before any solving
    check_deal_number(start)
    watch = Stopwatch()  # the search's own time: dealing each deal too, not the frames
    end = min(start + limit, MAX_DEAL + 1)
    for number in range(start, end):
        began = time.perf_counter()
        per_deal = budget_ms
        if total_ms is not None:
            left_ms = total_ms - watch.ms
            if left_ms <= 0:
                raise LookupError(
                    message(
                        "no deal from {first} to {last} was proven winnable within {ms} ms",
                        first=start,
                        last=number - 1,
                        ms=f"{total_ms:g}",
                    )
                )
            per_deal = left_ms if per_deal is None else min(per_deal, left_ms)
        game = new_game(game_id, deal=number, layout=layout)
        if spec_of(game).rounds > 1:
            game = final_deal(game)
        if max_nodes is not None or slice_ms is None:
            result = solve(game, budget_ms=per_deal, max_nodes=max_nodes)
            watch.seconds += time.perf_counter() - began
        else:
            watch.seconds += time.perf_counter() - began
            result = yield from watch.timed(
                solve_steps(game, budget_ms=per_deal, slice_ms=slice_ms)
            )
        if result.winnable:
            return number
    raise LookupError(
        message("no deal from {first} to {last} was proven winnable", first=start, last=end - 1)
    )
