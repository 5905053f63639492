"""Fewest-steps lines for classic Pyramid: A* with a bound that counts draws.

Every Draw, removal and Recycle is one step.  The search is A* over the same
positions as the other pyramid searches (see :mod:`.verdict`), told apart by the
ranks of the waste and of the draw pile rather than their cards, with three
things that make it fast and lean enough for whole decks:

* **A bound that counts draws** (:mod:`.shortest_bound`).  Removals alone
  (Kings, rank classes by their matchings, and the pyramid's clearing order)
  leave most of a line's steps, the draws, uncounted; the bound adds the Draws
  the pile must make to bring the cards the pyramid needs from it.  It never
  overestimates; it is not consistent (a Draw may bring a needed card to the
  waste and drop it by more than one), so a position reached again by a
  shorter line is searched again, and the search stops when a cleared pyramid
  comes to the front of the queue: its ``g`` is then the least ``g + h`` left,
  at most the optimum.
* **Draws folded into the moves** (:func:`children`).  A position's moves are
  its removals and, for each number ``k`` of Draws (and Recycles) ahead, the
  removals with the draw card after them, at ``k + 1`` steps; a pyramid pair or
  King after a Draw, or the waste top after a Draw, is never needed (the first
  commutes with the Draws, the second was the draw card a step earlier).  The
  positions between Draws are never stored.  The search makes those moves
  lazily: a position's entry for "after ``k`` Draws" waits in the queue at its
  own bound (that of the position after the Draws) and makes the next entry
  only when it is taken out.
* **Lazy bounds.**  Children enter the queue on the cheap removal bound; the
  draw term is worked out when a position comes to the front, and it goes back
  to its place if the term raises it.  Most children are never taken out.
* **Forced moves.**  A free pyramid King goes first (it must go, and taking it
  first keeps every later move legal).  A free pyramid card whose partners
  left anywhere are all available now (free pyramid cards, the draw card, the
  waste top) goes with one of them at once, and no other move is tried: a
  shortest line must pair it with one of them some time, and moving that step
  first keeps the rest legal (a Draw that would have moved the partner is
  simply left out).  A remaining card with no partner left proves the
  position lost.
* **Kings are never drawn.**  A King as the draw card is removed, and the Draws
  stop there: drawing it instead costs the same step, covers the waste top,
  and leaves a King that must be removed or turned over again later, so a line
  that draws it is never shorter than one that removes it.

Memory: a position is one dictionary entry from its key (pyramid mask,
recycles used, waste and pile ranks in one int) to one int packing its steps
so far, its bound once known, whether it was expanded, its cards (pointer,
draw-pile mask, rank counts) and its parent's key; the queue is a stack per
value of ``g + h`` and of ``h`` holding the same key objects: of equal ``g + h``
the lowest ``h`` (the deepest) comes out first, then the last pushed, which
expands fewer positions than ties in push order alone.  The line is rebuilt by
replaying the chain of keys from the start with real cards, so no move is stored.
The tests compare it against a plain A* (one node per step, every position kept).
"""

from __future__ import annotations

from thirteen.games.pyramids.bits import KING_INDEX, RawMove, rank_code
from thirteen.games.pyramids.deal import FULL_PYRAMID, DealKey, PyramidDeal
from thirteen.games.pyramids.shortest_bound import LOST_H, ShortestTables
from thirteen.search.budget import SearchBudget

State = tuple[int, int, int, int]
"""``(pm, sm, p, u)``: pyramid cards gone, draw-pile cards gone, pointer, recycles used."""

Child = tuple[int, int, int, int, int, int, int, int, RawMove, int]
"""A result: ``(pm, sm, p, u, cv, wc, pc, steps, removal, draws)`` (see :func:`children`)."""

UNKNOWN_H = 127
"""The bound field of a position whose draw term is not worked out yet."""
_F_LEVELS = 256
"""``g + h`` values the queue holds (lines are at most 102 steps, bounds below 127)."""


def reverse_nibbles(x: int) -> int:
    """The four-bit fields of ``x`` in the other order (a pile of ranks turned over)."""
    out = 0
    while x:
        out = out << 4 | x & 15
        x >>= 4
    return out


def key_of(pm: int, u: int, wc: int, pc: int) -> int:
    """A position's key: waste and pile by ranks (:func:`.bits.rank_code`)."""
    # the waste's length in bits (its top four are never zero) says where the pile starts
    bits = wc.bit_length() + 3 & ~3
    return pm | u << 28 | bits << 30 | (pc << bits | wc) << 37


