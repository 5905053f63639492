"""The reference searches and checks of the pyramid tests: plain versions that the
solvers of ``thirteen.games.pyramids`` are compared against, and the root checks of the
one-pass search, kept here because the game never runs them."""

from __future__ import annotations

import heapq

from thirteen.core.cards import DECK_SIZE, Card
from thirteen.games.pyramids.bits import KING_INDEX, RawMove, rank_code
from thirteen.games.pyramids.deal import FULL_PYRAMID, PYRAMID_SIZE, DealKey
from thirteen.games.pyramids.deal_tables import DealTables
from thirteen.games.pyramids.rules import Pyramid, Pyramid13
from thirteen.games.pyramids.shortest import key_of, reverse_nibbles
from thirteen.games.pyramids.solver import solve_pyramid
from thirteen.games.pyramids.verdict import verdict_steps
from thirteen.search.budget import SearchBudget, finish
from thirteen.search.result import NOT_WINNABLE, WINNABLE, Verdict

SUBSETS = tuple(
    tuple(
        tuple(t for t in range(m) if sub >> t & 1)
        for sub in range(1, (1 << m) - 1)
        if sub & (sub - 1)
    )
    for m in range(9)
)
"""Per size m: the subsets of range(m) with at least two and fewer than m members (Hall
checks)."""


def classic_verdict(deck: list[Card]) -> Verdict:
    """Just the classic verdict for a 52-card deck."""
    return solve_pyramid(Pyramid(deck)).verdict


def last_pass_verdict(game: Pyramid13) -> Verdict:
    """The one-pass verdict of the classic verdict search with no recycle (its last
    pass), without the one-pass search's projections."""
    if game.deal.cleared(game.pos):
        return WINNABLE
    found, _ = finish(verdict_steps(DealTables(game.deal), game.pos, 0, SearchBudget(None, None)))
    return WINNABLE if found else NOT_WINNABLE


