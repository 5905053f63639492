"""A plain model of the classic Pyramid rules for the pyramid tests' reference searches: a
depth-first verdict, the fewest steps by breadth-first search, and every position's
distance to a cleared pyramid.

The rules are written out here from docs/rules.md, apart from both the engine's
``PyramidDeal`` and the solvers' tables: a pyramid card is free once both cards
overlapping it are gone (an empty cell counts as gone); the available cards are the free
pyramid cards, the draw card and the waste's top; an available King goes alone, two
available cards that make 13 go together; ``D`` moves the draw card to the waste; ``R``
turns the waste over when the draw pile is empty and turns are left.  Nothing is pruned:
no forced moves, no dead cards.  A position is the deal's own
``(pyramid cards gone, pile cards gone, pointer, turns used)``, the pointer splitting the
pile cards left into the waste (below it) and the draw pile (from it), so the searches'
positions can be handed to the solvers' tables.

The deal's pointer can stand anywhere in a run of pile cards gone, so one table (the same
pyramid, waste, draw pile and turns) can have several such keys.  The verdict and the
fewest-steps searches, which hand no position out, keep the pointer just above the
waste's top (``merged``): each table of the game is then one position, as the rules
count positions, and is searched once instead of once per key.

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
PartnersByRank = list[list[tuple[int, Card]]]
"""Per rank index: the free pyramid cards (cell, card) that make 13 with a card of that
rank (none for a King)."""
Removals = list[tuple[tuple[Card, ...], int]]
"""Kings and pairs of free pyramid cards: the cards and the cells they leave, as bits."""


class PlainAnswer(NamedTuple):
    verdict: str
    moves: list[str]
    """A winning line as move texts (empty when there is none)."""


def plain_steps(
    game: Pyramid | Pyramid13, merged: bool = False
) -> tuple[int, Callable[[int], list[Step]]]:
    """The packed position of a Pyramid ``game`` (or of a Pyramid 13 deal in play, which
    has no turns) and the function giving every move from a packed position; with
    ``merged`` the pointer of every position stands just above the waste's top."""
    deal = game.deal
    pyramid, stock, turns = deal.pyramid, deal.stock, deal.recycles
    whole_pile = (1 << len(stock)) - 1
    cells = [(i, c, c >> 2, OVERLAPS[i]) for i, c in enumerate(pyramid) if c is not None]
    pile_cards = list(stock)
    pile_ranks = [c >> 2 for c in stock]
    # per set of pyramid cards gone: its free cards by the rank that pairs with them, and
    # its Kings and pairs
    by_gone: dict[int, tuple[PartnersByRank, Removals]] = {}

    def pyramid_moves(pm: int) -> tuple[PartnersByRank, Removals]:
        free = [(i, c, r) for i, c, r, over in cells if not pm >> i & 1 and pm & over == over]
        partners: PartnersByRank = [[] for _ in range(KING + 1)]
        removals: Removals = []
        for a, (i, c, r) in enumerate(free):
            if r == KING:
                removals.append(((c,), 1 << i))
            else:
                partners[11 - r].append((i, c))
            for j, d, s in free[a + 1 :]:
                if r + s == 11:
                    removals.append(((c, d), 1 << i | 1 << j))
        return partners, removals

    def steps(key: int) -> list[Step]:
        pm = key & ALL_GONE
        if pm == ALL_GONE:
            return []
        got = by_gone.get(pm)
        if got is None:
            got = by_gone[pm] = pyramid_moves(pm)
        partners, removals = got
        out: list[Step] = [(cards, key | gone) for cards, gone in removals]
        left = whole_pile & ~(key >> PILE_AT)
        p = key >> POINTER_AT & 63
        after = left >> p  # the draw pile: its lowest card is the draw card
        draw = p + (after & -after).bit_length() - 1 if after else -1
        top = (left & (1 << p) - 1).bit_length() - 1  # the waste's top (-1: empty)
        if draw >= 0:
            c, r = pile_cards[draw], pile_ranks[draw]
            taken = key | 1 << PILE_AT + draw
            if r == KING:
                out.append(((c,), taken))
            for i, d in partners[r]:
                out.append(((d, c), taken | 1 << i))
        if top >= 0:
            c, r = pile_cards[top], pile_ranks[top]
            taken = key | 1 << PILE_AT + top
            if merged:  # the pointer goes down to just above the waste's new top
                taken -= p - (left & (1 << top) - 1).bit_length() << POINTER_AT
            if r == KING:
                out.append(((c,), taken))
            for i, d in partners[r]:
                out.append(((d, c), taken | 1 << i))
            if draw >= 0 and pile_ranks[draw] + r == 11:
                out.append(((pile_cards[draw], c), taken | 1 << PILE_AT + draw))
        if draw >= 0:
            out.append(("D", key + (draw + 1 - p << POINTER_AT)))
        elif key >> TURNS_AT < turns and top >= 0:
            out.append(("R", key - (p << POINTER_AT) + (1 << TURNS_AT)))
        return out

    pm, sm, p, u = game.pos
    if merged:
        p = (whole_pile & ~sm & (1 << p) - 1).bit_length()
    return packed((pm, sm, p, u)), steps


def move_text(move: Move) -> str:
    return move if isinstance(move, str) else "+".join(card_text(c) for c in move)


def plain_verdict(game: Pyramid | Pyramid13) -> PlainAnswer:
    """Whether ``game`` can be cleared, by depth-first search over every position it can
    reach (each searched once), and the first winning line found."""
    start, steps = plain_steps(game, merged=True)
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
    start, steps = plain_steps(game, merged=True)
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
