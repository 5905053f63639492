"""Neighbour's record: its words, examples, rules and solver."""

from __future__ import annotations

from thirteen.core.cards import DECK_SIZE
from thirteen.core.i18n import N_
from thirteen.core.spec import Example, GameSpec, TableKind
from thirteen.games.neighbour.rules import Neighbour
from thirteen.games.neighbour.solver import heuristic, most_cards_steps, solve_steps
from thirteen.search.game_solver import GameSolver

NEIGHBOUR = GameSpec(
    id="neighbour",
    group=N_("Other 13s"),
    title=N_("Neighbour"),
    decks=1,
    build=lambda decks, layout: Neighbour(decks[0]),
    position_type=Neighbour,
    blurb=N_("A 5x5 grid: pairs that touch make 13, and the cards close up."),
    examples=(
        Example(
            N_(
                "Two cards that touch and make 13 go: Ace and Queen. The cards after them close "
                "up in reading order, so new neighbours meet."
            ),
            "neighbour 9hJdQd3s2h/7cAs6c4dTc/----------/----------/---------- -",
            ("As+Qd", "4d+9h", "3s+Tc"),
        ),
    ),
    help=(
        N_(
            "25 cards lie in five rows of five; the other 27 are the stock. Remove a King on its "
            "own, or two cards that make 13 and touch: side by side, one above the other, or "
            "corner to corner."
        ),
        N_(
            "After each removal the cards left close up like words in a book: each slides back "
            "into the first free place, left to right and row by row from the top, keeping its "
            "order. The gaps end up at the bottom right, and the stock fills them, top card "
            "first. Once the stock is empty the gaps stay."
        ),
        N_(
            "For example, remove a pair from the top row: every card after it moves two places "
            "back, so the first card of row 2 wraps up to the end of row 1, and two new cards "
            "from the stock take the last two places of row 5."
        ),
        N_(
            "You win when all 52 cards are gone, and lose when no King and no touching pair is "
            "left. Your score is the number of cards removed."
        ),
    ),
    max_score=DECK_SIZE,
    score_unit="cards",
    table=TableKind.GRID,
    solver=GameSolver(verdict_steps=solve_steps, most_cards_steps=most_cards_steps),
    heuristic=heuristic,
)
