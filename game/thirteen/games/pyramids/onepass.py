"""One-pass Pyramid verdicts (a Pyramid 13 deal): the last-pass search pruned by projections.

Nine in ten Pyramid 13 deals cannot be cleared in their one pass, so a verdict
is mostly a proof of loss, and the search must run out.  The last-pass search
of :mod:`.pyramid` (relaxation, late cards, burying, forced pairs) runs here
with one more check at every position: **rank-class projections**.

A rank class is {r, 11 - r} (A/Q, 2/J, ..., 6/7): every pair lies inside one
class.  The projection of a position onto a set K of classes keeps only the
cards of K; every other card (and every King) vanishes the moment it becomes
available: a pyramid card is free once the K-cards that block it are gone, and
the pointer skips the other pile cards, which never reach the waste.  Every
line of the real game maps move by move to a line of the projection (a pair
inside K is legal there too, since the projection only takes obstacles away;
any other move leaves the projection as it was or just moves its pointer), so
**a position whose projection cannot be cleared is lost**.  Unlike the
relaxation ("the draw pile always at hand"), a projection keeps the exact
waste stack, pile order and covers for part of the deck, which is where one-pass
deals are lost.

The search checks the twenty 3-class projections.  Each is a small exact
one-pass game (:class:`_Projection`: late cards and burying only), solved on
demand with a memo of finished positions shared by the whole solve.  A position
rechecks only the projections holding the class its move changed (the parent
passed the others), and the projection that failed last is tried first.  A deal
that needs more than :data:`ESCALATE` positions starts again (the memos stay)
with the fifteen 4-class projections checked at the start as well.

Kings play no part: removing an available King never hurts, so both searches
treat every King as gone the moment it is available (a pyramid card covered by
a King is free once the King's own blockers are gone; a pile King is skipped),
and the winning line gets its King removals back when it is replayed.

At the start a short try of the relaxation comes first (it refutes a third of
all deals within a few nodes), then the projections (three deals in four have a
lost one there), then the rest of the relaxation, then the search.

Measured with ``python -m thirteen bench`` on deal numbers 1-200: median
4.4-5.1 ms -> 0.9 ms, 95th percentile 97-117 ms -> 21 ms, positions of the main
search 298k -> 8k (docs/performance.md has the figures and what limits them).

Imports: the engine, :mod:`.budget` and :mod:`.pyramid_core` (the tables it extends);
:mod:`.pyramid` calls :func:`one_pass_search`, so this module never imports that one.
"""

from __future__ import annotations

import itertools
from bisect import bisect_right
from collections.abc import Sequence

from thirteen.core.moves import Draw, RemoveKing, RemovePair
from thirteen.games.pyramids.rules import FULL_PYRAMID, PYRAMID_SIZE, ROW_OF, DealKey, PyramidDeal
from thirteen.games.pyramids.solver_core import (
    KING_INDEX,
    RANK_GUARD,
    DealTables,
    RawMove,
    blockers,
    late_walk,
    prefix_steps,
    rank_code,
)
from thirteen.search.budget import SearchBudget, Steps, finish, pausing

LEVEL = 3
"""Projection size checked at every position (the twenty 3-class sets)."""

ESCALATE = 1000
"""Main-search positions after which the 4-class projections are added at the start."""

RELAX_FIRST = 6
"""Relaxation nodes tried at the start before the projections: the relaxation refutes
a third of all deals, half of them within six nodes, for less than any projection
costs; one that passes needs about 20 (a clearing line is 14 pairs deep), and is
finished after the projections, which settle three in four deals at the start."""


NO_DRAW = 13
"""Rank index standing for "no draw card" in a projection (no card pairs with it, and
no top-card rank, -1 for an empty waste, adds up to 11 with it)."""

LATE_NEVER = 1 << 30
"""A pointer past every pile: the start of lateness when no card is needy."""


_NO_CELLS: list[tuple[int, ...]] = [()] * (NO_DRAW + 1)
"""The free cells by stock rank when none is free (copied per pyramid mask)."""


class _RelaxCap(Exception):
    """Stops the first, short try of the relaxation."""


class _Escalate(Exception):
    """Unwinds the main search to add the larger projections."""


