"""Searches beside the game: the solver's work the loop runs in slices between frames.

A hint, the end screen's verdict, a winnable deal and the "can this still be won?"
indicator each search for up to a few hundred milliseconds, more in the browser.  Run
in one piece, that would freeze the page for as long.
Each is instead a generator that yields between time slices (see
:mod:`thirteen.search.budget`); :class:`Tasks` holds them, and the loop gives one of
them a slice of :data:`SLICE_MS` each frame, so frames stay short and the table stays
playable.  No threads: the browser has none.

Each task is tagged with what its answer is for (a position, a deal); the answer is
handed over only while ``still()`` says that is still on the table, so an answer for
a position a move has left is never shown.  Starting a task under a name already
running replaces it (a move made meanwhile restarts the indicator's search).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

SLICE_MS = 6.0
"""Milliseconds of search a frame gives a task: short enough that a frame that also
draws the table stays smooth, on the desktop and in the browser."""


@dataclass
class Task:
    """One search in slices and what to do with its answer."""

    steps: Generator[None, None, Any]
    done: Callable[[Any], object]
    still: Callable[[], bool]
    """Whether the answer is still wanted (its position is still on the table)."""
    priority: int
    slices: int = 0


class Tasks:
    """The searches running beside the game, stepped by :meth:`run` once a frame."""

    def __init__(self) -> None:
        self.running: dict[str, Task] = {}
        self.slices = 0
        """Slices run so far (the tests count them, not milliseconds)."""

    def start(
        self,
        name: str,
        steps: Generator[None, None, Any],
        done: Callable[[Any], object],
        still: Callable[[], bool] = lambda: True,
        priority: int = 0,
    ) -> None:
        """Run ``steps`` beside the game; ``done(answer)`` when it answers while
        ``still()``.  A task already running under ``name`` is dropped for it."""
        self.cancel(name)
        self.running[name] = Task(steps, done, still, priority)

    def cancel(self, name: str) -> None:
        task = self.running.pop(name, None)
        if task is not None:
            task.steps.close()

    def __contains__(self, name: str) -> bool:
        return name in self.running

    def busy(self) -> bool:
        return bool(self.running)

    def run(self, slice_ms: float = SLICE_MS) -> bool:
        """Give the most urgent task one slice (first drop those no longer wanted);
        whether one ran."""
        for name, task in list(self.running.items()):
            if not task.still():
                self.cancel(name)
        if not self.running:
            return False
        name = max(self.running, key=lambda n: self.running[n].priority)
        task = self.running[name]
        task.slices += 1
        self.slices += 1
        try:
            next(task.steps)
        except StopIteration as finished:
            del self.running[name]
            if task.still():
                task.done(finished.value)
        return True

    def finish(self, name: str) -> None:
        """Run the task ``name`` to its answer now (screenshots, which show one frame)."""
        while name in self.running:
            self.run_one(name)

    def finish_all(self) -> None:
        """Run every task to its answer now."""
        for name in list(self.running):
            self.finish(name)

    def run_one(self, name: str) -> None:
        task = self.running[name]
        try:
            next(task.steps)
        except StopIteration as finished:
            del self.running[name]
            if task.still():
                task.done(finished.value)
