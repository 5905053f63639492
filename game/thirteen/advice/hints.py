"""Hints: the next move of a winning line when the solver finds one quickly, else a heuristic.

:func:`hint` works from any position (also after undo) because it only reads the
game's current position, and it never returns an illegal move: whatever it
picks is checked against ``game.legal_moves()``.  :func:`hint_for` also says
what the move rests on (:class:`Basis`: a winning line, a line proven best, or
the heuristic), so the player can tell advice from a guess.  A caller may pass
a memo (:data:`HintMemo`): a proven line is then remembered position by
position, so the hints along it come at once, with no new search, and never
change their mind.

The goal a hint serves is the game's own: winning Thirteens and Pyramid (in
Thirteens, once no win is left, removing the most cards), and in Pyramid 13 the
most points from the current deal (clearing the pyramid is worth it only when
it pays).  When the most-points search cannot finish in time in Pyramid 13, the
hint follows the better of two unproven lines: one that clears the pyramid (the
one-pass solver's, found first and quickly; clearing earns the deal's bonus)
and the best line the points search found in its time.

The heuristic, used when the solver gives no line to follow within the budget
(Thirteens: the search did not finish; Pyramid: no win found in time, or none
left), looks only at cards the player can see; each game's is its record's own
(``heuristic``, in the game's folder).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from thirteen.core.game import Game, IllegalMoveError
from thirteen.core.moves import Move
from thirteen.games import spec_of
from thirteen.search.budget import Steps, Stopwatch, at_once, finish
from thirteen.search.result import Basis

__all__ = [
    "Basis",
    "Hint",
    "HintMemo",
    "heuristic_move",
    "hint",
    "hint_for",
    "hint_steps",
    "solver_line",
    "solver_line_steps",
]


def heuristic_move(game: Game) -> Move | None:
    """The game's heuristic pick among the legal moves (its record's ``heuristic``; the
    first legal move for a game without one), or None once the game is over."""
    moves = game.legal_moves()
    if not moves:
        return None
    heuristic = spec_of(game).heuristic
    return heuristic(game) if heuristic is not None else moves[0]


# -- the hint ----------------------------------------------------------------


PROVEN = (Basis.WINS, Basis.MOST)
"""Bases whose line every later position on it shares (see :func:`remember_line`)."""


@dataclass(frozen=True)
class Hint:
    """A move to suggest and what it rests on."""

    move: Move
    basis: Basis


def solver_line(game: Game, budget_ms: float) -> tuple[list[Move], Basis]:
    """A line from the game's solver within ``budget_ms`` and what it rests on (a game
    without a solver has no line: a guess).

    :data:`PROVEN` lines are best: a win (Thirteens, Pyramid); in Thirteens, when
    no win is left, the most cards removed; in Pyramid 13, the most points from
    the current deal.  Pyramid 13 alone may return an unproven line when the
    most-points search ran out of time: one that clears the pyramid
    (:attr:`Basis.CLEARS`) or the best line that search found (GUESS).  Without
    a line: ([], NO_WIN) when the solver proved the game lost, else ([], GUESS).
    """
    return finish(solver_line_steps(game, budget_ms))


def solver_line_steps(
    game: Game, budget_ms: float, slice_ms: float | None = None
) -> Steps[tuple[list[Move], Basis]]:
    """:func:`solver_line` in slices of ``slice_ms`` (see :mod:`thirteen.search.budget`)."""
    solver = spec_of(game).solver
    if solver is None:
        return [], Basis.GUESS
    return (yield from solver.best_line_steps(game, budget_ms, slice_ms))


HintMemo = dict[str, Hint]
"""Position text -> the hint there from a proven line through it (see :func:`hint_for`)."""

MEMO_LIMIT = 2000
"""Positions a hint memo keeps (oldest first out): a few games' worth of lines."""


def remember_line(
    memo: HintMemo, game: Game, line: list[Move], basis: Basis, budget_ms: float | None = None
) -> None:
    """Put the positions along a proven ``line`` from ``game`` into ``memo``.

    The rest of a winning line still wins, and the rest of a line to the most
    cards or points still reaches them (nothing from a later position can do
    better than from an earlier one), so each position's next move is as good
    as a new search's.  At most :data:`MEMO_LIMIT` of them, and, with
    ``budget_ms``, as many as that time allows past the first (a Thirteens line
    on a wide layout runs to thousands of moves, and each move played checks
    whether any removal is still reachable).
    """
    finish(remember_line_steps(memo, game, line, basis, budget_ms))


def remember_line_steps(
    memo: HintMemo,
    game: Game,
    line: list[Move],
    basis: Basis,
    budget_ms: float | None = None,
    slice_ms: float | None = None,
) -> Steps[None]:
    """:func:`remember_line`, yielding every ``slice_ms`` (the budget is its own time)."""
    walk = game.copy()
    ran = 0.0
    began = time.perf_counter()
    for move in line[:MEMO_LIMIT]:
        text = walk.text()
        memo.pop(text, None)  # re-inserted last: the newest survives trimming
        memo[text] = Hint(move, basis)
        now = time.perf_counter()
        if budget_ms is not None and (ran + now - began) * 1000 >= budget_ms:
            break
        if slice_ms is not None and (now - began) * 1000 >= slice_ms:
            ran += now - began
            yield
            began = time.perf_counter()
        try:
            walk.play(move)
        except IllegalMoveError:  # pragma: no cover - would be a solver bug
            break
    while len(memo) > MEMO_LIMIT:
        del memo[next(iter(memo))]


def hint_for(game: Game, budget_ms: float = 150, memo: HintMemo | None = None) -> Hint | None:
    """The move to suggest now and what it rests on, or None when the game is over.

    With a ``memo`` (the interface keeps one), a proven line found once is
    remembered position by position: a player who follows it, or undoes or
    restarts back onto it, gets each next hint at once instead of a new search,
    and the same advice every time.
    """
    return finish(hint_steps(game, budget_ms, memo))


def hint_steps(
    game: Game,
    budget_ms: float = 150,
    memo: HintMemo | None = None,
    slice_ms: float | None = None,
) -> Steps[Hint | None]:
    """:func:`hint_for` in slices of ``slice_ms`` (see :mod:`thirteen.search.budget`), for the
    interface to search beside the game; the budget is the search's own time, and a
    proven line is remembered in what the search left of it."""
    legal = game.legal_moves()
    if not legal:
        return None
    if memo is not None:
        known = memo.get(game.text())
        if known is not None and known.move in legal:
            return known
    watch = Stopwatch()
    search = (
        solver_line_steps(game, budget_ms, slice_ms)
        if budget_ms > 0
        else at_once(([], Basis.GUESS))
    )
    line, basis = yield from watch.timed(search)
    if line and line[0] in legal:
        if basis in PROVEN and memo is not None:
            left = max(budget_ms - watch.ms, 0.0)
            yield from remember_line_steps(memo, game, line, basis, left, slice_ms)
        return Hint(line[0], basis)
    move = heuristic_move(game)
    if move is None:  # pragma: no cover - there are legal moves
        return None
    return Hint(move, basis if basis is Basis.NO_WIN else Basis.GUESS)


def hint(game: Game, budget_ms: float = 150, memo: HintMemo | None = None) -> Move | None:
    """Just the move of :func:`hint_for`: what to play now, or None once the game is over."""
    found = hint_for(game, budget_ms, memo)
    return None if found is None else found.move
