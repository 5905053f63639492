"""Pyramid 13 (docs/rules.md): three one-pass deals scored in points."""

from __future__ import annotations

import pytest

from golden import regen
from pyramid_decks import deck_from, moves_text, win_deck
from thirteen.core.cards import NotationError, deck_text
from thirteen.core.deals import decks_for_deal_n
from thirteen.core.game import IllegalMoveError, Outcome
from thirteen.games import new_game, position_from_text
from thirteen.games.pyramids.rules import Pyramid13


def play_until_deal_changes(g: Pyramid13) -> int:
    """Play first legal moves until the deal ends; return the cards left at its end."""
    index = g.deal_index
    while True:
        move = g.legal_moves()[0]
        left = sum(len(v) for v in g.cards_in_play().values())
        left -= {"D": 0}.get(move.text(), 1 if "+" not in move.text() else 2)
        g.play(move)
        if g.deal_index != index or g.is_over:
            return left


def test_three_won_deals_score_2010():
    deck, moves = win_deck()
    g = new_game("pyramid13", deck=" | ".join([deck] * 3))
    for deal in range(3):
        assert g.deal_index == deal and g.removed_cards == 0
        for move in moves:
            assert g.outcome is Outcome.IN_PROGRESS
            g.play(move)
    # 52 cards per deal at 10 points, +100, +100, then +250 for the final pyramid.
    assert g.deal_scores == (620, 620, 770)
    assert g.score == 2010
    assert g.outcome is Outcome.WON and g.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        g.play("D")


def test_cleared_deal_moves_on_at_once_even_with_cards_left():
    later = ",".join(deck_text(d).replace(" ", "") for d in decks_for_deal_n(3, 2))
    rows = "Kc/----/------/--------/----------/------------/--------------"
    g = Pyramid13.from_text(f"pyramid13 1 - {rows} AcQh 2c {later}")
    assert g.legal_moves()[0].text() == "Kc" and g.score == 480
    g.play("Kc")
    # 49 cards removed + the deal-1 bonus; the draw pile's leftovers do not matter.
    assert g.deal_scores == (590,) and g.deal_index == 1 and g.score == 590
    assert g.deal.draw_pile(g.pos) == list(decks_for_deal_n(3, 1)[0][28:])
    g.undo()
    assert g.deal_index == 0 and g.score == 480 and g.deal_scores == ()


def test_transition_scores_and_next_deal():
    deck, moves = win_deck()
    decks = decks_for_deal_n(2, 3)
    g = new_game("pyramid13", deck=" | ".join([deck, deck_text(decks[1]), deck]))
    g.play_all(moves[:-1])
    assert g.deal_index == 0 and g.score == 510 and g.deal_scores == ()
    g.play(moves[-1])  # the pyramid is cleared: the next deal starts by itself
    assert g.deal_index == 1 and g.deal_scores == (620,)
    assert g.score == 620 and g.removed_cards == 0
    assert g.deal.draw_pile(g.pos) == list(decks[1][28:])
    assert g.text().split()[1:3] == ["2", "620"]
    # The second deal is lost: no bonus, 10 points per card removed.
    left = play_until_deal_changes(g)
    assert g.deal_index == 2 and g.deal_scores == (620, (52 - left) * 10)
    assert left > 0 and "Deal 3 of 3" in g.render()
    g.play_all(moves)
    assert g.outcome is Outcome.WON
    assert g.score == 620 + (52 - left) * 10 + 770


def test_lost_when_the_final_pyramid_is_not_cleared():
    deck, moves = win_deck()
    g = new_game("pyramid13", deck=" | ".join([deck, deck, deck_text(decks_for_deal_n(2, 1)[0])]))
    g.play_all(moves * 2)
    assert g.deal_scores == (620, 620)
    left = play_until_deal_changes(g)
    assert g.is_over and g.outcome is Outcome.LOST and g.legal_moves() == []
    assert g.deal_index == 2 and g.deal_scores[2] == (52 - left) * 10
    assert g.score == 1240 + (52 - left) * 10
    assert "lost" in g.render()


def test_no_recycling():
    g = new_game("pyramid13", deal=1)
    with pytest.raises(IllegalMoveError, match="no recycling"):
        g.play("R")
    while g.deal_index == 0 and g.deal.draw_index(g.pos) is not None:
        g.play("D")
    assert "R" not in moves_text(g)
    with pytest.raises(IllegalMoveError):
        g.play("R")


def test_deal_ends_when_the_pile_is_empty_and_nothing_pairs():
    g = new_game("pyramid13", deal=1)
    draws = 0
    while g.deal_index == 0:
        # Drawing only: 24 draws empty the pile; the deal ends when nothing pairs.
        if g.deal.draw_index(g.pos) is None:
            g.play(g.legal_moves()[0])
        else:
            g.play("D")
            draws += 1
    assert draws == 24
    assert g.deal_scores[0] % 10 == 0 and g.deal_scores[0] < 520


