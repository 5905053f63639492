"""Fifteens: a 4x4 grid where any group of two or more cards, Ace to 9, making exactly 15
goes wherever it lies, and a Ten, Jack, Queen and King go together; the stock fills the
holes in reading order."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from thirteen.core.cards import DECK_SIZE, Card, rank
from thirteen.core.game import PairRule
from thirteen.core.moves import Move
from thirteen.games.sums.refill_grid import RefillGrid

TARGET = 15
SET_RANKS = (10, 11, 12, 13)


def sum_groups(cards: list[Card], target: int = TARGET) -> Iterator[tuple[Card, ...]]:
    """Every group of two or more of these cards (Ace to 9, ascending) whose values make
    ``target``, in ascending order of card tuples."""
    low = [c for c in cards if rank(c) <= 9]

    def grow(start: int, left: int, chosen: list[Card]) -> Iterator[tuple[Card, ...]]:
        for i in range(start, len(low)):
            value = rank(low[i])
            if value > left:
                break  # the cards are in ascending order
            chosen.append(low[i])
            if value == left:
                if len(chosen) >= 2:
                    yield tuple(chosen)
            else:
                yield from grow(i + 1, left - value, chosen)
            chosen.pop()

    yield from grow(0, target, [])


class Fifteens(RefillGrid):
    """Position key: (the sixteen cells in reading order, stock pointer)."""

    game_id = "fifteens"
    title = "Fifteens"
    rule = PairRule(
        target=TARGET,
        singles=frozenset(),
        sets=(frozenset(SET_RANKS),),
        max_group=DECK_SIZE,
        valued=frozenset(range(1, 10)),
    )
    columns = 4
    rows = 4

    def group_moves(self, cards: list[Card]) -> list[Move]:
        """Groups making 15 (in card order), then every Ten-Jack-Queen-King set."""
        by_rank = [[c for c in cards if rank(c) == r] for r in SET_RANKS]
        groups = [*sum_groups(cards), *itertools.product(*by_rank)]
        out = [move for move in map(self.removal, groups) if move is not None]
        # every group of sum_groups and each set of four is a removal, never None
        assert len(out) == len(groups)
        return out
