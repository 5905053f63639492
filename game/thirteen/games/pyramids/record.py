"""The records of the pyramid games, Pyramid 13, Pyramid and Giza: their words, examples,
rules and solvers."""

from __future__ import annotations

from thirteen.core.cards import DECK_SIZE
from thirteen.core.i18n import N_, message
from thirteen.core.spec import Example, GameSpec, TableKind
from thirteen.games.pyramids import giza_solver
from thirteen.games.pyramids.baseline import baseline_solve_pyramid
from thirteen.games.pyramids.deal import PYRAMID_SIZE
from thirteen.games.pyramids.giza import Giza
from thirteen.games.pyramids.heuristic import heuristic
from thirteen.games.pyramids.rounds import play_rounds, points, round_line_steps
from thirteen.games.pyramids.rules import DEALS_PER_GAME, Pyramid, Pyramid13, round_points
from thirteen.games.pyramids.solver import (
    solve_pyramid13_steps,
    solve_pyramid_steps,
    solve_shortest,
)
from thirteen.search.game_solver import GameSolver

PYRAMID13 = GameSpec(
    id="pyramid13",
    group=N_("Pyramids"),
    title=N_("Pyramid 13"),
    decks=DEALS_PER_GAME,
    build=lambda decks, layout: Pyramid13(decks),
    position_type=Pyramid13,
    blurb=N_("Three pyramids, one pass each, scored in points."),
    help=(
        N_(
            "28 cards form a pyramid; the rest is the draw pile, whose top card (the draw card) is "
            "face up. A pyramid card is free when no card below overlaps it."
        ),
        N_(
            "Available cards are the free pyramid cards, the draw card and the top of the waste. "
            "Remove an available King, or two available cards that make 13. Click the draw card "
            "twice to move it to the waste."
        ),
        N_(
            "A game is three rounds (the rules call them deals): each round is a fresh pyramid "
            "with one pass through the draw pile, no turning the waste over. A round ends when "
            "the pyramid is clear, or when the draw pile is empty and nothing more can be "
            "removed. 'Round 2 of 3' says which one you are in; 'Deal #123' is the number that "
            "deals this same game again."
        ),
        message(
            "Points: {card} per card, +{clear} for clearing the pyramid in round 1 or 2, "
            "+{last} in round 3. At the end you may post your total under a screen name of "
            "5 to 10 characters. Your statistics count a game as won when its third pyramid "
            "is cleared.",
            card=round_points(0, 1, False),
            clear=round_points(0, 0, True),
            last=round_points(2, 0, True),
        ),
    ),
    examples=(
        Example(
            N_(
                "The draw card and a free pyramid card that make 13 go: 5 and 8. Click the "
                "draw card twice to put it on the waste. A card is free once the two over it "
                "are gone."
            ),
            "pyramid13 3 0,0 --/----/------/--------/----4s----/"
            "----TdAc----/----8s2c6h---- 5d9hJh3s8c - -",
            ("5d+8s", "D", "2c+Jh", "3s+Td"),
        ),
        Example(
            N_(
                "One pass: each card of the draw pile turns up once, and the waste is never "
                "turned over. When the pile is used up and nothing pairs, the round is over."
            ),
            "pyramid13 3 0,0 --/----/------/--------/----8h----/"
            "----Jc4d----/----2h9d5c---- 3sTh6d - -",
            ("D", "3s+Th", "D"),
        ),
    ),
    score_unit="points",
    posts_scores=True,
    rounds=DEALS_PER_GAME,
    table=TableKind.PYRAMID,
    solve_goal=N_("clearing its pyramid in one pass"),
    solver=GameSolver(
        verdict_steps=solve_pyramid13_steps,
        line_steps=round_line_steps,
        player=play_rounds,
        baseline=baseline_solve_pyramid,
        points=points,
    ),
    heuristic=heuristic,
)


