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
4.4-5.1 ms -> 1.6 ms, 95th percentile 97-117 ms -> 29 ms, positions of the main
search 298k -> 8k (docs/performance.md has the figures).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from ..moves import Draw, RemoveKing, RemovePair
from ..pyramid import FULL_PYRAMID, PYRAMID_SIZE, ROW_OF, DealKey, PyramidDeal
from .pyramid import (
    KING_INDEX,
    RANK_GUARD,
    RawMove,
    _Budget,
    _Tables,
    blockers,
    cones,
    late_walk,
    prefix_steps,
)

LEVEL = 3
"""Projection size checked at every position (the twenty 3-class sets)."""

ESCALATE = 1000
"""Main-search positions after which the 4-class projections are added at the start."""

RELAX_FIRST = 6
"""Relaxation nodes tried at the start before the projections: the relaxation refutes
a third of all deals, half of them within six nodes, for less than any projection
costs; one that passes needs about 20 (a clearing line is 14 pairs deep), and is
finished after the projections, which settle three in four deals at the start."""


class _RelaxCap(Exception):
    """Stops the first, short try of the relaxation."""


class _Escalate(Exception):
    """Unwinds the main search to add the larger projections."""


class _Deal:
    """Tables of one deal shared by every projection, taken from the main search's
    :class:`_Tables` (Kings count nowhere there), plus the per-class pieces."""

    def __init__(self, tables: _Tables) -> None:
        self.n, self.budget = tables.n, tables.budget
        self.prank, self.srank = tables.prank, tables.srank
        self.s_unit, self.s_punit = tables.s_unit, tables.s_punit
        self.p_unit, self.p_punit = tables.p_unit, tables.p_punit
        self.ppair, self.spart = tables.ppart, tables.spart
        # a projection's cells are free once the class cards of these cones are gone
        # (the same as stopping at class cards, since a card is only ever gone
        # after its own blockers; a text position's removed cells are empty cells)
        self.cones, self.under = tables.cone, tables.under
        prm, srm = tables.prmask[:KING_INDEX], tables.srmask[:KING_INDEX]
        self.prm = prm
        self.class_cells = tables.class_cells  # pyramid cells per rank class
        self.cmask = tables.class_mask
        self.smask = [srm[k] | srm[11 - k] for k in range(6)]  # pile indices per class
        self.class_ranks = [((k, srm[k]), (11 - k, srm[11 - k])) for k in range(6)]
        # per class and pointer: the class's stock cards whose partner rank is still in the pile
        self.pile_partnered = []
        for k in range(6):
            row = []
            for p in range(self.n + 1):
                ok = 0
                for r in (k, 11 - k):
                    if srm[11 - r] >> p:
                        ok |= srm[r]
                row.append(ok)
            self.pile_partnered.append(row)
        self._units: tuple[tuple[list[int], ...], tuple[list[int], ...]] | None = None

    def units(self) -> tuple[tuple[list[int], ...], tuple[list[int], ...]]:
        """Rank vectors of any set of pyramid cells, by 4-cell chunks: own ranks, partner ranks."""
        if self._units is None:
            both = []
            for units in (self.p_unit, self.p_punit):
                out = []
                for c in range(7):
                    t = [0] * 16
                    for m in range(1, 16):
                        low = m & -m
                        t[m] = t[m ^ low] + units[4 * c + low.bit_length() - 1]
                    out.append(t)
                both.append(tuple(out))
            self._units = (both[0], both[1])
        return self._units