def test_kings_and_pairs_as_in_pyramid():
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
    g = new_game("pyramid13", deck=" | ".join([deck] * 3))
    g.play("D")
    g.play("Ac+Qh")
    assert g.score == 20
    g.play("Ks")
    assert g.score == 30


def test_position_text_round_trip_across_deals():
    g = new_game("pyramid13", deal=2)
    moves = regen.TRANSCRIPTS["pyramid13"][4].split()
    for n, move in enumerate(moves):
        g.play(move)
        if n % 7 == 0 or g.is_over:
            again = position_from_text(g.text())
            assert again.text() == g.text()
            assert again.score == g.score and again.outcome is g.outcome
            assert again.legal_moves() == g.legal_moves()


TEXT = new_game("pyramid13", deal=1).text().split()


@pytest.mark.parametrize(
    "fields, named",
    [
        (TEXT[:6], "pyramid13 DEAL SCORES"),
        (["pyramid", *TEXT[1:]], "pyramid13 DEAL SCORES"),
        ([TEXT[0], "4", *TEXT[2:]], "deal must be 1, 2 or 3"),
        ([TEXT[0], "0", *TEXT[2:]], "deal must be 1, 2 or 3"),
        ([*TEXT[:2], "10", *TEXT[3:]], "finished deal scores"),
        ([*TEXT[:2], "x", *TEXT[3:]], "scores must be numbers"),
        ([TEXT[0], "2", "-", *TEXT[3:]], "finished deal scores"),
        ([*TEXT[:6], TEXT[6].split(",")[0]], "2 later decks"),
        ([*TEXT[:6], TEXT[6].split(",")[0][:-2] + "," + TEXT[6].split(",")[1]], "52 distinct"),
        ([*TEXT[:4], "Ks", *TEXT[5:]], "duplicate card Ks"),
    ],
)
def test_position_text_errors(fields, named):
    with pytest.raises(NotationError) as err:
        Pyramid13.from_text(" ".join(fields))
    assert named in str(err.value)


def _deal_two_fields() -> list[str]:
    game = new_game("pyramid13", deal=1)
    while game.deal_index == 0:
        game.play(game.legal_moves()[0])
    return game.text().split()


DEAL_TWO = _deal_two_fields()


@pytest.mark.parametrize(
    "score", ["-5", "\u0661\u0662", "1_0", "+5", "9" * 23, "15", "630", "10000", "1,"]
)
def test_position_text_refuses_a_score_no_deal_can_give(score):
    """Found by review: the finished deals' scores were read with int(), so -5, '١٢'
    (Arabic-Indic digits), '1_0' and 10^23 made games with impossible totals."""
    fields = [*DEAL_TWO[:2], score, *DEAL_TWO[3:]]
    with pytest.raises(NotationError, match="score"):
        Pyramid13.from_text(" ".join(fields))


@pytest.mark.parametrize("score", ["0", "280", "380", "520", "530", "620"])
def test_position_text_takes_every_score_a_deal_can_give(score):
    fields = [*DEAL_TWO[:2], score, *DEAL_TWO[3:]]
    game = Pyramid13.from_text(" ".join(fields))
    assert game.deal_scores == (int(score),) and game.text().split()[2] == score


@pytest.mark.parametrize("text", ["", "   ", "foo", "chess 1 2 3"])
def test_a_position_of_no_game_is_a_notation_error(text):
    with pytest.raises(NotationError, match="starts with its game"):
        position_from_text(text)


def test_position_text_rejects_a_finished_deal_without_its_score():
    cleared = "--/----/------/--------/----------/------------/--------------"
    later = ",".join("".join(t for t in deck_text(d).split()) for d in decks_for_deal_n(3, 2))
    with pytest.raises(NotationError, match="over"):
        Pyramid13.from_text(f"pyramid13 1 - {cleared} AcQh - {later}")
    stuck = "Kc/KdKh/Ks2c3c/4c5c6c7c/8c9cTcJcQc/Ad2d3d4d5d6d/7d8d9dTdJd7h8h"
    with pytest.raises(NotationError, match="over"):
        Pyramid13.from_text(f"pyramid13 1 - {stuck} - - {later}")
    # Three scores mean the game is over: the last deal must have no move left.
    with pytest.raises(NotationError, match="still has moves"):
        Pyramid13.from_text(f"pyramid13 3 10,20,30 {stuck} Qs - -")
    over = Pyramid13.from_text(f"pyramid13 3 10,20,30 {stuck} - - -")
    assert over.outcome is Outcome.LOST and over.score == 60
    won = Pyramid13.from_text(f"pyramid13 3 10,20,300 {cleared} AcQh - -")
    assert won.outcome is Outcome.WON and won.score == 330


def test_three_decks_needed():
    deck, _ = win_deck()
    with pytest.raises(NotationError, match="3 decks"):
        new_game("pyramid13", deck=deck)
    with pytest.raises(NotationError, match="deck 2"):
        new_game("pyramid13", deck=" | ".join([deck, deck.replace("Ks", "Kx"), deck]))
    with pytest.raises(ValueError, match="three decks"):
        Pyramid13([tuple(range(52))] * 2)
