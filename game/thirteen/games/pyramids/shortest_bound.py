"""The bound of the fewest-steps Pyramid search (:mod:`.shortest`): steps still needed.

Removals first: Kings one each, and a rank class at least ``a + b - M`` steps,
``M`` the most pyramid pairs its ``a`` and ``b`` cards can form (a card never
pairs with one that covers it).  Those matchings ignore the order in which the
pyramid can be cleared, so a second count takes it: the fewest removals that
clear the pyramid's shape if every draw-pile card of a rank the pile holds were
always at hand, worked out once per pyramid mask over its smaller shapes (a
pyramid has 1,430 shapes).  It exceeds the matchings' count by ``fewer``: a line
forms at least that many pyramid pairs less than the matchings.

Then the draws.  The matching says how many pyramid cards of a rank must go
with a draw-pile card: ``a - M`` of them.  Beyond the partners in the waste
those must come from the pile, so the pile must move past every card before the
last of them, ``J`` cards: each step moves it at most once, and only a step that
takes one of those ``J`` cards together with a pyramid card can also be one of
the removals counted.  ``P_all`` counts the ``J`` cards that could pair with a
pyramid card at all, ``P_need`` those that could serve a need (at most the need
of their rank).  A line with ``d`` pyramid pairs fewer than the matchings takes
``d`` more removals, may take ``2d`` more of those cards with pyramid cards, and
so at least ``max(J - P_all, J - P_need - 2d, 0)`` other steps; with ``d`` at
least ``fewer``, the bound is the least of the sum over ``d``.

The bound never overestimates (the tests check it against exact distances on
small positions); it is not consistent (a Draw may bring a needed card to the
waste and drop it by more than one), which the search allows for.
"""

from __future__ import annotations

from thirteen.games.pyramids.bits import KING_INDEX, RawMove
from thirteen.games.pyramids.deal import FULL_PYRAMID, PyramidDeal
from thirteen.games.pyramids.deal_tables import DealTables

LOST_H = 126
"""The bound field of a position proven lost (a needed card is gone)."""


