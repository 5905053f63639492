"""The one solver a game's record holds (:class:`GameSolver`), made from the game's own
searches.

Every game answers the same questions: can the position still be won (``solve``, and in
slices ``solve_steps``), which line should the hint follow (``best_line``,
``best_line_steps``), and how does the solver player play (``play``).  A game gives its
verdict search, and where it has one its most-cards search; the answers to the other
questions are made from those here, the same way for every game:

* **Most cards** (a game with a most-cards search): the hint's line is that search's
  line, a win when there is one; the player plays it.
* **The verdict first** (``verdict_first``, or a game without a most-cards search): the
  hint's line is the verdict's winning line; when the position is proven lost, the line
  to the most cards searched in what is left of the time (at least a tenth of it); the
  player plays the winning line, else the line to the most cards.

A game whose goal is not one of these (Pyramid 13: the round's most points) gives its
own line and player; a game with a fewest-steps search (Pyramid) gives that too; the
benchmark's baseline and a points search are the game's own where it has them.

The games' searches take their own position types, which this layer cannot name: the
callables below take ``game: Any``, and the record only ever hands them its own game's
positions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from thirteen.core.cards import DECK_SIZE
from thirteen.core.game import Game
from thirteen.core.moves import Move
from thirteen.search.budget import Steps, finish
from thirteen.search.result import UNKNOWN, Basis, SolveResult, refuse_shortest

Line = tuple[list[Move], Basis]
"""A hint's line and what it rests on."""


class VerdictSteps(Protocol):
    """A verdict search in slices: whether the position can still be won, with a line."""

    def __call__(
        self,
        game: Any,
        *,
        budget_ms: float | None = None,
        max_nodes: int | None = None,
        slice_ms: float | None = None,
    ) -> Steps[SolveResult]: ...


class MostCardsSteps(Protocol):
    """A most-cards search in slices: (cards removed from the deck at best, the line to
    them, whether that is proven best)."""

    def __call__(
        self,
        game: Any,
        *,
        budget_ms: float | None = None,
        max_nodes: int | None = None,
        slice_ms: float | None = None,
    ) -> Steps[tuple[int, list[Move], bool]]: ...


class ShortestSolve(Protocol):
    """A search for the fewest-steps winning line."""

    def __call__(
        self, game: Any, *, budget_ms: float | None = None, max_nodes: int | None = None
    ) -> SolveResult: ...


class LineSteps(Protocol):
    """A hint's line in slices, within ``budget_ms`` of its own time."""

    def __call__(
        self, game: Any, budget_ms: float, slice_ms: float | None = None
    ) -> Steps[Line]: ...


class Player(Protocol):
    """The solver player: plays ``game`` along its line (the heuristic ends the game)."""

    def __call__(self, game: Any, max_nodes: int) -> None: ...


class Baseline(Protocol):
    """The plain search the benchmark measures the solver against."""

    def __call__(self, game: Any, budget_ms: float | None = None) -> SolveResult: ...


class Points(Protocol):
    """The most points of the round in play: (points, a line, 'exact' or how the search
    stopped)."""

    def __call__(
        self, game: Any, *, budget_ms: float | None = None, max_nodes: int | None = None
    ) -> tuple[int, list[Move], str]: ...


@dataclass(frozen=True)
class GameSolver:
    """A game's solver: its own searches, and the hooks the rest of the program calls
    (see the module docstring)."""

    verdict_steps: VerdictSteps
    most_cards_steps: MostCardsSteps | None = None
    verdict_first: bool = False
    """Whether the hint's line and the player ask the verdict first even though the game
    has a most-cards search (one slower than its verdict search)."""
    shortest: ShortestSolve | None = None
    """The fewest-steps search, for ``solve(shortest=True)``; without one that is refused."""
    line_steps: LineSteps | None = None
    """The hint's line of a game whose goal is its own; else made here."""
    player: Player | None = None
    """The solver player of a game whose goal is its own; else made here."""
    baseline: Baseline | None = None
    """The game's own baseline; without one the benchmark uses its plain search."""
    points: Points | None = None
    """The most-points search of a game scored in points."""

    def solve(
        self,
        game: Game,
        *,
        budget_ms: float | None = None,
        max_nodes: int | None = None,
        shortest: bool = False,
    ) -> SolveResult:
        """Can ``game`` still be won (``shortest``: with the fewest steps)."""
        if shortest and self.shortest is not None:
            return self.shortest(game, budget_ms=budget_ms, max_nodes=max_nodes)
        refuse_shortest(shortest)
        return finish(self.verdict_steps(game, budget_ms=budget_ms, max_nodes=max_nodes))

    def solve_steps(
        self,
        game: Game,
        *,
        budget_ms: float | None = None,
        max_nodes: int | None = None,
        slice_ms: float | None = None,
    ) -> Steps[SolveResult]:
        """:meth:`solve`'s verdict in slices of ``slice_ms`` (see :mod:`thirteen.search.budget`)."""
        return (
            yield from self.verdict_steps(
                game, budget_ms=budget_ms, max_nodes=max_nodes, slice_ms=slice_ms
            )
        )

    def best_line(self, game: Game, budget_ms: float) -> Line:
        """The hint's line within ``budget_ms`` and what it rests on."""
        return finish(self.best_line_steps(game, budget_ms))

    def best_line_steps(
        self, game: Game, budget_ms: float, slice_ms: float | None = None
    ) -> Steps[Line]:
        """:meth:`best_line` in slices of ``slice_ms``."""
        if self.line_steps is not None:
            return (yield from self.line_steps(game, budget_ms, slice_ms))
        most_cards = self.most_cards_steps
        if most_cards is not None and not self.verdict_first:
            removed, line, exact = yield from most_cards(
                game, budget_ms=budget_ms, slice_ms=slice_ms
            )
            if not exact:
                return [], Basis.GUESS
            return line, Basis.WINS if removed == DECK_SIZE else Basis.MOST
        result = yield from self.verdict_steps(game, budget_ms=budget_ms, slice_ms=slice_ms)
        if result.winnable:
            return result.moves, Basis.WINS
        if result.verdict == UNKNOWN:
            return [], Basis.GUESS
        if most_cards is None:
            return [], Basis.NO_WIN
        left = budget_ms - result.ms
        _, line, exact = yield from most_cards(
            game, budget_ms=max(left, budget_ms / 10), slice_ms=slice_ms
        )
        return (line, Basis.MOST) if exact else ([], Basis.NO_WIN)

    def play(self, game: Game, max_nodes: int) -> None:
        """The solver player: plays ``game`` along the solver's line, each search within
        ``max_nodes`` positions (the heuristic ends the game)."""
        if self.player is not None:
            self.player(game, max_nodes)
            return
        most_cards = self.most_cards_steps
        if most_cards is None or self.verdict_first:
            result = finish(self.verdict_steps(game, max_nodes=max_nodes))
            if result.winnable:
                game.play_all(result.moves)
                return
        if most_cards is not None:
            _, line, _ = finish(most_cards(game, max_nodes=max_nodes))
            game.play_all(line)
