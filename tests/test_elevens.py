"""Elevens: its rule, text forms and solver (its golden transcript: test_golden.py)."""

from __future__ import annotations

import pytest

from thirteen.advice.hints import Basis, hint_for
from thirteen.advice.solving import NOT_WINNABLE, WINNABLE, solve
from thirteen.core.cards import NotationError, parse_card, parse_compact
from thirteen.core.game import Outcome, Refusal
from thirteen.core.moves import Draw, RemoveGroup, RemovePair, parse_move
from thirteen.games import new_game, position_from_text
from thirteen.games.sums.elevens import Elevens
from thirteen.games.sums.solver import group_kinds, most_cards_steps
from thirteen.search.budget import finish


def test_the_rule_pairs_to_eleven_and_takes_the_pictures_three_at_a_time():
    rule = Elevens.rule
    assert rule.is_group(parse_compact("5c6d")) and rule.is_group(parse_compact("AcTd"))
    assert not rule.is_group(parse_compact("AcQd"))  # 13 is nothing here
    assert rule.is_group(parse_compact("JhQsKd")) and not rule.is_group(parse_compact("JhJsKd"))
    assert not rule.is_group(parse_compact("Kd")) and not rule.is_group(parse_compact("JhQs"))
    assert rule.could_grow(parse_compact("JhQs")) and not rule.could_grow(parse_compact("Jh5s"))
    assert rule.removes_groups


def test_move_texts_and_their_errors():
    game = new_game("elevens", deal=1)
    assert game.parse_move("6d+5c") == RemovePair(parse_card("5c"), parse_card("6d"))
    assert game.parse_move("Kd+Jh+Qs").text() == "Jh+Qs+Kd"
    for text, named in (("Ks", "not removed on its own"), ("Ac+Qd", "do not make 11")):
        with pytest.raises(NotationError, match=named):
            game.parse_move(text)
    with pytest.raises(NotationError, match="not a group"):
        game.parse_move("Jh+Qs+Qd")
    assert game.refusal(Draw()) is Refusal.NO_DRAW_PILE
    assert game.refusal(parse_move("2c+9c")) is Refusal.NOT_FREE  # in the stock


def test_a_removal_refills_the_holes_in_reading_order():
    game = position_from_text("elevens 5c8hJh/Qs2d6d/Kd3s4s AhAdAs")
    assert game.score == 52 - 12  # the cards in no zone were removed before
    game.play("Jh+Qs+Kd")
    assert game.text() == "elevens 5c8hAh/Ad2d6d/As3s4s -"
    game.play("5c+6d")  # the stock is gone: the holes stay where they are
    assert game.text() == "elevens --8hAh/Ad2d--/As3s4s -"
    assert game.score == 52 - 12 + 5 and game.progress().stock == 0


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("elevens 5c8hJh/Qs2d6d AhAd", "3 rows"),
        ("elevens 5c8h/Qs2d6d/Kd3s4s -", "row 1 has 2 cells"),
        ("elevens 5c8hJh/Qs2d6d/Kd3s5c -", "duplicate card 5c"),
        ("elevens 5c8h--/Qs2d6d/Kd3s4s Ah", "holes while the stock"),
        ("thirteens 5c8hJh/Qs2d6d/Kd3s4s -", "an Elevens position is"),
    ],
)
def test_position_texts_that_cannot_be_are_refused(text, named):
    with pytest.raises(NotationError, match=named):
        position_from_text(text) if text.startswith("elevens") else Elevens.from_text(text)


def first_move_playout_wins(game) -> bool:
    game = game.copy()
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    return game.outcome is Outcome.WON


def test_every_order_of_play_gives_the_deal_its_fate():
    """Every group kind of Elevens is closed (see thirteen.games.sums.solver): so the solver
    plays one line, and any order of play, here the last legal move each time, ends the
    same way as the solver says."""
    kinds, closed = group_kinds(Elevens.rule)
    assert set(kinds) == closed and len(kinds) == 6
    verdicts = set()
    for deal in range(1, 121):
        game = new_game("elevens", deal=deal)
        result = solve(game)
        verdicts.add(result.verdict)
        assert result.winnable == first_move_playout_wins(game), deal
        if result.winnable:
            copy = game.copy()
            copy.play_all(result.moves)
            assert copy.outcome is Outcome.WON
    assert verdicts == {WINNABLE, NOT_WINNABLE}


def test_the_hint_and_the_most_cards_line():
    lost = next(n for n in range(1, 50) if not solve(new_game("elevens", deal=n)).winnable)
    game = new_game("elevens", deal=lost)
    removed, line, exact = finish(most_cards_steps(game))
    copy = game.copy()
    copy.play_all(line)
    assert exact and copy.is_over and copy.score == removed < 52
    found = hint_for(game, budget_ms=1000)
    assert found is not None and found.basis is Basis.MOST and found.move == line[0]
    won = new_game("elevens", deal=9)
    found = hint_for(won, budget_ms=1000)
    assert found is not None and found.basis is Basis.WINS


def test_a_picture_trio_is_one_move_of_three_cards():
    game = position_from_text("elevens JhQsKd/JcQcKc/2d3d4d -")
    trios = [m for m in game.legal_moves() if len(m.cards) == 3]
    assert len(trios) == 8 and all(isinstance(m, RemoveGroup) for m in trios)
    assert not solve(game).winnable  # 2, 3 and 4 have no partners
    game.play("Jh+Qs+Kd")
    game.play("Jc+Qc+Kc")
    assert game.outcome is Outcome.LOST and game.legal_moves() == []