class _Deal:
    """Tables of one deal shared by every projection, taken from the main search's
    :class:`DealTables` (Kings count nowhere there), plus the per-class pieces."""

    def __init__(self, tables: DealTables) -> None:
        self.n, self.budget = tables.n, tables.budget
        self.prank, self.srank = tables.prank, tables.srank
        self.s_unit, self.s_punit = tables.s_unit, tables.s_punit
        self.p_unit, self.p_punit = tables.p_unit, tables.p_punit
        self.ppair, self.spart = tables.ppart, tables.spart
        # a projection's cells are free once the class cards of these cones are gone
        # (the same as stopping at class cards, since a card is only ever gone
        # after its own blockers; a text position's removed cells are empty cells)
        self.cones, self.under = tables.cone, tables.under
        srm = tables.srmask[:KING_INDEX]
        self.cmask = tables.class_mask
        self.smask = [srm[k] | srm[11 - k] for k in range(6)]  # pile indices per class
        # per class and pointer: the class's stock cards whose partner rank is still in the pile
        self.pile_partnered = []
        for k in range(6):
            # rank r's cards are partnered while the pointer is at or before the
            # last pile card of rank 11 - r
            row = [0] * (self.n + 1)
            for r in (k, 11 - k):
                for p in range(srm[11 - r].bit_length()):
                    row[p] |= srm[r]
            self.pile_partnered.append(row)
        self.waste_cache: dict[int, int] = {}  # :meth:`_Projection.waste_ranks` by waste mask


class _Needy:
    """The needy cards (no pyramid partner left) of one pyramid mask of a projection,
    by the pointer from which each is late (past its last stock partner), with their
    late-walk entries, built only as far as a late check has needed them (half of
    them never are, and their rank vectors are the costly part)."""

    __slots__ = ("starts", "cells", "left", "total", "entries")

    def __init__(
        self, starts: tuple[int, ...], cells: tuple[int, ...], left: int, total: int
    ) -> None:
        self.starts, self.cells = starts, cells
        self.left = left
        self.total = total  # the partner vector of every cell left (RANK_GUARD added)
        self.entries: list[tuple[int, int, int]] = []


