"""A plain model of the classic Pyramid rules for the pyramid tests' reference searches: a
depth-first verdict, the fewest steps by breadth-first search, and every position's
distance to a cleared pyramid.

The rules are written out here from docs/rules.md, apart from both the engine's
``PyramidDeal`` and the solvers' tables: a pyramid card is free once both cards
overlapping it are gone (an empty cell counts as gone); the available cards are the free
pyramid cards, the draw card and the waste's top; an available King goes alone, two
available cards that make 13 go together; ``D`` moves the draw card to the waste; ``R``
turns the waste over when the draw pile is empty and turns are left.  Nothing is pruned:
no forced moves, no dead cards, no merged positions.  A position is the deal's own
``(pyramid cards gone, pile cards gone, pointer, turns used)``, the pointer splitting the
pile cards left into the waste (below it) and the draw pile (from it), so the searches'
positions can be handed to the solvers' tables.

The moves of the pyramid alone depend only on which of its cards are gone; they are
worked out once per such set and reused for every position that shares it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import NamedTuple

from thirteen.core.cards import Card, card_text
from thirteen.games.pyramids.rules import Pyramid, Pyramid13
from thirteen.search.result import NOT_WINNABLE, WINNABLE

CELLS = 28
ALL_GONE = (1 << CELLS) - 1
KING = 12
"""A King's rank index (``card >> 2``); two cards make 13 when their indices add up to 11."""

_ROW_START = [r * (r + 1) // 2 for r in range(8)]
OVERLAPS = tuple(
    0 if r == 6 else 1 << _ROW_START[r + 1] + k | 1 << _ROW_START[r + 1] + k + 1
    for r in range(7)
    for k in range(r + 1)
)
"""Per pyramid cell (rows from the top, each left to right): the two cells overlapping it."""

State = tuple[int, int, int, int]
Move = tuple[Card, ...] | str
Step = tuple[Move, State]
"""A move (the cards it removes, or ``"D"`` / ``"R"``) and the position it leads to."""
FreeByRank = dict[int, list[tuple[int, Card]]]
"""The free pyramid cards (cell, card) by rank index."""
Removals = list[tuple[tuple[Card, ...], int]]
"""Kings and pairs of free pyramid cards: the cards and the pyramid cards gone after."""


class PlainAnswer(NamedTuple):
    verdict: str
    moves: list[str]
    """A winning line as move texts (empty when there is none)."""


def plain_steps(game: Pyramid | Pyramid13) -> tuple[State, Callable[[State], list[Step]]]:
    """The position of a Pyramid ``game`` (or of a Pyramid 13 deal in play, which has
    no turns) and the function giving every move from a position."""
    deal = game.deal
    pyramid, stock, turns = deal.pyramid, deal.stock, deal.recycles
    whole_pile = (1 << len(stock)) - 1
    cells = [(i, c, c >> 2, OVERLAPS[i]) for i, c in enumerate(pyramid) if c is not None]
    pile = [(c, c >> 2) for c in stock]
    # per set of pyramid cards gone: its free cards by rank, and its Kings and pairs
    by_gone: dict[int, tuple[FreeByRank, Removals]] = {}

    def pyramid_moves(pm: int) -> tuple[FreeByRank, Removals]:
        free = [(i, c, r) for i, c, r, over in cells if not pm >> i & 1 and pm & over == over]
        by_rank: FreeByRank = {}
        removals: Removals = []
        for a, (i, c, r) in enumerate(free):
            by_rank.setdefault(r, []).append((i, c))
            if r == KING:
                removals.append(((c,), pm | 1 << i))
            for j, d, s in free[a + 1 :]:
                if r + s == 11:
                    removals.append(((c, d), pm | 1 << i | 1 << j))
        return by_rank, removals

    def steps(state: State) -> list[Step]:
        pm, sm, p, u = state
        if pm == ALL_GONE:
            return []
        got = by_gone.get(pm)
        if got is None:
            got = by_gone[pm] = pyramid_moves(pm)
        by_rank, removals = got
        out: list[Step] = [(cards, (to, sm, p, u)) for cards, to in removals]
        left = whole_pile & ~sm
        after = left >> p  # the draw pile: its lowest card is the draw card
        draw = p + (after & -after).bit_length() - 1 if after else -1
        top = (left & (1 << p) - 1).bit_length() - 1  # the waste's top (-1: empty)
        for j in (draw, top):
            if j < 0:
                continue
            c, r = pile[j]
            if r == KING:
                out.append(((c,), (pm, sm | 1 << j, p, u)))
            for i, d in by_rank.get(11 - r, ()):
                out.append(((d, c), (pm | 1 << i, sm | 1 << j, p, u)))
        if draw >= 0 and top >= 0 and pile[draw][1] + pile[top][1] == 11:
            out.append(((pile[draw][0], pile[top][0]), (pm, sm | 1 << draw | 1 << top, p, u)))
        if draw >= 0:
            out.append(("D", (pm, sm, draw + 1, u)))
        elif u < turns and top >= 0:
            out.append(("R", (pm, sm, 0, u + 1)))
        return out

    return game.pos, steps


def move_text(move: Move) -> str:
    return move if isinstance(move, str) else "+".join(card_text(c) for c in move)


def plain_verdict(game: Pyramid | Pyramid13) -> PlainAnswer:
    """Whether ``game`` can be cleared, by depth-first search over every position it can
    reach (each searched once), and the first winning line found."""
    start, steps = plain_steps(game)
    if start[0] == ALL_GONE:
        return PlainAnswer(WINNABLE, [])
    seen = {start}
    stack = [iter(steps(start))]
    line: list[Move] = []
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            if line:
                line.pop()
            continue
        move, child = step
        if child in seen:
            continue
        seen.add(child)
        line.append(move)
        if child[0] == ALL_GONE:
            return PlainAnswer(WINNABLE, [move_text(m) for m in line])
        stack.append(iter(steps(child)))
    return PlainAnswer(NOT_WINNABLE, [])


def plain_fewest_steps(game: Pyramid) -> int | None:
    """Fewest moves to a cleared pyramid, by breadth-first search (None: never)."""
    start, steps = plain_steps(game)
    if start[0] == ALL_GONE:
        return 0
    dist = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        g = dist[state] + 1
        for _, child in steps(state):
            if child not in dist:
                if child[0] == ALL_GONE:
                    return g
                dist[child] = g
                queue.append(child)
    return None


def plain_distances(game: Pyramid) -> dict[State, int | None]:
    """Fewest moves from every position ``game`` can reach to a cleared pyramid (None:
    never), by a breadth-first search backwards from the cleared positions."""
    start, steps = plain_steps(game)
    order = [start]
    before: dict[State, list[State]] = {start: []}
    for state in order:
        for _, child in steps(state):
            if child not in before:
                before[child] = []
                order.append(child)
            before[child].append(state)
    dist = {s: 0 for s in order if s[0] == ALL_GONE}
    queue = deque(dist)
    while queue:
        state = queue.popleft()
        for prev in before[state]:
            if prev not in dist:
                dist[prev] = dist[state] + 1
                queue.append(prev)
    return {s: dist.get(s) for s in order}
