"""A depth-first search with one visited set, for games whose question is plain
reachability: can a position with no card left be reached.

Each game's solver gives the search its own position type and three functions: the
children of a position (the moves in search order, each with the position after it),
the visited-set key of a position (where interchangeable cards share one) and the cards
left in a position.  One visited set for the whole search is exact: a position seen once
never needs searching again, and when the search ends without a win every position it
saw is proven dead, so the best position seen is the best there is.

Imports: :mod:`.result` only; it knows no game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any

CHECK_EVERY = 128
"""Nodes between clock checks (a clock read is cheap next to a hundred nodes)."""

Children = Callable[[Any], Iterator[tuple[Any, Any]]]


@dataclass
class Search:
    """One search with its budget; ``run`` returns a winning line of raw moves or None."""

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

    def run(self, start: Any) -> list[Any] | None:
        deadline = None if self.budget_ms is None else time.perf_counter() + self.budget_ms / 1000
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
        max_nodes = self.max_nodes
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
                if max_nodes is not None and nodes >= max_nodes:
                    self.out_of_budget = True
                    return None
                if deadline is not None and nodes % CHECK_EVERY == 0:
                    if time.perf_counter() > deadline:
                        self.out_of_budget = True
                        return None
                if dead is not None and dead(state):
                    continue
                path.append(raw)
                frames.append(children(state))
            return None
        finally:
            self.nodes += nodes