class _Projection:
    """The one-pass game of the cards of some rank classes (see the module docstring).

    Positions are (pyramid mask, pointer, waste mask) over the deal's own
    indices; ``go`` says whether the pyramid's cards of these classes can all be
    removed, with the late-card check and burying as pruning and a memo of
    finished positions (exact: the game has no cycles).
    """

    def __init__(self, info: _Deal, classes: Sequence[int]) -> None:
        self.classes = tuple(classes)
        self.cbits = sum(1 << k for k in self.classes)
        self.info = info
        self.memo: dict[int, bool] | None = None  # built on first use (:meth:`build`)

    def build(self) -> None:
        """The projection's tables (most deals are settled by the first projection)."""
        info, classes = self.info, self.classes
        self.budget = info.budget
        n = info.n
        self.n = n
        pres = spres = 0
        for k in self.classes:
            pres |= info.cmask[k]
            spres |= info.smask[k]
        self.pres, self.spres = pres, spres
        self.prank, self.srank = info.prank, info.srank
        self.blockers = [c & pres for c in info.cones]
        self.ppair, self.spart = info.ppair, info.spart
        self.s_unit, self.s_punit = info.s_unit, info.s_punit
        self.p_unit, self.p_punit = info.p_unit, info.p_punit
        rows = [info.pile_partnered[k] for k in classes]
        acc = rows[0]
        for row in rows[1:]:
            acc = [x | y for x, y in zip(acc, row, strict=True)]
        self.partnered_at = acc
        self.pile_at = [spres >> p << p for p in range(n + 1)]
        # the first class card at or after each pointer (one more entry past the end)
        self.next_at = [(m & -m).bit_length() - 1 if m else n for m in self.pile_at] + [n]
        # per pointer: the draw card's rank (NO_DRAW past the end), its bit, the
        # waste field it adds, and the pointer after it
        srank, next_at = info.srank, self.next_at
        self.draw_at = [(srank[p], 1 << p, srank[p] + 1, next_at[p + 1]) for p in range(n)]
        self.draw_at.append((NO_DRAW, 0, 0, n))
        self.steps_at: list[tuple | None] = [None] * (n + 1)
        self.memo = {}
        self._pm: dict[int, tuple] = {}
        self.waste_cache = info.waste_cache
        # per cell: the pointer from which it is late when needy (past its last
        # stock partner; ``spart`` holds the stock cards of its partner rank)
        self.late_after = [(m & spres).bit_length() for m in info.spart]

    def pm_info(self, pm: int) -> tuple:
        """Per pyramid mask, what ``go`` needs at every pointer and waste: the free
        cells; the pyramid pairs among them (bits, in the search's move order); the
        free cells by the stock rank they pair with (bits; :data:`NO_DRAW` and -1,
        no draw card and an empty waste, have none); the stock cards with a pyramid
        partner left; the first pointer at which some needy card is late, and the
        needy cards (:class:`_Needy`, or None)."""
        left = self.pres & ~pm
        blockers, ppair, spart = self.blockers, self.ppair, self.spart
        late_after, p_punit = self.late_after, self.p_punit
        free = []
        needy = []
        fmask = partnered = total = 0
        rest = left
        while rest:  # highest cell first, as the main search orders free cells
            i = rest.bit_length() - 1
            bit = 1 << i
            rest ^= bit
            partnered |= spart[i]
            total += p_punit[i]
            if not ppair[i] & left:  # no pyramid partner left
                needy.append((late_after[i], i))
            if not blockers[i] & left:
                free.append(i)
                fmask |= bit
        prank = self.prank
        by_rank = _NO_CELLS.copy()
        pairs = []
        for i in free:
            bit = 1 << i
            by_rank[11 - prank[i]] += (bit,)
            js = ppair[i] & fmask & (bit - 1)  # partners later in ``free``, highest first
            while js:
                j = js.bit_length() - 1
                js ^= 1 << j
                pairs.append(bit | 1 << j)
        if needy:
            if len(needy) > 1:
                needy.sort()
            late = _Needy(
                tuple([e[0] for e in needy]),
                tuple([e[1] for e in needy]),
                left,
                RANK_GUARD + total,
            )
            got = (tuple(free), tuple(pairs), by_rank, partnered, needy[0][0], late)
        else:
            got = (tuple(free), tuple(pairs), by_rank, partnered, LATE_NEVER, None)
        self._pm[pm] = got
        return got

    def needy_entries(self, needy: _Needy, k: int) -> None:
        """Extends ``needy.entries`` to its first ``k`` cards: the stock partners and two
        base vectors of :func:`.pyramid_core.late_walk` (the partners that may go before
        the card are those of every cell left but itself and the cells it covers)."""
        left, total, entries = needy.left, needy.total, needy.entries
        p_unit, p_punit, spart, spres = self.p_unit, self.p_punit, self.spart, self.spres
        under, blockers = self.info.under, self.blockers
        for x in needy.cells[len(entries) : k]:
            req_p = 0
            cone = blockers[x] & left
            while cone:
                b = cone.bit_length() - 1
                cone ^= 1 << b
                req_p += p_unit[b]
            part_p = total - p_punit[x]
            gone = under[x] & left
            while gone:
                b = gone.bit_length() - 1
                gone ^= 1 << b
                part_p -= p_punit[b]
            entries.append((spart[x] & spres, part_p - req_p, part_p))

    def steps(self, p: int) -> tuple:
        got = self.steps_at[p]
        if got is None:
            got = prefix_steps(self.pile_at[p], self.s_unit, self.s_punit)
            self.steps_at[p] = got
        return got

    def waste_ranks(self, waste: int) -> int:
        """The ranks of a waste (bit mask of pile indices), four bits a card, top card lowest."""
        wc = self.waste_cache.get(waste)
        if wc is None:
            wc = self.waste_cache[waste] = rank_code(waste, self.srank)
        return wc

    def go(self, pm: int, p: int, waste: int, wc: int) -> bool:
        """Whether this projection can be cleared from (pm, p, waste); wc: the waste's ranks."""
        if pm == self.pres:
            return True
        got = self._pm.get(pm)
        if got is None:
            got = self.pm_info(pm)
        free, pairs, by_rank, partnered, late_from, needy = got
        dead = waste & ~(partnered | self.partnered_at[p])
        if dead:
            # a waste card with no partner left buries everything under it
            waste &= ~((1 << dead.bit_length()) - 1)
            wc &= (1 << 4 * waste.bit_count()) - 1
        key = pm | p << 28 | wc << 33  # waste cards of one rank are interchangeable
        memo = self.memo
        known = memo.get(key)
        if known is not None:
            return known
        if p >= late_from:
            if not waste:
                memo[key] = False
                return False
            k = bisect_right(needy.starts, p)
            entries = needy.entries
            if len(entries) < k:
                self.needy_entries(needy, k)
            steps = self.steps_at[p]
            if steps is None:
                steps = self.steps(p)
            if not late_walk(
                entries if k == len(entries) else entries[:k],
                steps,
                waste,
                self.s_unit,
                self.s_punit,
            ):
                memo[key] = False
                return False
        budget = self.budget
        budget.nodes += 1
        if budget.nodes >= budget.next_check:
            budget.check()
        go = self.go
        # the same moves in the same order as the main search's
        for both in pairs:
            if go(pm | both, p, waste, wc):
                memo[key] = True
                return True
        rd, dbit, dfield, p2 = self.draw_at[p]
        rw = (wc & 15) - 1  # the waste's top rank (-1: empty waste)
        with_draw, with_top = by_rank[rd], by_rank[rw]
        if with_draw or with_top:
            rest = waste ^ (1 << waste.bit_length() - 1) if waste else 0
            if with_draw and with_top and rd != rw:
                # both kinds: in free-cell order, as the main search tries them
                for i in free:
                    bit = 1 << i
                    if bit in with_draw:
                        if go(pm | bit, p2, waste, wc):
                            memo[key] = True
                            return True
                    elif bit in with_top and go(pm | bit, p, rest, wc >> 4):
                        memo[key] = True
                        return True
            else:
                for bit in with_draw or with_top:
                    if with_draw and go(pm | bit, p2, waste, wc):
                        memo[key] = True
                        return True
                    if with_top and go(pm | bit, p, rest, wc >> 4):
                        memo[key] = True
                        return True
        if rd + rw == 11:
            if go(pm, p2, waste ^ (1 << waste.bit_length() - 1), wc >> 4):
                memo[key] = True
                return True
        res = dbit != 0 and go(pm, p2, waste | dbit, wc << 4 | dfield)
        memo[key] = res
        return res


