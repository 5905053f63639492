"""The record each game declares about itself in its own folder (see :mod:`.registry`
for the registry that holds them), and the solver it may name."""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from thirteen.core.cards import Card
from thirteen.core.i18n import N_, Message
from thirteen.core.moves import Move

if TYPE_CHECKING:
    from thirteen.core.game import Game

Decks = tuple[tuple[Card, ...], ...]

THIRTEEN_PICTURE = ("As+Qh", "Kd")
"""The help's pictures for the 13 family: Ace and Queen make 13, a King goes alone."""


class TableKind(StrEnum):
    """How the interface lays a game's cards out."""

    GRID = "grid"
    """Cells in rows and columns (``game.grid()``), a stock beside them."""
    PYRAMID = "pyramid"
    """Seven rows of a pyramid (``game.pyramid_cards()``), a draw pile and a waste."""
    PILES = "piles"
    """A row of piles fanned down (``game.pile_cards()``), the stock that deals onto them
    and reserve places (``game.reserve_cards()``)."""
    PYRAMID_RESERVES = "pyramid and reserves"
    """A pyramid (``game.pyramid_cards()``) over a row of reserve piles fanned face up
    (``game.reserve_piles()``), with no stock."""


# The view each table kind's games give of their cards (the interface and the screen
# reader read a game through the view its table kind names).


@runtime_checkable
class GridView(Protocol):
    """A table of cells (:attr:`TableKind.GRID`): rows from the top, None for an empty
    cell."""

    def grid(self) -> list[list[Card | None]]: ...


@runtime_checkable
class PyramidView(Protocol):
    """A pyramid's cards still on the table: (row, place in the row, card, free)."""

    def pyramid_cards(self) -> list[tuple[int, int, Card, bool]]: ...


@runtime_checkable
class DrawPileView(PyramidView, Protocol):
    """A pyramid beside a draw pile and its waste (:attr:`TableKind.PYRAMID`)."""

    @property
    def draw_card(self) -> Card | None: ...

    @property
    def waste_top(self) -> Card | None: ...

    @property
    def draw_count(self) -> int:
        """Cards in the draw pile, the draw card included."""
        ...

    @property
    def waste_count(self) -> int: ...


@runtime_checkable
class ReservePilesView(PyramidView, Protocol):
    """A pyramid over reserve piles (:attr:`TableKind.PYRAMID_RESERVES`), each pile from
    its bottom card up."""

    def reserve_piles(self) -> list[tuple[Card, ...]]: ...


@runtime_checkable
class PilesView(Protocol):
    """A row of piles, each from its bottom card up, and reserve cards lying apart
    (:attr:`TableKind.PILES`)."""

    def pile_cards(self) -> list[tuple[Card, ...]]: ...

    def reserve_cards(self) -> list[Card]: ...


@dataclass(frozen=True)
class Example:
    """A short example of play the help screen animates, replayed on the engine (see
    :mod:`.examples`): a small starting position and the moves played from it."""

    caption: str
    """What the example shows, in our own words (one or two sentences)."""
    start: str
    """The starting position: the game's own position text (``Game.text``, starting with
    the game's id), or a deck text (with ``layout`` for a game that has layouts)."""
    moves: tuple[str, ...]
    """The moves played from it, as move texts (``Kh``, ``Ac+Qd``, ``D``, ``R``...)."""
    layout: str | None = None


