"""Winnable deals only: the first deal number the solver proves winnable, for every game."""

from __future__ import annotations

import pytest

from thirteen.advice.solving import WINNABLE
from thirteen.advice.winnable import final_deal, first_winnable_deal, winnable_verdict
from thirteen.core.game import Outcome
from thirteen.games import new_game
from thirteen.games.pyramids.rules import Pyramid13

CASES = [
    ("thirteens", "3x5", 1),
    ("thirteens", "3x5", 95),
    ("thirteens", "4x4", 27),
    ("thirteens", "5x3", 40),
    ("thirteens", "2x3", 1),
    ("pyramid", None, 1),
    ("pyramid", None, 3),
    ("pyramid13", None, 1),
]


@pytest.mark.parametrize(("game_id", "layout", "start"), CASES)
def test_first_winnable_deal_is_proven_and_the_first(game_id, layout, start):
    number = first_winnable_deal(game_id, start, layout=layout, budget_ms=3000)
    assert number >= start
    result, game = winnable_verdict(game_id, number, layout=layout, budget_ms=3000)
    assert result.verdict == WINNABLE
    game.play_all(result.moves)
    assert game.outcome is Outcome.WON
    for earlier in range(start, min(number, start + 30)):
        assert winnable_verdict(game_id, earlier, layout=layout, budget_ms=3000)[0].verdict != (
            WINNABLE
        )


def test_pyramid13_winnable_means_the_final_pyramid_can_be_cleared():
    game = new_game("pyramid13", deal=1)
    assert isinstance(game, Pyramid13)
    last = final_deal(game)
    assert last.deal_index == 2 and last.deal is game.deals[2] and not last.moves
    assert game.deal_index == 0  # the original is untouched
    number = first_winnable_deal("pyramid13", 1)
    result, positioned = winnable_verdict("pyramid13", number)
    positioned.play_all(result.moves)
    assert positioned.is_over and positioned.outcome is Outcome.WON


def test_a_layout_that_is_hardly_ever_won_gives_up_with_a_clear_error():
    with pytest.raises(LookupError, match="no deal from 1 to 5"):
        first_winnable_deal("thirteens", 1, layout="2x2", limit=5)


def test_bad_arguments():
    with pytest.raises(ValueError):
        first_winnable_deal("patience", 1)
    with pytest.raises(ValueError):
        first_winnable_deal("thirteens", 0)
    with pytest.raises(ValueError):
        first_winnable_deal("pyramid", 1, layout="3x5")


def test_total_budget_bounds_the_whole_search() -> None:
    """2x2 deals are almost never won: the whole search stops at total_ms, not after
    thousands of deals, and says so."""
    with pytest.raises(LookupError, match="within 300 ms"):
        first_winnable_deal("thirteens", 1, layout="2x2", budget_ms=200, total_ms=300)