class _OnePass(DealTables):
    """The whole one-pass game with Kings gone once available, searched with the
    last-pass pruning of the classic verdict search (:mod:`.pyramid`) and the projection
    checks."""

    def __init__(self, deal: PyramidDeal, budget: SearchBudget) -> None:
        kings = [i for i, c in enumerate(deal.pyramid) if c is not None and c >> 2 == KING_INDEX]
        kingless = PyramidDeal(
            [None if i in kings else c for i, c in enumerate(deal.pyramid)], deal.stock, 0
        )
        # a King blocks through its own blockers: it goes the moment it is free
        keep = sum(1 << i for i, c in enumerate(kingless.pyramid) if c is not None)
        direct = blockers(deal.pyramid, keep)
        super().__init__(kingless, direct)
        self.budget = budget
        self.pyramid_kings = sum(1 << i for i in kings)
        self.stock_kings = self.skings
        self.blockers = direct
        self.pcb = [1 << min(r, 11 - r) if 0 <= r < KING_INDEX else 0 for r in self.prank]
        self.scb = [1 << min(r, 11 - r) if r < KING_INDEX else 0 for r in self.srank]
        self.last_of: dict[int, tuple] = {}
        self.memo: dict[int, bool] = {}
        self.projs: list[_Projection] = []
        self.projs_hi: list[_Projection] = []
        self.escalate_at = -1
        self.hi_p = -1
        self.nodes = 0
        self.path: list[tuple] = []
        self.relax_left = -1  # relaxation nodes left in a short try (-1: no limit)
        self.waste_cache: dict[int, int] = {}  # the projections' (:class:`_Deal`)
        self.info: _Deal | None = None

    def free(self, pm: int) -> tuple[int, ...]:
        """Free cells, bottom row first: their blockers are gone (a King is, once free)."""
        hkey = pm >> 14 | (pm & 16383) << 14
        got = self.free_memo.get(hkey)
        if got is None:
            blockers = self.blockers
            got = tuple(
                i
                for i in range(PYRAMID_SIZE - 1, -1, -1)
                if self.present >> i & 1 and not pm >> i & 1 and pm & blockers[i] == blockers[i]
            )
            self.free_memo[hkey] = got
        return got

    def relaxed_search(self, pm: int, cv: int, need: int) -> bool:
        if self.relax_left == 0:
            raise _RelaxCap
        self.relax_left -= 1
        return super().relaxed_search(pm, cv, need)

    def go(self, pm: int, sm: int, p: int, cv: int, wc: int, changed: int = 63) -> bool:
        """Whether the position can be cleared; ``changed``: the rank classes (bits) the move
        here touched (the other projections are as in the parent, which passed them)."""
        if pm == FULL_PYRAMID:
            return True
        waste = ~sm & ((1 << p) - 1)
        dkey = pm | p << 28
        got = self.last_of.get(dkey)
        if got is None:
            pile = (self.full_stock & ~sm) >> p << p
            late = self.late_list(pm, pile)
            got = (self.dead_ranks(pm, sm, p), late, self.prefix_steps(pile) if late else ())
            self.last_of[dkey] = got
        deadmask, late, steps = got
        if waste:
            dead = waste & deadmask
            if dead:
                lost = waste & ((1 << dead.bit_length()) - 1)
                sm |= lost
                cv -= self.buried_cv(lost)
                waste ^= lost
                wc &= (1 << 4 * waste.bit_count()) - 1
                changed = 63
                if not self.relaxed(pm, cv):
                    return False
        key = pm | p << 28 | wc << 33
        memo = self.memo
        known = memo.get(key)
        if known is not None:
            return known
        if late and not (waste and late_walk(late, steps, waste, self.s_unit, self.s_punit)):
            memo[key] = False
            return False
        if not self.projections_ok(self.projs, pm, sm, p, changed) or (
            self.projs_hi
            and p <= self.hi_p
            and not self.projections_ok(self.projs_hi, pm, sm, p, changed)
        ):
            memo[key] = False
            return False
        self.nodes += 1
        if self.nodes == self.escalate_at:
            raise _Escalate
        budget = self.budget
        budget.nodes += 1
        if budget.nodes >= budget.next_check:
            budget.check()
        found = self.expand(pm, sm, p, cv, waste, wc)
        memo[key] = found
        return found

    def projections_ok(
        self, order: list[_Projection], pm: int, sm: int, p: int, changed: int
    ) -> bool:
        """False when some projection is lost (the memos first, the last failing one first)."""
        pending = []
        waste_cache = self.waste_cache
        # a projection's waste is the class cards of this one (its pointer only skips
        # cards of other classes)
        waste = ~sm & ((1 << p) - 1)
        for idx, proj in enumerate(order):
            if not proj.cbits & changed:
                continue
            memo = proj.memo
            if memo is None:
                pending.append((proj,))
                continue
            pres = proj.pres
            qpm = pm & pres
            if qpm == pres:
                continue
            qp = proj.next_at[p]
            qw = waste & proj.spres
            wc = waste_cache.get(qw)
            if wc is None:
                wc = proj.waste_ranks(qw)
            known = memo.get(qpm | qp << 28 | wc << 33)
            if known is None:
                pending.append((proj, qpm, qp, qw, wc))
            elif not known:
                if idx:
                    del order[idx]
                    order.insert(0, proj)
                return False
        for entry in pending:
            proj = entry[0]
            if len(entry) == 1:  # not built yet: project the position now
                proj.build()
                qpm = pm & proj.pres
                if qpm == proj.pres:
                    continue
                qw = waste & proj.spres
                ok = proj.go(qpm, proj.next_at[p], qw, proj.waste_ranks(qw))
            else:
                _, qpm, qp, qw, wc = entry
                ok = proj.go(qpm, qp, qw, wc)
            if not ok:
                order.remove(proj)
                order.insert(0, proj)
                return False
        return True

    def expand(self, pm: int, sm: int, p: int, cv: int, waste: int, wc: int) -> bool:
        """Try the moves of a position (forced pairs alone when there is one)."""
        prank, srank, scv = self.prank, self.srank, self.scv
        ppart, spart = self.ppart, self.spart
        relaxed, go, nxt = self.relaxed, self.go, self.next_index
        path = self.path
        free = self.free(pm)
        d = p if p < self.n else -1
        w = waste.bit_length() - 1
        left_p = self.present & ~pm
        rest = self.full_stock & ~sm
        blockers = self.blockers
        pcb, scb = self.pcb, self.scb
        # forced pairs: a free pyramid card whose one partner left is available
        for i in free:
            opts = ppart[i] & left_p | (spart[i] & rest) << 28
            if opts & (opts - 1):
                continue
            if not opts:
                return False
            y = opts.bit_length() - 1
            if y < 28:
                if pm & blockers[y] != blockers[y]:
                    continue
                pm2 = pm | 1 << i | 1 << y
                if relaxed(pm2, cv) and go(pm2, sm, p, cv, wc, pcb[i]):
                    path.append(("pp", i, y))
                    return True
                return False
            y -= 28
            if y == d:
                pm2, sm2, cv2 = pm | 1 << i, sm | 1 << d, cv - scv[d]
                if relaxed(pm2, cv2) and go(pm2, sm2, nxt(sm2, d + 1), cv2, wc, pcb[i]):
                    path.append(("ps", i, d))
                    return True
                return False
            if y == w:
                pm2, sm2, cv2 = pm | 1 << i, sm | 1 << w, cv - scv[w]
                if relaxed(pm2, cv2) and go(pm2, sm2, p, cv2, wc >> 4, pcb[i]):
                    path.append(("ps", i, w))
                    return True
                return False
        nf = len(free)
        for a in range(nf):
            i = free[a]
            ri = prank[i]
            for b in range(a + 1, nf):
                j = free[b]
                if prank[j] + ri == 11:
                    pm2 = pm | 1 << i | 1 << j
                    if relaxed(pm2, cv) and go(pm2, sm, p, cv, wc, pcb[i]):
                        path.append(("pp", i, j))
                        return True
        rd = srank[d] if d >= 0 else -99
        rw = srank[w] if w >= 0 else -99
        for i in free:
            ri = prank[i]
            if ri + rd == 11:
                pm2, sm2, cv2 = pm | 1 << i, sm | 1 << d, cv - scv[d]
                if relaxed(pm2, cv2) and go(pm2, sm2, nxt(sm2, d + 1), cv2, wc, pcb[i]):
                    path.append(("ps", i, d))
                    return True
            if ri + rw == 11:
                pm2, sm2, cv2 = pm | 1 << i, sm | 1 << w, cv - scv[w]
                if relaxed(pm2, cv2) and go(pm2, sm2, p, cv2, wc >> 4, pcb[i]):
                    path.append(("ps", i, w))
                    return True
        if rd + rw == 11:
            sm2 = sm | 1 << d | 1 << w
            cv2 = cv - scv[d] - scv[w]
            if relaxed(pm, cv2) and go(pm, sm2, nxt(sm2, d + 1), cv2, wc >> 4, scb[d]):
                path.append(("ss", w, d))
                return True
        if d >= 0 and go(pm, sm, nxt(sm, d + 1), cv, wc << 4 | srank[d] + 1, scb[d]):
            path.append(("d", d))
            return True
        return False