def first_moves(
    t: ShortestTables, pm: int, sm: int, p: int, u: int, cv: int, wc: int, pc: int
) -> list[Child]:
    """The removals from a position itself, each one step (see :func:`children`)."""
    out: list[Child] = [
        (pm2, sm, p, u, cv, wc, pc, 1, move, 0) for pm2, move in t.pyramid_moves(pm)
    ]
    w = (~sm & ((1 << p) - 1)).bit_length() - 1
    if w >= 0:
        rw = t.srank[w]
        sm2 = sm | 1 << w
        cv2 = cv - t.scv[w]
        wc2 = wc >> 4
        top = t.scard[w]
        if rw == KING_INDEX:
            out.append((pm, sm2, p, u, cv2, wc2, pc, 1, ("k", top), 0))
        else:
            pcard = t.pcard
            for i in t.free_partners(pm)[rw]:
                out.append((pm | 1 << i, sm2, p, u, cv2, wc2, pc, 1, ("p", pcard[i], top), 0))
    draw_moves(t, pm, sm, cv, 1, 0, p if p < t.n else -1, w, u, wc, pc, out)
    return out


def draw_moves(
    t: ShortestTables,
    pm: int,
    sm: int,
    cv: int,
    steps: int,
    k: int,
    d: int,
    w: int,
    u: int,
    wc: int,
    pc: int,
    out: list[Child],
) -> None:
    """Add the removals with the draw card ``d`` after ``k`` Draws and Recycles (a King,
    with a free pyramid card, with the waste top ``w``), each ``steps`` steps."""
    if d < 0:
        return
    srank, scv, scard = t.srank, t.scv, t.scard
    rd = srank[d]
    sm2 = sm | 1 << d
    p2 = t.next_index(sm2, d + 1)
    cv2 = cv - scv[d]
    pc2 = pc >> 4
    if rd == KING_INDEX:
        out.append((pm, sm2, p2, u, cv2, wc, pc2, steps, ("k", scard[d]), k))
        return
    pcard = t.pcard
    for i in t.free_partners(pm)[rd]:
        out.append((pm | 1 << i, sm2, p2, u, cv2, wc, pc2, steps, ("p", pcard[i], scard[d]), k))
    if w >= 0 and rd + srank[w] == 11:
        sm3 = sm2 | 1 << w
        move = ("p", scard[d], scard[w])
        out.append(
            (pm, sm3, t.next_index(sm3, d + 1), u, cv2 - scv[w], wc >> 4, pc2, steps, move, k)
        )


def advance(
    t: ShortestTables, recycles: int, sm: int, d: int, u: int, wc: int, pc: int
) -> tuple[int, int, int, int, int, RawMove] | None:
    """One Draw (or Recycle, once the pile is empty) from draw card ``d``: the new
    (draw card, waste top, recycles used, waste ranks, pile ranks, the move), or None."""
    if d >= 0:
        nd = t.next_index(sm, d + 1)
        return (nd if nd < t.n else -1, d, u, wc << 4 | pc & 15, pc >> 4, ("d",))
    if u < recycles and wc:
        # the waste turned over is the new draw pile, its bottom card first
        nd = t.next_index(sm, 0)
        return (nd if nd < t.n else -1, -1, u + 1, 0, reverse_nibbles(wc), ("r",))
    return None


def children(
    t: ShortestTables, recycles: int, pm: int, sm: int, p: int, u: int, cv: int, wc: int, pc: int
) -> tuple[list[Child], list[RawMove]]:
    """Every removal reachable by Draws and Recycles and then one removal, with its cost.

    Returns the results and the Draws and Recycles in order: a result made after
    ``k`` of them costs ``k + 1`` steps.  Only the moves a shortest line needs
    are made after a Draw: those with the draw card (a pyramid pair or King goes
    as well before the Draws, since they leave the piles alone, and the waste top
    after a Draw was the draw card one step earlier, where taking it costs a
    step less and leaves the same position).  The search makes the same results
    lazily (:func:`first_moves`, :func:`draw_moves`, :func:`advance`).
    """
    out = first_moves(t, pm, sm, p, u, cv, wc, pc)
    chain: list[RawMove] = []
    d = p if p < t.n else -1
    while True:
        step = advance(t, recycles, sm, d, u, wc, pc)
        if step is None:
            return out, chain
        d, w, u, wc, pc, move = step
        chain.append(move)
        k = len(chain)
        draw_moves(t, pm, sm, cv, k + 1, k, d, w, u, wc, pc, out)


