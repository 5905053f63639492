"""A search's budget, and how a search runs in slices beside the game.

Every search counts its nodes against a :class:`SearchBudget`, which reads the clock
every so many nodes.  Two things can stop it there:

* the budget is spent (nodes, or the search's own time): :class:`OutOfBudget`, and
  the search answers with what it has;
* the time slice is spent (the interface gives a search a few milliseconds between
  frames): :class:`Paused`, and the search is resumed after the frame.

A search that pauses is a generator (a "steps" function, :data:`Steps`): it yields
between slices and returns its answer.  The depth-first searches are written as
recursive functions, which Python cannot suspend half-way down, so they resume by
running again from their root: their memos keep every finished position, a
position that was being searched when the pause unwound is taken off the visited
set again, and the walk back down to where it stopped costs a few nodes a slice.
Driven with no slice (:func:`finish`), a steps function never yields: the search runs
in one piece, as the command line, the benchmarks and the golden transcripts run it.

The budget counts only the time the search itself runs: the frames between its
slices are not charged to it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import TypeVar

T = TypeVar("T")

Steps = Generator[None, None, T]
"""A search that yields between time slices and returns its answer."""

CHECK_EVERY = 64
"""The most nodes between clock checks (time.perf_counter is not free)."""

CHECK_LEAST = 4
"""The fewest nodes between clock checks (for searches whose nodes are slow)."""

CHECK_FIRST = 16
"""Nodes before the first clock check: a search's first nodes can be its slowest (a
projection built), and a budget of a millisecond is kept."""

CHECK_SPAN_S = 0.00025
"""The time between clock checks the check interval aims at: nodes range from a few
microseconds to a millisecond (a Pyramid 13 projection's first position), so the
interval halves after a span longer than this and doubles after one much shorter,
and a small budget or slice is kept whatever the nodes cost."""


class OutOfBudget(Exception):
    """Raised deep in a search to unwind it when the node or time budget is spent."""


class Paused(Exception):
    """Raised deep in a search when its time slice is spent: the search is run again
    from its root after the frame (see the module docstring)."""


class SearchBudget:
    """Counts nodes and the search's own time; ``check`` raises when either runs out
    (:class:`OutOfBudget`) or the slice is spent (:class:`Paused`)."""

    __slots__ = (
        "nodes",
        "max_nodes",
        "deadline",
        "next_check",
        "start",
        "budget_s",
        "used",
        "slice_end",
        "step",
        "checked_at",
    )

    def __init__(self, budget_ms: float | None, max_nodes: int | None) -> None:
        self.start = time.perf_counter()
        self.budget_s = None if budget_ms is None else budget_ms / 1000
        self.deadline = None if self.budget_s is None else self.start + self.budget_s
        self.used = 0.0
        """Seconds the search ran in the slices before this one."""
        self.slice_end: float | None = None
        self.max_nodes = max_nodes
        self.nodes = 0
        self.step = CHECK_FIRST
        self.checked_at = self.start
        self.next_check = CHECK_FIRST if max_nodes is None else min(CHECK_FIRST, max_nodes)

    def resume(self, slice_ms: float | None) -> None:
        """A slice begins: the clock runs again, for at most ``slice_ms`` (None: no end)."""
        now = time.perf_counter()
        self.start = self.checked_at = now
        if self.budget_s is not None:
            self.deadline = now + self.budget_s - self.used
        self.slice_end = None if slice_ms is None else now + slice_ms / 1000

    def pause(self) -> None:
        """The slice ended: its time is the search's; the frames until the next are not."""
        now = time.perf_counter()
        self.used += now - self.start
        self.start = now

    @property
    def spent(self) -> bool:
        """Whether the time budget is used up (checked before a resumed search goes on)."""
        return self.deadline is not None and time.perf_counter() > self.deadline

    def check(self) -> None:
        """Called when ``nodes`` reaches ``next_check``."""
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise OutOfBudget
        now = time.perf_counter()
        if self.deadline is not None and now > self.deadline:
            raise OutOfBudget
        span = now - self.checked_at
        self.checked_at = now
        step = self.step
        if span > CHECK_SPAN_S:
            step = max(step // 2, CHECK_LEAST)
        elif span < CHECK_SPAN_S / 4:
            step = min(step * 2, CHECK_EVERY)
        self.step = step
        if self.max_nodes is not None:
            step = min(step, self.max_nodes - self.nodes)
        self.next_check = self.nodes + max(step, 1)
        if self.slice_end is not None and now > self.slice_end:
            raise Paused

    @property
    def ms(self) -> float:
        """Milliseconds the search has run (its own time, not the frames between slices)."""
        return (self.used + time.perf_counter() - self.start) * 1000


def finish(steps: Steps[T]) -> T:
    """Drive ``steps`` to its answer (with no slice it never yields: one call)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def at_once(value: T) -> Steps[T]:
    """A steps function's answer when nothing needs searching."""
    return value
    yield  # pragma: no cover - makes this a generator


class Stopwatch:
    """The own time of searches in slices: what ran between the yields, not the frames."""

    def __init__(self) -> None:
        self.seconds = 0.0

    @property
    def ms(self) -> float:
        return self.seconds * 1000

    def timed(self, steps: Steps[T]) -> Steps[T]:
        """``steps``, its running time added to :attr:`seconds`."""
        while True:
            began = time.perf_counter()
            try:
                next(steps)
            except StopIteration as done:
                self.seconds += time.perf_counter() - began
                return done.value
            self.seconds += time.perf_counter() - began
            yield


def pausing(
    budget: SearchBudget, slice_ms: float | None, attempt, done: Callable[[], int]
) -> Steps:
    """Run ``attempt()`` (a search from its root) in slices of ``slice_ms``, yielding
    between them, until it answers; :class:`OutOfBudget` passes to the caller.

    ``done()`` counts the finished positions the search's memos hold: a slice that
    added none spent itself walking back down to where the last one stopped, so the
    next slice is twice as long (a search always gets on, however short the slices)."""
    length = slice_ms
    finished = done()
    while True:
        budget.resume(length)
        try:
            return attempt()
        except Paused:
            budget.pause()
        now = done()
        if length is not None and slice_ms is not None:
            length = slice_ms if now > finished else length * 2
        finished = now
        yield
