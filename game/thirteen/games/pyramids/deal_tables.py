"""One deal's tables, which every Pyramid search looks up per node.

A search walks a deal's position as plain integers over :class:`DealTables`, built
once per deal (see :mod:`.verdict` for the position's parts and the pruning the
tables' checks serve); the search's :class:`~thirteen.search.budget.SearchBudget`
counts its nodes and watches the clock.  The one-pass search (:mod:`.onepass`)
subclasses the tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from thirteen.core.cards import DECK_SIZE
from thirteen.games.pyramids.bits import (
    KING_INDEX,
    RANK_GUARD,
    blockers,
    cones,
    late_walk,
    prefix_steps,
    unders,
)
from thirteen.games.pyramids.deal import COVER, FULL_PYRAMID, PYRAMID_SIZE, DealKey, PyramidDeal
from thirteen.search.budget import SearchBudget


class DealTables:
    """Everything about one deal's cards that the searches look up per node."""

    def __init__(self, deal: PyramidDeal, direct: Sequence[int] | None = None) -> None:
        """``direct``: per cell, the cards that block it one level down (:func:`blockers`;
        default: every card still there blocks; :mod:`.onepass` passes blockers that
        see through Kings)."""
        self.deal = deal
        pyr = deal.pyramid
        stock = deal.stock
        n = len(stock)
        self.n = n
        self.full_stock = (1 << n) - 1
        self.pcard = pyr
        self.scard = stock
        # rank index (card >> 2, King 12) of pyramid cells, -1 for an empty cell
        self.prank = [-1 if c is None else c >> 2 for c in pyr]
        self.srank = [c >> 2 for c in stock]
        present = 0
        for i, c in enumerate(pyr):
            if c is not None:
                present |= 1 << i
        self.present = present
        if direct is None:
            direct = blockers(pyr, present)
        self.cone = cones(direct)
        self.under = unders(direct)
        # cells and pile indices per rank index (King 12)
        self.prmask = [0] * 13
        self.srmask = [0] * 13
        for i, r in enumerate(self.prank):
            if r >= 0:
                self.prmask[r] |= 1 << i
        for j, s in enumerate(self.srank):
            self.srmask[s] |= 1 << j
        # partners that can ever meet each pyramid card: the complementary rank,
        # except cards that cover it or that it covers (never free together)
        self.ppart = [0] * PYRAMID_SIZE
        self.spart = [0] * PYRAMID_SIZE
        for i, r in enumerate(self.prank):
            if 0 <= r < KING_INDEX:
                self.ppart[i] = self.prmask[11 - r] & ~self.cone[i] & ~self.under[i]
                self.spart[i] = self.srmask[11 - r]
        # per rank class (min(r, 11 - r) for r < 12): its non-King pyramid cells
        self.class_cells: list[tuple[int, ...]] = [() for _ in range(6)]
        for i, r in enumerate(self.prank):
            if 0 <= r < KING_INDEX:
                k = min(r, 11 - r)
                self.class_cells[k] = (*self.class_cells[k], i)
        self.pking = self.prmask[KING_INDEX]
        self.skings = self.srmask[KING_INDEX]
        self.class_mask = [sum(1 << i for i in cells) for cells in self.class_cells]
        self.scv = [1 << 3 * r for r in self.srank]
        # :meth:`free` by rotated pyramid mask (a subclass that frees cells its own way
        # fills it too)
        self.free_memo: dict[int, tuple[int, ...]] = {}
        self._relaxed: dict[int, bool] = {}
        self._need: dict[int, int] = {}
        self._needy: dict[int, tuple[int, ...]] = {}
        self._late: dict[int, tuple[tuple[int, int, int], ...]] = {}
        self._steps: dict[int, tuple[tuple[int, int], ...]] = {}
        # rank count units (fields of RANK_GUARD): a card's own rank, and at the
        # field of the rank it pairs with; Kings and empty cells count nowhere
        self.s_unit = [0 if s == KING_INDEX else 1 << 4 * s for s in self.srank]
        self.s_punit = [0 if s == KING_INDEX else 1 << 4 * (11 - s) for s in self.srank]
        self.p_unit = [0 if r < 0 or r == KING_INDEX else 1 << 4 * r for r in self.prank]
        self.p_punit = [0 if r < 0 or r == KING_INDEX else 1 << 4 * (11 - r) for r in self.prank]
        self.budget: SearchBudget | None = None

    # -- per-position helpers ------------------------------------------------
    def free(self, pm: int) -> tuple[int, ...]:
        """Free pyramid cells of a removed-mask, bottom row first (they free the most)."""
        hkey = pm >> 14 | (pm & 16383) << 14
        got = self.free_memo.get(hkey)
        if got is None:
            got = tuple(
                i
                for i in range(PYRAMID_SIZE - 1, -1, -1)
                if not pm >> i & 1 and pm & COVER[i] == COVER[i]
            )
            self.free_memo[hkey] = got
        return got

    def next_index(self, sm: int, p: int) -> int:
        """The first remaining draw-pile index at or after ``p`` (the pile size if none)."""
        hi = (self.full_stock & ~sm) >> p
        if not hi:
            return self.n
        return p + (hi & -hi).bit_length() - 1

    def normalise(self, key: DealKey) -> tuple[int, int, int, int]:
        pm, sm, p, u = key
        return pm, sm, self.next_index(sm, p), u

    def cv_of(self, sm: int) -> int:
        """Remaining draw-pile cards as rank counts packed three bits per rank."""
        cv = 0
        for j, unit in enumerate(self.scv):
            if not sm >> j & 1:
                cv += unit
        return cv

    def dead_ranks(self, pm: int, sm: int, p: int) -> int:
        """Last pass: draw-pile cards of ranks with no partner left in the pyramid or pile."""
        left_p = self.present & ~pm
        draw_left = (self.full_stock & ~sm) >> p << p
        srmask, prmask = self.srmask, self.prmask
        dead = 0
        for r in range(12):
            if not (left_p & prmask[11 - r] or draw_left & srmask[11 - r]):
                dead |= srmask[r]
        return dead

    def buried_cv(self, lost: int) -> int:
        cv = 0
        while lost:
            low = lost & -lost
            lost ^= low
            cv += self.scv[low.bit_length() - 1]
        return cv

    def needy(self, pm: int) -> tuple[int, ...]:
        """Remaining non-King pyramid cards with no pyramid partner left (only stock ones)."""
        hkey = pm >> 14 | (pm & 16383) << 14
        got = self._needy.get(hkey)
        if got is None:
            left = self.present & ~pm & ~self.pking
            got = tuple(
                x for x in range(PYRAMID_SIZE) if left >> x & 1 and not self.ppart[x] & left
            )
            self._needy[hkey] = got
        return got

    def late_info(self, pm: int) -> tuple[tuple[int, int, int], ...]:
        """Per needy card: its stock partners and two rank count vectors, for the late-card
        check (:meth:`late_list`, :meth:`late_walk`).

        The check, in the last pass: take a pyramid card ``x`` with no pyramid partner
        left and none in the draw pile.  It goes with a waste card ``j`` of the partner
        rank, on top of the waste at that moment T (no recycle is left, so ``j`` never
        becomes the draw card).  By T, three sets of cards must be gone: ``x``'s whole
        cone (``x`` is free), every waste card above ``j``, and every draw-pile card
        drawn by T (a prefix of the pile; drawn and still there, it would lie on ``j``).
        Each of those, Kings aside, went in a pair whose other card also left before T,
        so it is one of: a pyramid card other than ``x`` and the cards it covers (those
        are free only after ``x``), a waste card above ``j`` (the cards under ``j`` are
        buried until T) or a drawn pile card; and two waste cards never pair (only the
        top is ever available).  So per rank ``r`` the cards that must go need distinct
        partners of rank ``11 - r`` among those.  Hall's condition for that, with which
        pyramid cards cover which ignored, is two counts: all of them against all
        partners, and the waste cards alone against pyramid and pile partners.  ``x`` is
        fine if some ``j`` and some prefix pass; the counts are rank vectors compared all
        at once (:data:`~.bits.RANK_GUARD`).  The apex is the extreme case: everything
        else must go first.  A needy card that fails proves the position lost.

        The vectors, fields per rank ``r`` biased by 8: partners of rank ``11 - r``
        among the pyramid cards that may go before it (all but itself and the cards it
        covers) minus the rank-``r`` cards of its cone (which must go before it); and
        the same partners alone.
        """
        hkey = pm >> 14 | (pm & 16383) << 14
        got = self._late.get(hkey)
        if got is None:
            left = self.present & ~pm
            pru, ppu = self.p_unit, self.p_punit
            out = []
            for x in self.needy(pm):
                cone = self.cone[x] & left
                avail = left & ~(1 << x) & ~self.under[x]
                req_p = part_p = 0
                while cone:
                    b = cone.bit_length() - 1
                    cone ^= 1 << b
                    req_p += pru[b]
                while avail:
                    b = avail.bit_length() - 1
                    avail ^= 1 << b
                    part_p += ppu[b]
                out.append((self.spart[x], RANK_GUARD + part_p - req_p, RANK_GUARD + part_p))
            got = tuple(out)
            self._late[hkey] = got
        return got

    def prefix_steps(self, pile: int) -> tuple[tuple[int, int], ...]:
        """Per prefix of the draw pile left (empty first): partner, partner minus own vectors."""
        got = self._steps.get(pile)
        if got is None:
            got = prefix_steps(pile, self.s_unit, self.s_punit)
            self._steps[pile] = got
        return got

    def late_list(self, pm: int, pile: int) -> tuple[tuple[int, int, int], ...]:
        """The :meth:`late_info` entries with no partner left in the draw pile."""
        return tuple(e for e in self.late_info(pm) if not e[0] & pile)

    def late_walk(
        self,
        late: tuple[tuple[int, int, int], ...],
        steps: tuple[tuple[int, int], ...],
        waste: int,
    ) -> bool:
        """The late-card check (:meth:`late_info`) for the needy cards ``late`` of
        :meth:`late_list` against a non-empty waste (bit mask); False proves the position
        lost."""
        return late_walk(late, steps, waste, self.s_unit, self.s_punit)

    def class_ok(self, k: int, pm: int, cv: int) -> bool:
        """Whether the remaining pyramid cards of rank class ``k`` can all still find partners.

        Partners of one card have the other rank, so the two ranks are two sides
        of a bipartite graph; by Mendelsohn-Dulmage both sides' pyramid cards
        can be covered at once iff each side can be matched on its own, and for
        at most four cards per side Hall's condition is checked directly (every
        card of one side may take any remaining draw-pile card of the other rank).
        """
        live = ~pm
        ppart = self.ppart
        for rank_index in (k, 11 - k):
            stock = cv >> 3 * (11 - rank_index) & 7
            cells = self.prmask[rank_index] & live
            m = cells.bit_count()
            if m <= stock:
                continue
            # the union of partners of every subset of these cards, built from
            # the same subset without its newest member
            unions = [0] * (1 << m)
            t = 0
            while cells:
                low = cells & -cells
                cells ^= low
                opts = ppart[low.bit_length() - 1] & live
                step = 1 << t
                for sub in range(step):
                    union = unions[sub] | opts
                    unions[sub | step] = union
                    if union.bit_count() + stock <= (sub | step).bit_count() - 1:
                        return False
                t += 1
        return True

    def relaxed(self, pm: int, cv: int) -> bool:
        """Could the pyramid be cleared if every remaining draw-pile card were always at hand?

        A relaxation of the real game (the order of the draw pile and waste is
        ignored), so ``False`` proves a position lost.  It depends only on the
        pyramid mask and the remaining draw-pile ranks, so one memo serves the
        whole solve; this is what proves most lost deals at once.
        """
        key = (pm >> 14 | (pm & 16383) << 14) | cv << 28
        memo = self._relaxed
        got = memo.get(key)
        if got is not None:
            return got
        # draw-pile cards beyond what the remaining pyramid cards could use are
        # idle in the relaxation: cap each rank's count so such positions share a key
        need = self.need(pm)
        capped = 0
        for s in range(12):
            shift = 3 * s
            have = cv >> shift & 7
            want = need >> shift & 7
            capped |= (have if have < want else want) << shift
        ckey = (key & FULL_PYRAMID) | capped << 28
        got = memo.get(ckey)
        if got is None:
            got = self.relaxed_search(pm, capped, need)
            memo[ckey] = got
        memo[key] = got
        return got

    def need(self, pm: int) -> int:
        """Per draw-pile rank (packed like ``cv``): remaining pyramid cards that could use it."""
        hkey = pm >> 14 | (pm & 16383) << 14
        got = self._need.get(hkey)
        if got is None:
            got = 0
            left = self.present & ~pm
            for r, cells in enumerate(self.prmask[:KING_INDEX]):
                if cells & left:
                    got += (cells & left).bit_count() << 3 * (11 - r)
            self._need[hkey] = got
        return got

    def relaxed_search(self, pm: int, cv: int, need: int) -> bool:
        """The relaxation's own search, from a capped ``cv`` (see :meth:`relaxed`); the
        one-pass search overrides it to cap its first, short try."""
        if pm == FULL_PYRAMID:
            return True
        budget = self.budget
        if budget is not None:
            budget.nodes += 1
            if budget.nodes >= budget.next_check:
                budget.check()
        free = self.free(pm)
        prank = self.prank
        relaxed = self.relaxed
        for i in free:
            ri = prank[i]
            if ri == KING_INDEX:
                return relaxed(pm | 1 << i, cv)
            # a saturated rank class (enough draw-pile partners for every pyramid
            # card of both ranks) needs no pyramid pairs: taking a card with a
            # draw-pile card at once is as good as anything
            s1 = 3 * (11 - ri)
            s2 = 3 * ri
            if cv >> s1 & 7 == need >> s1 & 7 and cv >> s2 & 7 == need >> s2 & 7:
                return relaxed(pm | 1 << i, cv - (1 << s1))
        left = self.present & ~pm & ~self.pking
        for k in range(6):
            if left & self.class_mask[k] and not self.class_ok(k, pm, cv):
                return False
        nf = len(free)
        for a in range(nf):
            i = free[a]
            ri = prank[i]
            for b in range(a + 1, nf):
                j = free[b]
                if prank[j] + ri == 11 and relaxed(pm | 1 << i | 1 << j, cv):
                    return True
            unit = 1 << 3 * (11 - ri)
            if cv >> 3 * (11 - ri) & 7 and relaxed(pm | 1 << i, cv - unit):
                return True
        return False

    def removed_count(self, pm: int, sm: int) -> int:
        """Cards gone from this deal, counting from the full 52 it was dealt from."""
        left = (self.present & ~pm).bit_count() + (self.full_stock & ~sm).bit_count()
        return DECK_SIZE - left
