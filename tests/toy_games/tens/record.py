"""The record of Tens, declared in its own folder as every game's is: its words, its
examples and its hooks, real references to the folder's solver."""

from __future__ import annotations

from thirteen.core.cards import DECK_SIZE
from thirteen.core.i18n import N_
from thirteen.core.spec import Example, GameSpec, TableKind
from toy_games.tens.rules import Tens
from toy_games.tens.solver import SOLVER, heuristic

SPEC = GameSpec(
    id="tens",
    group=N_("Other sums"),
    title=N_("Tens"),
    decks=1,
    build=lambda decks, layout: Tens(decks[0]),
    position_type=Tens,
    blurb=N_("Pairs that make 10, and tens and pictures four at a time."),
    help=(
        N_(
            "12 cards lie in four rows of three; the other 40 are the stock. Remove two cards, "
            "Ace to 9, that make 10 wherever they lie (an Ace counts 1), or the four Tens, "
            "Jacks, Queens or Kings together."
        ),
        N_(
            "Each hole is filled from the stock in reading order; once the stock is empty the "
            "holes stay. You win when all 52 cards are gone, and lose when no move is left."
        ),
    ),
    examples=(
        Example(
            N_(
                "Two cards that make 10 go, wherever they lie: 4 and 6. The stock fills their "
                "places in reading order."
            ),
            "tens 4c9dKh/6dJs2c/QhTc7s/3d8hAs 5c5dJhQd",
            ("4c+6d", "5c+5d", "3d+7s"),
        ),
        Example(
            N_("Four cards of one rank from Ten to King go together: here the four Kings."),
            "tens Kc5hKd/Kh2sKs/9c7hJd/QcTs8d 6s",
            ("Kc+Kd+Kh+Ks",),
        ),
    ),
    max_score=DECK_SIZE,
    score_unit="cards",
    table=TableKind.GRID,
    solver=SOLVER,
    heuristic=heuristic,
)
"""The record of Tens: its solver plugged into the one adapter and its heuristic (the end
screen's verdict and the hints need them); no layout, which a game may do without."""