def one_pass_search(
    deal: PyramidDeal, start: DealKey, budget: SearchBudget
) -> tuple[bool, list[RawMove]]:
    """Whether the deal's pyramid can be cleared from ``start`` without recycling, and a
    line (raw moves, King removals included) that does it; exact unless out of budget."""
    return finish(one_pass_steps(deal, start, budget))


def one_pass_steps(
    deal: PyramidDeal, start: DealKey, budget: SearchBudget, slice_ms: float | None = None
) -> Steps[tuple[bool, list[RawMove]]]:
    """:func:`one_pass_search` in slices of ``slice_ms`` (see :mod:`.budget`): each
    slice runs the search again from the start, where every memo (the relaxation's,
    the projections', the main search's finished positions) answers what is done."""
    main: _OnePass | None = None

    def attempt() -> tuple[bool, list[RawMove]]:
        nonlocal main
        if main is None:  # its tables are built inside the budget too
            main = _OnePass(deal, budget)
        return _one_pass(main, deal, start)

    def done() -> int:
        if main is None:
            return 0
        projections = sum(len(p.memo or ()) for p in (*main.projs, *main.projs_hi))
        return len(main.memo) + len(main._relaxed) + projections

    return (yield from pausing(budget, slice_ms, attempt, done))


def _one_pass(main: _OnePass, deal: PyramidDeal, start: DealKey) -> tuple[bool, list[RawMove]]:
    """The one-pass search from its start on ``main``'s tables and memos (run again
    after a pause, it repeats only what no memo holds)."""
    pm0, sm0, p0, _ = start
    pm = pm0 | main.pyramid_kings
    sm = sm0 | main.stock_kings
    p = main.next_index(sm, p0)
    cv = main.cv_of(sm)
    wc = rank_code(~sm & ((1 << p) - 1), main.srank)
    main.path = []
    main.relax_left = RELAX_FIRST
    try:
        relaxed: bool | None = main.relaxed(pm, cv)
    except _RelaxCap:
        relaxed = None  # finished below, after the projections had their try
    finally:
        main.relax_left = -1
    if relaxed is False:
        return False, []
    if not main.projs:
        info = _Deal(main)
        main.waste_cache = info.waste_cache
        # classes whose cards lie high in the pyramid first: the likeliest to fail
        # (three in four deals have a lost projection at the start, two in three the first)
        height = [0] * 6
        for i, r in enumerate(main.prank):
            if 0 <= r < KING_INDEX:
                height[min(r, 11 - r)] += 6 - ROW_OF[i]
        sets = sorted(
            itertools.combinations(range(6), LEVEL), key=lambda ks: -sum(height[k] for k in ks)
        )
        main.info = info
        main.projs = [_Projection(info, ks) for ks in sets]
        main.hi_p = p
    if not main.projections_ok(main.projs, pm, sm, p, 63) or (
        relaxed is None and not main.relaxed(pm, cv)
    ):
        return False, []
    if main.escalate_at < 0:
        main.escalate_at = ESCALATE
    try:
        found = main.go(pm, sm, p, cv, wc)
    except _Escalate:
        # a hard deal: add the 4-class projections at the start and search
        # again (the memos keep every finished position)
        main.projs_hi = [
            _Projection(main.info, k) for k in itertools.combinations(range(6), LEVEL + 1)
        ]
        main.path = []
        found = main.go(pm, sm, p, cv, wc)
    if not found:
        return False, []
    return True, _replay(deal, start, list(reversed(main.path)))


