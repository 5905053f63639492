"""Pyramid solvers: classic verdicts, shortest lines, and Pyramid 13 deals.

This module holds the classic searches (verdict, shortest line), the Pyramid 13
points search and the public entry points; the one-pass verdict of a Pyramid 13
deal comes from :mod:`.onepass`, and ``solve_pyramid(shortest=True)`` runs the
search of :mod:`.pyramid_shortest` (the shortest-line search here stays as the
reference its tests compare against).  Imports: the engine, :mod:`.result`,
:mod:`.pyramid_core`, :mod:`.onepass` and :mod:`.pyramid_shortest` (none of which
imports this module).

Every search walks a deal's position as plain integers over tables built once
per deal (:class:`~.pyramid_core.DealTables`), never building
:class:`~thirteen.core.game.Game` objects: ``pm`` (pyramid cards gone, bit mask),
``sm`` (draw-pile cards gone, bit mask), ``p`` (the pointer between waste and
draw pile) and ``u`` (recycles used).  ``p`` is kept *normalised* to the index
of the draw card (the first remaining card at or after the pointer, or the pile
size when the draw pile is empty): pointers that differ only by removed cards
give the same position, so they share one transposition-table entry.

A Pyramid 13 deal (one pass, no recycle) is searched by :mod:`.onepass`: the
last-pass search below plus rank-class projections, small exact games over
part of the deck that prove most one-pass deals lost at once.
:func:`_verdict_search` with no recycle left stays the reference it is tested
against.

Pruning that keeps every verdict exact:

* **Forced Kings.**  Removing an available King never hurts: it only makes
  cards available, and a King pairs with nothing.  So when a King is
  available it is the only move tried.  In shortest mode only a pyramid
  King is forced (it must go anyway, and taking it first keeps every later
  move legal); a King in the draw pile or waste costs a step that a shortest
  line may never need.
* **Relaxation: the draw pile always at hand.**  :meth:`DealTables.relaxed`
  asks whether the pyramid could be cleared if every remaining draw-pile card
  could be taken at any time.  ``False`` proves the real position lost.  It
  depends only on the pyramid mask and the remaining draw-pile ranks, so one
  memo serves the whole solve; it proves most lost deals at the root in a few
  milliseconds, where a plain search needs millions of nodes.  Inside it:
  a partner in a card's covering cone (or whose cone holds the card) can
  never be free with it, so it does not count; distinct pyramid cards need
  distinct partners (a Hall check per rank class, e.g. two Aces whose only
  partner left is one Queen); and a rank class with enough draw-pile
  partners for all its pyramid cards takes them at once.
* **Transposition table** keyed on ``(pm, sm, p)`` remembering the fewest
  recycles used: a position already seen with as many or more recycles left
  has already been searched (reachability is monotone in recycles left).
* **Last pass.**  Once no recycle is left, a waste card that can never be
  removed (no partner left in the pyramid or still to come from the draw
  pile) buries every waste card below it for good: the verdict search marks
  them gone (:meth:`DealTables.bury`), which merges positions and tells the
  relaxation those partners are lost.  Which ranks are dead depends only on
  the pyramid mask and the pile (:meth:`DealTables.dead_ranks`), so the search
  memoises it per ``(pm, pile)`` together with the late-card data below.
* **Forced waste cards** (last pass, :meth:`DealTables.stack_ok`).  A pyramid
  card whose only partners left lie in the waste needs every waste card
  above them removed first; those cards and the pyramid must all find
  partners (a Hall check), which proves lost many one-pass positions where
  the relaxation, blind to the waste's order, still hopes.  The search no
  longer runs it: behind the late-card check below it cut about 1% of
  the positions, for as much time per call, so one-pass solves were about a
  quarter faster without it (it stays as a diagnostic for root positions).
* **Late cards** (last pass, :meth:`DealTables.late_ok`).  A pyramid card
  whose only partners left lie in the waste is free only once its whole cone
  is gone, and one of those partners must then be on top: the cone, the
  waste cards above the partner and every pile card drawn meanwhile must all
  leave first, paired among themselves and the other pyramid cards (rank
  counts).  The apex, say, needs the other 27 cards cleared with only the
  waste above its partner and the pile drawn so far.  This cuts the one-pass
  nodes to about a third, and the one-pass time to less than half.  The
  needy cards it must check (:meth:`DealTables.late_list`) and the pile's
  prefix vectors depend only on ``(pm, pile)`` and are memoised with the
  dead ranks; only the walk over the waste (:meth:`DealTables.late_walk`) runs
  per position, after the transposition lookup.
* **Relaxation checked once per change.**  A move that changes ``(pm, cv)``
  checks the relaxation before it is played; a Draw leaves both alone and a
  King keeps the answer (the relaxation removes a free King first, and
  ignores the King count in ``cv``), so the last pass checks it again only
  where burying waste cards changed ``cv``, at the root and on entering the
  last pass by a Recycle.
* **Waste by ranks** (last pass).  Waste cards of one rank are
  interchangeable, so the last pass keys the waste by its rank string
  (``wc``, four bits a card, kept up to date move by move) rather than by
  which cards it holds: positions that differ only by which of two Eights was
  paired earlier share one entry.
* **Forced pairs** (last pass).  Two available cards that some winning line
  removes together can be removed at once: every move in between leaves them
  alone, and removing pyramid cards, the draw card or the waste top early
  keeps every other move legal.  So a free pyramid card whose only partner
  left is available goes with it at once, the only move tried.

Keys: CPython hashes a small int to itself and a dict indexes by its low
bits, while a pyramid mask's low bits (the top rows) stay zero for most of a
search.  Keys therefore put varying bits low: the draw-pile mask first, or the
pyramid mask rotated so that its bottom rows come first (with the plain mask
low, lookups collided badly).

Move order: pyramid pairs (which free the most), then pairs with the draw
card or the waste, then draw card + waste, then Draw, then Recycle.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence

from thirteen.core.cards import DECK_SIZE, Card
from thirteen.core.moves import Draw, Move, Recycle, RemoveKing, RemovePair
from thirteen.games.pyramids.onepass import one_pass_steps
from thirteen.games.pyramids.rules import (
    CLEAR_BONUS,
    COVER,
    FULL_PYRAMID,
    DealKey,
    Pyramid,
    Pyramid13,
    PyramidDeal,
    round_points,
)
from thirteen.games.pyramids.shortest import shortest_search
from thirteen.games.pyramids.solver_core import KING_INDEX, DealTables, RawMove, rank_code
from thirteen.search.budget import OutOfBudget, Paused, SearchBudget, Steps, finish, pausing
from thirteen.search.result import NOT_WINNABLE, UNKNOWN, WINNABLE, SolveResult


def _to_move(raw: RawMove) -> Move:
    kind = raw[0]
    if kind == "k":
        return RemoveKing(raw[1])
    if kind == "p":
        return RemovePair(raw[1], raw[2])
    if kind == "d":
        return Draw()
    return Recycle()


# ---------------------------------------------------------------------------
# verdict search (classic; its last pass is the one-pass search without projections)
# ---------------------------------------------------------------------------


def _verdict_search(
    t: DealTables, start: DealKey, recycles: int, budget: SearchBudget
) -> tuple[bool, list[RawMove]]:
    """Depth-first search for any line that clears the pyramid; exact unless out of budget."""
    return finish(_verdict_steps(t, start, recycles, budget))


def _verdict_steps(
    t: DealTables,
    start: DealKey,
    recycles: int,
    budget: SearchBudget,
    slice_ms: float | None = None,
) -> Steps[tuple[bool, list[RawMove]]]:
    """:func:`_verdict_search` in slices of ``slice_ms``, each from the root (see
    :mod:`.budget`): the visited sets keep every finished position."""
    n = t.n
    prank, srank, scv = t.prank, t.srank, t.scv
    pcard, scard = t.pcard, t.scard
    free_of = t.free
    nxt = t.next_index
    relaxed = t.relaxed
    late_walk = t.late_walk
    buried_cv = t.buried_cv
    last_of: dict[int, tuple] = {}
    ppart, spart = t.ppart, t.spart
    present, full_stock = t.present, t.full_stock
    seen: dict[int, int] = {}
    seen_last: set[int] = set()
    path: list[RawMove] = []
    full = FULL_PYRAMID
    t.budget = budget

    def go(pm: int, sm: int, p: int, u: int, cv: int, wc: int) -> bool:
        if pm == full:
            return True
        if u == recycles:
            waste = ~sm & ((1 << p) - 1)
            # per pyramid mask and pile (memo): the waste ranks that can never
            # go (see bury), and the needy cards late_ok must check
            dkey = (sm >> p) << 28 | pm | p << 52
            got = last_of.get(dkey)
            if got is None:
                pile = (full_stock & ~sm) >> p << p
                late = t.late_list(pm, pile)
                got = (t.dead_ranks(pm, sm, p), late, t.prefix_steps(pile) if late else ())
                last_of[dkey] = got
            deadmask, late, steps = got
            if waste:
                dead = waste & deadmask
                if dead:
                    lost = waste & ((1 << dead.bit_length()) - 1)
                    sm |= lost
                    cv -= buried_cv(lost)
                    waste ^= lost
                    wc &= (1 << 4 * waste.bit_count()) - 1
                    if not relaxed(pm, cv):
                        return False
            # last pass: waste cards of one rank are interchangeable, so the
            # waste is keyed by its ranks (wc) and the pile by what is gone of it
            key = (sm >> p) << 28 | pm | p << 52 | wc << 57
            if key in seen_last:
                return False
            seen_last.add(key)
            if late and waste and not late_walk(late, steps, waste):
                return False
        else:
            key = sm | p << 24 | pm << 29
            old = seen.get(key)
            if old is not None and old <= u:
                return False
            seen[key] = u
        try:
            budget.nodes += 1
            if budget.nodes >= budget.next_check:
                budget.check()
            free = free_of(pm)
            # forced Kings
            for i in free:
                if prank[i] == KING_INDEX:
                    if go(pm | 1 << i, sm, p, u, cv, wc):
                        path.append(("k", pcard[i]))
                        return True
                    return False
            d = p if p < n else -1
            if d >= 0 and srank[d] == KING_INDEX:
                if go(pm, sm | 1 << d, nxt(sm, d + 1), u, cv - scv[d], wc):
                    path.append(("k", scard[d]))
                    return True
                return False
            lo = ~sm & ((1 << p) - 1)
            w = lo.bit_length() - 1
            if w >= 0 and srank[w] == KING_INDEX:
                if go(pm, sm | 1 << w, p, u, cv - scv[w], wc >> 4):
                    path.append(("k", scard[w]))
                    return True
                return False
            if u == recycles:
                # forced pairs: a free pyramid card whose one partner left is available
                left_p = present & ~pm
                rest = full_stock & ~sm
                for i in free:
                    opts = ppart[i] & left_p | (spart[i] & rest) << 28
                    if opts & (opts - 1):
                        continue
                    if not opts:
                        return False
                    y = opts.bit_length() - 1
                    if y < 28:
                        if not (pm & COVER[y] == COVER[y]):
                            continue
                        pm2 = pm | 1 << i | 1 << y
                        if relaxed(pm2, cv) and go(pm2, sm, p, u, cv, wc):
                            path.append(("p", pcard[i], pcard[y]))
                            return True
                        return False
                    y -= 28
                    if y == d:
                        pm2 = pm | 1 << i
                        sm2 = sm | 1 << d
                        cv2 = cv - scv[d]
                        if relaxed(pm2, cv2) and go(pm2, sm2, nxt(sm2, d + 1), u, cv2, wc):
                            path.append(("p", pcard[i], scard[d]))
                            return True
                        return False
                    if y == w:
                        pm2 = pm | 1 << i
                        sm2 = sm | 1 << w
                        cv2 = cv - scv[w]
                        if relaxed(pm2, cv2) and go(pm2, sm2, p, u, cv2, wc >> 4):
                            path.append(("p", pcard[i], scard[w]))
                            return True
                        return False
            # pyramid pairs
            nf = len(free)
            for a in range(nf):
                i = free[a]
                ri = prank[i]
                for b in range(a + 1, nf):
                    j = free[b]
                    if prank[j] + ri == 11:
                        pm2 = pm | 1 << i | 1 << j
                        if relaxed(pm2, cv) and go(pm2, sm, p, u, cv, wc):
                            path.append(("p", pcard[i], pcard[j]))
                            return True
            # pyramid + draw card / waste top
            rd = srank[d] if d >= 0 else -99
            rw = srank[w] if w >= 0 else -99
            for i in free:
                ri = prank[i]
                if ri + rd == 11:
                    pm2 = pm | 1 << i
                    sm2 = sm | 1 << d
                    p2 = nxt(sm2, d + 1)
                    cv2 = cv - scv[d]
                    if relaxed(pm2, cv2) and go(pm2, sm2, p2, u, cv2, wc):
                        path.append(("p", pcard[i], scard[d]))
                        return True
                if ri + rw == 11:
                    pm2 = pm | 1 << i
                    sm2 = sm | 1 << w
                    cv2 = cv - scv[w]
                    if relaxed(pm2, cv2) and go(pm2, sm2, p, u, cv2, wc >> 4):
                        path.append(("p", pcard[i], scard[w]))
                        return True
            if rd + rw == 11:
                sm2 = sm | 1 << d | 1 << w
                p2 = nxt(sm2, d + 1)
                cv2 = cv - scv[d] - scv[w]
                if relaxed(pm, cv2) and go(pm, sm2, p2, u, cv2, wc >> 4):
                    path.append(("p", scard[d], scard[w]))
                    return True
            if d >= 0:
                p2 = nxt(sm, d + 1)
                if go(pm, sm, p2, u, cv, wc << 4 | srank[d] + 1):
                    path.append(("d",))
                    return True
            elif u < recycles and lo:
                # the last pass checks the relaxation only where a move changed
                # (pm, cv) unchecked; entering it, check once
                if (u + 1 < recycles or relaxed(pm, cv)) and go(pm, sm, nxt(sm, 0), u + 1, cv, 0):
                    path.append(("r",))
                    return True
            return False
        except Paused:
            # searched no further than the pause: the next slice enters it again
            if u == recycles:
                seen_last.discard(key)
            elif old is None:
                del seen[key]
            else:
                seen[key] = old
            raise

    pm, sm, p, u = t.normalise(start)
    cv = t.cv_of(sm)
    wc = rank_code(~sm & ((1 << p) - 1), srank)

    def attempt() -> tuple[bool, list[RawMove]]:
        path.clear()
        found = (u < recycles or relaxed(pm, cv)) and go(pm, sm, p, u, cv, wc)
        path.reverse()
        return found, path

    return (
        yield from pausing(
            budget, slice_ms, attempt, lambda: len(seen) + len(seen_last) + len(t._relaxed)
        )
    )


# ---------------------------------------------------------------------------
# shortest lines
# ---------------------------------------------------------------------------


def _shortest_search(
    t: DealTables, start: DealKey, recycles: int, budget: SearchBudget
) -> tuple[bool, list[RawMove]]:
    """A* over normalised positions, one step per move, with an admissible bound.

    The bound counts removals only (:meth:`DealTables.lower_bound`); it drops by
    at most one per step, so it is consistent and the first time a cleared
    pyramid is taken from the queue its line is shortest.  Ties go to the
    deeper position, which reaches the goal sooner.

    Positions are told apart by the ranks of the waste and of the draw pile, in
    order, not by their cards: such positions have the same moves, steps and
    bound (deal numbers 1-40: 38% fewer positions, 51 -> 37 s in all, though a
    deal with little to merge is a few percent slower).  Each kept position
    remembers the cards of the one that reached it first, so the line is made of
    real moves.
    """
    n = t.n
    prank, srank, scv = t.prank, t.srank, t.scv
    pcard, scard = t.pcard, t.scard
    free_of = t.free
    nxt = t.next_index
    h = t.lower_bound
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
    pc0 = _reverse_nibbles(rank_code(t.full_stock & ~sm0 & ~below, srank))

    def key_of(pm: int, u: int, wc: int, pc: int) -> int:
        # the waste's length in bits (its top four are never zero) says where the pile starts
        bits = wc.bit_length() + 3 & ~3
        return pm | u << 28 | bits << 30 | (pc << bits | wc) << 37

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
                children.append(((pm, sm, nxt(sm, 0), u + 1), ("r",), cv, 0, _reverse_nibbles(wc)))
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


def _reverse_nibbles(x: int) -> int:
    """The four-bit fields of ``x`` in the other order (a pile of ranks turned over)."""
    out = 0
    while x:
        out = out << 4 | x & 15
        x >>= 4
    return out


# ---------------------------------------------------------------------------
# Pyramid 13: most points in one deal
# ---------------------------------------------------------------------------


def _points_search(
    t: DealTables,
    start: DealKey,
    round_index: int,
    budget: SearchBudget,
    clearable: bool | None = None,
) -> tuple[int, list[RawMove], bool]:
    """Branch and bound over one pass (see :func:`_points_steps`)."""
    return finish(_points_steps(t, start, round_index, budget, clearable))


def _points_steps(
    t: DealTables,
    start: DealKey,
    round_index: int,
    budget: SearchBudget,
    clearable: bool | None = None,
    slice_ms: float | None = None,
) -> Steps[tuple[int, list[RawMove], bool]]:
    """Branch and bound over one pass: the best (points, line to it, proven exact).

    Cards removed only grow along a line, so a deal's points are the best
    value of any reachable position (clearing the pyramid adds the bonus but
    ends the deal).  A position whose bound (every card that might still go,
    plus the bonus while the pyramid may still be cleared) cannot beat the best
    found is cut.  The bonus is out of reach everywhere when ``clearable`` is
    False (the one-pass verdict of the start), else while the relaxation allows it.
    Positions are told apart by the ranks of their waste, not its cards: two
    wastes of the same ranks in the same order have the same moves and the same
    points to come (a third fewer positions, median 161 -> 107 ms on deals 1-40).
    Points and bounds are scored by :func:`~thirteen.games.pyramids.rules.round_points` for
    round ``round_index``: a bound as if every card that might still go went.
    In slices of ``slice_ms``, each from the root (see :mod:`.budget`).
    """
    n = t.n
    prank, srank, scv = t.prank, t.srank, t.scv
    pcard, scard = t.pcard, t.scard
    free_of = t.free
    nxt = t.next_index
    relaxed = t.relaxed
    full = FULL_PYRAMID
    removed = t.removed_count
    seen: set[int] = set()
    best: list = [-1, []]  # points, line to them
    stack: list[RawMove] = []
    t.budget = budget

    dead_at: dict[int, int] = {}  # :meth:`DealTables.dead_ranks` by (pm, p): cards past
    # the pointer never change in one pass, so the dead ranks depend on nothing else

    def bound(pm: int, sm: int, p: int, cv: int) -> int:
        dkey = pm | p << 28
        dead = dead_at.get(dkey)
        if dead is None:
            dead = dead_at[dkey] = t.dead_ranks(pm, sm, p)
        waste = ~sm & ((1 << p) - 1)
        dead &= waste
        # two waste cards are never available together, so a waste card goes only with
        # a pyramid card or a pile card: with neither left (a dead rank), it stays, and
        # so does every card under it
        lost = waste & ((1 << dead.bit_length() - 1) - 1) if dead else 0
        stuck = clearable is False or not relaxed(pm, cv - t.buried_cv(lost))
        # a stuck pyramid leaves at least one card, and buried waste cards stay
        cap = DECK_SIZE - lost.bit_count() - (1 if stuck else 0)
        return round_points(round_index, cap, not stuck)

    def record(pm: int, sm: int) -> None:
        value = round_points(round_index, removed(pm, sm), pm == full)
        if value > best[0]:
            best[0] = value
            best[1] = list(stack)

    def go(pm: int, sm: int, p: int, cv: int, wc: int) -> None:
        if pm == full:
            record(pm, sm)
            return
        key = pm | p << 28 | wc << 33  # waste cards of one rank are interchangeable
        if key in seen:
            return
        seen.add(key)
        try:
            budget.nodes += 1
            if budget.nodes >= budget.next_check:
                budget.check()
            if bound(pm, sm, p, cv) <= best[0]:
                return
            free = free_of(pm)
            # a King is forced when a card it blocks is still there: that card goes later,
            # so taking the King now cannot end the deal sooner.  (Any other King could be
            # the last pyramid card, kept to draw and pair on before the clear ends the
            # deal: in play only the apex, but a position text may leave a King with
            # holes above it.)
            under = t.under
            for i in free:
                if prank[i] == KING_INDEX and under[i] & ~pm:
                    stack.append(("k", pcard[i]))
                    go(pm | 1 << i, sm, p, cv, wc)
                    stack.pop()
                    return
            d = p if p < n else -1
            if d >= 0 and srank[d] == KING_INDEX:
                stack.append(("k", scard[d]))
                go(pm, sm | 1 << d, nxt(sm, d + 1), cv - scv[d], wc)
                stack.pop()
                return
            lo = ~sm & ((1 << p) - 1)
            w = lo.bit_length() - 1
            if w >= 0 and srank[w] == KING_INDEX:
                stack.append(("k", scard[w]))
                go(pm, sm | 1 << w, p, cv - scv[w], wc >> 4)
                stack.pop()
                return
            children: list[tuple[int, int, int, int, int, RawMove]] = []
            for i in free:
                if prank[i] == KING_INDEX:
                    children.append((pm | 1 << i, sm, p, cv, wc, ("k", pcard[i])))
            nf = len(free)
            rd = srank[d] if d >= 0 else -99
            rw = srank[w] if w >= 0 else -99
            for a in range(nf):
                i = free[a]
                ri = prank[i]
                for b in range(a + 1, nf):
                    j = free[b]
                    if prank[j] + ri == 11:
                        children.append(
                            (pm | 1 << i | 1 << j, sm, p, cv, wc, ("p", pcard[i], pcard[j]))
                        )
                if ri + rd == 11:
                    sm2 = sm | 1 << d
                    children.append(
                        (
                            pm | 1 << i,
                            sm2,
                            nxt(sm2, d + 1),
                            cv - scv[d],
                            wc,
                            ("p", pcard[i], scard[d]),
                        )
                    )
                if ri + rw == 11:
                    pair = ("p", pcard[i], scard[w])
                    children.append((pm | 1 << i, sm | 1 << w, p, cv - scv[w], wc >> 4, pair))
            if rd + rw == 11:
                sm2 = sm | 1 << d | 1 << w
                children.append(
                    (
                        pm,
                        sm2,
                        nxt(sm2, d + 1),
                        cv - scv[d] - scv[w],
                        wc >> 4,
                        ("p", scard[d], scard[w]),
                    )
                )
            if d >= 0:
                children.append((pm, sm, nxt(sm, d + 1), cv, wc << 4 | srank[d] + 1, ("d",)))
            if not children:
                record(pm, sm)
            for pm2, sm2, p2, cv2, wc2, move in children:
                stack.append(move)
                go(pm2, sm2, p2, cv2, wc2)
                stack.pop()
        except Paused:
            seen.discard(key)  # searched no further than the pause: entered again
            raise

    pm, sm, p, _ = t.normalise(start)
    record(pm, sm)
    wc = rank_code(~sm & ((1 << p) - 1), srank)

    def attempt() -> None:
        stack.clear()
        go(pm, sm, p, t.cv_of(sm), wc)

    exact = True
    try:
        yield from pausing(budget, slice_ms, attempt, lambda: len(seen) + len(t._relaxed))
    except OutOfBudget:
        exact = False
    return best[0], best[1], exact


# ---------------------------------------------------------------------------
# public API
# ---------------------------------------------------------------------------


def _result(found: bool | None, raw: Sequence[RawMove], budget: SearchBudget) -> SolveResult:
    if found is None:
        return SolveResult(UNKNOWN, [], budget.nodes, budget.ms)
    if not found:
        return SolveResult(NOT_WINNABLE, [], budget.nodes, budget.ms)
    return SolveResult(WINNABLE, [_to_move(m) for m in raw], budget.nodes, budget.ms)


def _run(
    search: Callable[[PyramidDeal, DealKey, SearchBudget], tuple[bool, list[RawMove]]],
    deal: PyramidDeal,
    key: DealKey,
    budget_ms: float | None,
    max_nodes: int | None,
) -> SolveResult:
    """Run ``search(deal, key, budget)`` under a budget and wrap its answer."""
    budget = SearchBudget(budget_ms, max_nodes)
    if deal.cleared(key):
        return SolveResult(WINNABLE, [], 0, budget.ms)
    try:
        found, raw = search(deal, key, budget)
    except OutOfBudget:
        return _result(None, [], budget)
    return _result(found, raw, budget)


def _on_tables(
    search: Callable[[DealTables, DealKey, int, SearchBudget], tuple[bool, list[RawMove]]],
    recycles: int,
) -> Callable[[PyramidDeal, DealKey, SearchBudget], tuple[bool, list[RawMove]]]:
    """A search over :class:`DealTables` with ``recycles`` allowed, as :func:`_run` calls it."""
    return lambda deal, key, budget: search(DealTables(deal), key, recycles, budget)


SearchSteps = Callable[
    [PyramidDeal, DealKey, SearchBudget, float | None], Steps[tuple[bool, list[RawMove]]]
]
"""A verdict search in slices: (deal, position, budget, slice_ms) -> found, raw line."""


def _run_steps(
    search: SearchSteps,
    deal: PyramidDeal,
    key: DealKey,
    budget_ms: float | None,
    max_nodes: int | None,
    slice_ms: float | None,
) -> Steps[SolveResult]:
    """:func:`_run` for a search in slices of ``slice_ms``."""
    budget = SearchBudget(budget_ms, max_nodes)
    if deal.cleared(key):
        return SolveResult(WINNABLE, [], 0, budget.ms)
    try:
        found, raw = yield from search(deal, key, budget, slice_ms)
    except OutOfBudget:
        return _result(None, [], budget)
    return _result(found, raw, budget)


def _verdict_on_tables(recycles: int) -> SearchSteps:
    """The verdict search with ``recycles`` allowed, as :func:`_run_steps` calls it (its
    tables are built in its first slice)."""

    def search(
        deal: PyramidDeal, key: DealKey, budget: SearchBudget, slice_ms: float | None
    ) -> Steps[tuple[bool, list[RawMove]]]:
        tables = DealTables(deal)
        return (yield from _verdict_steps(tables, key, recycles, budget, slice_ms))

    return search


def solve_pyramid(
    game: Pyramid,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    shortest: bool = False,
) -> SolveResult:
    """Whether the classic game can still be won from its current position, with a line.

    Perfect information (the search reads the draw pile's order).  With
    ``shortest`` the line has the fewest steps (each Draw, removal and Recycle
    counts one); that search keeps every position in memory and is slower.
    """
    if shortest:
        return _run(shortest_search, game.deal, game.pos, budget_ms, max_nodes)
    return finish(solve_pyramid_steps(game, budget_ms=budget_ms, max_nodes=max_nodes))


def solve_pyramid_steps(
    game: Pyramid,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[SolveResult]:
    """:func:`solve_pyramid`'s verdict in slices of ``slice_ms`` (see :mod:`.budget`)."""
    search = _verdict_on_tables(game.deal.recycles)
    return (yield from _run_steps(search, game.deal, game.pos, budget_ms, max_nodes, slice_ms))


def solve_pyramid13_deal(
    game: Pyramid13, *, budget_ms: float | None = None, max_nodes: int | None = None
) -> SolveResult:
    """Whether the current deal's pyramid can be cleared in its one pass; the moves clear it.

    Once the whole game is over the verdict says whether the last pyramid was cleared.
    """
    return finish(solve_pyramid13_steps(game, budget_ms=budget_ms, max_nodes=max_nodes))


def solve_pyramid13_steps(
    game: Pyramid13,
    *,
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    slice_ms: float | None = None,
) -> Steps[SolveResult]:
    """:func:`solve_pyramid13_deal` in slices of ``slice_ms`` (see :mod:`.budget`)."""
    if game.is_over:
        won = game.deals[-1].cleared(game.pos)
        return SolveResult(WINNABLE if won else NOT_WINNABLE)
    return (
        yield from _run_steps(one_pass_steps, game.deal, game.pos, budget_ms, max_nodes, slice_ms)
    )


def max_points_pyramid13_deal(
    deal: PyramidDeal,
    key: DealKey | None = None,
    *,
    bonus: int = CLEAR_BONUS[0],
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    clearable: bool | None = None,
) -> tuple[int, list[Move], str]:
    """The most points one Pyramid 13 deal can give from ``key`` (default: its start).

    Points are the whole deal's, as :func:`~thirteen.games.pyramids.rules.round_points` scores
    them: 10 per card gone from its 52 (including cards already gone at ``key``)
    plus ``bonus`` if the pyramid is cleared (pass ``CLEAR_BONUS[deal_index]``;
    any other value is refused).  Returns (points, a line from ``key`` that
    ends the deal with those points, "exact" or "unknown").  With "unknown"
    the budget ran out and the points are the best line found so far.

    ``clearable``: whether the pyramid can be cleared from ``key`` (the one-pass
    verdict), if the caller knows; else it is found here within a quarter of the
    budget.  A pyramid that cannot be cleared takes the bonus out of every bound
    (median 441 -> 314 ms per deal over deal numbers 1-200).
    """
    return finish(
        max_points_steps(
            deal, key, bonus=bonus, budget_ms=budget_ms, max_nodes=max_nodes, clearable=clearable
        )
    )


def max_points_steps(
    deal: PyramidDeal,
    key: DealKey | None = None,
    *,
    bonus: int = CLEAR_BONUS[0],
    budget_ms: float | None = None,
    max_nodes: int | None = None,
    clearable: bool | None = None,
    slice_ms: float | None = None,
) -> Steps[tuple[int, list[Move], str]]:
    """:func:`max_points_pyramid13_deal` in slices of ``slice_ms`` (see :mod:`.budget`)."""
    round_index = _round_with_bonus(bonus)
    if key is None:
        key = deal.start()
    budget = SearchBudget(budget_ms, max_nodes)
    if clearable is None:
        clearable, spent_ms = yield from _clearable_steps(deal, key, budget_ms, max_nodes, slice_ms)
        budget.used += spent_ms / 1000  # out of the same budget
    tables = DealTables(deal)
    points, raw, exact = yield from _points_steps(
        tables, key, round_index, budget, clearable, slice_ms
    )
    moves = [_to_move(m) for m in raw]
    # finish the deal: nothing can raise the points above the best, and
    # further moves never lower them, so any moves to the end keep them
    pos = key
    for m in moves:
        pos = deal.apply(pos, m)
    while not deal.cleared(pos):
        legal = [m for m in deal.moves(pos) if not isinstance(m, Recycle)]
        if not legal:
            break
        removal = [m for m in legal if not isinstance(m, Draw)]
        m = removal[0] if removal else legal[0]
        moves.append(m)
        pos = deal.apply(pos, m)
    final = round_points(round_index, deal.removed(pos), deal.cleared(pos))
    if exact and final != points:  # pragma: no cover - would be a solver bug
        raise AssertionError(f"points line gives {final}, search said {points}")
    return max(points, final), moves, "exact" if exact else "unknown"


def _round_with_bonus(bonus: int) -> int:
    """The first Pyramid 13 round whose clearing bonus is ``bonus``, to score through
    :func:`~thirteen.games.pyramids.rules.round_points` (rounds with one bonus score alike)."""
    if bonus not in CLEAR_BONUS:
        raise ValueError(f"no Pyramid 13 round has a clearing bonus of {bonus}")
    return CLEAR_BONUS.index(bonus)


def _clearable_steps(
    deal: PyramidDeal,
    key: DealKey,
    budget_ms: float | None,
    max_nodes: int | None,
    slice_ms: float | None,
) -> Steps[tuple[bool | None, float]]:
    """The one-pass verdict from ``key`` within a quarter of a budget (None if it ran out),
    and the milliseconds it took."""
    if deal.cleared(key):
        return True, 0.0
    budget = SearchBudget(
        None if budget_ms is None else budget_ms / 4,
        None if max_nodes is None else max(max_nodes // 4, 1),
    )
    try:
        found = (yield from one_pass_steps(deal, key, budget, slice_ms))[0]
    except OutOfBudget:
        return None, budget.ms
    return found, budget.ms


def pyramid_verdict_fast(
    deck: Sequence[Card], *, budget_ms: float | None = None, max_nodes: int | None = None
) -> str:
    """Just the classic verdict for a 52-card deck (for bulk statistics)."""
    return solve_pyramid(Pyramid(deck), budget_ms=budget_ms, max_nodes=max_nodes).verdict


# ---------------------------------------------------------------------------
# baseline for the benchmark
# ---------------------------------------------------------------------------


def baseline_solve_pyramid(
    game: Pyramid, *, max_nodes: int | None = 5_000_000, budget_ms: float | None = None
) -> SolveResult:
    """Plain depth-first search with a visited set over the engine's own moves.

    No forced moves, no dead-card cuts, no pointer normalisation: the yardstick
    the benchmark compares :func:`solve_pyramid` against, and an independent
    check of its verdicts (it only uses :class:`PyramidDeal`'s rules).
    """
    deal = game.deal
    budget = SearchBudget(budget_ms, max_nodes)
    start = game.pos
    if deal.cleared(start):
        return SolveResult(WINNABLE, [], 0, budget.ms)
    seen = {start}
    # stack of (key, remaining moves iterator); the line is the moves taken so far
    stack = [(start, iter(deal.moves(start)))]
    line: list[Move] = []
    try:
        while stack:
            key, it = stack[-1]
            move = next(it, None)
            if move is None:
                stack.pop()
                if line:
                    line.pop()
                continue
            child = deal.apply(key, move)
            if child in seen:
                continue
            seen.add(child)
            budget.nodes += 1
            if budget.nodes >= budget.next_check:
                budget.check()
            line.append(move)
            if deal.cleared(child):
                return SolveResult(WINNABLE, line, budget.nodes, budget.ms)
            stack.append((child, iter(deal.moves(child))))
    except OutOfBudget:
        return SolveResult(UNKNOWN, [], budget.nodes, budget.ms)
    return SolveResult(NOT_WINNABLE, [], budget.nodes, budget.ms)


__all__ = [
    "baseline_solve_pyramid",
    "max_points_pyramid13_deal",
    "pyramid_verdict_fast",
    "max_points_steps",
    "solve_pyramid",
    "solve_pyramid13_deal",
    "solve_pyramid13_steps",
    "solve_pyramid_steps",
]
