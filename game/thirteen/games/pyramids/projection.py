"""Rank-class projections of a one-pass Pyramid position: small exact games over part of
the deck, which prove most lost one-pass positions lost at once (see :mod:`.onepass`).

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

Each projection (:class:`Projection`) is solved on demand with the late-card check and
burying as pruning, and a memo of finished positions shared by the whole solve.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from thirteen.games.pyramids.bits import KING_INDEX, RANK_GUARD, late_walk, prefix_steps, rank_code
from thirteen.games.pyramids.deal_tables import DealTables

NO_DRAW = 13
"""Rank index standing for "no draw card" in a projection (no card pairs with it, and
no top-card rank, -1 for an empty waste, adds up to 11 with it)."""

LATE_NEVER = 1 << 30
"""A pointer past every pile: the start of lateness when no card is needy."""


_NO_CELLS: list[tuple[int, ...]] = [()] * (NO_DRAW + 1)
"""The free cells by stock rank when none is free (copied per pyramid mask)."""


class ProjectionTables:
    """Tables of one deal shared by every projection, taken from the main search's
    :class:`DealTables` (Kings count nowhere there), plus the per-class pieces."""

    def __init__(self, tables: DealTables) -> None:
        assert tables.budget is not None  # the one-pass search's tables have their budget
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
        self.waste_cache: dict[int, int] = {}  # :meth:`Projection.waste_ranks` by waste mask


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


NO_NEEDY = _Needy((), (), 0, 0)
"""The needy cards of a pyramid mask that has none (never late: :data:`LATE_NEVER`)."""

PmInfo = tuple[tuple[int, ...], tuple[int, ...], list[tuple[int, ...]], int, int, _Needy]
"""What :meth:`Projection.pm_info` keeps per pyramid mask."""


class Projection:
    """The one-pass game of the cards of some rank classes (see the module docstring).

    Positions are (pyramid mask, pointer, waste mask) over the deal's own
    indices; ``go`` says whether the pyramid's cards of these classes can all be
    removed, with the late-card check and burying as pruning and a memo of
    finished positions (exact: the game has no cycles).
    """

    def __init__(self, info: ProjectionTables, classes: Sequence[int]) -> None:
        self.classes = tuple(classes)
        self.cbits = sum(1 << k for k in self.classes)
        self.info = info
        self.memo: dict[int, bool] = {}
        """Finished positions: whether each can be cleared."""
        self.built = False
        """Whether the tables are built (on first use: :meth:`build`)."""

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
        self._pm: dict[int, PmInfo] = {}
        self.waste_cache = info.waste_cache
        # per cell: the pointer from which it is late when needy (past its last
        # stock partner; ``spart`` holds the stock cards of its partner rank)
        self.late_after = [(m & spres).bit_length() for m in info.spart]
        self.built = True

    def pm_info(self, pm: int) -> PmInfo:
        """Per pyramid mask, what ``go`` needs at every pointer and waste: the free
        cells; the pyramid pairs among them (bits, in the search's move order); the
        free cells by the stock rank they pair with (bits; :data:`NO_DRAW` and -1,
        no draw card and an empty waste, have none); the stock cards with a pyramid
        partner left; the first pointer at which some needy card is late, and the
        needy cards (:class:`_Needy`; :data:`NO_NEEDY` for none)."""
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
            got: PmInfo = (tuple(free), tuple(pairs), by_rank, partnered, needy[0][0], late)
        else:
            got = (tuple(free), tuple(pairs), by_rank, partnered, LATE_NEVER, NO_NEEDY)
        self._pm[pm] = got
        return got

    def needy_entries(self, needy: _Needy, k: int) -> None:
        """Extends ``needy.entries`` to its first ``k`` cards: the stock partners and two
        base vectors of :func:`.bits.late_walk` (the partners that may go before
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
