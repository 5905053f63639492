"""Elevens: a 3x3 grid where pairs making 11, and a Jack, Queen and King together, go
wherever they lie; the stock fills the holes in reading order."""

from __future__ import annotations

import itertools

from thirteen.core.cards import Card, rank
from thirteen.core.game import PairRule
from thirteen.core.moves import Move, RemoveGroup
from thirteen.games.sums.refill_grid import RefillGrid

PICTURES = (11, 12, 13)


class Elevens(RefillGrid):
    """Position key: (the nine cells in reading order, stock pointer)."""

    game_id = "elevens"
    title = "Elevens"
    rule = PairRule(
        target=11,
        singles=frozenset(),
        sets=(frozenset(PICTURES),),
        valued=frozenset(range(1, 11)),
    )
    columns = 3
    rows = 3

    def group_moves(self, cards: list[Card]) -> list[Move]:
        """Pairs making 11 (in card order), then every Jack-Queen-King trio."""
        out: list[Move] = []
        for a, b in itertools.combinations(cards, 2):
            if rank(a) <= 10 and rank(a) + rank(b) == 11:
                out.append(self.removal((a, b)))  # type: ignore[arg-type]  # a pair making 11 is one
        by_rank = [[c for c in cards if rank(c) == r] for r in PICTURES]
        out += [RemoveGroup(trio) for trio in itertools.product(*by_rank)]
        return out