class ShortestTables(DealTables):
    """The deal's tables plus the per-pyramid-mask data of the shortest search's bound."""

    def __init__(self, deal: PyramidDeal) -> None:
        super().__init__(deal)
        self._classes: dict[int, tuple[int, tuple, tuple, int]] = {}
        self._removals: dict[int, int] = {}
        # a pyramid card can go with a draw-pile card only if the pile holds its partner rank
        self._single = [r < KING_INDEX and bool(self.srmask[11 - r]) for r in range(13)]
        self._partners: dict[int, tuple[tuple[int, ...], ...]] = {}
        self._pyramid_moves: dict[int, tuple[tuple[int, RawMove], ...]] = {}
        self.removal_memo: dict[int, int] = {}
        self._forcing: dict[int, tuple[int, tuple[tuple[int, int, int], ...]]] = {}

    def class_info(self, pm: int) -> tuple[int, tuple, tuple, int]:
        """Per pyramid mask: (removal steps still needed, needs, caps).

        ``needs``: ``(pile mask of rank r, k)``, at least ``k`` pyramid cards must
        go with a draw-pile card of rank ``r``.  ``caps``: ``(pile mask of rank r,
        pyramid cards rank r could pair with, need of rank r)`` for every rank that
        has a pyramid partner left.
        """
        hkey = pm >> 14 | (pm & 16383) << 14
        got = self._classes.get(hkey)
        if got is not None:
            return got
        left = self.present & ~pm
        steps = (left & self.pking).bit_count()
        needs: list[tuple[int, int]] = []
        caps: list[tuple[int, int, int]] = []
        prmask, srmask, ppart = self.prmask, self.srmask, self.ppart
        for r in range(6):
            xs = prmask[r] & left
            ys = prmask[11 - r] & left
            a, b = xs.bit_count(), ys.bit_count()
            if not (a or b):
                continue
            m = _matching(xs, ys, ppart) if a and b else 0
            steps += a + b - m
            # a - m cards of rank r need a draw-pile card of rank 11 - r, and b - m the other way
            for need_rank, need, partners in ((11 - r, a - m, a), (r, b - m, b)):
                if partners:
                    caps.append((srmask[need_rank], partners, need))
                if need:
                    needs.append((srmask[need_rank], need))
        fewer = self.removals(pm) - steps
        got = (steps, tuple(needs), tuple(caps), fewer if fewer > 0 else 0)
        self._classes[hkey] = got
        return got

    def free_partners(self, pm: int) -> tuple[tuple[int, ...], ...]:
        """Per draw-pile rank (King 12 last): the free pyramid cells it pairs with."""
        hkey = pm >> 14 | (pm & 16383) << 14
        got = self._partners.get(hkey)
        if got is None:
            prank = self.prank
            free = self.free(pm)
            got = tuple(tuple(i for i in free if prank[i] == 11 - r) for r in range(12)) + ((),)
            self._partners[hkey] = got
        return got

    def forcing(self, pm: int) -> tuple[int, tuple[tuple[int, int, int], ...]]:
        """What the search's forced moves look at, per pyramid mask: a free King's cell
        (-1: none), and for each free card whose pyramid partners left are all free, the
        cell, its draw-pile partners (mask) and its pyramid partners left (mask)."""
        hkey = pm >> 14 | (pm & 16383) << 14
        got = self._forcing.get(hkey)
        if got is None:
            free = self.free(pm)
            prank = self.prank
            kings = [i for i in free if prank[i] == KING_INDEX]
            free_bits = sum(1 << i for i in free)
            left = self.present & ~pm
            cands = []
            for i in free:
                pp = self.ppart[i] & left
                if not pp & ~free_bits:
                    cands.append((i, self.spart[i], pp))
            got = (kings[0] if kings else -1, tuple(cands))
            self._forcing[hkey] = got
        return got

    def pyramid_moves(self, pm: int) -> tuple[tuple[int, RawMove], ...]:
        """The removals among the pyramid's own free cards (Kings first, then pairs):
        (pyramid mask after, the move); they depend on the pyramid mask alone."""
        hkey = pm >> 14 | (pm & 16383) << 14
        got = self._pyramid_moves.get(hkey)
        if got is None:
            prank, pcard = self.prank, self.pcard
            free = self.free(pm)
            out: list[tuple[int, RawMove]] = [
                (pm | 1 << i, ("k", pcard[i])) for i in free if prank[i] == KING_INDEX
            ]
            for a, i in enumerate(free):
                for j in free[a + 1 :]:
                    if prank[i] + prank[j] == 11:
                        out.append((pm | 1 << i | 1 << j, ("p", pcard[i], pcard[j])))
            got = self._pyramid_moves[hkey] = tuple(out)
        return got

    def removals(self, pm: int) -> int:
        """The fewest removals that clear the pyramid from mask ``pm`` if every draw-pile
        card were always at hand: pairs only among cards free together, in some order."""
        got = self._removals.get(pm)
        if got is not None:
            return got
        if pm == FULL_PYRAMID:
            return 0
        free = self.free(pm)
        prank = self.prank
        best = 99
        for i in free:
            if prank[i] == KING_INDEX:
                best = 1 + self.removals(pm | 1 << i)
                self._removals[pm] = best
                return best
        single = self._single
        for a, i in enumerate(free):
            ri = prank[i]
            for j in free[a + 1 :]:
                if prank[j] + ri == 11:
                    got = self.removals(pm | 1 << i | 1 << j)
                    if got < best:
                        best = got
            if single[ri]:
                got = self.removals(pm | 1 << i)
                if got < best:
                    best = got
        # a shape that cannot be cleared stays below the bound's markers (a line is at most 102)
        best = best + 1 if best < 98 else 99
        self._removals[pm] = best
        return best

    def removal_bound(self, pm: int) -> int:
        """Removal steps still needed (the cheap part of :meth:`bound`), also kept in
        ``removal_memo`` by plain pyramid mask for the search's inner loop."""
        info = self.class_info(pm)
        got = info[0] + info[3]
        self.removal_memo[pm] = got
        return got

    def bound(self, pm: int, sm: int, p: int) -> int:
        """Steps still needed at least, draws included; :data:`LOST_H` when a need cannot
        be met (the module docstring gives the argument)."""
        got = self._classes.get(pm >> 14 | (pm & 16383) << 14)
        steps, needs, caps, fewer = got if got is not None else self.class_info(pm)
        if not needs:
            return steps + fewer
        below = (1 << p) - 1
        rest = self.full_stock & ~sm
        waste = rest & below
        pile = rest & ~below
        far_bit = 0
        for rmask, k in needs:
            k -= (waste & rmask).bit_count()
            if k > 0:
                rp = pile & rmask
                while k > 1:
                    rp &= rp - 1
                    k -= 1
                if not rp:
                    return LOST_H
                low = rp & -rp
                if low > far_bit:
                    far_bit = low
        first = pile & (far_bit - 1) if far_bit else 0
        far = first.bit_count()
        if not far:
            return steps + fewer
        p_all = p_need = 0
        for rmask, partners, need in caps:
            c = (first & rmask).bit_count()
            if c:
                p_all += c if c < partners else partners
                p_need += c if c < need else need
        # a line with d >= fewer pyramid pairs less than the matchings takes steps + d
        # removals and at least max(far - p_all, far - p_need - 2d, 0) other steps: the
        # least of the sum over d
        ext = far - p_all
        if ext < 0:
            ext = 0
        spare = far - p_need
        if spare - 2 * fewer <= ext:
            return steps + fewer + ext
        return steps + (spare + ext + 1) // 2


def _matching(xs: int, ys: int, ppart: list[int]) -> int:
    """The most disjoint pairs between pyramid cells ``xs`` and ``ys`` (masks) that can
    ever be free together (``ppart``), by augmenting paths (at most four a side)."""
    owner: dict[int, int] = {}

    def augment(x: int, tried: int) -> bool:
        opts = ppart[x] & ys & ~tried
        while opts:
            low = opts & -opts
            opts ^= low
            tried |= low
            y = low.bit_length() - 1
            if y not in owner or augment(owner[y], tried):
                owner[y] = x
                return True
        return False

    size = 0
    while xs:
        low = xs & -xs
        xs ^= low
        if augment(low.bit_length() - 1, 0):
            size += 1
    return size
