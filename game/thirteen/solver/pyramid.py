"""Pyramid solvers: classic verdicts, shortest lines, and Pyramid 13 deals.

Every search walks a deal's position as plain integers over tables built once
per deal (:class:`_Tables`), never building :class:`~thirteen.game.Game`
objects: ``pm`` (pyramid cards gone, bit mask), ``sm`` (draw-pile cards gone,
bit mask), ``p`` (the pointer between waste and draw pile) and ``u`` (recycles
used).  ``p`` is kept *normalised* to the index of the draw card (the first
remaining card at or after the pointer, or the pile size when the draw pile is
empty): pointers that differ only by removed cards give the same position, so
they share one transposition-table entry.

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
* **Relaxation: the draw pile always at hand.**  :meth:`_Tables.relaxed`
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
  them gone (:meth:`_Tables.bury`), which merges positions and tells the
  relaxation those partners are lost.  Which ranks are dead depends only on
  the pyramid mask and the pile (:meth:`_Tables.dead_ranks`), so the search
  memoises it per ``(pm, pile)`` together with the late-card data below.
* **Forced waste cards** (last pass, :meth:`_Tables.stack_ok`).  A pyramid
  card whose only partners left lie in the waste needs every waste card
  above them removed first; those cards and the pyramid must all find
  partners (a Hall check), which proves lost many one-pass positions where
  the relaxation, blind to the waste's order, still hopes.  The search no
  longer runs it: behind the late-card check below it cut about 1% of
  the positions, for as much time per call, so one-pass solves were about a
  quarter faster without it (it stays as a diagnostic for root positions).
* **Late cards** (last pass, :meth:`_Tables.late_ok`).  A pyramid card
  whose only partners left lie in the waste is free only once its whole cone
  is gone, and one of those partners must then be on top: the cone, the
  waste cards above the partner and every pile card drawn meanwhile must all
  leave first, paired among themselves and the other pyramid cards (rank
  counts).  The apex, say, needs the other 27 cards cleared with only the
  waste above its partner and the pile drawn so far.  This cuts the one-pass
  nodes to about a third, and the one-pass time to less than half.  The
  needy cards it must check (:meth:`_Tables.late_list`) and the pile's
  prefix vectors depend only on ``(pm, pile)`` and are memoised with the
  dead ranks; only the walk over the waste (:meth:`_Tables.late_walk`) runs
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
import time
from collections.abc import Callable, Sequence

from ..cards import DECK_SIZE, Card
from ..moves import Draw, Move, Recycle, RemoveKing, RemovePair
from ..pyramid import (
    CLEAR_BONUS,
    COVER,
    FULL_PYRAMID,
    PYRAMID_SIZE,
    DealKey,
    Pyramid,
    Pyramid13,
    PyramidDeal,
)
from .result import NOT_WINNABLE, UNKNOWN, WINNABLE, SolveResult

CHECK_EVERY = 256
"""Nodes between clock checks (time.perf_counter is not free)."""

KING_INDEX = 12
"""``card >> 2`` of a King; two non-King cards pair when their indices add to 11."""

RawMove = tuple
"""Moves inside the search: ("k", card), ("p", a, b), ("d",), ("r",)."""


class _OutOfBudget(Exception):
    """Raised deep in a search to unwind it when the node or time budget is spent."""


def _to_move(raw: RawMove) -> Move:
    kind = raw[0]
    if kind == "k":
        return RemoveKing(raw[1])
    if kind == "p":
        return RemovePair(raw[1], raw[2])
    if kind == "d":
        return Draw()
    return Recycle()


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
"""Rank count vectors (:meth:`_Tables.late_ok`) hold four bits per non-King rank, biased by 8.

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
    """The late-card check (:meth:`_Tables.late_ok`) for needy-card entries ``late``
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


class _Budget:
    """Counts nodes and watches the clock; ``tick`` raises when either runs out."""

    __slots__ = ("nodes", "max_nodes", "deadline", "next_check", "start")

    def __init__(self, budget_ms: float | None, max_nodes: int | None) -> None:
        self.start = time.perf_counter()
        self.deadline = None if budget_ms is None else self.start + budget_ms / 1000
        self.max_nodes = max_nodes
        self.nodes = 0
        self.next_check = CHECK_EVERY if max_nodes is None else min(CHECK_EVERY, max_nodes)

    def check(self) -> None:
        """Called when ``nodes`` reaches ``next_check``."""
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise _OutOfBudget
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfBudget
        step = CHECK_EVERY
        if self.max_nodes is not None:
            step = min(step, self.max_nodes - self.nodes)
        self.next_check = self.nodes + max(step, 1)

    @property
    def ms(self) -> float:
        return (time.perf_counter() - self.start) * 1000


class _Tables:
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
        self._free: dict[int, tuple[int, ...]] = {}
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
        self.budget: _Budget | None = None

    # -- per-position helpers ------------------------------------------------
    def free(self, pm: int) -> tuple[int, ...]:
        """Free pyramid cells of a removed-mask, bottom row first (they free the most)."""
        hkey = pm >> 14 | (pm & 16383) << 14
        got = self._free.get(hkey)
        if got is None:
            got = tuple(
                i
                for i in range(PYRAMID_SIZE - 1, -1, -1)
                if not pm >> i & 1 and pm & COVER[i] == COVER[i]
            )
            self._free[hkey] = got
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
            got = self._relaxed_search(pm, capped, need)
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

    def _relaxed_search(self, pm: int, cv: int, need: int) -> bool:
        """The relaxation's own search, from a capped ``cv`` (see :meth:`relaxed`)."""
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


