"""What the game says for a screen reader (thirteen.session.speech): real games from the
registry, real moves, for each kind of table, in English and in the other languages."""

from __future__ import annotations

import pytest

from thirteen.advice.solving import solve
from thirteen.core import i18n
from thirteen.core.cards import parse_card
from thirteen.core.moves import Draw, Recycle
from thirteen.core.spec import TableKind
from thirteen.games import GAMES, GameSetup
from thirteen.session import speech


def game_of(kind: TableKind, deal: int = 1):
    """The first registered game with this kind of table, dealt."""
    spec = next(s for s in GAMES.values() if s.table is kind)
    return GameSetup(spec.id, deal=deal).new_game()


def played(game, move):
    """The words of ``move`` played on ``game`` (which it changes)."""
    before = game.copy()
    game.play(move)
    return speech.move_words(before, game, game.moves[-1])


def test_card_names_follow_each_language_s_pattern():
    queen = parse_card("Qh")
    expected = {
        "en": "Queen of hearts",
        "fr": "Dame de cœur",
        "de": "Herz-Dame",
        "es": "Reina de corazones",
        "it": "Regina di cuori",
    }
    for code, name in expected.items():
        i18n.set_language(code)
        assert speech.card_name(queen) == name
    i18n.set_language("de")
    assert speech.card_list([parse_card("As"), parse_card("Qc")]) == "Pik-Ass und Kreuz-Dame"


def test_a_grid_move_names_what_went_where_it_fell_and_the_stock():
    game = GameSetup("thirteens", deal=1).new_game()
    assert played(game, "Ks") == (
        "Removed King of spades; Eight of diamonds is dealt to row 1, column 1;"
        " 36 cards left in the stock."
    )
    words = played(game, "4s+9c")
    assert words.startswith("Removed Four of spades and Nine of clubs; ")
    for card, place in speech.places(game).items():
        if place.a <= 2 and place.b == 1:  # the column the pair left: fallen or dealt
            assert f"{speech.card_name(card)} " in words
    assert words.endswith("; 34 cards left in the stock.")
    game.undo()
    i18n.set_language("fr")
    words = played(game, "4s+9c")
    assert words.startswith("Retrait\u00a0: Quatre de pique et Neuf de trèfle; ")
    assert words.endswith("; 34 cartes restent au talon.")


def test_a_refilled_grid_counts_the_cards_that_close_up():
    game = GameSetup("neighbour", deal=3).new_game()
    words = played(game, "5d+8s")
    assert words.startswith("Removed Five of diamonds and Eight of spades; 13 cards move along; ")
    assert "Five of clubs is dealt to row 5, column 4" in words
    assert words.endswith("25 cards left in the stock.")


def test_a_pyramid_draw_names_the_new_draw_card_and_the_waste():
    game = game_of(TableKind.PYRAMID, deal=3)
    draw = game.draw_card
    words = played(game, Draw())
    after = game.draw_card
    assert words == (
        f"Next draw card: {speech.card_name(after)}; Top of the waste: {speech.card_name(draw)};"
        " 23 cards left in the stock."
    )


def test_a_pyramid_turned_over_and_its_table_read_in_rows():
    game = GameSetup("pyramid", deal=3).new_game()
    while game.is_legal(Draw()):
        game.play(Draw())
    words = played(game, Recycle())
    assert words.startswith("The waste is turned over; Next draw card: ")
    assert "The waste is empty" in words
    read = speech.table_words(game)
    assert read.startswith("Pyramid row 1: Three of clubs. Pyramid row 2: Two of diamonds,")
    assert "Pyramid row 7: Five of spades (free), Three of spades (free)," in read
    assert "Pass 2 of 3." in read and read.endswith("Score 0 of 28.")


def test_piles_are_dealt_onto_and_read_top_card_first():
    game = game_of(TableKind.PILES, deal=3)
    words = played(game, Draw())
    assert words.startswith("Seven of spades is dealt onto pile 1; Four of clubs is dealt onto")
    assert words.endswith("Seven of hearts is dealt onto pile 5; 42 cards left in the stock.")
    assert speech.table_words(game).startswith("Pile 1: Seven of spades, on top of Three of clubs.")


def test_a_pyramid_over_reserves_names_removals_and_reads_the_piles():
    game = game_of(TableKind.PYRAMID_RESERVES, deal=3)
    assert played(game, "Ac+Qc") == "Removed Ace of clubs and Queen of clubs."
    read = speech.table_words(game)
    assert "Reserve pile 5: Queen of hearts, on top of Queen of spades." in read
    assert "Reserve pile 7: Eight of diamonds, on top of Eight of hearts." in read


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_game_s_moves_name_each_card_removed_and_each_card_that_arrived(game_id):
    game = GameSetup(game_id, deal=2).new_game()
    for _ in range(6):
        if game.is_over:
            break
        move = game.legal_moves()[-1]
        before = game.copy()
        was = speech.places(before)
        game.play(move)
        words = speech.move_words(before, game, game.moves[-1])
        assert words, move.text()
        for card in move.cards:
            assert speech.card_name(card) in words
        now = speech.places(game)
        if before.progress().round == game.progress().round:
            dealt = [c for c in now if c not in was]
            for card in dealt:
                assert speech.card_name(card) in words, (move.text(), card)
        assert speech.table_words(game)
        for code in ("fr", "de", "es", "it"):
            i18n.set_language(code)
            assert speech.move_words(before, game, game.moves[-1]) != words
            i18n.set_language("en")


def test_the_focused_card_says_where_it_is_and_whether_it_is_free():
    game = GameSetup("thirteens", deal=1).new_game()
    assert (
        speech.focus_words(game, parse_card("Ks"), True) == "King of spades, row 1, column 1, free"
    )
    pyramid = game_of(TableKind.PYRAMID, deal=3)
    top = parse_card("3c")
    assert speech.focus_words(pyramid, top, False) == (
        "Three of clubs, pyramid row 1, card 1, covered"
    )
    i18n.set_language("de")
    assert speech.focus_words(game, parse_card("Ks"), True) == "Pik-König, Reihe 1, Spalte 1, frei"


def test_a_won_game_ends_with_the_score():
    game = GameSetup("thirteens", deal=4).new_game()
    line = solve(game.copy(), budget_ms=5000).moves
    for move in line[:-1]:
        game.play(move)
    words = played(game, line[-1])
    assert words.endswith("You won! Score 52 of 52.")
    assert speech.table_words(game).endswith("0 cards left in the stock. You won! Score 52 of 52.")
    assert speech.end_words(game) == "You won! Score 52 of 52."