PYRAMID = GameSpec(
    id="pyramid",
    group=N_("Pyramids"),
    title=N_("Pyramid"),
    decks=1,
    build=lambda decks, layout: Pyramid(decks[0]),
    position_type=Pyramid,
    blurb=N_("The classic: clear the pyramid with three passes through the pile."),
    help=(
        N_("The classic Pyramid: the same pyramid, free cards and pairs as Pyramid 13."),
        N_(
            "You may go through the draw pile three times: when it is empty, click the empty pile "
            "(or press D) to turn the waste over, in the same order. That is allowed twice."
        ),
        N_(
            "You win by clearing the 28 pyramid cards; cards left in the piles do not matter. "
            "You lose when no move is left and the waste cannot be turned over again. Your score "
            "is the number of pyramid cards cleared, 0 to 28."
        ),
    ),
    examples=(
        Example(
            N_(
                "Two free cards that make 13 go together: 4 and 9. A King goes on its own. The "
                "cards they covered are free now, to pair with the draw card."
            ),
            "pyramid --/----/------/--------/----5s----/----Qd7h----/----4s9hKc---- Ac6c2d - 2",
            ("4s+9h", "Kc", "Ac+Qd", "6c+7h"),
        ),
        Example(
            N_(
                "When the draw pile is used up, turn the waste over: its cards come round again "
                "in the same order. You may do it twice."
            ),
            "pyramid --/----/------/--------/----Jd----/----6s3c----/----9hKc5d---- 7d2c4h - 2",
            ("Kc", "D", "D", "4h+9h", "R", "6s+7d"),
        ),
    ),
    max_score=PYRAMID_SIZE,
    score_unit="pyramid cards",
    table=TableKind.PYRAMID,
    solver=GameSolver(
        verdict_steps=solve_pyramid_steps,
        shortest=solve_shortest,
        baseline=baseline_solve_pyramid,
    ),
    heuristic=heuristic,
)


GIZA = GameSpec(
    id="giza",
    group=N_("Other 13s"),
    title=N_("Giza"),
    decks=1,
    build=lambda decks, layout: Giza(decks[0]),
    position_type=Giza,
    blurb=N_("An open pyramid over eight reserve piles: every card face up."),
    examples=(
        Example(
            N_(
                "Every card lies face up. A free pyramid card pairs with the top card of a "
                "reserve pile; a King goes on its own."
            ),
            "giza Ks/Td--/Jc----/--------/----------/------------/-------------- "
            "-/-/Kd5h/8cAh/-/Qd3s/2h/-",
            ("2h+Jc", "3s+Td", "Ks", "Ah+Qd"),
        ),
    ),
    help=(
        N_(
            "28 cards form a pyramid, as in Pyramid; the other 24 lie face up below it in eight "
            "reserve piles of three, each fanned so that you can read every card. There is no "
            "stock: everything is on the table from the start."
        ),
        N_(
            "A pyramid card is free when no card below overlaps it; a reserve card is free when "
            "it is the top (lowest) card of its pile. Remove a free King on its own, or two free "
            "cards that make 13, from the pyramid, the reserves or one of each."
        ),
        N_(
            "For example, with a 5 free at the foot of the pyramid and an 8 on top of a reserve "
            "pile, remove them together: the 8 uncovers the card under it on its pile, and the 5 "
            "leaves a gap that may free a card of the row above."
        ),
        N_(
            "Since you can see every card, every deal is a puzzle to think through: plan which "
            "card of a rank goes with which before you begin. You win when all 52 cards are gone "
            "and lose when nothing free can be removed. Your score is the number of cards removed."
        ),
    ),
    max_score=DECK_SIZE,
    score_unit="cards",
    table=TableKind.PYRAMID_RESERVES,
    no_draw=N_("every card is dealt face up from the start"),
    solver=GameSolver(
        verdict_steps=giza_solver.solve_steps,
        most_cards_steps=giza_solver.most_cards_steps,
        verdict_first=True,
    ),
    heuristic=giza_solver.heuristic,
)