class Solver(Protocol):
    """A game's solver as the rest of the program calls it; every game's is a
    :class:`thirteen.search.game_solver.GameSolver` made from the game's own searches.

    Its answers are the search layer's records: a ``SolveResult`` (a verdict and a
    line) and the ``Basis`` a hint's line rests on (:mod:`thirteen.search.result`);
    the core, a layer below, names them ``Any``."""

    def solve(
        self,
        game: Game,
        *,
        budget_ms: float | None = None,
        max_nodes: int | None = None,
        shortest: bool = False,
    ) -> Any:
        """Can ``game`` still be won from its position (``shortest``: in the fewest
        steps, where offered): a SolveResult."""

    def solve_steps(
        self,
        game: Game,
        *,
        budget_ms: float | None = None,
        max_nodes: int | None = None,
        slice_ms: float | None = None,
    ) -> Generator[None, None, Any]:
        """:meth:`solve` in time slices, so the interface can search beside the game: a
        generator that yields between slices and returns the SolveResult."""

    def best_line(self, game: Game, budget_ms: float) -> tuple[list[Move], Any]:
        """The hint's line and its Basis."""

    def best_line_steps(
        self, game: Game, budget_ms: float, slice_ms: float | None = None
    ) -> Generator[None, None, tuple[list[Move], Any]]:
        """:meth:`best_line` in time slices."""

    def play(self, game: Game, max_nodes: int) -> None:
        """The solver player: plays ``game`` along the solver's line (the heuristic ends
        the game)."""

    @property
    def baseline(self) -> Callable[[Game, float | None], Any] | None:
        """The plain search the benchmark compares the solver with, where the game has
        its own: ``baseline(game, budget_ms) -> SolveResult``."""

    @property
    def points(self) -> Callable[..., tuple[int, list[Move], str]] | None:
        """For a game scored in points, the most-points search of the round in play:
        ``points(game, *, budget_ms, max_nodes) -> (points, line, status)``."""


@dataclass(frozen=True)
class GameSpec:
    """Everything the rest of the program knows about one game (OpenSpiel's game record):
    the start screen, statistics, help, end screen, command line and the test suites are
    all made from these, never from a list of games of their own.

    Its words (title, group, blurb, help, the examples' captions, draw_hint, no_draw,
    solve_goal) are English marked for translation (:func:`.i18n.N_`, or a Message where
    a value is filled in): the screens show them through :func:`.i18n.tr`, the command
    line as they are."""

    id: str
    title: str
    decks: int
    """How many 52-card decks one game uses."""
    build: Callable[[Decks, Any], Game]
    """Makes the starting position from the decks and the layout (None without one)."""
    position_type: type[Game]
    blurb: str
    """One line for the start screen."""
    group: str = ""
    """The start screen's heading this game is listed under ("Thirteens", "Pyramids",
    "Other 13s", "Other sums"); games of one group sit together in registry order."""
    help: tuple[str | Message, ...] = ()
    """The help screen's paragraphs on this game's rules, in our own words (English,
    marked for translation: shown through ``tr``)."""
    picture: tuple[str, ...] = THIRTEEN_PICTURE
    """Moves the help's still picture shows, one a row (at most two rows), as move texts
    (a game without animated ``examples`` shows it)."""
    layouts: tuple[str, ...] = ()
    """Layouts the menus offer, the default first; empty for a game without layouts (any
    legal CxR is accepted from a link or the command line)."""
    max_score: int | None = None
    """The best score, shown as 'score / max'; None where points have no fixed top."""
    score_unit: str = "cards"
    posts_scores: bool = False
    """Whether a finished game's score may be posted to the high-score boards."""
    rounds: int = 1
    """Rounds one game is played over (each with its own deck)."""
    table: TableKind = TableKind.GRID
    """How the interface lays the cards out."""
    draw_hint: str = N_("draw a card")
    """What the hint says of the draw move (``D``), for a game that has one."""
    no_draw: str = N_("the stock fills the grid by itself")
    """For a game with no draw pile, why ``D`` does nothing (words after "has no draw
    pile:")."""
    solver: Solver | None = None
    """The game's solver (see :class:`Solver`); None: no verdicts, grades or solver hints."""
    heuristic: Callable[[Game], Move | None] | None = None
    """The heuristic's pick among the legal moves, looking only at cards the player sees
    (None once no move is left); without one, hints fall back on the first legal move."""
    solve_goal: str = ""
    """What the solver's verdict is about when it is not the whole game (words after
    the game's name in ``solve``'s answer)."""
    examples: tuple[Example, ...] = ()
    """Short examples of play the help screen animates: a move, and the game's own rule
    (a test replays every registered game's examples on the engine)."""

    @property
    def has_layout(self) -> bool:
        return bool(self.layouts)

    @property
    def default_layout(self) -> str | None:
        return self.layouts[0] if self.layouts else None