def forced(t: ShortestTables, pm: int, sm: int, p: int, kids: list[Child]) -> list[Child] | None:
    """The moves a shortest line may take first when they are few (see the module
    docstring), or None; an empty list when a remaining card has no partner left (the
    position is lost)."""
    king, cands = t.forcing(pm)
    if king >= 0:
        return [c for c in kids if c[8] == ("k", t.pcard[king])]
    rest = t.full_stock & ~sm
    # the draw card and the waste top, the draw-pile cards at hand
    at_hand = 1 << p if p < t.n else 0
    below = rest & ((1 << p) - 1)
    if below:
        at_hand |= 1 << below.bit_length() - 1
    for i, spart, ppart in cands:
        stock = spart & rest
        if stock & ~at_hand:
            continue
        if not (stock or ppart):
            return []
        # every partner left is at hand: a shortest line pairs the card with one of them,
        # and that pair can go first
        mine = t.pcard[i]
        partners = {t.pcard[y] for y in _bits(ppart)} | {t.scard[y] for y in _bits(stock)}
        got = []
        for c in kids:
            move = c[8]
            if c[7] == 1 and move[0] == "p" and mine in move[1:]:
                other = move[2] if move[1] == mine else move[1]
                if other in partners:
                    got.append(c)
        if got:
            return got
    return None


