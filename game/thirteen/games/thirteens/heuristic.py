"""Thirteens' visible-cards heuristic, named by its record: the hint's move when the
solver gives no line, and the move of the players that never look at hidden cards.
Game-owned: it reads the grid's columns."""

from __future__ import annotations

from collections import deque

from thirteen.core.game import Game
from thirteen.core.moves import Move, MoveToEmpty, RemoveKing, RemovePair
from thirteen.games.thirteens.rules import (
    REACHABILITY_LIMIT,
    Thirteens,
    column_moves,
    find_removals,
)

MoveScore = tuple[float, ...]


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


def heuristic(game: Game) -> Move | None:
    """The visible-cards heuristic's pick (the first of equals), or None; an empty-column
    move starts the shortest series that leads to a removal."""
    assert isinstance(game, Thirteens)
    moves = game.legal_moves()
    if not moves:
        return None
    best = min(moves, key=lambda m: thirteens_move_score(game, m))
    if isinstance(best, MoveToEmpty):
        return shift_towards_removal(game) or best
    return best
