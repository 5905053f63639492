"""Card, deck and move notation (docs/rules.md "Card and deck notation")."""

from __future__ import annotations

import itertools

import pytest

from thirteen.core.cards import (
    FULL_DECK,
    RANKS,
    SUITS,
    NotationError,
    card_name,
    card_text,
    cards_compact,
    deck_text,
    is_king,
    is_pair,
    make_card,
    parse_card,
    parse_cards,
    parse_compact,
    parse_deck,
    rank,
    suit,
)
from thirteen.core.moves import (
    Draw,
    Move,
    MoveToEmpty,
    Recycle,
    RemoveKing,
    RemovePair,
    parse_move,
    parse_moves,
)
from thirteen.games import GAMES, new_game

CANONICAL = [r + s for r in RANKS for s in SUITS]


def test_card_encoding_is_rank_then_suit():
    assert card_text(0) == "Ac"
    assert card_text(1) == "Ad"
    assert card_text(2) == "Ah"
    assert card_text(3) == "As"
    assert card_text(36) == "Tc"
    assert card_text(51) == "Ks"
    for card in FULL_DECK:
        assert card == make_card(rank(card), suit(card))
        assert card == (rank(card) - 1) * 4 + suit(card)
    assert [card_text(c) for c in FULL_DECK] == CANONICAL
    assert card_name(make_card(10, 2)) == "Ten of hearts"
    assert card_name(make_card(1, 3)) == "Ace of spades"


@pytest.mark.parametrize("bad", [(0, 0), (14, 0), (1, 4), (1, -1)])
def test_make_card_rejects_impossible_cards(bad):
    with pytest.raises(ValueError):
        make_card(*bad)


def test_values_and_pairs():
    values = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, "2": 2, "9": 9}
    for ch, value in values.items():
        assert rank(parse_card(ch + "h")) == value
    for a, b in itertools.product(FULL_DECK, repeat=2):
        assert is_pair(a, b) == (rank(a) + rank(b) == 13 and rank(a) != 13 and rank(b) != 13)
    assert [c for c in FULL_DECK if is_king(c)] == [parse_card(t) for t in ("Kc", "Kd", "Kh", "Ks")]
    assert not any(is_pair(parse_card("Ks"), c) for c in FULL_DECK)


@pytest.mark.parametrize(
    "token, expected",
    [
        ("Th", "Th"),
        ("th", "Th"),
        ("TH", "Th"),
        ("tH", "Th"),
        ("10h", "Th"),
        ("10H", "Th"),
        ("10s", "Ts"),
        ("as", "As"),
        ("qD", "Qd"),
        ("Kc", "Kc"),
        (" 2c ", "2c"),
    ],
)
def test_parse_card_is_case_insensitive_and_accepts_10(token, expected):
    assert card_text(parse_card(token)) == expected


@pytest.mark.parametrize(
    "token, named",
    [
        ("Qx", "x"),
        ("Zh", "Z"),
        ("1h", "1"),
        ("Q", "Q"),
        ("Qhh", "Qhh"),
        ("11h", "11h"),
        ("10x", "x"),
        ("", ""),
    ],
)
def test_parse_card_errors_name_the_token(token, named):
    with pytest.raises(NotationError) as err:
        parse_card(token)
    assert repr(token) in str(err.value)
    assert named in str(err.value)


def test_notation_error_is_a_value_error():
    assert issubclass(NotationError, ValueError)


def test_parse_deck_accepts_any_case_and_10():
    tokens = [t.lower() for t in CANONICAL]
    tokens[tokens.index("th")] = "10h"
    tokens[tokens.index("ts")] = "10S"
    tokens[tokens.index("qs")] = "QS"
    deck = parse_deck("\n".join(tokens[:10]) + "\t " + " ".join(tokens[10:]))
    assert deck == FULL_DECK
    assert deck_text(deck) == " ".join(CANONICAL)


def test_parse_deck_duplicate_names_the_card():
    tokens = list(CANONICAL)
    tokens[0] = "qh"  # Ac replaced by a second Queen of hearts
    with pytest.raises(NotationError, match=r"duplicate card Qh"):
        parse_deck(" ".join(tokens))


def test_parse_deck_unknown_suit_names_the_token():
    tokens = list(CANONICAL)
    tokens[5] = "Qx"
    with pytest.raises(NotationError) as err:
        parse_deck(" ".join(tokens))
    assert "'Qx'" in str(err.value) and "suit" in str(err.value)


def test_parse_deck_unknown_rank_names_the_token():
    tokens = list(CANONICAL)
    tokens[7] = "Xh"
    with pytest.raises(NotationError, match=r"'Xh'"):
        parse_deck(" ".join(tokens))


def test_parse_deck_51_cards_names_the_count_and_missing_card():
    tokens = [t for t in CANONICAL if t != "7d"]
    with pytest.raises(NotationError) as err:
        parse_deck(" ".join(tokens))
    message = str(err.value)
    assert "51" in message and "7d" in message


