"""The record each game declares about itself, in its own module (see :mod:`.variants`
for the registry that holds them)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from thirteen.core.cards import Card
from thirteen.core.i18n import N_, Message

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
    solver: str = ""
    """Hooks, named as 'module:function' and imported only when used, so that the
    engine never imports the solvers above it: the solver, ``solve(game, *, budget_ms,
    max_nodes, shortest) -> SolveResult``;"""
    best_line: str = ""
    """the hint's line, ``best_line(game, budget_ms) -> (moves, Basis)``;"""
    heuristic: str = ""
    """the heuristic's pick among the legal moves, ``heuristic(game) -> Move | None``;"""
    player: str = ""
    """the solver player's line, ``play(game, max_nodes)`` (the heuristic ends the game);"""
    baseline: str = ""
    """the plain search the solver's benchmark compares with, ``baseline(game, budget_ms)``;"""
    points: str = ""
    """and, for a game scored in points, the most-points search of the round in play,
    ``points(game, *, budget_ms, max_nodes) -> (points, line, status)``."""
    solve_goal: str = ""
    """What the solver's verdict is about when it is not the whole game (words after
    the game's name in ``solve``'s answer)."""
    examples: tuple[Example, ...] = ()
    """Short examples of play the help screen animates: a move, and the game's own rule
    (a test replays every registered game's examples on the engine)."""
    solver_steps: str = ""
    """The ``solver`` hook in time slices, so the interface can search beside the game:
    ``solve_steps(game, *, budget_ms, slice_ms)``, a generator that yields between
    slices and returns the SolveResult (see ``thirteen.search.budget``).  Empty: the
    interface runs ``solver`` in one piece."""
    best_line_steps: str = ""
    """The ``best_line`` hook in time slices likewise, ``best_line_steps(game, budget_ms,
    slice_ms)`` returning (moves, Basis).  Empty: ``best_line`` in one piece."""

    @property
    def has_layout(self) -> bool:
        return bool(self.layouts)

    @property
    def default_layout(self) -> str | None:
        return self.layouts[0] if self.layouts else None

    def hook(self, name: str) -> Callable[..., Any]:
        """The function a hook names ('solver', 'best_line' or 'heuristic')."""
        target = getattr(self, name)
        if not target:
            raise LookupError(f"{self.title} has no {name}")
        module, _, attr = target.partition(":")
        return getattr(importlib.import_module(module), attr)
