"""The records of Elevens and Fifteens: their words, examples, rules and the solver they
share."""

from __future__ import annotations

from thirteen.core.cards import DECK_SIZE
from thirteen.core.i18n import N_
from thirteen.core.spec import Example, GameSpec, TableKind
from thirteen.games.sums.elevens import Elevens
from thirteen.games.sums.fifteens import Fifteens
from thirteen.games.sums.refill_grid import REFILL_RULES
from thirteen.games.sums.solver import heuristic, most_cards_steps, solve_steps
from thirteen.search.game_solver import GameSolver

SOLVER = GameSolver(verdict_steps=solve_steps, most_cards_steps=most_cards_steps)
"""The solver both games share: the search reads their rules from the position."""

ELEVENS = GameSpec(
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
    solver=SOLVER,
    heuristic=heuristic,
)


FIFTEENS = GameSpec(
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
    solver=SOLVER,
    heuristic=heuristic,
)
