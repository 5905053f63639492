"""One-pass Pyramid verdicts (a Pyramid 13 deal): the last-pass search pruned by
projections.

Most Pyramid 13 deals cannot be cleared in their one pass, so a verdict is mostly a
proof of loss, and the search must run out.  The last-pass search of :mod:`.verdict`
(relaxation, late cards, burying, forced pairs) runs here with one more check at every
position: **rank-class projections** (:mod:`.projection`), small exact games over the
cards of a few rank classes, whose loss proves the position lost.

The search checks the twenty 3-class projections.  A position rechecks only the
projections holding the class its move changed (the parent passed the others), and
the projection that failed last is tried first.  A deal that needs more than
:data:`ESCALATE` positions starts again (the memos stay) with the fifteen 4-class
projections checked at the start as well.

Kings play no part: removing an available King never hurts, so both searches
treat every King as gone the moment it is available (a pyramid card covered by
a King is free once the King's own blockers are gone; a pile King is skipped),
and the winning line gets its King removals back when it is replayed.

At the start a short try of the relaxation comes first (it refutes many deals within
a few nodes), then the projections (which settle most deals there), then the rest of
the relaxation, then the search.
"""

from __future__ import annotations

import itertools

from thirteen.core.moves import Draw, RemoveKing, RemovePair
from thirteen.games.pyramids.bits import KING_INDEX, RawMove, blockers, late_walk, rank_code
from thirteen.games.pyramids.deal import FULL_PYRAMID, PYRAMID_SIZE, ROW_OF, DealKey, PyramidDeal
from thirteen.games.pyramids.deal_tables import DealTables
from thirteen.games.pyramids.projection import Projection, ProjectionTables
from thirteen.search.budget import SearchBudget, Steps, pausing

LEVEL = 3
"""Projection size checked at every position (the twenty 3-class sets)."""

ESCALATE = 1000
"""Main-search positions after which the 4-class projections are added at the start."""

RELAX_FIRST = 6
"""Relaxation nodes tried at the start before the projections: a deal the relaxation
refutes is mostly refuted within a few nodes, for less than any projection costs; one
that passes needs more (a clearing line is 14 pairs deep), and is finished after the
projections, which settle most deals at the start."""


class _RelaxCap(Exception):
    """Stops the first, short try of the relaxation."""


class _Escalate(Exception):
    """Unwinds the main search to add the larger projections."""


class _OnePass(DealTables):
    """The whole one-pass game with Kings gone once available, searched with the
    last-pass pruning of the classic verdict search (:mod:`.verdict`) and the projection
    checks."""

    budget: SearchBudget

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
        self.projs: list[Projection] = []
        self.projs_hi: list[Projection] = []
        self.escalate_at = -1
        self.hi_p = -1
        self.nodes = 0
        self.path: list[tuple] = []
        self.relax_left = -1  # relaxation nodes left in a short try (-1: no limit)
        self.waste_cache: dict[int, int] = {}  # the projections' (:class:`ProjectionTables`)
        self.info: ProjectionTables | None = None

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
        self, order: list[Projection], pm: int, sm: int, p: int, changed: int
    ) -> bool:
        """False when some projection is lost (the memos first, the last failing one first)."""
        pending: list[tuple[Projection] | tuple[Projection, int, int, int, int]] = []
        waste_cache = self.waste_cache
        # a projection's waste is the class cards of this one (its pointer only skips
        # cards of other classes)
        waste = ~sm & ((1 << p) - 1)
        for idx, proj in enumerate(order):
            if not proj.cbits & changed:
                continue
            if not proj.built:
                pending.append((proj,))
                continue
            memo = proj.memo
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


def one_pass_steps(
    deal: PyramidDeal, start: DealKey, budget: SearchBudget, slice_ms: float | None = None
) -> Steps[tuple[bool, list[RawMove]]]:
    """Whether the deal's pyramid can be cleared from ``start`` without recycling, and a
    line (raw moves, King removals included) that does it; exact unless out of budget.
    In slices of ``slice_ms`` (see :mod:`thirteen.search.budget`): each slice runs the
    search again from the start, where every memo (the relaxation's, the projections',
    the main search's finished positions) answers what is done."""
    main: _OnePass | None = None

    def attempt() -> tuple[bool, list[RawMove]]:
        nonlocal main
        if main is None:  # its tables are built inside the budget too
            main = _OnePass(deal, budget)
        return _one_pass(main, deal, start)

    def done() -> int:
        if main is None:
            return 0
        projections = sum(len(p.memo) for p in (*main.projs, *main.projs_hi))
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
        info = ProjectionTables(main)
        main.waste_cache = info.waste_cache
        # classes whose cards lie high in the pyramid first: the likeliest to fail (most
        # deals have a lost projection at the start, and most of those the first tried)
        height = [0] * 6
        for i, r in enumerate(main.prank):
            if 0 <= r < KING_INDEX:
                height[min(r, 11 - r)] += 6 - ROW_OF[i]
        sets = sorted(
            itertools.combinations(range(6), LEVEL), key=lambda ks: -sum(height[k] for k in ks)
        )
        main.info = info
        main.projs = [Projection(info, ks) for ks in sets]
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
        tables = main.info
        assert tables is not None  # made with the 3-class projections
        main.projs_hi = [Projection(tables, k) for k in itertools.combinations(range(6), LEVEL + 1)]
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
            move = RemovePair(a, b)
            out.append(("p", a, b))
        why = deal.why_illegal(key, move)
        if why is not None:  # pragma: no cover - would be a solver bug
            raise AssertionError(f"one-pass line: {why}")
        key = deal.apply(key, move)
    kings()
    if not deal.cleared(key):  # pragma: no cover - would be a solver bug
        raise AssertionError("one-pass line does not clear the pyramid")
    return out
