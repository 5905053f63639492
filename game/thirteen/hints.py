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
and the best line the points search found in its time.  Played by hints at
150 ms, that best line instead of the heuristic below gave 12-26 more points a
game (deal numbers 1-20 and 21-40; on 1-20, half of what hints with unlimited
time add).

The heuristic, used when the solver gives no line to follow within the budget
(Thirteens: the search did not finish; Pyramid: no win found in time, or none
left), looks only at cards the player can see:

* Thirteens (:func:`thirteens_move_score`): a King at once; then the pair that
  splits the fewest other neighbouring pairs when the cards above fall, then
  the one nearest the middle column, then the one highest on the grid; an
  empty-column move only when no removal is left, preferring one that makes a
  pair touch.
* Pyramids (:func:`pyramid_move_score`): a King at once; then a pair of two
  pyramid cards (lowest rows first: they uncover the most), then a pyramid card
  with the draw card or the waste top, then draw card with waste top; then
  Draw; Recycle last.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from .cards import DECK_SIZE
from .game import Game, IllegalMoveError
from .moves import Draw, Move, MoveToEmpty, Recycle, RemoveKing, RemovePair
from .pyramid import CLEAR_BONUS, ROW_OF, Pyramid, Pyramid13, round_points
from .solver.result import UNKNOWN
from .thirteens import REACHABILITY_LIMIT, Thirteens, column_moves, find_removals

MoveScore = tuple[float, ...]


# -- Thirteens heuristic ------------------------------------------------------


def _neighbour_pairs(cols: tuple[tuple[int, ...], ...]) -> set[tuple[int, int]]:
    """Every neighbouring pair on a grid of columns (bottom-up), as sorted card tuples."""
    out: set[tuple[int, int]] = set()
    for c, col in enumerate(cols):
        right = cols[c + 1] if c + 1 < len(cols) else ()
        for i, card in enumerate(col):
            if card >= 48:
                continue
            r = 11 - (card >> 2)
            if i + 1 < len(col) and col[i + 1] >> 2 == r:
                out.add((min(card, col[i + 1]), max(card, col[i + 1])))
            for j in (i - 1, i, i + 1):
                if 0 <= j < len(right) and right[j] >> 2 == r:
                    out.add((min(card, right[j]), max(card, right[j])))
    return out


def thirteens_move_score(game: Thirteens, move: Move) -> MoveScore:
    """Sort key of a Thirteens move for the visible-cards heuristic (lower is better)."""
    if isinstance(move, RemoveKing):
        row, _ = game.position_of(move.card) or (0, 0)
        return (0, 0, 0, row)
    middle = (game.layout.columns - 1) / 2
    if isinstance(move, RemovePair):
        gone = set(move.cards)
        before = _neighbour_pairs(game.cols)
        # the cards above fall; refills come from the hidden stock and are not looked at
        after_cols = tuple(tuple(c for c in col if c not in gone) for col in game.cols)
        after = _neighbour_pairs(after_cols)
        split = sum(1 for p in before if not gone & set(p) and p not in after)
        cells = [game.position_of(c) or (0, 0) for c in move.cards]
        centre = sum(abs(col - middle) for _, col in cells)
        top_row = min(row for row, _ in cells)
        return (1, split, centre, top_row)
    if isinstance(move, MoveToEmpty):
        return (2, 0, abs(move.column - middle), 0)
    return (3, 0, 0, 0)


def shift_towards_removal(game: Thirteens) -> Move | None:
    """The first empty-column move of a shortest series that leads to a removal.

    Only called when no removal is possible.  Without it a player could move a
    lone card back and forth for ever; with it the game always progresses
    (the engine calls a position lost when no series leads to a removal).
    """
    start = game.cols
    first: dict[tuple[tuple[int, ...], ...], Move | None] = {start: None}
    queue = deque([start])
    while queue and len(first) <= REACHABILITY_LIMIT:
        here = queue.popleft()
        if here is not start and find_removals(here):
            return first[here]
        for s, e in column_moves(here):
            nxt = list(here)
            nxt[e] = (here[s][-1],)
            nxt[s] = here[s][:-1]
            t = tuple(nxt)
            if t not in first:
                first[t] = first[here] or MoveToEmpty(here[s][-1], e)
                queue.append(t)
    return None


# -- Pyramid heuristic -------------------------------------------------------


def pyramid_move_score(game: Pyramid | Pyramid13, move: Move) -> MoveScore:
    """Sort key of a pyramid move for the heuristic (lower is better)."""
    deal = game.deal
    if isinstance(move, RemoveKing):
        return (0, 0)
    if isinstance(move, RemovePair):
        rows = []
        for card in move.cards:
            zone, index = deal.where[card]
            rows.append(ROW_OF[index] if zone == "p" else -1)
        in_pyramid = sum(1 for r in rows if r >= 0)
        # two pyramid cards first, then one; within, the lowest row first
        return (1 + (2 - in_pyramid), -max(rows))
    if isinstance(move, Draw):
        return (5, 0)
    if isinstance(move, Recycle):
        return (6, 0)
    return (7, 0)


def heuristic_key(game: Game) -> Callable[[Move], MoveScore]:
    """The heuristic's sort key for ``game``'s moves."""
    if isinstance(game, Thirteens):
        return lambda m: thirteens_move_score(game, m)
    if isinstance(game, Pyramid | Pyramid13):
        return lambda m: pyramid_move_score(game, m)
    return lambda m: (0,)


