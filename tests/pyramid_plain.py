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
"""(pyramid cells gone, pile cards gone, pointer, turns used), bit masks by cell and by
pile index."""

PILE_AT, POINTER_AT, TURNS_AT = CELLS, CELLS + 52, CELLS + 52 + 6
"""A position packed into one number for the searches' sets: the pyramid cells gone in
its lowest bits, then the pile cards gone (room for 52), the pointer and the turns used."""


def packed(state: State) -> int:
    pm, sm, p, u = state
    return pm | sm << PILE_AT | p << POINTER_AT | u << TURNS_AT


def unpacked(key: int) -> State:
    return (
        key & ALL_GONE,
        key >> PILE_AT & (1 << 52) - 1,
        key >> POINTER_AT & 63,
        key >> TURNS_AT,
    )


Move = tuple[Card, ...] | str
Step = tuple[Move, int]
"""A move (the cards it removes, or ``"D"`` / ``"R"``) and the packed position it leads
to."""
FreeByRank = dict[int, list[tuple[int, Card]]]
"""The free pyramid cards (cell, card) by rank index."""
Removals = list[tuple[tuple[Card, ...], int]]
"""Kings and pairs of free pyramid cards: the cards and the cells they leave, as bits."""


class PlainAnswer(NamedTuple):
    verdict: str
    moves: list[str]
    """A winning line as move texts (empty when there is none)."""


def plain_steps(game: Pyramid | Pyramid13) -> tuple[int, Callable[[int], list[Step]]]:
    """The packed position of a Pyramid ``game`` (or of a Pyramid 13 deal in play, which
    has no turns) and the function giving every move from a packed position."""
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
                removals.append(((c,), 1 << i))
            for j, d, s in free[a + 1 :]:
                if r + s == 11:
                    removals.append(((c, d), 1 << i | 1 << j))
        return by_rank, removals

    def steps(key: int) -> list[Step]:
        pm = key & ALL_GONE
        sm = key >> PILE_AT & (1 << 52) - 1
        p = key >> POINTER_AT & 63
        if pm == ALL_GONE:
            return []
        got = by_gone.get(pm)
        if got is None:
            got = by_gone[pm] = pyramid_moves(pm)
        by_rank, removals = got
        out: list[Step] = [(cards, key | gone) for cards, gone in removals]
        left = whole_pile & ~sm
        after = left >> p  # the draw pile: its lowest card is the draw card
        draw = p + (after & -after).bit_length() - 1 if after else -1
        top = (left & (1 << p) - 1).bit_length() - 1  # the waste's top (-1: empty)
        for j in (draw, top):
            if j < 0:
                continue
            c, r = pile[j]
            taken = key | 1 << PILE_AT + j
            if r == KING:
                out.append(((c,), taken))
            for i, d in by_rank.get(11 - r, ()):
                out.append(((d, c), taken | 1 << i))
        if draw >= 0 and top >= 0 and pile[draw][1] + pile[top][1] == 11:
            both = key | 1 << PILE_AT + draw | 1 << PILE_AT + top
            out.append(((pile[draw][0], pile[top][0]), both))
        if draw >= 0:
            out.append(("D", key + (draw + 1 - p << POINTER_AT)))
        elif key >> TURNS_AT < turns and top >= 0:
            out.append(("R", key - (p << POINTER_AT) + (1 << TURNS_AT)))
        return out

    return packed(game.pos), steps


def move_text(move: Move) -> str:
    return move if isinstance(move, str) else "+".join(card_text(c) for c in move)


def plain_verdict(game: Pyramid | Pyramid13) -> PlainAnswer:
    """Whether ``game`` can be cleared, by depth-first search over every position it can
    reach (each searched once), and the first winning line found."""
    start, steps = plain_steps(game)
    if start & ALL_GONE == ALL_GONE:
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
        if child & ALL_GONE == ALL_GONE:
            return PlainAnswer(WINNABLE, [move_text(m) for m in line])
        stack.append(iter(steps(child)))
    return PlainAnswer(NOT_WINNABLE, [])


def plain_fewest_steps(game: Pyramid) -> int | None:
    """Fewest moves to a cleared pyramid, by breadth-first search (None: never)."""
    start, steps = plain_steps(game)
    if start & ALL_GONE == ALL_GONE:
        return 0
    seen = {start}
    layer = [start]
    depth = 0
    while layer:
        depth += 1
        after: list[int] = []
        for key in layer:
            for _, child in steps(key):
                if child not in seen:
                    if child & ALL_GONE == ALL_GONE:
                        return depth
                    seen.add(child)
                    after.append(child)
        layer = after
    return None


def plain_distances(game: Pyramid) -> dict[State, int | None]:
    """Fewest moves from every position ``game`` can reach to a cleared pyramid (None:
    never), by a breadth-first search backwards from the cleared positions."""
    start, steps = plain_steps(game)
    order = [start]
    before: dict[int, list[int]] = {start: []}
    for key in order:
        for _, child in steps(key):
            if child not in before:
                before[child] = []
                order.append(child)
            before[child].append(key)
    dist = {k: 0 for k in order if k & ALL_GONE == ALL_GONE}
    queue = deque(dist)
    while queue:
        key = queue.popleft()
        for prev in before[key]:
            if prev not in dist:
                dist[prev] = dist[key] + 1
                queue.append(prev)
    return {unpacked(k): dist.get(k) for k in order}