def _replay(deal: PyramidDeal, start: DealKey, line: list[tuple]) -> list[RawMove]:
    """The search's line (cells and pile indices, no Kings) as raw moves, with each King
    removed as soon as it is available, checked against the rules move by move."""
    key = start
    out: list[RawMove] = []

    def kings() -> None:
        nonlocal key
        while True:
            move = next((m for m in deal.moves(key) if isinstance(m, RemoveKing)), None)
            if move is None:
                return
            out.append(("k", move.card))
            key = deal.apply(key, move)

    for step in line:
        kings()
        kind = step[0]
        if kind == "pp":
            a, b = deal.pyramid[step[1]], deal.pyramid[step[2]]
        elif kind == "ps":
            a, b = deal.pyramid[step[1]], deal.stock[step[2]]
        elif kind == "ss":
            a, b = deal.stock[step[2]], deal.stock[step[1]]
        if kind == "d":
            move: Draw | RemovePair = Draw()
            out.append(("d",))
        else:
            move = RemovePair(a, b)  # type: ignore[arg-type]
            out.append(("p", a, b))
        why = deal.why_illegal(key, move)
        if why is not None:  # pragma: no cover - would be a solver bug
            raise AssertionError(f"one-pass line: {why}")
        key = deal.apply(key, move)
    kings()
    if not deal.cleared(key):  # pragma: no cover - would be a solver bug
        raise AssertionError("one-pass line does not clear the pyramid")
    return out