# ---------------------------------------------------------------------------
# verdict search (classic; its last pass is the one-pass search without projections)
# ---------------------------------------------------------------------------


def _verdict_search(
    t: _Tables, start: DealKey, recycles: int, budget: _Budget
) -> tuple[bool, list[RawMove]]:
    """Depth-first search for any line that clears the pyramid; exact unless out of budget."""
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

    pm, sm, p, u = t.normalise(start)
    cv = t.cv_of(sm)
    wc = rank_code(~sm & ((1 << p) - 1), srank)
    found = (u < recycles or relaxed(pm, cv)) and go(pm, sm, p, u, cv, wc)
    path.reverse()
    return found, path


# ---------------------------------------------------------------------------
# shortest lines
# ---------------------------------------------------------------------------


def _shortest_search(
    t: _Tables, start: DealKey, recycles: int, budget: _Budget
) -> tuple[bool, list[RawMove]]:
    """A* over normalised positions, one step per move, with an admissible bound.

    The bound counts removals only (:meth:`_Tables.lower_bound`); it drops by
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
    t: _Tables, start: DealKey, bonus: int, budget: _Budget, clearable: bool | None = None
) -> tuple[int, list[RawMove], bool]:
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

    dead_at: dict[int, int] = {}  # :meth:`_Tables.dead_ranks` by (pm, p): cards past
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
        return 10 * cap + (0 if stuck else bonus)

    def record(pm: int, sm: int) -> None:
        value = 10 * removed(pm, sm) + (bonus if pm == full else 0)
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
                children.append(
                    (pm | 1 << i, sm | 1 << w, p, cv - scv[w], wc >> 4, ("p", pcard[i], scard[w]))
                )
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

    pm, sm, p, _ = t.normalise(start)
    record(pm, sm)
    wc = rank_code(~sm & ((1 << p) - 1), srank)
    exact = True
    try:
        go(pm, sm, p, t.cv_of(sm), wc)
    except _OutOfBudget:
        exact = False
    return best[0], best[1], exact


# ---------------------------------------------------------------------------
# public API
# ---------------------------------------------------------------------------


def _result(found: bool | None, raw: Sequence[RawMove], budget: _Budget) -> SolveResult:
    if found is None:
        return SolveResult(UNKNOWN, [], budget.nodes, budget.ms)
    if not found:
        return SolveResult(NOT_WINNABLE, [], budget.nodes, budget.ms)
    return SolveResult(WINNABLE, [_to_move(m) for m in raw], budget.nodes, budget.ms)


def _run(
    search: Callable[[PyramidDeal, DealKey, _Budget], tuple[bool, list[RawMove]]],
    deal: PyramidDeal,
    key: DealKey,
    budget_ms: float | None,
    max_nodes: int | None,
) -> SolveResult:
    """Run ``search(deal, key, budget)`` under a budget and wrap its answer."""
    budget = _Budget(budget_ms, max_nodes)
    if deal.cleared(key):
        return SolveResult(WINNABLE, [], 0, budget.ms)
    try:
        found, raw = search(deal, key, budget)
    except _OutOfBudget:
        return _result(None, [], budget)
    return _result(found, raw, budget)


def _on_tables(
    search: Callable[[_Tables, DealKey, int, _Budget], tuple[bool, list[RawMove]]], recycles: int
) -> Callable[[PyramidDeal, DealKey, _Budget], tuple[bool, list[RawMove]]]:
    """A search over :class:`_Tables` with ``recycles`` allowed, as :func:`_run` calls it."""
    return lambda deal, key, budget: search(_Tables(deal), key, recycles, budget)


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
    search = _shortest_search if shortest else _verdict_search
    return _run(_on_tables(search, game.deal.recycles), game.deal, game.pos, budget_ms, max_nodes)


def solve_pyramid13_deal(
    game: Pyramid13, *, budget_ms: float | None = None, max_nodes: int | None = None
) -> SolveResult:
    """Whether the current deal's pyramid can be cleared in its one pass; the moves clear it.

    Once the whole game is over the verdict says whether the last pyramid was cleared.
    """
    if game.is_over:
        won = game.deals[-1].cleared(game.pos)
        return SolveResult(WINNABLE if won else NOT_WINNABLE)
    from .onepass import one_pass_search  # it builds on this module

    return _run(one_pass_search, game.deal, game.pos, budget_ms, max_nodes)


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

    Points are the whole deal's: 10 per card gone from its 52 (including cards
    already gone at ``key``) plus ``bonus`` if the pyramid is cleared (pass
    ``CLEAR_BONUS[deal_index]``).  Returns (points, a line from ``key`` that
    ends the deal with those points, "exact" or "unknown").  With "unknown"
    the budget ran out and the points are the best line found so far.

    ``clearable``: whether the pyramid can be cleared from ``key`` (the one-pass
    verdict), if the caller knows; else it is found here within a quarter of the
    budget.  A pyramid that cannot be cleared takes the bonus out of every bound
    (median 441 -> 314 ms per deal over deal numbers 1-200).
    """
    if key is None:
        key = deal.start()
    budget = _Budget(budget_ms, max_nodes)
    if clearable is None:
        clearable = _clearable(deal, key, budget_ms, max_nodes)
    tables = _Tables(deal)
    points, raw, exact = _points_search(tables, key, bonus, budget, clearable)
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
    final = 10 * deal.removed(pos) + (bonus if deal.cleared(pos) else 0)
    if exact and final != points:  # pragma: no cover - would be a solver bug
        raise AssertionError(f"points line gives {final}, search said {points}")
    return max(points, final), moves, "exact" if exact else "unknown"


def _clearable(
    deal: PyramidDeal, key: DealKey, budget_ms: float | None, max_nodes: int | None
) -> bool | None:
    """The one-pass verdict from ``key`` within a quarter of a budget (None if it ran out)."""
    from .onepass import one_pass_search  # it builds on this module

    if deal.cleared(key):
        return True
    budget = _Budget(
        None if budget_ms is None else budget_ms / 4,
        None if max_nodes is None else max(max_nodes // 4, 1),
    )
    try:
        return one_pass_search(deal, key, budget)[0]
    except _OutOfBudget:
        return None


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
    budget = _Budget(budget_ms, max_nodes)
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
    except _OutOfBudget:
        return SolveResult(UNKNOWN, [], budget.nodes, budget.ms)
    return SolveResult(NOT_WINNABLE, [], budget.nodes, budget.ms)


__all__ = [
    "baseline_solve_pyramid",
    "max_points_pyramid13_deal",
    "pyramid_verdict_fast",
    "solve_pyramid",
    "solve_pyramid13_deal",
]
