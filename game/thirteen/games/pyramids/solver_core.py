"""What every Pyramid search shares: one deal's tables, the search budget, bit tricks.

A search walks a deal's position as plain integers over :class:`DealTables`, built
once per deal (see :mod:`.pyramid` for the position's parts and the pruning the
tables' checks serve); :class:`~.budget.SearchBudget` counts its nodes and watches the clock.
The one-pass search (:mod:`.onepass`) subclasses the tables, and its projections
reuse the bit tricks (:func:`blockers`, :func:`rank_code`, :func:`late_walk`).

Imports: the engine and :mod:`.budget` (the budget and its slices); :mod:`.pyramid` and
:mod:`.onepass` build on this module, never the other way.
"""

from __future__ import annotations

from collections.abc import Sequence

from thirteen.core.cards import DECK_SIZE, Card
from thirteen.games.pyramids.rules import COVER, FULL_PYRAMID, PYRAMID_SIZE, DealKey, PyramidDeal
from thirteen.search.budget import SearchBudget

KING_INDEX = 12
"""``card >> 2`` of a King; two non-King cards pair when their indices add to 11."""

RawMove = tuple
"""Moves inside the search: ("k", card), ("p", a, b), ("d",), ("r",)."""


def blockers(pyramid: Sequence[Card | None], keep: int) -> list[int]:
    """Per cell: the cells of ``keep`` that must be gone before it is free, one level down.

    A cell's covers block it; a cover outside ``keep`` that holds a card (a King
    a search treats as gone once free, or a card of another class in a
    projection) blocks through its own blockers; an empty cell blocks nothing
    (a position text may leave a hole under cards that are still there).
    """
    out = [0] * PYRAMID_SIZE
    for i in range(PYRAMID_SIZE - 1, -1, -1):  # covers (higher indices) first
        todo = COVER[i]
        got = 0
        while todo:
            low = todo & -todo
            todo ^= low
            c = low.bit_length() - 1
            if keep & low:
                got |= low
            elif pyramid[c] is not None:
                got |= out[c]
        out[i] = got
    return out


def cones(direct: Sequence[int]) -> list[int]:
    """Per cell: every cell that must be gone before it is free, at any depth, from the
    one-level :func:`blockers` (holes block nothing)."""
    out = [0] * PYRAMID_SIZE
    for i in range(PYRAMID_SIZE - 1, -1, -1):
        acc = m = direct[i]
        while m:
            low = m & -m
            m ^= low
            acc |= out[low.bit_length() - 1]
        out[i] = acc
    return out


def unders(direct: Sequence[int]) -> list[int]:
    """Per cell: the cells it blocks, at any depth (the inverse of :func:`cones`), from the
    one-level :func:`blockers`: a cell blocks what it blocks directly and all they block."""
    out = [0] * PYRAMID_SIZE
    for j in range(PYRAMID_SIZE):  # cells above first: their sets are complete
        acc = out[j] | 1 << j
        m = direct[j]
        while m:
            low = m & -m
            m ^= low
            out[low.bit_length() - 1] |= acc
    return out


SUBSETS = tuple(
    tuple(
        tuple(t for t in range(m) if sub >> t & 1)
        for sub in range(1, (1 << m) - 1)
        if sub & (sub - 1)
    )
    for m in range(9)
)
"""Per size m: the subsets of range(m) with at least two and fewer than m members (Hall checks)."""

RANK_GUARD = sum(8 << 4 * r for r in range(12))
"""Rank count vectors (:meth:`DealTables.late_ok`) hold four bits per non-King rank, biased by 8.

A field is ``8 + partners - needs`` with both counts at most 4 (a rank has
four cards), so it stays within 4..12 and never borrows from its neighbour;
its top bit is set exactly when ``partners >= needs``.
"""


def rank_code(cards: int, srank: Sequence[int]) -> int:
    """The ranks of the draw-pile cards in a bit mask, four bits a card (rank + 1), the
    highest index in the lowest bits: a waste with its top card lowest, the key by
    which positions whose wastes differ only in suits are one."""
    code = 0
    while cards:
        low = cards & -cards
        cards ^= low
        code = code << 4 | srank[low.bit_length() - 1] + 1
    return code


def prefix_steps(pile: int, s_unit: Sequence[int], s_punit: Sequence[int]) -> tuple:
    """Per prefix of a draw pile (bit mask, drawn from the low bits; empty prefix first):
    the partner vector of the cards drawn, and that minus their own vector
    (:data:`RANK_GUARD` fields; ``s_unit``/``s_punit`` give each card's units)."""
    da = db = 0
    out = [(0, 0)]
    while pile:
        q = (pile & -pile).bit_length() - 1
        pile ^= 1 << q
        da += s_punit[q]
        db += s_punit[q] - s_unit[q]
        out.append((da, db))
    return tuple(out)


