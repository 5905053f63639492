"""A plain model of the Thirteens rules for the solver tests' reference verdict.

The rules are written out here from docs/rules.md, apart from the engine's ``Thirteens``
and the solver: a King on the grid goes alone; two cards that make 13 go together when
they are neighbours (across, up and down, or diagonally); then the cards above a gap drop
and the stock fills the empty cells, columns left to right and each from its lowest
empty cell up; when a column is empty, the top card of any other column may move to it.
The search tries every move from every position it reaches (each position once): no
move ordering, no cards told apart by rank only, no mirror images, no lost positions
called lost early.  A position is the grid's columns, each from its bottom cell up (the
cards always sit at the bottom), and how many stock cards have been dealt.
"""

from __future__ import annotations

from thirteen.core.cards import Card
from thirteen.games.thirteens.rules import Thirteens
from thirteen.search.result import NOT_WINNABLE, WINNABLE

Columns = tuple[tuple[Card, ...], ...]


def plain_thirteens_verdict(game: Thirteens) -> str:
    """Whether all 52 cards of ``game`` can be removed, by depth-first search over every
    position it can reach."""
    rows, stock = game.layout.rows, game.stock
    dealt_out = len(stock)

    def removed(cols: Columns, sp: int, cells: tuple[tuple[int, int], ...]) -> tuple[Columns, int]:
        """The position after the cards at ``cells`` (column, height) leave: the cards
        above drop, then the stock fills the empty cells."""
        out = list(cols)
        for c in {c for c, _ in cells}:
            gone = {i for col, i in cells if col == c}
            out[c] = tuple(card for i, card in enumerate(cols[c]) if i not in gone)
        for c, col in enumerate(out):
            if sp < dealt_out and len(col) < rows:
                take = stock[sp : sp + rows - len(col)]
                out[c] = col + take
                sp += len(take)
        return tuple(out), sp

    def children(cols: Columns, sp: int) -> list[tuple[Columns, int]]:
        out = []
        width = len(cols)
        for c, col in enumerate(cols):
            right = cols[c + 1] if c + 1 < width else ()
            for i, card in enumerate(col):
                r = card >> 2
                if r == 12:
                    out.append(removed(cols, sp, ((c, i),)))
                    continue
                if i + 1 < len(col) and r + (col[i + 1] >> 2) == 11:
                    out.append(removed(cols, sp, ((c, i), (c, i + 1))))
                for j in (i - 1, i, i + 1):
                    if 0 <= j < len(right) and r + (right[j] >> 2) == 11:
                        out.append(removed(cols, sp, ((c, i), (c + 1, j))))
        empty = [e for e, col in enumerate(cols) if not col]
        for s, col in enumerate(cols):
            for e in empty if col else ():
                moved = list(cols)
                moved[s], moved[e] = col[:-1], col[-1:]
                out.append((tuple(moved), sp))
        return out

    def won(cols: Columns, sp: int) -> bool:
        return sp == dealt_out and not any(cols)

    start = (game.cols, game.sp)
    if won(*start):
        return WINNABLE
    seen = {start}
    stack = [iter(children(*start))]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
        elif child not in seen:
            if won(*child):
                return WINNABLE
            seen.add(child)
            stack.append(iter(children(*child)))
    return NOT_WINNABLE
