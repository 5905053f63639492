"""The fewest-steps search's plain bound, kept as the yardstick of the stronger one.

:class:`PlainTables` gives :func:`.shortest.shortest_search` the bound it had before
the pyramid's own clearing order, the waste's order and the trade between pyramid
pairs and draws were counted: removals by the per-class matchings, and the Draws
to the farthest draw-pile card a need must take, every waste card counted as at
hand.  The same search over it finds the same lengths with more positions; the
``bench-shortest`` command and the tests compare the two.
"""

from __future__ import annotations

from thirteen.games.pyramids.shortest_bound import LOST_H, ShortestTables


class PlainTables(ShortestTables):
    """:class:`.ShortestTables` with the plain bound."""

    def removals(self, pm: int) -> int:
        """Not worked out: the plain bound counts the matchings alone."""
        return 0

    def removal_bound(self, pm: int) -> int:
        got = self.class_info(pm)[0]
        self.removal_memo[pm] = got
        return got

    def bound(self, pm: int, sm: int, p: int) -> int:
        """Removals, plus the Draws to the farthest card a need takes beyond those the
        pyramid's cards may take on the way; :data:`.LOST_H` when a need cannot be met."""
        got = self._classes.get(pm >> 14 | (pm & 16383) << 14)
        steps, needs, caps, _ = got if got is not None else self.class_info(pm)
        if not needs:
            return steps
        below = (1 << p) - 1
        rest = self.full_stock & ~sm
        waste = rest & below
        pile = rest & ~below
        far = 0
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
                pos = (pile & (low - 1)).bit_count()
                if pos > far:
                    far = pos
                    far_bit = low
        if not far:
            return steps
        first = pile & (far_bit - 1)
        p_all = p_need = 0
        for rmask, partners, need in caps:
            c = (first & rmask).bit_count()
            if c:
                p_all += c if c < partners else partners
                p_need += c if c < need else need
        extra = far - p_all
        half = (far - p_need + 1) // 2
        if half > extra:
            extra = half
        return steps + extra if extra > 0 else steps
