"""A depth-first search with one visited set, for games whose question is plain
reachability: can a position with no card left be reached.

Each game's solver gives the search its own position type and three functions: the
children of a position (the moves in search order, each with the position after it),
the visited-set key of a position (where interchangeable cards share one) and the cards
left in a position.  One visited set for the whole search is exact: a position seen once
never needs searching again, and when the search ends without a win every position it
saw is proven dead, so the best position seen is the best there is.

The search keeps its own stack, so it runs in time slices (:meth:`Search.run_steps`)
by yielding where it stands and going on from there; its budget is a
:class:`.budget.SearchBudget`, which counts only the search's own time.

It knows no game: a game's solver hands it the position type and the functions above,
and turns its raw moves into the game's moves (:meth:`Search.verdict_steps`,
:meth:`Search.most_cards_steps`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any

from thirteen.core.moves import Move
from thirteen.search.budget import OutOfBudget, Paused, SearchBudget, Steps
from thirteen.search.result import SolveResult, search_verdict

Children = Callable[[Any], Iterator[tuple[Any, Any]]]


@dataclass
class Search:
    """One search with its budget; :meth:`run_steps` finds a winning line of raw moves."""

    children: Children
    key: Callable[[Any], Hashable]
    left: Callable[[Any], int]
    budget_ms: float | None = None
    max_nodes: int | None = None
    track_best: bool = False
    dead: Callable[[Any], bool] | None = None
    """Optional: positions that can be seen to be lost without searching them."""
    nodes: int = 0
    out_of_budget: bool = False
    best_left: int = 10**9
    best_line: list[Any] = field(default_factory=list)
    budget: SearchBudget | None = None
    """The budget of the last run (made when it starts: its clock starts then)."""

    @property
    def ms(self) -> float:
        """Milliseconds the last run took (its own time, not the frames between slices)."""
        return 0.0 if self.budget is None else self.budget.ms

    def run_steps(self, start: Any, slice_ms: float | None = None) -> Steps[list[Any] | None]:
        """A winning line of raw moves from ``start``, or None (see ``out_of_budget``), in
        slices of ``slice_ms`` (None: in one piece, never yielding)."""
        budget = self.budget = SearchBudget(self.budget_ms, self.max_nodes)
        budget.resume(slice_ms)
        left, key, children, dead = self.left, self.key, self.children, self.dead
        track = self.track_best
        self.best_left, self.best_line = left(start), []
        if self.best_left == 0:
            return []
        if dead is not None and dead(start):
            return None
        seen = {key(start)}
        path: list[Any] = []
        frames: list[Iterator[tuple[Any, Any]]] = [children(start)]
        nodes = 0
        next_check = budget.next_check
        try:
            while frames:
                child = next(frames[-1], None)
                if child is None:
                    frames.pop()
                    if path:
                        path.pop()
                    continue
                raw, state = child
                k = key(state)
                if k in seen:
                    continue
                seen.add(k)
                nodes += 1
                n = left(state)
                if n == 0:
                    path.append(raw)
                    self.best_left, self.best_line = 0, list(path)
                    return path
                if track and n < self.best_left:
                    self.best_left, self.best_line = n, [*path, raw]
                if nodes >= next_check:
                    budget.nodes = nodes
                    try:
                        budget.check()
                    except Paused:
                        budget.pause()
                        yield
                        budget.resume(slice_ms)
                    except OutOfBudget:
                        self.out_of_budget = True
                        return None
                    next_check = budget.next_check
                if dead is not None and dead(state):
                    continue
                path.append(raw)
                frames.append(children(state))
            return None
        finally:
            budget.nodes = nodes
            self.nodes += nodes

    def verdict_steps(
        self, start: Any, to_move: Callable[[Any], Move], slice_ms: float | None = None
    ) -> Steps[SolveResult]:
        """The run from ``start`` as a verdict, its raw moves made moves by ``to_move``."""
        line = yield from self.run_steps(start, slice_ms)
        moves = None if line is None else [to_move(raw) for raw in line]
        return search_verdict(moves, self.nodes, self.ms, out_of_budget=self.out_of_budget)

    def most_cards_steps(
        self, start: Any, to_move: Callable[[Any], Move], slice_ms: float | None = None
    ) -> Steps[tuple[int, list[Move], bool]]:
        """The run from ``start`` (made with ``track_best``) as (the fewest cards left, the
        line to them, whether that is proven best): a run that ends without a win has seen
        every reachable position, so the best it saw is the best there is."""
        line = yield from self.run_steps(start, slice_ms)
        if line is None:
            line = self.best_line
        moves = [to_move(raw) for raw in line]
        return self.best_left, moves, not self.out_of_budget
