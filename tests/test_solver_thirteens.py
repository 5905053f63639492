"""The Thirteens solver: winning lines replay to a win, verdicts agree with a plain search."""

from __future__ import annotations

import pytest

from solver_plain_thirteens import plain_thirteens_verdict
from thirteen.advice.solving import NOT_WINNABLE, UNKNOWN, WINNABLE, solve
from thirteen.core.cards import deck_text, parse_card
from thirteen.core.game import Outcome
from thirteen.games import new_game
from thirteen.games.thirteens.rules import Thirteens
from thirteen.games.thirteens.solver import most_cards_steps, solve_steps
from thirteen.search.budget import finish
from thirteen.tools.bench import baseline_solve


def replay_wins(game: Thirteens, moves) -> bool:
    """Play the line on a fresh copy with the engine's own checks."""
    copy = game.copy()
    copy.play_all(moves)
    return copy.outcome is Outcome.WON


MAX_NODES = 500_000
"""Positions the solver may visit: far more than it needs on these deals, so a verdict is
never cut short, and a node budget gives the same answer however loaded the machine."""


@pytest.mark.parametrize("layout", ["3x5", "4x4", "5x3", "2x4", "3x3", "7x2"])
def test_lines_replay_to_a_win_and_verdicts_match_the_baseline(layout):
    verdicts = set()
    for deal in range(1, 26):
        game = new_game("thirteens", deal=deal, layout=layout)
        result = solve(game, max_nodes=MAX_NODES)
        assert result.verdict in (WINNABLE, NOT_WINNABLE)
        verdicts.add(result.verdict)
        if result.winnable:
            assert replay_wins(game, result.moves), (layout, deal)
            assert result.steps == len(result.moves) > 0
        # the baseline here: a plain search over its own model of the rules
        assert plain_thirteens_verdict(game) == result.verdict, (layout, deal)
        assert game.moves == []  # the solver does not touch the game
    if layout in ("3x5", "4x4"):
        assert verdicts == {WINNABLE, NOT_WINNABLE}


def constructed_stuck_deck() -> list[int]:
    """A deck whose 3x5 tableau holds only Aces to 4s: no King and no pair, so no move."""
    low = [parse_card(r + s) for r in "A234" for s in "cdhs"][:15]
    return low + [c for c in range(52) if c not in low]


def test_a_constructed_unwinnable_deal_is_not_winnable():
    game = Thirteens(constructed_stuck_deck())
    assert game.outcome is Outcome.LOST
    result = finish(solve_steps(game))
    assert result.verdict == NOT_WINNABLE and result.moves == []
    assert finish(most_cards_steps(game))[:2] == (0, [])


def test_known_lost_deal_is_not_winnable_by_both_searches():
    # deal 3x5 #98 has opening moves but no win (checked by the plain search too)
    game = new_game("thirteens", deal=98)
    assert game.legal_moves()
    assert solve(game).verdict == NOT_WINNABLE
    assert baseline_solve(game).verdict == NOT_WINNABLE


def test_typed_position_with_a_partnerless_card_is_not_winnable():
    game = Thirteens.from_text("thirteens 2x2 ----/5hKs -")
    assert solve(game).verdict == NOT_WINNABLE
    score, line, exact = finish(most_cards_steps(game))
    assert exact and score == 51 and [m.text() for m in line] == ["Ks"]


def test_empty_column_moves_are_used_and_cycles_end():
    # Ad under 5c under Qh in column 1, 8s alone in column 3: no removal until
    # a card moves to the empty middle column (and cards can move back and forth)
    game = Thirteens.from_text("thirteens 3x3 Qh----/5c----/Ad--8s -")
    assert not any(m.text()[2] == "+" for m in game.legal_moves())
    result = solve(game)
    assert result.winnable and replay_wins(game, result.moves)
    assert any(m.text().startswith("Qh>") for m in result.moves)
    assert baseline_solve(game).verdict == WINNABLE


def test_solves_from_any_position_and_after_undo():
    game = new_game("thirteens", deal=1)
    line = solve(game).moves
    game.play_all(line[:5])
    again = solve(game)
    assert again.winnable and replay_wins(game, again.moves)
    game.undo()
    game.undo()
    assert replay_wins(game, solve(game).moves)
    # a won game needs no move
    game.play_all(solve(game).moves)
    assert solve(game).verdict == WINNABLE and solve(game).moves == []


def test_budget_gives_unknown():
    game = new_game("thirteens", deal=98)
    assert solve(game, max_nodes=3).verdict == UNKNOWN
    assert solve(game, budget_ms=0).verdict in (UNKNOWN, NOT_WINNABLE)


def test_a_small_time_budget_stops_a_3x5_search():
    """Found by an audit: the clock was read every 1024 positions, more than any 3x5 deal
    of 1-200 needs, so `--budget-ms 1` never gave "unknown" on the classic layout.
    Deal 177, the slowest of them, needs 500 positions."""
    game = new_game("thirteens", deal=177)
    assert solve(game).nodes == 500
    short = solve(game, budget_ms=0.001)
    assert short.verdict == UNKNOWN and short.nodes <= 128


def test_deck_string_deal_matches_deal_number():
    by_number = new_game("thirteens", deal=7)
    by_deck = new_game("thirteens", deck=deck_text(by_number.deck))
    assert solve(by_number).to_json()["moves"] == solve(by_deck).to_json()["moves"]


def test_shortest_is_refused_for_thirteens():
    with pytest.raises(ValueError):
        solve(new_game("thirteens", deal=1), shortest=True)


@pytest.mark.parametrize("deal", [98, 153, 3])
def test_best_line_reaches_its_score(deal):
    game = new_game("thirteens", deal=deal)
    score, line, exact = finish(most_cards_steps(game))
    assert exact
    copy = game.copy()
    copy.play_all(line)
    assert copy.score == score
    assert (score == 52) == (solve(game).verdict == WINNABLE)


def test_positions_differing_only_in_suits_share_a_key():
    """Cards of one rank are interchangeable, so the visited set keys positions by the
    ranks in each cell (and mirror images once the stock is empty)."""
    from thirteen.games.thirteens.solver import _key

    ah, ac, qs, qd, ks = (parse_card(t) for t in ("Ah", "Ac", "Qs", "Qd", "Ks"))
    cols = ((ah, qs), (ks,), (ac,))
    swapped = ((ac, qd), (ks,), (ah,))
    assert _key(cols, 3, 10) == _key(swapped, 3, 10)
    assert _key(cols, 3, 10) != _key(cols, 4, 10)
    assert _key(cols, 3, 10) != _key(((qs, ah), (ks,), (ac,)), 3, 10)  # order in a column
    mirror = ((ac,), (ks,), (ah, qs))
    assert _key(cols, 10, 10) == _key(mirror, 10, 10)  # stock empty
    assert _key(cols, 3, 10) != _key(mirror, 3, 10)  # refills still come from the left