def late_walk(
    late: Sequence[tuple[int, int, int]],
    steps: Sequence[tuple[int, int]],
    waste: int,
    s_unit: Sequence[int],
    s_punit: Sequence[int],
) -> bool:
    """The late-card check (:meth:`DealTables.late_ok`) for needy-card entries ``late``
    (stock partners, two base vectors) against a waste (bit mask, top card highest)."""
    guard = RANK_GUARD
    for part, base_b0, base_a0 in late:
        ow = part & waste
        if not ow:
            return False
        # walk the waste from the top: cards above a partner j must all go first
        req_w = part_w = 0
        a = waste
        good = False
        while a:
            b = a.bit_length() - 1
            a ^= 1 << b
            if ow >> b & 1:
                base_a = base_a0 - req_w
                base_b = base_b0 + part_w - req_w
                for da, db in steps:
                    if (base_a + da) & guard == guard and (base_b + db) & guard == guard:
                        good = True
                        break
                if good:
                    break
                ow ^= 1 << b
                if not ow:
                    break
            req_w += s_unit[b]
            part_w += s_punit[b]
        if not good:
            return False
    return True


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
        # stock cards' partners: pyramid cells and stock cards of the complementary rank
        self.s_ppart = [0 if s == KING_INDEX else self.prmask[11 - s] for s in self.srank]
        self.s_spart = [0 if s == KING_INDEX else self.srmask[11 - s] for s in self.srank]
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
        self._h: dict[int, int] = {}
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

    def bury(self, pm: int, sm: int, p: int, cv: int) -> tuple[int, int]:
        """Last pass: count the waste cards under a never-removable one as gone.

        Such a waste card can take part in no move, so the position plays
        exactly like one where it and everything under it had left: marking
        them gone in ``sm`` (and ``cv``) merges those positions in the
        transposition table and lets the relaxation see the lost partners.
        Only the verdict searches use this; a points count must not.
        """
        waste = ~sm & ((1 << p) - 1)
        if not waste:
            return sm, cv
        dead = waste & self.dead_ranks(pm, sm, p)
        if not dead:
            return sm, cv
        lost = waste & ((1 << dead.bit_length()) - 1)
        return sm | lost, cv - self.buried_cv(lost)

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

    def stack_ok(self, pm: int, sm: int, p: int) -> bool:
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
        left_p = self.present & ~pm
        below = (1 << p) - 1
        rest = self.full_stock & ~sm
        waste = rest & below
        pile = rest & ~below
        spart = self.spart
        lowest = DECK_SIZE
        forcers: list[tuple[int, int]] = []  # (highest waste partner, needy card)
        for x in self.needy(pm):
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
        forced = waste >> (lowest + 1) << (lowest + 1) & ~self.skings
        if not forced:
            return True
        forcers.sort()
        nf = len(forcers)
        s_ppart, s_spart, srank = self.s_ppart, self.s_spart, self.srank
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
                cut &= ~self.under[forcers[k][1]]
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
        ppart, prmask = self.ppart, self.prmask
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

    def late_info(self, pm: int) -> tuple[tuple[int, int, int], ...]:
        """Per needy card (see :meth:`late_ok`): its stock partners and two rank count vectors.

        The vectors, fields per rank ``r`` biased by 8: partners of rank
        ``11 - r`` among the pyramid cards that may go before it (all but
        itself and the cards it covers) minus the rank-``r`` cards of its
        cone (which must go before it); and the same partners alone.
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

    def late_ok(self, pm: int, sm: int, p: int) -> bool:
        """Last pass: can every needy card whose partners are all in the waste be reached in time?

        ``False`` proves the position lost.  Take a pyramid card ``x`` with no
        pyramid partner left and none in the draw pile: it goes with a waste
        card ``j`` of the partner rank, on top of the waste at that moment T
        (no recycle is left, so ``j`` never becomes the draw card).  By T,
        three sets of cards must be gone: ``x``'s whole cone (``x`` is free),
        every waste card above ``j``, and every draw-pile card drawn by T (a
        prefix of the pile; drawn and still there, it would lie on ``j``).
        Each of those, Kings aside, went in a pair whose other card also left
        before T, so it is one of: a pyramid card other than ``x`` and the
        cards it covers (those are free only after ``x``), a waste card above
        ``j`` (the cards under ``j`` are buried until T) or a drawn pile card;
        and two waste cards never pair (only the top is ever available).  So
        per rank ``r`` the cards that must go need distinct partners of rank
        ``11 - r`` among those.  Hall's condition for that, with which pyramid
        cards cover which ignored, is two counts: all of them against all
        partners, and the waste cards alone against pyramid and pile partners.
        ``x`` is fine if some ``j`` and some prefix pass; the counts are rank
        vectors compared all at once (:data:`RANK_GUARD`).  The apex is the
        extreme case: everything else must go first.
        """
        below = (1 << p) - 1
        rest = self.full_stock & ~sm
        waste = rest & below
        if not waste:
            return True
        pile = rest & ~below
        late = self.late_list(pm, pile)
        if not late:
            return True
        return self.late_walk(late, self.prefix_steps(pile), waste)

    def late_list(self, pm: int, pile: int) -> tuple[tuple[int, int, int], ...]:
        """The :meth:`late_info` entries with no partner left in the draw pile."""
        return tuple(e for e in self.late_info(pm) if not e[0] & pile)

    def late_walk(
        self,
        late: tuple[tuple[int, int, int], ...],
        steps: tuple[tuple[int, int], ...],
        waste: int,
    ) -> bool:
        """The :meth:`late_ok` check proper, for its needy cards ``late`` and a non-empty waste."""
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

    def lower_bound(self, pm: int) -> int:
        """Removal steps still needed: Kings one each, a rank class at least its larger side."""
        hkey = pm >> 14 | (pm & 16383) << 14
        got = self._h.get(hkey)
        if got is None:
            left = self.present & ~pm
            got = (left & self.pking).bit_count()
            for k, cells in enumerate(self.class_cells):
                a = b = 0
                for i in cells:
                    if left >> i & 1:
                        if self.prank[i] == k:
                            a += 1
                        else:
                            b += 1
                got += max(a, b)
            self._h[hkey] = got
        return got

    def removed_count(self, pm: int, sm: int) -> int:
        """Cards gone from this deal, counting from the full 52 it was dealt from."""
        left = (self.present & ~pm).bit_count() + (self.full_stock & ~sm).bit_count()
        return DECK_SIZE - left