def heuristic_move(game: Game) -> Move | None:
    """The heuristic's pick among the legal moves (the first of equals), or None."""
    moves = game.legal_moves()
    if not moves:
        return None
    best = min(moves, key=heuristic_key(game))
    if isinstance(best, MoveToEmpty) and isinstance(game, Thirteens):
        return shift_towards_removal(game) or best
    return best


# -- the hint ----------------------------------------------------------------


class Basis(Enum):
    """What a hint rests on, for the interface to tell the player."""

    WINS = "wins"  # the next move of a winning line
    MOST = "most"  # of a line proven to remove the most cards (no win left) or score most
    CLEARS = "clears"  # Pyramid 13: of a line that clears the pyramid (points search ran out)
    NO_WIN = "no win"  # the solver proved no win is left; the move is the heuristic's
    GUESS = "guess"  # nothing proven in time: the heuristic's move, or a best line so far


PROVEN = (Basis.WINS, Basis.MOST)
"""Bases whose line every later position on it shares (see :func:`remember_line`)."""


@dataclass(frozen=True)
class Hint:
    """A move to suggest and what it rests on."""

    move: Move
    basis: Basis


def solver_line(game: Game, budget_ms: float) -> tuple[list[Move], Basis]:
    """A line from the solver within ``budget_ms`` and what it rests on.

    :data:`PROVEN` lines are best: a win (Thirteens, Pyramid); in Thirteens, when
    no win is left, the most cards removed; in Pyramid 13, the most points from
    the current deal.  Pyramid 13 alone may return an unproven line when the
    most-points search ran out of time: one that clears the pyramid
    (:attr:`Basis.CLEARS`) or the best line that search found (GUESS).  Without
    a line: ([], NO_WIN) when the solver proved the game lost, else ([], GUESS).
    """
    if isinstance(game, Pyramid13):
        from .solver.pyramid import max_points_pyramid13_deal, solve_pyramid13_deal

        began = time.perf_counter()
        # the one-pass verdict first (about a millisecond, 50 ms at most on deals
        # 1-200): it prunes the points search, and its line is the fallback when that
        # search runs out of time; with a quarter of the budget it sometimes ran out
        # itself, and the hint then gave away a clearable pyramid
        clear = solve_pyramid13_deal(game, budget_ms=budget_ms * 3 / 4)
        left = max(budget_ms - (time.perf_counter() - began) * 1000, 1.0)
        points, line, status = max_points_pyramid13_deal(
            game.deal,
            game.pos,
            bonus=CLEAR_BONUS[game.deal_index],
            budget_ms=left,
            clearable=None if clear.verdict == UNKNOWN else clear.winnable,
        )
        if status == "exact":
            return line, Basis.MOST
        # no proof of the most points in time: the better of a line that clears the
        # pyramid (it earns the bonus) and the best line the points search found
        if clear.winnable and clear.moves:
            pos = game.pos
            for move in clear.moves:
                pos = game.deal.apply(pos, move)
            if round_points(game.deal_index, game.deal.removed(pos), cleared=True) >= points:
                return clear.moves, Basis.CLEARS
        return line, Basis.GUESS
    if isinstance(game, Thirteens):
        from .solver.thirteens import best_line_thirteens

        # a winning line when there is one, else the line to the best score
        score, best, exact = best_line_thirteens(game, budget_ms=budget_ms)
        if not exact:
            return [], Basis.GUESS
        return best, Basis.WINS if score == DECK_SIZE else Basis.MOST
    from .solver import solve

    result = solve(game, budget_ms=budget_ms)
    if result.winnable:
        return result.moves, Basis.WINS
    return [], Basis.GUESS if result.verdict == UNKNOWN else Basis.NO_WIN


HintMemo = dict[str, Hint]
"""Position text -> the hint there from a proven line through it (see :func:`hint_for`)."""

MEMO_LIMIT = 2000
"""Positions a hint memo keeps (oldest first out): a few games' worth of lines."""


def remember_line(memo: HintMemo, game: Game, line: list[Move], basis: Basis) -> None:
    """Put every position along a proven ``line`` from ``game`` into ``memo``.

    The rest of a winning line still wins, and the rest of a line to the most
    cards or points still reaches them (nothing from a later position can do
    better than from an earlier one), so each position's next move is as good
    as a new search's.
    """
    walk = game.copy()
    for move in line:
        text = walk.text()
        memo.pop(text, None)  # re-inserted last: the newest survives trimming
        memo[text] = Hint(move, basis)
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
    legal = game.legal_moves()
    if not legal:
        return None
    if memo is not None:
        known = memo.get(game.text())
        if known is not None and known.move in legal:
            return known
    line, basis = solver_line(game, budget_ms) if budget_ms > 0 else ([], Basis.GUESS)
    if line and line[0] in legal:
        if basis in PROVEN and memo is not None:
            remember_line(memo, game, line, basis)
        return Hint(line[0], basis)
    move = heuristic_move(game)
    if move is None:  # pragma: no cover - there are legal moves
        return None
    return Hint(move, basis if basis is Basis.NO_WIN else Basis.GUESS)


def hint(game: Game, budget_ms: float = 150, memo: HintMemo | None = None) -> Move | None:
    """Just the move of :func:`hint_for`: what to play now, or None once the game is over."""
    found = hint_for(game, budget_ms, memo)
    return None if found is None else found.move