def test_parse_deck_empty_and_oversized():
    with pytest.raises(NotationError, match="got 0"):
        parse_deck("")
    with pytest.raises(NotationError, match="duplicate card Ac"):
        parse_deck(" ".join(CANONICAL + ["Ac"]))


def test_parse_cards_keeps_order():
    assert parse_cards("Kh 10c as") == [parse_card("Kh"), parse_card("Tc"), parse_card("As")]
    with pytest.raises(NotationError, match="duplicate card As"):
        parse_cards("As Kh aS")


def test_compact_form_round_trip():
    cells = [parse_card("Th"), None, parse_card("Ac"), None]
    assert cards_compact(cells) == "Th--Ac--"
    assert parse_compact("Th--Ac--") == cells
    assert parse_compact("") == []
    with pytest.raises(NotationError):
        parse_compact("ThA")
    with pytest.raises(NotationError, match="'Xx'"):
        parse_compact("ThXx")


# -- moves -------------------------------------------------------------------


def all_candidate_moves(columns: int = 5) -> list[Move]:
    moves: list[Move] = [Draw(), Recycle()]
    moves += [RemoveKing(c) for c in FULL_DECK if is_king(c)]
    moves += [RemovePair(a, b) for a in FULL_DECK for b in FULL_DECK if a < b and is_pair(a, b)]
    moves += [MoveToEmpty(c, col) for c in FULL_DECK for col in range(columns)]
    return moves


def test_candidate_move_counts():
    moves = all_candidate_moves()
    assert sum(isinstance(m, RemovePair) for m in moves) == 6 * 16
    assert sum(isinstance(m, RemoveKing) for m in moves) == 4


def test_every_move_text_round_trips():
    for move in all_candidate_moves(columns=15):
        assert Move.from_text(move.text()) == move
        assert parse_move(str(move)) == move
        assert parse_move(move.text().lower()) == move


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Kh", RemoveKing(parse_card("Kh"))),
        ("kh", RemoveKing(parse_card("Kh"))),
        ("Ac+Qd", RemovePair(parse_card("Ac"), parse_card("Qd"))),
        ("Qd+Ac", RemovePair(parse_card("Ac"), parse_card("Qd"))),
        ("10h+3c", RemovePair(parse_card("3c"), parse_card("Th"))),
        ("D", Draw()),
        ("d", Draw()),
        ("R", Recycle()),
        ("r", Recycle()),
        ("Jc>2", MoveToEmpty(parse_card("Jc"), 1)),
        ("jc>12", MoveToEmpty(parse_card("Jc"), 11)),
    ],
)
def test_parse_move_forms(text, expected):
    assert parse_move(text) == expected


def test_move_canonical_text():
    assert RemovePair(parse_card("Qd"), parse_card("Ac")).text() == "Ac+Qd"
    assert MoveToEmpty(parse_card("Jc"), 1).text() == "Jc>2"
    assert Draw().text() == "D" and Recycle().text() == "R"
    assert [m.text() for m in parse_moves(" kh  ac+qd d\nR  jc>2 ")] == [
        "Kh",
        "Ac+Qd",
        "D",
        "R",
        "Jc>2",
    ]


@pytest.mark.parametrize(
    "text, named",
    [
        ("", "empty"),
        ("Qh", "not a King"),
        ("Ac+Kd", "do not make 13"),
        ("Ac+Ac", "named twice"),
        ("Ac+Qx", "'Qx'"),
        ("Jc>0", "column"),
        ("Jc>x", "column"),
        ("Jc>", "column"),
        ("X", "'X'"),
        ("DD", "'DD'"),
    ],
)
def test_parse_move_errors(text, named):
    """A game parses its moves: the shape is checked by the notation, the group by the
    game's own rule (Qh alone or Ac+Kd are refused by every 13 game)."""
    for game_id in (g for g, spec in GAMES.items() if spec.position_type.rule.target == 13):
        with pytest.raises(NotationError) as err:
            new_game(game_id, deal=1).parse_move(text)
        assert named in str(err.value)


def test_the_notation_reads_shapes_and_leaves_the_rule_to_the_game():
    """Move texts parse by shape; whether cards make a group is the game's rule."""
    assert parse_move("Ac+Kd").cards == (parse_card("Ac"), parse_card("Kd"))
    assert parse_move("Jh+Qs+Kd").text() == "Jh+Qs+Kd"
    assert repr(parse_move("Qd+Ac")) == "Move('Ac+Qd')"
    with pytest.raises(NotationError, match="named twice"):
        parse_move("Jh+Jh+Kd")


def test_moves_are_frozen_and_hashable():
    move = parse_move("Ac+Qd")
    with pytest.raises(AttributeError):
        move.first = 5  # type: ignore[misc]
    assert len({parse_move("Ac+Qd"), parse_move("Qd+Ac"), parse_move("D"), Draw()}) == 2