def _bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def shortest_search(
    deal: PyramidDeal,
    start: DealKey,
    budget: SearchBudget,
    tables: type[ShortestTables] = ShortestTables,
    known: list[RawMove] | None = None,
) -> tuple[bool, list[RawMove]]:
    """The fewest steps that clear the pyramid from ``start``: (winnable, the line).
    ``tables``: the bound's tables (the benchmark passes the plain bound's).
    ``known``: a winning line from ``start`` if one was found already: no position
    whose bound exceeds its length is kept, and it is the answer once every position
    left in the queue is bounded by its length."""
    t = tables(deal)
    recycles = deal.recycles
    t.budget = budget
    full = FULL_PYRAMID
    relaxed = t.relaxed
    hcheap = t.removal_bound
    bound = t.bound
    pm0, sm0, p0, u0 = t.normalise(start)
    cv0 = t.cv_of(sm0)
    if pm0 == full:
        return True, []
    if not relaxed(pm0, cv0):
        return False, []
    below = (1 << p0) - 1
    wc0 = rank_code(~sm0 & below, t.srank)
    pc0 = reverse_nibbles(rank_code(t.full_stock & ~sm0 & ~below, t.srank))
    key0 = key_of(pm0, u0, wc0, pc0)
    # value: g | h << 7 | expanded << 14 | p << 15 | sm << 20 | cv << 44 | (parent key + 1) << 83
    seen: dict[int, int] = {key0: UNKNOWN_H << 7 | p0 << 15 | sm0 << 20 | cv0 << 44}
    # per value of g + h and then of h a stack (``f << 7 | h``): of equal g + h the
    # lowest h, the nearest to a cleared pyramid, comes out first, and of those the last
    # pushed; ``occupied[f]`` has bit h set while that stack holds entries
    buckets: list[list] = [[] for _ in range(_F_LEVELS << 7)]
    occupied = [0] * _F_LEVELS
    lo = hcheap(pm0)
    buckets[lo << 7 | lo].append(key0)
    occupied[lo] = 1 << lo
    sm_mask = (1 << 24) - 1
    cv_mask = (1 << 39) - 1
    done = 1 << 14
    n = t.n
    srank = t.srank
    full_stock = t.full_stock
    turned: dict[int, int] = {}  # reverse_nibbles of the wastes turned over
    hmemo = t.removal_memo
    cheap: dict[int, int] = {}  # by pyramid mask and draw-pile ranks left
    upper = _F_LEVELS - 1 if known is None else len(known)
    while True:
        ho = occupied[lo]
        while not ho:
            lo += 1
            if lo == _F_LEVELS:
                return False, []
            ho = occupied[lo]
        if lo >= upper and known is not None:
            return True, list(known)
        low = ho & -ho
        stack = buckets[lo << 7 | low.bit_length() - 1]
        entry = stack.pop()
        if not stack:
            occupied[lo] = ho ^ low
        if entry.__class__ is tuple:
            # more Draws from a position: the removals with the draw card after k of them
            key, g, k, d, w, u, wc, pc, h_known = entry
            v = seen[key]
            if v & 127 != g:
                continue  # the position was reached by a shorter line since
            pm = key & full
            sm = v >> 20 & sm_mask
            if not h_known:
                # the bound of the position after those Draws holds for what follows it
                h = bound(pm, sm, d if d >= 0 else n)
                f = g + k + h
                if f > lo:
                    if f <= upper:
                        buckets[f << 7 | h].append((key, g, k, d, w, u, wc, pc, True))
                        occupied[f] |= 1 << h
                    continue
            kids: list[Child] = []
            draw_moves(t, pm, sm, v >> 44 & cv_mask, k + 1, k, d, w, u, wc, pc, kids)
        else:
            key = entry
            v = seen[key]
            if v & done:
                continue  # an entry left from a longer line to it
            g = v & 127
            pm = key & full
            if pm == full:
                return True, _replay(t, recycles, (pm0, sm0, p0, u0), cv0, wc0, pc0, seen, key)
            h = v >> 7 & 127
            if h == UNKNOWN_H:
                h = bound(pm, v >> 20 & sm_mask, v >> 15 & 31)
                v ^= (UNKNOWN_H ^ h) << 7
                seen[key] = v
                if h == LOST_H:
                    continue
            elif h == LOST_H:
                continue
            if g + h > lo:
                if g + h > upper:
                    continue
                buckets[g + h << 7 | h].append(key)
                occupied[g + h] |= 1 << h
                continue
            seen[key] = v | done
            budget.nodes += 1
            if budget.nodes >= budget.next_check:
                budget.check()
            sm = v >> 20 & sm_mask
            p = v >> 15 & 31
            u = key >> 28 & 3
            bits = key >> 30 & 127
            rest = key >> 37
            wc = rest & ((1 << bits) - 1)
            pc = rest >> bits
            kids = first_moves(t, pm, sm, p, u, v >> 44 & cv_mask, wc, pc)
            only = forced(t, pm, sm, p, kids)
            if only is not None:
                kids = only
                k = -1
            else:
                k = 0
                d = p if p < n else -1
        if k >= 0:
            # on to the next Draw after which the draw card can go (a King, a free pyramid
            # partner, the waste top); its removals cost k + 1 steps and lower the removal
            # bound by one at most
            partners = t.free_partners(pm)
            left = full_stock & ~sm
            while True:
                if d >= 0:
                    if srank[d] == KING_INDEX:
                        break  # a King as the draw card goes: drawing it never helps
                    w = d
                    ahead = left >> d + 1
                    d = d + (ahead & -ahead).bit_length() if ahead else -1
                    wc = wc << 4 | pc & 15
                    pc >>= 4
                elif u < recycles and wc:
                    u += 1
                    pc = turned.get(wc)
                    if pc is None:
                        pc = turned[wc] = reverse_nibbles(wc)
                    wc = 0
                    w = -1
                    d = (left & -left).bit_length() - 1 if left else -1
                else:
                    break
                k += 1
                if d >= 0:
                    rd = srank[d]
                    if rd == KING_INDEX or partners[rd] or w >= 0 and rd + srank[w] == 11:
                        memo_h = hmemo.get(pm)
                        h = hcheap(pm) if memo_h is None else memo_h
                        f = g + k + h
                        if f > upper:
                            break
                        buckets[f << 7 | h].append((key, g, k, d, w, u, wc, pc, False))
                        occupied[f] |= 1 << h
                        if f < lo:
                            lo = f
                        break
        parent = key + 1 << 83
        for pm2, sm2, p2, u2, cv2, wc2, pc2, cost, _, _ in kids:
            g2 = g + cost
            bits = wc2.bit_length() + 3 & ~3
            ckey = pm2 | u2 << 28 | bits << 30 | (pc2 << bits | wc2) << 37
            old = seen.get(ckey)
            if old is None:
                hk = UNKNOWN_H
            else:
                if old & 127 <= g2:
                    continue
                hk = old >> 7 & 127
                if hk == LOST_H:
                    continue
            if pm2 == full:
                hk = hq = 0
            else:
                # the removal bound, or -1 where the relaxation proves the position lost
                rkey = pm2 | cv2 << 28
                known_hq = cheap.get(rkey)
                if known_hq is None:
                    hq = cheap[rkey] = hcheap(pm2) if relaxed(pm2, cv2) else -1
                else:
                    hq = known_hq
                if hq < 0:
                    continue
                if hk != UNKNOWN_H:
                    hq = hk
            f = g2 + hq
            if f > upper:
                continue
            seen[ckey] = g2 | hk << 7 | p2 << 15 | sm2 << 20 | cv2 << 44 | parent
            buckets[f << 7 | hq].append(ckey)
            occupied[f] |= 1 << hq
            if f < lo:
                lo = f


def _replay(
    t: ShortestTables,
    recycles: int,
    start: State,
    cv: int,
    wc: int,
    pc: int,
    seen: dict[int, int],
    last: int,
) -> list[RawMove]:
    """The line to the position ``last``: the chain of parent keys, played from the
    start with real cards (positions of one key have the same moves by rank)."""
    chain = [last]
    while True:
        parent = seen[chain[-1]] >> 83
        if not parent:
            break
        chain.append(parent - 1)
    chain.reverse()
    pm, sm, p, u = start
    line: list[RawMove] = []
    for want in chain[1:]:
        kids, draws = children(t, recycles, pm, sm, p, u, cv, wc, pc)
        for pm2, sm2, p2, u2, cv2, wc2, pc2, _, move, k in kids:
            if key_of(pm2, u2, wc2, pc2) == want:
                pm, sm, p, u, cv, wc, pc = pm2, sm2, p2, u2, cv2, wc2, pc2
                line += draws[:k]
                line.append(move)
                break
        else:  # pragma: no cover - would be a solver bug
            raise AssertionError("the shortest line's positions do not follow each other")
    return line
