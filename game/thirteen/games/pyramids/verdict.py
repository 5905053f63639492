"""The classic Pyramid verdict: can the pyramid still be cleared (the search that
:mod:`.solver` runs, and whose last pass the one-pass search of :mod:`.onepass` extends).

Every search walks a deal's position as plain integers over tables built once
per deal (:class:`~.deal_tables.DealTables`), never building
:class:`~thirteen.core.game.Game` objects: ``pm`` (pyramid cards gone, bit mask),
``sm`` (draw-pile cards gone, bit mask), ``p`` (the pointer between waste and
draw pile) and ``u`` (recycles used).  ``p`` is kept *normalised* to the index
of the draw card (the first remaining card at or after the pointer, or the pile
size when the draw pile is empty): pointers that differ only by removed cards
give the same position, so they share one transposition-table entry.

Pruning that keeps every verdict exact:

* **Forced Kings.**  Removing an available King never hurts: it only makes
  cards available, and a King pairs with nothing.  So when a King is
  available it is the only move tried.  (The fewest-steps search of
  :mod:`.shortest` forces only a pyramid King: a King in the draw pile or
  waste costs a step that a shortest line may never need.)
* **Relaxation: the draw pile always at hand.**  :meth:`DealTables.relaxed`
  asks whether the pyramid could be cleared if every remaining draw-pile card
  could be taken at any time.  ``False`` proves the real position lost.  It
  depends only on the pyramid mask and the remaining draw-pile ranks, so one
  memo serves the whole solve; it proves most lost deals at the root, where a
  plain search needs millions of nodes.  Inside it: a partner in a card's
  covering cone (or whose cone holds the card) can never be free with it, so
  it does not count; distinct pyramid cards need distinct partners (a Hall
  check per rank class, e.g. two Aces whose only partner left is one Queen);
  and a rank class with enough draw-pile partners for all its pyramid cards
  takes them at once.
* **Transposition table** keyed on ``(pm, sm, p)`` remembering the fewest
  recycles used: a position already seen with as many or more recycles left
  has already been searched (reachability is monotone in recycles left).
* **Last pass.**  Once no recycle is left, a waste card that can never be
  removed (no partner left in the pyramid or still to come from the draw
  pile) buries every waste card below it for good: the search marks them gone,
  which merges positions and tells the relaxation those partners are lost.
  Which ranks are dead depends only on the pyramid mask and the pile
  (:meth:`DealTables.dead_ranks`), so the search memoises it per ``(pm, pile)``
  together with the late-card data below.
* **Late cards** (last pass, :meth:`DealTables.late_info`).  A pyramid card
  whose only partners left lie in the waste is free only once its whole cone
  is gone, and one of those partners must then be on top: the cone, the
  waste cards above the partner and every pile card drawn meanwhile must all
  leave first, paired among themselves and the other pyramid cards (rank
  counts).  The apex, say, needs the other 27 cards cleared with only the
  waste above its partner and the pile drawn so far.  The needy cards it must
  check (:meth:`DealTables.late_list`) and the pile's prefix vectors depend
  only on ``(pm, pile)`` and are memoised with the dead ranks; only the walk
  over the waste (:meth:`DealTables.late_walk`) runs per position, after the
  transposition lookup.
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
pyramid mask rotated so that its bottom rows come first.

Move order: pyramid pairs (which free the most), then pairs with the draw
card or the waste, then draw card + waste, then Draw, then Recycle.
"""

from __future__ import annotations

from thirteen.games.pyramids.bits import KING_INDEX, RawMove, rank_code
from thirteen.games.pyramids.deal import COVER, FULL_PYRAMID, DealKey
from thirteen.games.pyramids.deal_tables import DealTables
from thirteen.search.budget import Paused, SearchBudget, Steps, pausing


def verdict_steps(
    t: DealTables,
    start: DealKey,
    recycles: int,
    budget: SearchBudget,
    slice_ms: float | None = None,
) -> Steps[tuple[bool, list[RawMove]]]:
    """Depth-first search for any line that clears the pyramid from ``start`` with
    ``recycles`` recycles in all; exact unless out of budget.  In slices of ``slice_ms``,
    each from the root (see :mod:`thirteen.search.budget`): the visited sets keep every
    finished position."""
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
            # per pyramid mask and pile (memo): the waste ranks that can never go
            # (see the module docstring), and the needy cards the late-card check reads
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
