"""Giza: the engine against docs/rules.md, its texts, its solver and its hooks."""

from __future__ import annotations

import pytest

from thirteen.advice import hints
from thirteen.advice.solving import solve
from thirteen.core.cards import NotationError, parse_card
from thirteen.core.game import IllegalMoveError, Outcome, Refusal
from thirteen.core.moves import Draw, Recycle, RemoveKing, RemovePair
from thirteen.games import new_game, position_from_text
from thirteen.games.pyramids.giza import Giza
from thirteen.games.pyramids.giza_solver import most_cards_steps
from thirteen.search.budget import finish

EMPTY_ROWS = "--/----/------/--------/----------/------------/--------------"
"""A pyramid with every cell empty, as a position text writes it."""


def test_the_deck_fills_the_pyramid_then_the_reserves_bottom_to_top():
    game = new_game("giza", deal=1)
    deck = game.setup.decks()[0]
    assert [card for _, _, card, _ in game.pyramid_cards()] == list(deck[:28])
    piles = game.reserve_piles()
    assert piles == [tuple(deck[28 + 3 * p : 31 + 3 * p]) for p in range(8)]
    # free: the pyramid's bottom row, then each pile's top (its last card), pile 1 to 8
    assert game.available_cards() == list(deck[21:28]) + [p[-1] for p in piles]
    assert game.progress().stock is None and game.score == 0


def test_only_uncovered_cards_are_free():
    game = new_game("giza", deal=1)  # bottom row Qc Js Jh 2d 6s 2s 3d; pile 1 Qs 2c Kc
    under_kc, covered = parse_card("2c"), parse_card("Ac")  # Ac lies under Jh and 2d
    assert game.refusal(RemovePair(under_kc, parse_card("Js"))) is Refusal.NOT_FREE
    with pytest.raises(IllegalMoveError, match="reserve pile"):
        game.play(RemovePair(under_kc, parse_card("Js")))
    with pytest.raises(IllegalMoveError, match="in the pyramid"):
        game.play(RemovePair(covered, parse_card("Qc")))
    game.play("Kc")  # a King on a reserve pile's top goes alone, and uncovers the 2c
    game.play("2c+Js")
    game.play("2d+Jh")  # Ac's two covering cards are gone: it is free
    game.play("Ac+Qc")
    assert game.score == 7 and parse_card("Qs") in game.available_cards()


def test_there_is_no_stock_and_no_draw():
    game = new_game("giza", deal=1)
    for move in (Draw(), Recycle()):
        assert game.refusal(move) is Refusal.NO_DRAW_PILE
        assert move not in game.legal_moves()
    with pytest.raises(IllegalMoveError, match="no stock"):
        game.play(Draw())


def test_position_texts_round_trip_and_refuse_impossible_ones():
    game = new_game("giza", deal=1)
    game.play_all(["Kc", "2d+Jh", "2s+Js"])
    assert position_from_text(game.text()).text() == game.text()
    assert position_from_text(game.text()).legal_moves() == game.legal_moves()
    lone = Giza.from_text(f"giza {EMPTY_ROWS} Ac/-/-/Qd/-/-/-/Ks")
    assert [m.text() for m in lone.legal_moves()] == ["Ks", "Ac+Qd"]
    with pytest.raises(NotationError, match="8 reserve piles"):
        Giza.from_text(f"giza {EMPTY_ROWS} -/-/-")
    with pytest.raises(NotationError, match="dealt 3"):
        Giza.from_text(f"giza {EMPTY_ROWS} AcAdAhAs/-/-/-/-/-/-/-")
    with pytest.raises(NotationError, match="duplicate card Ac"):
        Giza.from_text(f"giza {EMPTY_ROWS} Ac/Ac/-/-/-/-/-/-")
    hole = "Ks/--6h/JcTs3h/" + "/".join("Qh" * (r + 1) for r in range(3, 7))
    with pytest.raises(NotationError, match="empty cell in pyramid row 2"):
        Giza.from_text(f"giza {hole} -/-/-/-/-/-/-/-")


def test_the_solver_wins_a_winnable_deal_and_proves_a_lost_one():
    game = new_game("giza", deal=1)
    result = solve(game, budget_ms=10_000)
    assert result.winnable
    game.play_all(result.moves)
    assert game.outcome is Outcome.WON and game.score == 52
    assert solve(new_game("giza", deal=3), budget_ms=10_000).verdict == "not winnable"
    # a Queen on the Ace its partner needs, on one pile: lost, and the solver says so at once
    stuck = Giza.from_text(f"giza {EMPTY_ROWS} AcQd/-/-/-/-/-/-/-")
    assert stuck.outcome is Outcome.LOST and solve(stuck).verdict == "not winnable"
    crossed = Giza.from_text(f"giza {EMPTY_ROWS} AcQd/QcAd/-/-/-/-/-/-")
    assert solve(crossed).winnable and crossed.outcome is Outcome.IN_PROGRESS
    # two pairs of ranks that block each other: the Jack waits for the 2 under the Queen,
    # the Queen for the Ace under the Jack (each pair alone could be cleared)
    chain = Giza.from_text(f"giza {EMPTY_ROWS} AcJd/2cQd/Ks/-/-/-/-/-")
    assert solve(chain).verdict == "not winnable" and chain.legal_moves()


def test_the_most_cards_and_the_hints():
    lost = new_game("giza", deal=3)
    score, line, exact = finish(most_cards_steps(lost, budget_ms=10_000))
    assert exact and 0 < score < 52
    lost.play_all(line)
    assert lost.score == score and lost.outcome is Outcome.LOST
    found = hints.hint_for(new_game("giza", deal=1), budget_ms=5000)
    assert found is not None and found.basis is hints.Basis.WINS
    found = hints.hint_for(new_game("giza", deal=3), budget_ms=5000)
    assert found is not None and found.basis is hints.Basis.MOST


def test_the_heuristic_plays_legal_moves_kings_first():
    game = new_game("giza", deal=1)
    assert hints.heuristic_move(game) == RemoveKing(parse_card("Kc"))
    while not game.is_over:
        move = hints.heuristic_move(game)
        assert move in game.legal_moves()
        game.play(move)
    assert game.score == game.removed_cards
