"""Searches in slices beside the game (see thirteen.search.budget): the same answers as
in one piece, and every search within its budget, whatever the game and layout."""

from __future__ import annotations

import inspect
import time

import pytest

from thirteen.advice.hints import hint_for, hint_steps
from thirteen.advice.solving import solve, solve_steps
from thirteen.advice.verdicts import deal_verdicts_steps
from thirteen.advice.winnable import first_winnable_deal, first_winnable_deal_steps
from thirteen.core.options import Layout
from thirteen.games import GAMES, new_game
from thirteen.search.budget import finish
from thirteen.search.game_solver import GameSolver


def sliced(steps):
    """Drive ``steps`` to its answer; (answer, how many times it yielded)."""
    pauses = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, pauses
        pauses += 1


CASES = [(game_id, deal, None) for game_id in GAMES for deal in (1, 3, 8)] + [
    ("thirteens", 177, None),
    ("thirteens", 3, "4x4"),
    ("pyramid", 12, None),
]


def test_every_game_searches_in_slices():
    """Every game with a solver plugs its searches into the one adapter, and each search
    the interface runs is a generator that can stop between slices: none runs in one
    frame."""
    for spec in GAMES.values():
        solver = spec.solver
        if solver is not None:
            assert isinstance(solver, GameSolver), spec.id
            searches = [solver.verdict_steps, solver.most_cards_steps, solver.line_steps]
            for search in searches:
                assert search is None or inspect.isgeneratorfunction(search), spec.id


@pytest.mark.parametrize(("game_id", "deal", "layout"), CASES)
def test_a_search_in_slices_finds_what_it_finds_in_one_piece(game_id, deal, layout):
    game = new_game(game_id, deal=deal, layout=layout)
    whole = solve(game)
    parts, pauses = sliced(solve_steps(game, slice_ms=0.05))
    assert parts.verdict == whole.verdict and parts.moves == whole.moves
    if whole.nodes > 200:
        assert pauses > 0  # it really stopped between slices
    unsliced, none = sliced(solve_steps(game))
    assert none == 0 and unsliced.moves == whole.moves


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_hint_in_slices_is_the_hint_in_one_piece(game_id):
    for deal in (1, 3):
        game = new_game(game_id, deal=deal)
        whole = hint_for(game, budget_ms=60_000)
        parts, _ = sliced(hint_steps(game, budget_ms=60_000, memo={}, slice_ms=0.5))
        assert parts == whole


def test_the_end_screens_verdicts_and_winnable_deals_in_slices():
    from thirteen.games import GameSetup

    for game_id in sorted(GAMES):
        setup = GameSetup(game_id, deal=8)
        got, _ = sliced(deal_verdicts_steps(setup, 60_000.0, slice_ms=0.1))
        assert got == finish(deal_verdicts_steps(GameSetup(game_id, deal=8), 60_001.0))
        found, _ = sliced(first_winnable_deal_steps(game_id, 1, budget_ms=5000, slice_ms=0.1))
        assert found == first_winnable_deal(game_id, 1, budget_ms=5000)


def small_layouts() -> list[str]:
    """Every Thirteens layout a link may choose: at least two columns and rows, at most
    30 cells (2x15 and 15x2 among them)."""
    return [f"{c}x{r}" for c in range(2, 16) for r in range(2, 16) if c * r <= 30]


def test_the_sweep_holds_the_extremes():
    layouts = small_layouts()
    assert {"2x15", "15x2", "3x5", "5x6"} <= set(layouts)
    for text in layouts:
        Layout.parse(text)


def within(budget_ms: float, spent_ms: float) -> bool:
    """A search stops within 20% of its budget, or 5 ms, whichever is larger."""
    return spent_ms <= budget_ms + max(0.2 * budget_ms, 5.0)


def cpu_ms(call, budget_ms: float) -> float:
    """The process time ``call()`` takes, in ms (a loaded machine stretches wall time),
    the less of two runs (one may be charged a collection of the test process's heap).
    The second run is made only when the first is not :func:`within` the budget: a
    first run within it already makes the less of the two within it."""
    spent = []
    for _ in range(2):
        began = time.process_time()
        call()
        spent.append((time.process_time() - began) * 1000)
        if within(budget_ms, min(spent)):
            break
    return min(spent)


SWEEP = [
    (game_id, layout)
    for game_id, spec in GAMES.items()
    for layout in (small_layouts() if spec.has_layout else [None])
]


@pytest.mark.parametrize(("game_id", "layout"), SWEEP)
@pytest.mark.parametrize("budget_ms", [1.0, 25.0])
def test_every_search_keeps_to_its_budget(game_id, layout, budget_ms):
    """Solves, hints (with their memo) and a move into the game: each within 20% of its
    budget or 5 ms.  Known overshoots before: a hint on deal 22 at 15x2 took 4.1 s
    against 150 ms; Pyramid 13's one-pass solver 14 ms against 1 ms."""
    over = []
    for deal in (22, 5, 8):
        game = new_game(game_id, deal=deal, layout=layout)
        for _ in range(3):  # from the start and a few moves in
            game.legal_moves()  # what the table asked already (the game's own cost)
            spent = cpu_ms(lambda g=game: solve(g, budget_ms=budget_ms), budget_ms)
            if not within(budget_ms, spent):
                over.append(("solve", deal, game.text(), round(spent, 1)))
            spent = cpu_ms(lambda g=game: hint_for(g, budget_ms=budget_ms, memo={}), budget_ms)
            if not within(budget_ms, spent):
                over.append(("hint", deal, game.text(), round(spent, 1)))
            moves = game.legal_moves()
            if not moves:
                break
            game.play(moves[-1])
    assert not over
