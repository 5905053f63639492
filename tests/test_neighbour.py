"""Neighbour: the engine against docs/rules.md, its texts, its solver and its hooks."""

from __future__ import annotations

import pytest

from thirteen.advice import hints
from thirteen.advice.solving import solve
from thirteen.core.cards import NotationError
from thirteen.core.game import IllegalMoveError, Outcome, Refusal
from thirteen.core.moves import Draw, RemovePair
from thirteen.games import new_game, position_from_text
from thirteen.games.neighbour.rules import Neighbour


def test_a_removal_closes_the_cards_up_in_reading_order_and_the_stock_fills_the_end():
    game = new_game("neighbour", deal=1)
    first_row = game.grid()[0]
    assert game.grid()[0][0] is not None
    king = first_row[0]
    game.play(game.removal((king,)))  # type: ignore[arg-type]
    # every card moved one place back: the first of row 2 ends row 1
    before = new_game("neighbour", deal=1)
    cells = [c for row in before.grid() for c in row]
    after = [c for row in game.grid() for c in row]
    assert after[:24] == cells[1:]
    assert after[24] == before.stock[0]
    assert game.progress().stock == 26


def test_pairs_must_touch():
    game = new_game("neighbour", deal=1)
    grid = game.grid()
    # Ks Td 6h Jc Ts / 3h Qh 7d 5s 9c / ... : 3h (row 2) and Ts (row 1, column 5) are apart
    assert grid[0][4] is not None and grid[1][0] is not None
    apart = RemovePair(grid[1][0], grid[0][4])
    assert game.refusal(apart) is Refusal.NOT_NEIGHBOURS
    with pytest.raises(IllegalMoveError, match="not neighbours"):
        game.play(apart)
    assert game.refusal(Draw()) is Refusal.NO_DRAW_PILE


def test_position_text_refuses_holes_before_cards_and_holes_with_a_stock():
    game = new_game("neighbour", deal=1)
    text = game.text()
    assert position_from_text(text).text() == text
    rows = text.split()[1]
    with pytest.raises(NotationError, match="hole before a card"):
        Neighbour.from_text(f"neighbour --{rows[2:]} -")
    with pytest.raises(NotationError, match="holes while the stock"):
        Neighbour.from_text(f"neighbour {rows[:-2]}-- {text.split()[2]}")
    with pytest.raises(NotationError, match="5 rows"):
        Neighbour.from_text("neighbour KsKh -")


def test_the_solver_wins_deal_1_and_its_line_replays():
    game = new_game("neighbour", deal=1)
    result = solve(game, budget_ms=2000)
    assert result.winnable
    game.play_all(result.moves)
    assert game.outcome is Outcome.WON and game.score == 52


def test_the_solver_proves_a_dead_position_lost():
    empty = "/----------" * 4
    # two cards that make no pair: no move, lost at once
    game = Neighbour.from_text(f"neighbour AcTs------{empty} -")
    assert game.outcome is Outcome.LOST and game.legal_moves() == []
    # a King can go, and then nothing
    stuck = Neighbour.from_text(f"neighbour Ac2cKs9c--{empty} -")
    assert [m.text() for m in stuck.legal_moves()] == ["Ks"]
    assert solve(stuck, budget_ms=1000).verdict == "not winnable"
    assert solve(Neighbour.from_text(f"neighbour AcKsQc----{empty} -")).winnable


def test_hints_follow_the_winning_line():
    game = new_game("neighbour", deal=1)
    found = hints.hint_for(game, budget_ms=2000)
    assert found is not None and found.basis is hints.Basis.WINS
    assert found.move in game.legal_moves()


def test_the_heuristic_removes_a_king_first_and_only_plays_legal_moves():
    game = new_game("neighbour", deal=1)
    assert hints.heuristic_move(game).text() == "Ks"
    while not game.is_over:
        move = hints.heuristic_move(game)
        assert move in game.legal_moves()
        game.play(move)