def _vector(tables: tuple[list[int], ...], m: int) -> int:
    """The rank vector of the cells in ``m``, from :meth:`_Deal.units` chunk tables."""
    t0, t1, t2, t3, t4, t5, t6 = tables
    return (
        t0[m & 15]
        + t1[m >> 4 & 15]
        + t2[m >> 8 & 15]
        + t3[m >> 12 & 15]
        + t4[m >> 16 & 15]
        + t5[m >> 20 & 15]
        + t6[m >> 24]
    )


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
        self.cells = sorted(itertools.chain(*(info.class_cells[k] for k in classes)), reverse=True)
        self.ppair, self.spart = info.ppair, info.spart
        self.s_unit, self.s_punit = info.s_unit, info.s_punit
        self.prm = [m & pres for m in info.prm]
        self.ranks = tuple(itertools.chain(*(info.class_ranks[k] for k in classes)))
        rows = [info.pile_partnered[k] for k in classes]
        acc = rows[0]
        for row in rows[1:]:
            acc = [x | y for x, y in zip(acc, row, strict=True)]
        self.partnered_at = acc
        self.pile_at = [spres >> p << p for p in range(n + 1)]
        # the first class card at or after each pointer (one more entry past the end)
        self.next_at = [(m & -m).bit_length() - 1 if m else n for m in self.pile_at] + [n]
        self.steps_at: list[tuple | None] = [None] * (n + 1)
        self.memo = {}
        self._pm: dict[int, tuple] = {}
        self.nodes = 0

    def pm_info(self, pm: int) -> tuple:
        """Per pyramid mask: free cells, needy-card entries, stock cards with a pyramid partner."""
        left = self.pres & ~pm
        blockers = self.blockers
        free = tuple(i for i in self.cells if left >> i & 1 and pm & blockers[i] == blockers[i])
        partnered = 0
        for r, stock in self.ranks:
            if left & self.prm[11 - r]:
                partnered |= stock
        ppair, spart, spres, under = self.ppair, self.spart, self.spres, self.info.under
        needy = []
        own = partner = None
        for x in self.cells:
            if left >> x & 1 and not ppair[x] & left:
                if own is None:
                    own, partner = self.info.units()
                req_p = _vector(own, self.blockers[x] & left)
                part_p = _vector(partner, left & ~(1 << x) & ~under[x])
                needy.append((spart[x] & spres, RANK_GUARD + part_p - req_p, RANK_GUARD + part_p))
        got = (free, tuple(needy), partnered)
        self._pm[pm] = got
        return got

    def steps(self, p: int) -> tuple:
        got = self.steps_at[p]
        if got is None:
            got = prefix_steps(self.pile_at[p], self.s_unit, self.s_punit)
            self.steps_at[p] = got
        return got

    def waste_ranks(self, waste: int) -> int:
        """The ranks of a waste (bit mask of pile indices), four bits a card, top card lowest."""
        wc = 0
        srank = self.srank
        while waste:
            low = waste & -waste
            waste ^= low
            wc = wc << 4 | srank[low.bit_length() - 1] + 1
        return wc

    def go(self, pm: int, p: int, waste: int, wc: int) -> bool:
        """Whether this projection can be cleared from (pm, p, waste); wc: the waste's ranks."""
        if pm == self.pres:
            return True
        got = self._pm.get(pm)
        if got is None:
            got = self.pm_info(pm)
        free, needy, partnered = got
        dead = waste & ~partnered & ~self.partnered_at[p]
        if dead:
            # a waste card with no partner left buries everything under it
            waste &= ~((1 << dead.bit_length()) - 1)
            wc &= (1 << 4 * waste.bit_count()) - 1
        key = pm | p << 28 | wc << 33  # waste cards of one rank are interchangeable
        memo = self.memo
        known = memo.get(key)
        if known is not None:
            return known
        if needy:
            pile = self.pile_at[p]
            late = [e for e in needy if not e[0] & pile]
            if late and not (
                waste and late_walk(late, self.steps(p), waste, self.s_unit, self.s_punit)
            ):
                memo[key] = False
                return False
        self.nodes += 1
        budget = self.budget
        budget.nodes += 1
        if budget.nodes >= budget.next_check:
            budget.check()
        n = self.n
        prank, srank, ppair = self.prank, self.srank, self.ppair
        go = self.go
        d = p if p < n else -1
        w = waste.bit_length() - 1
        p2 = self.next_at[d + 1] if d >= 0 else n
        res = False
        nf = len(free)
        for a in range(nf):
            i = free[a]
            pi = ppair[i]
            if pi:
                for b in range(a + 1, nf):
                    j = free[b]
                    if pi >> j & 1 and go(pm | 1 << i | 1 << j, p, waste, wc):
                        res = True
                        break
                if res:
                    break
        if not res:
            rd = srank[d] if d >= 0 else -99
            rw = srank[w] if w >= 0 else -99
            for i in free:
                ri = prank[i]
                if ri + rd == 11 and go(pm | 1 << i, p2, waste, wc):
                    res = True
                    break
                if ri + rw == 11 and go(pm | 1 << i, p, waste ^ (1 << w), wc >> 4):
                    res = True
                    break
            if not res and rd + rw == 11:
                res = go(pm, p2, waste ^ (1 << w), wc >> 4)
            if not res and d >= 0:
                res = go(pm, p2, waste | 1 << d, wc << 4 | srank[d] + 1)
        memo[key] = res
        return res


