"""Pyramid (classic) and the rules it shares with Pyramid 13 (docs/rules.md)."""

from __future__ import annotations

import pytest

from golden import regen
from pyramid_decks import deck_from, moves_text, win_deck
from thirteen.core.cards import FULL_DECK, NotationError, card_text, deck_text, parse_cards
from thirteen.core.game import IllegalMoveError, Outcome
from thirteen.games import GameSetup, new_game, position_from_text
from thirteen.games.pyramids.rules import Pyramid


def test_layout_and_free_cards():
    g = new_game("pyramid", deal=1)
    rows = g.text().split()[1].split("/")
    assert [len(r) // 2 for r in rows] == [1, 2, 3, 4, 5, 6, 7]
    assert " ".join(rows).replace(" ", "") == "".join(card_text(c) for c in g.deck[:28])
    pile = g.deal.draw_pile(g.pos)
    assert pile == list(g.deck[28:]) and g.deal.draw_card(g.pos) == g.deck[28]
    assert g.deal.waste(g.pos) == []
    # Available: the seven bottom cards, then the draw card.
    assert g.deal.available(g.pos) == list(g.deck[21:29])


def test_a_card_is_free_only_when_both_covering_cards_are_gone():
    # 6c (row 6, 4th card) is covered by the bottom cards 7h and 4d.
    pyramid = [
        "Kc",
        "Kd Kh",
        "Ks 2c 3c",
        "4c 5c 8c 9c",
        "Tc Jc Qc Ad 2d",
        "3d 4h 5d 6c 8d 9d",
        "Td Jd Qd 7h 4d Th Jh",
    ]
    g = new_game("pyramid", deck=deck_from(pyramid, "9h 6h 7s"))
    assert "6c+7s" not in moves_text(g)
    g.play("4d+9h")  # one covering card gone: 6c is still covered by 7h
    with pytest.raises(IllegalMoveError, match="6c is not available"):
        g.play("6c+7h")
    assert "6c+7h" not in moves_text(g)
    g.play("6h+7h")  # both gone: 6c is free and pairs with the draw card 7s
    assert "6c+7s" in moves_text(g)
    assert "[6c]" in g.render()
    g.play("6c+7s")
    assert g.score == 3 and g.removed_cards == 6


def test_pairs_among_available_cards():
    pyramid = [
        "Kc",
        "Kd Kh",
        "Ks 2c 3c",
        "4c 5c 8c 9c",
        "Tc Jc Qc Ad 2d",
        "3d 4h 5d 6c 8d 9d",
        "Td Jd 5h 7h 4d Th Jh",
    ]
    g = new_game("pyramid", deck=deck_from(pyramid, "Ah 8h 2h"))
    moves = moves_text(g)
    assert "5h+8h" not in moves  # 8h is below the top of the draw pile
    assert "3d+Td" not in moves  # 3d is covered
    assert "6c+7h" not in moves
    g.play("D")  # Ah to the waste, 8h becomes the draw card
    assert g.deal.waste_top(g.pos) == parse_cards("Ah")[0]
    assert "5h+8h" in moves_text(g)  # pyramid + draw card
    g.play("5h+8h")
    assert g.deal.draw_card(g.pos) == parse_cards("2h")[0]  # next card of the pile
    g.play("D")
    # Pyramid + waste top: 2h on the waste pairs with Jd and Jh in the bottom row.
    assert {"2h+Jd", "2h+Jh"} <= set(moves_text(g))
    g.play("2h+Jh")
    assert g.deal.waste_top(g.pos) == parse_cards("Ah")[0]  # the card under it is the top again


def test_draw_card_pairs_with_the_waste_top_and_kings_anywhere():
    deck = deck_from(
        [
            "Kc",
            "Kd Kh",
            "2c 3c 4c",
            "5c 6c 7c 8c",
            "9c Tc Jc Qc Ad",
            "2d 3d 4d 5d 6d 7d",
            "8d 9d Td Jd 2h 3h 4h",
        ],
        "Ac Qh Ks Ah 5h",
    )
    g = new_game("pyramid", deck=deck)
    g.play("D")
    assert "Ac+Qh" in moves_text(g)  # draw card + waste top
    g.play("Ac+Qh")
    assert g.deal.waste(g.pos) == [] and g.deal.draw_card(g.pos) == parse_cards("Ks")[0]
    assert moves_text(g)[0] == "Ks"  # King as the draw card
    g.play("D")
    assert g.deal.waste_top(g.pos) == parse_cards("Ks")[0]
    assert moves_text(g)[0] == "Ks"  # King as the waste top
    g.play("Ks")
    assert g.deal.waste(g.pos) == [] and g.deal.draw_card(g.pos) == parse_cards("Ah")[0]
    assert g.score == 0 and g.removed_cards == 3  # score counts pyramid cards only
    with pytest.raises(IllegalMoveError, match="Kc is not available"):
        g.play("Kc")  # the apex King is covered


def test_recycles_keep_the_order_and_stop_after_two():
    g = new_game("pyramid", deal=7)
    while g.deal.draw_index(g.pos) is not None:
        assert "R" not in moves_text(g)
        with pytest.raises(IllegalMoveError, match="not empty yet"):
            g.play("R")
        g.play("D")
    first_waste = g.deal.waste(g.pos)
    assert moves_text(g)[-1] == "R"
    with pytest.raises(IllegalMoveError, match="draw pile is empty"):
        g.play("D")
    g.play("R")
    assert g.recycles_left == 1 and g.deal.waste(g.pos) == []
    assert g.deal.draw_pile(g.pos) == first_waste  # first drawn is first again
    assert g.deal.draw_card(g.pos) == first_waste[0]
    while g.deal.draw_index(g.pos) is not None:
        g.play("D")
    g.play("R")
    assert g.recycles_left == 0 and "Pass 3 of 3" in g.render()
    while g.deal.draw_index(g.pos) is not None:
        g.play("D")
    assert "R" not in moves_text(g)
    assert g.deal.why_illegal(g.pos, parse_move_r()) == "no recycles left"
    if not g.is_over:
        with pytest.raises(IllegalMoveError, match="no recycles left"):
            g.play("R")


def parse_move_r():
    from thirteen.core.moves import Recycle

    return Recycle()


def test_no_recycle_of_an_empty_waste():
    g = position_from_text(
        "pyramid Kc/KdKh/Ks2c3c/4c5c6c7c/8c9cTcJcQc/Ad2d3d4d5d6d/7d8d9dTdJd7h8h - - 2"
    )
    assert g.outcome is Outcome.LOST and g.legal_moves() == []
    assert g.deal.why_illegal(g.pos, parse_move_r()) == "the waste is empty"


def test_won_game():
    deck, moves = win_deck()
    g = new_game("pyramid", deck=deck)
    for move in moves[:-1]:
        assert move in moves_text(g)
        g.play(move)
    assert g.outcome is Outcome.IN_PROGRESS and g.score == 27
    g.play(moves[-1])
    assert g.outcome is Outcome.WON and g.score == 28 and g.legal_moves() == []
    assert g.cards_in_play() == {"pyramid": [], "draw": [], "waste": []}
    with pytest.raises(IllegalMoveError, match="game is over"):
        g.play("D")


def test_won_with_cards_left_in_the_piles():
    g = position_from_text(
        "pyramid --/----/------/--------/----------/------------/Kc------------ AcQh 2c 0"
    )
    assert g.outcome is Outcome.IN_PROGRESS
    g.play("Kc")
    assert g.outcome is Outcome.WON and g.legal_moves() == []
    assert g.cards_in_play()["draw"] and g.cards_in_play()["waste"]


def test_lost_game_with_a_deal_number():
    g = new_game("pyramid", deal=193)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    assert g.outcome is Outcome.LOST and g.score < 28 and g.recycles_left == 0
    assert "lost" in g.render()


@pytest.mark.parametrize(
    "text, named",
    [
        ("pyramid a b c", "pyramid ROWS DRAW WASTE RECYCLES_LEFT"),
        (
            "pyramid13 Kc/KdKh/Ks2c3c/4c5c6c7c/8c9cTcJcQc/Ad2d3d4d5d6d/7d8d9dTdJdQdAh - - 2",
            "pyramid ROWS",
        ),
        (
            "pyramid Kc/KdKh/Ks2c3c/4c5c6c7c/8c9cTcJcQc/Ad2d3d4d5d6d/7d8d9dTdJdQdAh - - 3",
            "recycles left",
        ),
        (
            "pyramid Kc/KdKh/Ks2c3c/4c5c6c7c/8c9cTcJcQc/Ad2d3d4d5d6d/7d8d9dTdJdQdAh - - x",
            "recycles left",
        ),
        # digits that are not ASCII: '²' used to raise int()'s own message, and the
        # Arabic-Indic '١' was read as 1; thousands of digits are too many for int()
        (
            "pyramid Kc/KdKh/Ks2c3c/4c5c6c7c/8c9cTcJcQc/Ad2d3d4d5d6d/7d8d9dTdJdQdAh - - \u00b2",
            "recycles left",
        ),
        (
            "pyramid Kc/KdKh/Ks2c3c/4c5c6c7c/8c9cTcJcQc/Ad2d3d4d5d6d/7d8d9dTdJdQdAh - - \u0661",
            "recycles left",
        ),
        (
            "pyramid Kc/KdKh/Ks2c3c/4c5c6c7c/8c9cTcJcQc/Ad2d3d4d5d6d/7d8d9dTdJdQdAh - - "
            + "0" * 5000,
            "recycles left",
        ),
        ("pyramid Kc/KdKh/Ks2c3c/4c5c6c7c/8c9cTcJcQc/Ad2d3d4d5d6d - - 2", "7 rows"),
        (
            "pyramid Kc/KdKh/Ks2c3c/4c5c6c7c/8c9cTcJcQc/Ad2d3d4d5d6d/7d8d9dTdJdQd - - 2",
            "row 7 needs 7 cells",
        ),
        (
            "pyramid Kc/KdKh/Ks2c3c/4c5c6c7c/8c9cTcJcQc/Ad2d3d4d5d6d/7d8d9dTdJdQdAh Kc - 2",
            "duplicate card Kc",
        ),
        (
            "pyramid Kc/KdKh/Ks2c3c/4c5c6c7c/8c9cTcJcQc/Ad2d3d4d5d6d/7d8d9dTdJdQdAh As-- - 2",
            "empty cells",
        ),
        ("pyramid Kc/KdKh/Ks2c3c/4c5c6c7c/8c9cTcJcQc/Ad2d3d4d5d6d/7d8d9dTdJdQdAx - - 2", "'Ax'"),
    ],
)
def test_position_text_errors(text, named):
    with pytest.raises(NotationError) as err:
        Pyramid.from_text(text)
    assert named in str(err.value)


def test_position_text_round_trip():
    g = new_game("pyramid", deal=200)
    g.play_all(regen.TRANSCRIPTS["pyramid"][4].split()[:40])
    again = position_from_text(g.text())
    assert again.text() == g.text() and again.score == g.score
    assert again.legal_moves() == g.legal_moves() and again.recycles_left == g.recycles_left


def test_pyramid_has_no_layout_and_no_column_moves():
    with pytest.raises(ValueError, match="no layout"):
        GameSetup("pyramid", deal=1, layout="3x5")
    g = new_game("pyramid", deal=1)
    with pytest.raises(IllegalMoveError, match="no move like"):
        g.play("Ks>2")
    with pytest.raises(ValueError):
        new_game("pyramid", deck=" ".join(deck_text(FULL_DECK).split()[:51]))
