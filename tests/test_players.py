"""Simulated players: reproducible figures, sensible ordering, every game."""

from __future__ import annotations

import pytest

from thirteen.core.deals import SplitMix64
from thirteen.core.game import Outcome
from thirteen.games import new_game
from thirteen.games.thirteens.rules import Thirteens
from thirteen.tools.players import PLAYERS, greedy_choice, make_player, simulate


@pytest.mark.parametrize("player", PLAYERS)
@pytest.mark.parametrize(
    ("game_id", "layout"), [("thirteens", "3x5"), ("thirteens", "4x4"), ("pyramid", None)]
)
def test_simulation_is_reproducible_and_consistent(game_id, layout, player):
    games = 6 if player == "solver" else 12
    a = simulate(game_id, player, games, seed=11, layout=layout, max_nodes=20_000)
    b = simulate(game_id, player, games, seed=11, layout=layout, max_nodes=20_000)
    assert a.to_json() == b.to_json() and a.deals == b.deals
    assert a.games == games == len(a.scores) == sum(a.distribution.values())
    assert 0 <= a.won <= games and a.win_rate == a.won / games
    assert a.average_score == sum(a.scores) / games
    top = 52 if game_id == "thirteens" else 28
    assert all(0 <= s <= top for s in a.scores)
    assert a.won == sum(1 for s in a.scores if s == top)
    text = a.text()
    assert f"games: {games}" in text and "win rate:" in text and "score distribution:" in text


def test_pyramid13_players_play_all_three_deals():
    for player in PLAYERS:
        result = simulate("pyramid13", player, 1, seed=2, max_nodes=3_000)
        assert result.games == 1 and result.scores[0] >= 0


def test_different_seeds_pick_different_deals():
    assert (
        simulate("thirteens", "greedy", 5, seed=1).deals
        != simulate("thirteens", "greedy", 5, seed=2).deals
    )


def test_solver_is_the_upper_bound_in_thirteens():
    kwargs = {"layout": "3x5", "max_nodes": 200_000}
    solver = simulate("thirteens", "solver", 20, 5, **kwargs)
    for player in ("random", "greedy", "center"):
        other = simulate("thirteens", player, 20, 5, **kwargs)
        assert other.deals == solver.deals
        for mine, theirs in zip(solver.scores, other.scores, strict=True):
            assert mine >= theirs
    assert solver.won > 0


def test_greedy_takes_kings_then_the_first_pair():
    game = new_game("thirteens", deal=1)
    legal = game.legal_moves()
    assert greedy_choice(game) == legal[0]  # Ks comes first in the engine's order
    game.play(legal[0])
    pairs = [m for m in game.legal_moves() if m.text()[2] == "+"]
    assert greedy_choice(game) == pairs[0]


def test_players_never_loop_on_empty_column_moves():
    # only empty-column moves at first; a lone card could travel for ever
    for name in PLAYERS:
        game = Thirteens.from_text("thirteens 3x3 Qh----/5c----/Ad--8s -")
        make_player(name, SplitMix64(1), max_nodes=1000)(game)
        assert game.is_over
        if name != "random":
            assert game.outcome is Outcome.WON


def test_bad_player_and_layout():
    with pytest.raises(ValueError):
        simulate("thirteens", "oracle", 1, 1)
    with pytest.raises(ValueError):
        simulate("pyramid", "greedy", 1, 1, layout="3x5")
