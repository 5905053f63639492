"""Baroness's record: its words, examples, rules and solver."""

from __future__ import annotations

from thirteen.core.cards import DECK_SIZE
from thirteen.core.i18n import N_
from thirteen.core.spec import Example, GameSpec, TableKind
from thirteen.games.baroness.rules import Baroness
from thirteen.games.baroness.solver import heuristic, most_cards_steps, solve_steps
from thirteen.search.game_solver import GameSolver

BARONESS = GameSpec(
    id="baroness",
    group=N_("Other 13s"),
    title=N_("Baroness"),
    decks=1,
    build=lambda decks, layout: Baroness(decks[0]),
    position_type=Baroness,
    blurb=N_("Five piles fed from the stock; pairs of their top cards make 13."),
    examples=(
        Example(
            N_(
                "The top cards of the piles pair to 13. Press D to deal one card onto each "
                "pile, covering what lies there."
            ),
            "baroness -/JsAs8d/-/7c/7h2d6s - 2h7s6c6h5hJhQc",
            ("6s+7c", "D", "6c+7s"),
        ),
    ),
    help=(
        N_(
            "Five piles start with one card each; the rest of the deck is the stock. Only the top "
            "card of each pile is free. Remove a free King on its own, or two free cards that make "
            "13."
        ),
        N_(
            "Click the stock (or press D) to deal: one card face up onto each pile, covering what "
            "lies there, whenever you like. An empty pile stays empty until the next deal."
        ),
        N_(
            "The stock runs out after nine deals with two cards to spare: the last D lays those "
            "two apart as the reserve, free until they are removed."
        ),
        N_(
            "For example, with 6, Jack, 4, 9 and 7 on top, remove the 6 with the 7 and the 4 with "
            "the 9: the cards under them become free, and the Jack waits for a 2."
        ),
        N_(
            "You win when all 52 cards are gone, and lose when the stock is empty and nothing can "
            "be removed. Your score is the number of cards removed."
        ),
    ),
    max_score=DECK_SIZE,
    score_unit="cards",
    table=TableKind.PILES,
    draw_hint=N_("deal a card onto each pile"),
    solver=GameSolver(verdict_steps=solve_steps, most_cards_steps=most_cards_steps),
    heuristic=heuristic,
)