def shortest_reference(
    t: DealTables, start: DealKey, recycles: int, budget: SearchBudget
) -> tuple[bool, list[RawMove]]:
    """A* over normalised positions, one step per move, with an admissible bound: the
    plain fewest-steps search the one of ``thirteen.games.pyramids.shortest`` is checked
    against; it keeps every position.

    The bound counts removals only (:func:`lower_bound`); it drops by
    at most one per step, so it is consistent and the first time a cleared
    pyramid is taken from the queue its line is shortest.  Ties go to the
    deeper position, which reaches the goal sooner.

    Positions are told apart by the ranks of the waste and of the draw pile, in
    order, not by their cards: such positions have the same moves, steps and
    bound.  Each kept position
    remembers the cards of the one that reached it first, so the line is made of
    real moves.
    """
    n = t.n
    prank, srank, scv = t.prank, t.srank, t.scv
    pcard, scard = t.pcard, t.scard
    free_of = t.free
    nxt = t.next_index
    memo: dict[int, int] = {}

    def h(pm: int) -> int:
        return lower_bound(t, pm, memo)

    relaxed = t.relaxed
    full = FULL_PYRAMID
    t.budget = budget

    State = tuple[int, int, int, int]
    start_state = t.normalise(start)
    pm0, sm0, p0, u0 = start_state
    cv0 = t.cv_of(sm0)
    if not relaxed(pm0, cv0):
        return False, []
    # ranks (:func:`rank_code`): the waste with its top card lowest, the draw pile
    # with the draw card lowest
    below = (1 << p0) - 1
    wc0 = rank_code(~sm0 & below, srank)
    pc0 = reverse_nibbles(rank_code(t.full_stock & ~sm0 & ~below, srank))

    key0 = key_of(pm0, u0, wc0, pc0)
    best_g: dict[int, int] = {key0: 0}
    # per kept position: the one before it, the move from there, its own cards, and
    # the ranks of its waste and draw pile
    parent: dict[int, tuple[int | None, RawMove, State, int, int]] = {
        key0: (None, ("",), start_state, wc0, pc0)
    }
    counter = 0
    heap: list[tuple[int, int, int, int, int]] = [(h(pm0), 0, counter, key0, cv0)]
    push = heapq.heappush
    pop = heapq.heappop

    while heap:
        _, neg_g, _, key, cv = pop(heap)
        g = -neg_g
        if best_g.get(key, -1) != g:
            continue
        _, _, state, wc, pc = parent[key]
        pm, sm, p, u = state
        if pm == full:
            line: list[RawMove] = []
            cur: int | None = key
            while cur is not None:
                prev, move = parent[cur][:2]
                if prev is not None:
                    line.append(move)
                cur = prev
            line.reverse()
            return True, line
        budget.nodes += 1
        if budget.nodes >= budget.next_check:
            budget.check()
        # each child: (position, move, draw-pile rank counts, waste ranks, pile ranks)
        children: list[tuple[State, RawMove, int, int, int]] = []
        free = free_of(pm)
        forced = False
        for i in free:
            if prank[i] == KING_INDEX:
                children.append(((pm | 1 << i, sm, p, u), ("k", pcard[i]), cv, wc, pc))
                forced = True
                break
        d = p if p < n else -1
        if not forced:
            lo = ~sm & ((1 << p) - 1)
            w = lo.bit_length() - 1
            rd = srank[d] if d >= 0 else -99
            rw = srank[w] if w >= 0 else -99
            if rw == KING_INDEX:
                children.append(
                    ((pm, sm | 1 << w, p, u), ("k", scard[w]), cv - scv[w], wc >> 4, pc)
                )
            if rd == KING_INDEX:
                sm2 = sm | 1 << d
                children.append(
                    ((pm, sm2, nxt(sm2, d + 1), u), ("k", scard[d]), cv - scv[d], wc, pc >> 4)
                )
            nf = len(free)
            for a in range(nf):
                i = free[a]
                ri = prank[i]
                for b in range(a + 1, nf):
                    j = free[b]
                    if prank[j] + ri == 11:
                        children.append(
                            (
                                (pm | 1 << i | 1 << j, sm, p, u),
                                ("p", pcard[i], pcard[j]),
                                cv,
                                wc,
                                pc,
                            )
                        )
                if ri + rd == 11:
                    sm2 = sm | 1 << d
                    children.append(
                        (
                            (pm | 1 << i, sm2, nxt(sm2, d + 1), u),
                            ("p", pcard[i], scard[d]),
                            cv - scv[d],
                            wc,
                            pc >> 4,
                        )
                    )
                if ri + rw == 11:
                    children.append(
                        (
                            (pm | 1 << i, sm | 1 << w, p, u),
                            ("p", pcard[i], scard[w]),
                            cv - scv[w],
                            wc >> 4,
                            pc,
                        )
                    )
            if rd + rw == 11:
                sm2 = sm | 1 << d | 1 << w
                children.append(
                    (
                        (pm, sm2, nxt(sm2, d + 1), u),
                        ("p", scard[d], scard[w]),
                        cv - scv[d] - scv[w],
                        wc >> 4,
                        pc >> 4,
                    )
                )
            if d >= 0:
                children.append(
                    ((pm, sm, nxt(sm, d + 1), u), ("d",), cv, wc << 4 | pc & 15, pc >> 4)
                )
            elif u < recycles and lo:
                # the waste turned over is the new draw pile, its bottom card first
                children.append(((pm, sm, nxt(sm, 0), u + 1), ("r",), cv, 0, reverse_nibbles(wc)))
        g2 = g + 1
        for child, move, cv2, wc2, pc2 in children:
            ckey = key_of(child[0], child[3], wc2, pc2)
            if best_g.get(ckey, g2 + 1) <= g2:
                continue
            if not relaxed(child[0], cv2):
                continue
            best_g[ckey] = g2
            parent[ckey] = (key, move, child, wc2, pc2)
            counter += 1
            push(heap, (g2 + h(child[0]), -g2, counter, ckey, cv2))
    return False, []


def bury(t: DealTables, pm: int, sm: int, p: int, cv: int) -> tuple[int, int]:
    """Last pass: count the waste cards under a never-removable one as gone.

    Such a waste card can take part in no move, so the position plays
    exactly like one where it and everything under it had left: marking
    them gone in ``sm`` (and ``cv``) merges those positions in the
    transposition table and lets the relaxation see the lost partners.
    The verdict searches do this inline; a points count must not.
    """
    waste = ~sm & ((1 << p) - 1)
    if not waste:
        return sm, cv
    dead = waste & t.dead_ranks(pm, sm, p)
    if not dead:
        return sm, cv
    lost = waste & ((1 << dead.bit_length()) - 1)
    return sm | lost, cv - t.buried_cv(lost)


