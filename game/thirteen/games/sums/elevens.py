"""Elevens: a 3x3 grid where pairs making 11, and a Jack, Queen and King together, go
wherever they lie; the stock fills the holes in reading order."""

from __future__ import annotations

import itertools

from thirteen.core.cards import DECK_SIZE, Card, rank
from thirteen.core.game import PairRule
from thirteen.core.i18n import N_
from thirteen.core.moves import Move, RemoveGroup
from thirteen.core.spec import Example, GameSpec, TableKind
from thirteen.games.sums.refill_grid import REFILL_RULES, RefillGrid

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
                out.append(self.removal((a, b)))  # type: ignore[arg-type]
        by_rank = [[c for c in cards if rank(c) == r] for r in PICTURES]
        out += [RemoveGroup(trio) for trio in itertools.product(*by_rank)]
        return out


SPEC = GameSpec(
    id="elevens",
    group=N_("Other sums"),
    title=N_("Elevens"),
    decks=1,
    build=lambda decks, layout: Elevens(decks[0]),
    position_type=Elevens,
    blurb=N_("Nine cards: pairs that make 11, and pictures three at a time."),
    examples=(
        Example(
            N_(
                "Two cards that make 11 go wherever they lie, and a Jack, a Queen and a King "
                "go together. The stock fills the holes."
            ),
            "elevens AcKd8s/2sQc5c/9cTc6d 9d7cJc2d3h4h",
            ("Ac+Tc", "2s+9d", "Jc+Qc+Kd"),
        ),
    ),
    help=(
        N_(
            "Nine cards lie in three rows of three; the rest is the stock. Remove two cards that "
            "add up to 11, wherever they lie: Ace+10, 2+9, 3+8, 4+7, 5+6. Jacks, Queens and Kings "
            "count nothing: they go as a trio, one Jack, one Queen and one King, of any suits."
        ),
        N_(
            "Click the cards one by one: each joins the selection, and the moment the selection "
            "is a pair making 11 or a picture trio it is removed. Click a selected card to let it "
            "go; a card that cannot go with the ones selected starts a new selection."
        ),
        N_(
            "For example, with 5 of clubs, Jack of hearts, 6 of diamonds, Queen of spades and King "
            "of diamonds showing: click the 5, then the 6, and both go; click the Jack, the Queen "
            "and the King, and the three go together."
        ),
        REFILL_RULES,
    ),
    picture=("5c+6d", "Jh+Qs+Kd"),
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
