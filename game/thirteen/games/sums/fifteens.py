"""Fifteens: a 4x4 grid where any group of two or more cards, Ace to 9, making exactly 15
goes wherever it lies, and a Ten, Jack, Queen and King go together; the stock fills the
holes in reading order."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from thirteen.core.cards import DECK_SIZE, Card, rank
from thirteen.core.game import PairRule
from thirteen.core.i18n import N_
from thirteen.core.moves import Move
from thirteen.core.spec import Example, GameSpec, TableKind
from thirteen.games.sums.refill_grid import REFILL_RULES, RefillGrid

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
        out: list[Move] = [self.removal(g) for g in sum_groups(cards)]  # type: ignore[misc]
        by_rank = [[c for c in cards if rank(c) == r] for r in SET_RANKS]
        out += [self.removal(four) for four in itertools.product(*by_rank)]  # type: ignore[misc]
        return out


SPEC = GameSpec(
    id="fifteens",
    group=N_("Other sums"),
    title=N_("Fifteens"),
    decks=1,
    build=lambda decks, layout: Fifteens(decks[0]),
    position_type=Fifteens,
    blurb=N_("Sixteen cards: any group making 15, and Ten-to-King sets of four."),
    examples=(
        Example(
            N_(
                "Any cards from Ace to 9 that make 15 go together, here four of them; a Ten, a "
                "Jack, a Queen and a King go as a set."
            ),
            "fifteens 4dAs3cJd/4h2cKhQd/Tc2s2d3s/4s2h--3d -",
            ("Tc+Jd+Qd+Kh", "3c+4d+4h+4s", "As+2c+2d+2h+2s+3d+3s"),
        ),
    ),
    help=(
        N_(
            "Sixteen cards lie in four rows of four; the rest is the stock. Remove any group of "
            "two or more cards from Ace to 9 whose values add up to exactly 15, wherever they "
            "lie: 7+8, 5+5+5 or Ace+2+3+9. Tens, Jacks, Queens and Kings go as a set of four, "
            "one of each, of any suits."
        ),
        N_(
            "Click the cards one by one: each joins the selection, and the moment the selection "
            "makes 15 or is a whole Ten-Jack-Queen-King set it is removed. Click a selected card "
            "to let it go; a card that cannot go with the ones selected (one that would take the "
            "sum past 15, say) starts a new selection."
        ),
        N_(
            "For example, click 6, 4 and 5: they make 15 and go together. Click 6 and then 9 "
            "instead, and those two go."
        ),
        REFILL_RULES,
    ),
    picture=("Ac+2d+3h+9s", "Tc+Jd+Qh+Ks"),
    max_score=DECK_SIZE,
    score_unit="cards",
    table=TableKind.GRID,
    solver="thirteen.games.sums.solver:solve",
    best_line="thirteen.games.sums.solver:best_line",
    solver_steps="thirteen.games.sums.solver:solve_steps",
    best_line_steps="thirteen.games.sums.solver:best_line_steps",
    heuristic="thirteen.games.sums.solver:heuristic",
    player="thirteen.games.sums.solver:play_solver_line",
    baseline="thirteen.tools.bench:baseline_solve_thirteens",
)
