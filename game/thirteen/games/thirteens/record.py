"""Thirteens' record: its words, layouts, examples, rules and solver."""

from __future__ import annotations

from thirteen.core.cards import DECK_SIZE
from thirteen.core.i18n import N_
from thirteen.core.spec import Example, GameSpec, TableKind
from thirteen.games.thirteens.heuristic import heuristic
from thirteen.games.thirteens.rules import Thirteens
from thirteen.games.thirteens.solver import most_cards_steps, solve_steps
from thirteen.search.game_solver import GameSolver

THIRTEENS = GameSpec(
    id="thirteens",
    group=N_("Thirteens"),
    title=N_("Thirteens"),
    decks=1,
    build=lambda decks, layout: Thirteens(decks[0], layout),
    position_type=Thirteens,
    blurb=N_("Pairs that touch make 13; cards fall down the columns."),
    help=(
        N_(
            "Remove pairs of cards that add up to 13: Ace+Queen, 2+Jack, 3+10, 4+9, 5+8, 6+7. "
            "A King is 13 on its own and goes at once."
        ),
        N_("The two cards of a pair must touch: side by side, above each other or diagonally."),
        N_(
            "After a removal the cards above a gap fall down their column, and the gaps at the top "
            "are filled from the stock: columns from left to right, each from its lowest gap up."
        ),
        N_(
            "Once the stock is empty, a column may run out. Then the top card of another column "
            "can be moved to the bottom of the empty one: select it, then click the empty column."
        ),
        N_(
            "You win when all 52 cards are gone. The game is over when no pair or King can be "
            "removed any more (moving cards to empty columns alone does not count). Your score "
            "is the number of cards removed."
        ),
    ),
    layouts=("3x5", "4x4", "5x3"),
    examples=(
        Example(
            N_(
                "Two cards that touch and make 13 go together: 4 and 9, side by side. A King "
                "goes on its own. The stock fills the gaps."
            ),
            "thirteens 3x3 4h9s2h/6cTd7c/Ks8cQd 3c5sAd7h",
            ("4h+9s", "Ks"),
        ),
        Example(
            N_(
                "When cards go, the cards above them fall down their column and the stock "
                "fills the top. After this fall 4 and 9 touch, so they go too."
            ),
            "thirteens 3x3 2s4dQc/8hTc5s/6h7s9c 3h8dJc6dAd",
            ("6h+7s", "4d+9c"),
        ),
    ),
    max_score=DECK_SIZE,
    score_unit="cards",
    table=TableKind.GRID,
    solver=GameSolver(verdict_steps=solve_steps, most_cards_steps=most_cards_steps),
    heuristic=heuristic,
)