def stack_ok(t: DealTables, pm: int, sm: int, p: int) -> bool:
    """Last pass: can the waste cards that must leave, and the pyramid, all find partners?

    ``False`` proves the position lost.  The waste is a stack, so a pyramid
    card whose only partners left are waste cards (no pyramid partner, none
    in the draw pile) needs one of them on top: every waste card above its
    highest partner must be removed first.  Such a forced waste card pairs
    with a pyramid card or a draw-pile card (two waste cards are never
    available together), and not with a pyramid card that the needy card
    covers (that one is free only after the needy card, which goes after the
    forced one).  Forced waste cards and pyramid cards all need distinct
    partners: a Hall check per rank, on the ranks that have forced cards
    (the relaxation already checks the pyramid cards on their own; by
    Mendelsohn-Dulmage the two ranks of a pair can be checked apart).
    """
    left_p = t.present & ~pm
    below = (1 << p) - 1
    rest = t.full_stock & ~sm
    waste = rest & below
    pile = rest & ~below
    spart = t.spart
    lowest = DECK_SIZE
    forcers: list[tuple[int, int]] = []  # (highest waste partner, needy card)
    for x in t.needy(pm):
        if spart[x] & pile:
            continue
        ow = spart[x] & waste
        if not ow:
            return False
        h = ow.bit_length() - 1
        forcers.append((h, x))
        if h < lowest:
            lowest = h
    if not forcers:
        return True
    forced = waste >> (lowest + 1) << (lowest + 1) & ~t.skings
    if not forced:
        return True
    forcers.sort()
    nf = len(forcers)
    srank = t.srank
    # each stock card's partners: pyramid cells and stock cards of the complementary rank
    s_ppart = [0 if s == KING_INDEX else t.prmask[11 - s] for s in srank]
    s_spart = [0 if s == KING_INDEX else t.srmask[11 - s] for s in srank]
    # options as bit masks: pyramid cells low, draw-pile indices from bit 28;
    # forced cards in ascending order, so the needy cards whose highest waste
    # partner lies below the forced card grow as a prefix of ``forcers``
    by_rank: dict[int, list[int]] = {}
    pile_hi = pile << PYRAMID_SIZE
    cut = left_p
    k = 0
    while forced:
        low = forced & -forced
        forced ^= low
        j = low.bit_length() - 1
        while k < nf and forcers[k][0] < j:
            cut &= ~t.under[forcers[k][1]]
            k += 1
        opt = s_ppart[j] & cut | s_spart[j] << PYRAMID_SIZE & pile_hi
        if not opt:
            return False
        r = srank[j]
        got = by_rank.get(r)
        if got is None:
            by_rank[r] = [opt]
        else:
            got.append(opt)
    ppart, prmask = t.ppart, t.prmask
    stock_bits = rest << PYRAMID_SIZE
    for r, opts in by_rank.items():
        cells = left_p & prmask[r]
        while cells:
            low = cells & -cells
            cells ^= low
            x = low.bit_length() - 1
            opts.append(ppart[x] & left_p | spart[x] << PYRAMID_SIZE & stock_bits)
        m = len(opts)
        union = 0
        for o in opts:
            if not o:
                return False
            union |= o
        if union.bit_count() < m:
            return False
        for subset in SUBSETS[m]:
            union = 0
            for t in subset:
                union |= opts[t]
            if union.bit_count() < len(subset):
                return False
    return True


def late_ok(t: DealTables, pm: int, sm: int, p: int) -> bool:
    """Last pass: can every needy card whose partners are all in the waste be reached in
    time (see ``DealTables.late_info``)?  False proves the position lost."""
    below = (1 << p) - 1
    rest = t.full_stock & ~sm
    waste = rest & below
    if not waste:
        return True
    pile = rest & ~below
    late = t.late_list(pm, pile)
    if not late:
        return True
    return t.late_walk(late, t.prefix_steps(pile), waste)


def lower_bound(t: DealTables, pm: int, memo: dict[int, int]) -> int:
    """Removal steps still needed: Kings one each, a rank class at least its larger side."""
    hkey = pm >> 14 | (pm & 16383) << 14
    got = memo.get(hkey)
    if got is None:
        left = t.present & ~pm
        got = (left & t.pking).bit_count()
        for k, cells in enumerate(t.class_cells):
            a = b = 0
            for i in cells:
                if left >> i & 1:
                    if t.prank[i] == k:
                        a += 1
                    else:
                        b += 1
            got += max(a, b)
        memo[hkey] = got
    return got