class _OnePass(_Tables):
    """The whole one-pass game with Kings gone once available, searched with the
    last-pass pruning of :func:`.pyramid._verdict_search` and the projection checks."""

    def __init__(self, deal: PyramidDeal, budget: _Budget) -> None:
        kings = [i for i, c in enumerate(deal.pyramid) if c is not None and c >> 2 == KING_INDEX]
        kingless = PyramidDeal(
            [None if i in kings else c for i, c in enumerate(deal.pyramid)], deal.stock, 0
        )
        # a King blocks through its own blockers: it goes the moment it is free
        keep = sum(1 << i for i, c in enumerate(kingless.pyramid) if c is not None)
        direct = blockers(deal.pyramid, keep)
        super().__init__(kingless, cones(direct))
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

    def free(self, pm: int) -> tuple[int, ...]:
        """Free cells, bottom row first: their blockers are gone (a King is, once free)."""
        hkey = pm >> 14 | (pm & 16383) << 14
        got = self._free.get(hkey)
        if got is None:
            blockers = self.blockers
            got = tuple(
                i
                for i in range(PYRAMID_SIZE - 1, -1, -1)
                if self.present >> i & 1 and not pm >> i & 1 and pm & blockers[i] == blockers[i]
            )
            self._free[hkey] = got
        return got

    def _relaxed_search(self, pm: int, cv: int, need: int) -> bool:
        if self.relax_left == 0:
            raise _RelaxCap
        self.relax_left -= 1
        return super()._relaxed_search(pm, cv, need)

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
        for idx, proj in enumerate(order):
            if not proj.cbits & changed:
                continue
            if proj.memo is None:
                proj.build()
            qpm = pm & proj.pres
            if qpm == proj.pres:
                continue
            qp = proj.next_at[p]
            qw = ~sm & proj.spres & ((1 << qp) - 1)
            wc = proj.waste_ranks(qw)
            known = proj.memo.get(qpm | qp << 28 | wc << 33)
            if known is None:
                pending.append((proj, qpm, qp, qw, wc))
            elif not known:
                if idx:
                    del order[idx]
                    order.insert(0, proj)
                return False
        for proj, qpm, qp, qw, wc in pending:
            if not proj.go(qpm, qp, qw, wc):
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
    deal: PyramidDeal, start: DealKey, budget: _Budget
) -> tuple[bool, list[RawMove]]:
    """Whether the deal's pyramid can be cleared from ``start`` without recycling, and a
    line (raw moves, King removals included) that does it; exact unless out of budget."""
    main = _OnePass(deal, budget)
    pm0, sm0, p0, _ = start
    pm = pm0 | main.pyramid_kings
    sm = sm0 | main.stock_kings
    p = main.next_index(sm, p0)
    cv = main.cv_of(sm)
    wc = 0
    for j in range(p):
        if not sm >> j & 1:
            wc = wc << 4 | main.srank[j] + 1
    main.relax_left = RELAX_FIRST
    try:
        relaxed: bool | None = main.relaxed(pm, cv)
    except _RelaxCap:
        relaxed = None  # finished below, after the projections had their try
    main.relax_left = -1
    if relaxed is False:
        return False, []
    info = _Deal(main)
    # classes whose cards lie high in the pyramid first: the likeliest to fail
    # (three in four deals have a lost projection at the start, two in three the first)
    height = [0] * 6
    for i, r in enumerate(main.prank):
        if 0 <= r < KING_INDEX:
            height[min(r, 11 - r)] += 6 - ROW_OF[i]
    sets = sorted(
        itertools.combinations(range(6), LEVEL), key=lambda ks: -sum(height[k] for k in ks)
    )
    main.projs = [_Projection(info, ks) for ks in sets]
    main.hi_p = p
    if not main.projections_ok(main.projs, pm, sm, p, 63) or (
        relaxed is None and not main.relaxed(pm, cv)
    ):
        return False, []
    main.escalate_at = ESCALATE
    try:
        found = main.go(pm, sm, p, cv, wc)
    except _Escalate:
        # a hard deal: add the 4-class projections at the start and search
        # again (the memos keep every finished position)
        main.projs_hi = [_Projection(info, k) for k in itertools.combinations(range(6), LEVEL + 1)]
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
