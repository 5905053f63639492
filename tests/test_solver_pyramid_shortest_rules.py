"""The fewest-steps Pyramid search's move rules: a King as the draw card is removed and
never drawn, and a free pyramid card whose partners left are all at hand goes with one of
them first; both keep every line shortest and cut the positions searched."""

from __future__ import annotations

import random

from pyramid_positions import (
    bfs_shortest,
    random_small,
    replays_to_win,
    shortest_agrees_with_bfs,
    small_position,
)
from pyramid_shortest_runs import fewest_steps
from thirteen.core.deals import deck_for_deal
from thirteen.core.moves import Draw
from thirteen.games.pyramids.bits import KING_INDEX, to_move
from thirteen.games.pyramids.rules import Pyramid
from thirteen.games.pyramids.shortest import first_moves, forced
from thirteen.games.pyramids.shortest_bound import ShortestTables
from thirteen.games.pyramids.solver import solve_pyramid


def _kings_drawn(game: Pyramid, line: list) -> int:
    """How many Draws of ``line`` (raw moves) move a King from the draw pile to the waste."""
    deal = game.deal
    key = game.pos
    drawn = 0
    for move in map(to_move, line):
        if isinstance(move, Draw):
            card = deal.draw_card(key)
            drawn += card is not None and card >> 2 == KING_INDEX
        key = deal.apply(key, move)
    return drawn


def test_a_king_as_the_draw_card_is_never_drawn_and_positions_drop() -> None:
    # positions before the rule, when this test was written: deal 1 5,074, deal 8 19,264
    before = {1: 5074, 8: 19264}
    for number in (1, 2, 7, 8):
        game = Pyramid(deck_for_deal(number))
        found, line, positions = fewest_steps(number)  # (shared with other modules)
        assert found and replays_to_win(game, [to_move(m) for m in line])
        assert _kings_drawn(game, line) == 0, number
        if number in before:
            assert positions * 2 < before[number], number


def test_a_card_whose_partners_are_all_at_hand_goes_first() -> None:
    # bottom row: A, 6, 2, 7, 3, 7, 4; the pile: Q (the draw card), 3, 6, Q, J, 10, 9.
    # The 6's partners left are the two 7s, both free; each 7 also has the 6 deep in the pile
    game = small_position([0, 20, 4, 24, 8, 25, 12], [44, 9, 21, 45, 40, 36, 32])
    t = ShortestTables(game.deal)
    pm, sm, p, u = t.normalise(game.pos)
    kids = first_moves(t, pm, sm, p, u, t.cv_of(sm), 0, 0)
    only = forced(t, pm, sm, p, kids)
    assert only is not None and len(only) == 2 < len(kids)
    assert {frozenset(c[8][1:]) for c in only} == {frozenset((20, 24)), frozenset((20, 25))}
    result = solve_pyramid(game, shortest=True)
    assert result.winnable and result.steps == bfs_shortest(game)


def test_lines_stay_shortest_with_kings_in_the_pile() -> None:
    rng = random.Random(41)
    checked = 0
    for n in range(40):
        # two rows only now and then: the breadth-first search stays small
        game = random_small(rng, 1 + (n % 4 == 0), rng.randint(0, 3), n % 3)
        used = set(game.deal.pyramid) | set(game.deal.stock)
        kings = [c for c in range(48, 52) if c not in used]
        # a King or two among the pile's cards
        stock = list(game.deal.stock) + kings[: 1 + n % 2]
        rng.shuffle(stock)
        bottom = [c for c in game.deal.pyramid if c is not None]
        game = small_position(bottom, stock, n % 3)
        checked += shortest_agrees_with_bfs(game)
    assert checked >= 15
