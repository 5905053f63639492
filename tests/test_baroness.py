"""Baroness: the engine against docs/rules.md, its texts, its solver and its hooks."""

from __future__ import annotations

import pytest

from thirteen.advice import hints
from thirteen.advice.solving import solve
from thirteen.core.cards import NotationError, parse_card
from thirteen.core.game import IllegalMoveError, Outcome, Refusal
from thirteen.core.moves import Draw, Recycle, RemovePair
from thirteen.games import new_game, position_from_text
from thirteen.games.baroness.rules import Baroness


def test_the_deck_is_the_stock_and_the_first_five_cards_are_the_first_deal():
    game = new_game("baroness", deal=5)
    deck = game.setup.decks()[0]
    assert game.pile_cards() == [(c,) for c in deck[:5]]
    assert game.progress().stock == 47 and game.reserve_cards() == []
    game.play(Draw())  # one card onto each pile, whether or not moves remain
    assert [p[-1] for p in game.pile_cards()] == list(deck[5:10])


def test_the_last_two_cards_become_the_reserve():
    game = new_game("baroness", deal=5)
    for _ in range(9):
        game.play(Draw())
    assert game.progress().stock == 2 and max(len(p) for p in game.pile_cards()) == 10
    deck = game.setup.decks()[0]
    game.play(Draw())
    assert game.reserve_cards() == list(deck[50:]) and game.progress().stock == 0
    assert set(deck[50:]) <= set(game.available_cards())
    assert game.refusal(Draw()) is Refusal.NOTHING_TO_DRAW


def test_only_top_cards_are_free_and_an_empty_pile_waits_for_the_next_deal():
    game = new_game("baroness", deal=5)  # 9d Js 4h 3c 9h
    game.play("4h+9h")
    assert game.pile_cards()[2] == () and game.pile_cards()[4] == ()
    game.play(Draw())
    covered = game.pile_cards()[0][0]
    top = game.pile_cards()[3][-1]
    move = game.removal((covered, top))
    assert move is None or game.refusal(move) is Refusal.NOT_FREE
    with pytest.raises(IllegalMoveError, match="covered"):
        game.play(RemovePair(parse_card("9d"), parse_card("4d")))
    assert game.refusal(Recycle()) is Refusal.OTHER


def test_position_texts_round_trip_and_refuse_impossible_stocks():
    game = new_game("baroness", deal=5)
    game.play_all(["4h+9h", "D"])
    assert position_from_text(game.text()).text() == game.text()
    with pytest.raises(NotationError, match="47, 42"):
        Baroness.from_text("baroness Kc/-/-/-/- - AcAdAh")
    with pytest.raises(NotationError, match="reserve"):
        Baroness.from_text("baroness Kc/-/-/-/- AcAdAh -")
    with pytest.raises(NotationError, match="5 piles"):
        Baroness.from_text("baroness Kc/- - -")


def test_the_solver_wins_a_winnable_deal_and_proves_a_lost_one():
    game = new_game("baroness", deal=5)
    result = solve(game, budget_ms=10_000)
    assert result.winnable
    game.play_all(result.moves)
    assert game.outcome is Outcome.WON
    assert solve(new_game("baroness", deal=1), budget_ms=10_000).verdict == "not winnable"
    # two Queens on top of the Aces they need: lost, and the solver says so at once
    stuck = Baroness.from_text("baroness AcQc/AdQd/-/-/- - -")
    assert solve(stuck).verdict == "not winnable" and stuck.outcome is Outcome.LOST
    crossed = Baroness.from_text("baroness AcQc/QdAd/-/-/- - -")
    assert solve(crossed).winnable


def test_hints_and_the_heuristic_play_legal_moves():
    game = new_game("baroness", deal=5)
    found = hints.hint_for(game, budget_ms=5000)
    assert found is not None and found.basis is hints.Basis.WINS
    while not game.is_over:
        move = hints.heuristic_move(game)
        assert move in game.legal_moves()
        game.play(move)
