"""Fifteens: its rule, text forms and solver (its golden transcript: test_golden.py)."""

from __future__ import annotations

import itertools

import pytest

from thirteen.advice.hints import Basis, hint_for
from thirteen.advice.solving import NOT_WINNABLE, WINNABLE, solve
from thirteen.core.cards import NotationError, parse_compact, rank
from thirteen.core.game import Outcome
from thirteen.core.moves import RemoveGroup, RemovePair
from thirteen.games import new_game, position_from_text
from thirteen.games.sums.fifteens import Fifteens, sum_groups
from thirteen.games.sums.solver import group_kinds, most_cards_steps
from thirteen.search.budget import finish


def test_the_rule_takes_any_group_making_fifteen_and_the_ten_to_king_set():
    rule = Fifteens.rule
    for group in ("7h8c", "5s5d5c", "Ac2d3h9s", "AcAdAhAs2c2d2h2s3c"):
        assert rule.is_group(parse_compact(group)), group
    for group in ("7h7c", "Tc5d", "5s5d5c5h", "TcJdQh", "TcJdQhKsKd", "Kd"):
        assert not rule.is_group(parse_compact(group)), group
    assert rule.is_group(parse_compact("TcJdQhKs"))
    assert rule.could_grow(parse_compact("7h5c")) and not rule.could_grow(parse_compact("9h7c"))
    assert rule.could_grow(parse_compact("TcQh")) and not rule.could_grow(parse_compact("Tc5d"))


def test_move_texts():
    game = new_game("fifteens", deal=1)
    assert isinstance(game.parse_move("8c+7h"), RemovePair)
    assert game.parse_move("9s+3h+2d+Ac").text() == "Ac+2d+3h+9s"
    assert isinstance(game.parse_move("Ks+Qh+Jd+Tc"), RemoveGroup)
    with pytest.raises(NotationError, match="do not make 15"):
        game.parse_move("7h+7c")
    with pytest.raises(NotationError, match="not a group"):
        game.parse_move("5s+5d+6c")


def test_groups_are_every_subset_making_fifteen():
    cards = sorted(parse_compact("AcAd2c3c4c5c9c7d8d"))  # type: ignore[type-var]
    plain = {
        group
        for n in range(2, len(cards) + 1)
        for group in itertools.combinations(cards, n)
        if sum(rank(c) for c in group) == 15
    }
    assert set(sum_groups(cards)) == plain and len(plain) > 10  # type: ignore[arg-type]


def test_a_removal_refills_the_holes_in_reading_order():
    game = position_from_text("fifteens 7h8cTcJd/QhKs2d3d/4d5d6dAs/2s3s4s5s 9c9d")
    game.play("Tc+Jd+Qh+Ks")
    assert game.text() == "fifteens 7h8c9c9d/----2d3d/4d5d6dAs/2s3s4s5s -"
    game.play("7h+8c")
    assert game.text().split()[1] == "----9c9d/----2d3d/4d5d6dAs/2s3s4s5s"
    assert game.progress().stock == 0


def test_only_the_set_is_closed():
    kinds, closed = group_kinds(Fifteens.rule)
    assert closed == {((10, 1), (11, 1), (12, 1), (13, 1))} and len(kinds) > 100


def test_winning_lines_replay_and_a_stuck_grid_is_lost():
    verdicts = set()
    for deal in range(1, 31):
        game = new_game("fifteens", deal=deal)
        result = solve(game, budget_ms=10_000)
        verdicts.add(result.verdict)
        if result.winnable:
            copy = game.copy()
            copy.play_all(result.moves)
            assert copy.outcome is Outcome.WON
    assert WINNABLE in verdicts
    stuck = position_from_text("fifteens 9c9d9h9s/8c8d8h8s/TcTdThTs/JcJdJhJs 7c")
    assert stuck.outcome is Outcome.LOST and solve(stuck).verdict == NOT_WINNABLE


def test_a_lost_position_is_proven_lost_and_the_hint_says_the_most():
    # after a random opening, some deal has no win left
    game = position_from_text("fifteens 9c9d9h9s/8c8d8h7s/TcTdThTs/JcJdJhQs Kc5c2c")
    assert solve(game).verdict == NOT_WINNABLE
    removed, line, exact = finish(most_cards_steps(game))
    copy = game.copy()
    copy.play_all(line)
    assert exact and copy.score == removed and copy.is_over
    found = hint_for(game, budget_ms=1000)
    assert found is not None and found.basis is Basis.MOST
