"""The odds (thirteen.tools.odds, the ``odds`` command) and the deals' difficulty
(thirteen.advice.difficulty), over every registered game."""

from __future__ import annotations

import dataclasses
import functools
import json

import pytest

import playout_memo
from thirteen.__main__ import main
from thirteen.advice import difficulty
from thirteen.advice.difficulty import Grade, Grader, deal_grade, grade_for, settled
from thirteen.advice.solving import NOT_WINNABLE, WINNABLE, SolveResult
from thirteen.advice.winnable import winnable_verdict
from thirteen.core.deals import SplitMix64
from thirteen.core.game import Game, Outcome
from thirteen.games import GAMES, GameSetup, new_game
from thirteen.search.budget import finish
from thirteen.tools import odds
from thirteen.tools.players import center_player

SETUPS = [(g, layout) for g, spec in GAMES.items() for layout in (spec.layouts or (None,))]
"""Every registered game and every layout it offers."""

PLAYED_FOR_REAL = difficulty.noisy_moves
"""The playout itself, never a remembered one (``playouts_once`` replaces the module's)."""

PATIENT_MS = 600_000.0
"""A solve budget no test machine runs out of (the searches count their own time)."""


SOLVED: dict[str, object] = {}
"""Proven verdicts of the deal searches below, by position (one worker's tests share it)."""
SOLVED_IN_SLICES: dict[tuple[str, float], object] = {}
"""Proven verdicts of solves in slices, by position and slice (see ``sliced_solves_once``)."""
REUSE_SLICED: dict[str, bool] = {"on": False}


@functools.cache
def reference_verdict(game: str, deal: int, layout: str | None) -> tuple[SolveResult, Game]:
    """``winnable_verdict`` with no budget to run out of, the reference the grades and the
    odds' rows are checked against: solved once a process for each deal (a proven verdict
    does not depend on the budget, and the game it returns is only ever copied)."""
    return winnable_verdict(game, deal, layout=layout, budget_ms=None)


def proven_verdict_once(
    game_id: str, number: int, *, layout: str | None = None, **budget: float | None
) -> tuple[SolveResult, Game]:
    """``winnable_verdict`` for the odds command's tests, which are about its files: a
    verdict the deal searches above proved on the same position is taken, any other is
    solved (and kept for the next run of the command)."""
    start = difficulty.graded_start(GameSetup(game_id, deal=number, layout=layout))
    known = SOLVED.get(start.text())
    if known is None:
        known, start = winnable_verdict(game_id, number, layout=layout, **budget)
        if known.verdict in (WINNABLE, NOT_WINNABLE):
            SOLVED[start.text()] = known
    return known, start


@pytest.fixture(autouse=True)
def _proven_deals_solved_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deal searches (``first_graded_deal``, ``deal_grade``) solve the same positions
    again and again: once per grade asked for, then once more to check the grade found.
    A proven verdict does not depend on the budget it was found in, so a search run in
    one piece reuses it; a search in slices always solves for real (its pauses are what
    the slice tests check), and so does every first solve of a position, unless the test
    asks for ``sliced_solves_once``."""
    solve_steps = difficulty.solve_steps

    def once(game, *, budget_ms=None, slice_ms=None):
        key = game.text()
        if slice_ms is None and key in SOLVED:
            return SOLVED[key]
        if slice_ms is not None and REUSE_SLICED["on"] and (key, slice_ms) in SOLVED_IN_SLICES:
            return SOLVED_IN_SLICES[key, slice_ms]
        result = yield from solve_steps(game, budget_ms=budget_ms, slice_ms=slice_ms)
        if result.verdict in (WINNABLE, NOT_WINNABLE):
            SOLVED[key] = result
            if slice_ms is not None:
                SOLVED_IN_SLICES[key, slice_ms] = result
        return result

    monkeypatch.setattr(difficulty, "solve_steps", once)


@pytest.fixture
def sliced_solves_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search in slices asked for each grade in turn solves the same deals in the same
    slices each time: the first solve in slices of a position is made for real (pausing
    between its slices), a later one with the same slices reuses its proven verdict."""
    monkeypatch.setitem(REUSE_SLICED, "on", True)


@pytest.fixture
def playouts_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deal searches below grade the same deals for each grade asked for, in one piece
    and in slices, and grade the deal found once more: each playout is played once (see
    ``playout_memo``), the grades still come from the real playouts."""
    playout_memo.remember_playouts(monkeypatch)


def sliced(steps) -> int:
    """Drive ``steps`` to its end; how many times it yielded (paused between slices)."""
    pauses = 0
    while True:
        try:
            next(steps)
        except StopIteration:
            return pauses
        pauses += 1


# -- the interval ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        (0, 10, 0.0, 0.27754),  # z^2 / (n + z^2)
        (10, 10, 0.72246, 1.0),
        (5, 10, 0.23659, 0.76341),  # the textbook example
        (1, 2, 0.09453, 0.90547),
        (0, 1, 0.0, 0.79345),
    ],
)
def test_wilson_matches_known_intervals(k, n, low, high) -> None:
    got = odds.wilson(k, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_unknown_verdicts_widen_the_interval() -> None:
    tally = odds.Tally(odds.OddsKey.make("thirteens", None, 100, 0))
    for n, verdict in enumerate([WINNABLE, NOT_WINNABLE, "unknown", WINNABLE], 1):
        tally.add(odds.DealRow(n, verdict, 1.0, False, 0))
    assert tally.interval == (odds.wilson(2, 4)[0], odds.wilson(3, 4)[1])
    with pytest.raises(ValueError, match="twice"):
        tally.add(odds.DealRow(1, WINNABLE, 1.0, False, 0))


# -- the grades -------------------------------------------------------------------
def test_grade_thresholds() -> None:
    assert [grade_for(w, 100) for w in (0, 4, 5, 24, 25, 100)] == [
        Grade.HARD,
        Grade.HARD,
        Grade.MEDIUM,
        Grade.MEDIUM,
        Grade.EASY,
        Grade.EASY,
    ]
    assert settled(25, 30) is Grade.EASY  # 25 of 100 won already
    assert settled(0, 96) is Grade.HARD  # 4 more wins cannot reach 5
    assert settled(1, 96) is None
    assert settled(5, 80) is None and settled(5, 81) is Grade.MEDIUM


@pytest.mark.usefixtures("playouts_once")
@pytest.mark.parametrize(("game", "layout"), SETUPS)
def test_each_games_grades_follow_the_solver_and_the_playouts(game, layout) -> None:
    for deal in range(1, 5):
        setup = GameSetup(game, deal=deal, layout=layout)
        verdict, start = reference_verdict(game, deal, layout)
        # the playouts, all twenty, by hand (each played here, none remembered; the
        # grader's below are these, remembered): the early stop gives the same grade
        wins = 0
        if verdict.winnable:
            rng = SplitMix64(difficulty.playout_seed(setup))
            for _ in range(20):
                game_copy = start.copy()
                for _ in playout_memo.play_and_remember(PLAYED_FOR_REAL, game_copy, rng):
                    pass
                wins += game_copy.outcome is Outcome.WON
        grader = Grader(setup, solve_ms=None, playouts=20)
        pauses = sliced(grader.steps(0.2))  # in slices, as the table does (its solve too)
        assert grader.done and (pauses > 0 or grader.played <= 1)
        if not verdict.winnable:
            assert grader.grade is Grade.NOT_WINNABLE and grader.played == 0
            continue
        assert grader.grade is grade_for(wins, 20)
        assert grader.played <= 20 and grader.wins <= wins
        assert deal_grade(setup, solve_ms=None, playouts=20) is grader.grade  # the same again


@pytest.mark.parametrize("game", ["thirteens", "pyramid", "fifteens"])
def test_a_remembered_playout_ends_where_playing_it_ends(game, playouts_once) -> None:
    """``playouts_once`` (the deal searches' tests) changes no playout's end, generator
    state or count of moves: the first is played, the second remembered."""
    start = difficulty.graded_start(GameSetup(game, deal=3))
    seed = difficulty.playout_seed(GameSetup(game, deal=3))
    ends = []
    for how in (PLAYED_FOR_REAL, difficulty.noisy_moves, difficulty.noisy_moves):
        played, rng = start.copy(), SplitMix64(seed)
        rng.below(7)  # a generator part-way through its playouts
        moves = sum(1 for _ in how(played, rng))
        ends.append((played.text(), played.outcome, played.score, rng.state, moves))
    assert ends[0] == ends[1] == ends[2] and ends[0][-1] > 0
    assert playout_memo.counts["remembered"] >= 1


def test_a_deal_the_solver_cannot_settle_has_no_grade() -> None:
    setup = GameSetup("pyramid", deal=1)
    grader = Grader(setup, verdict="unknown")
    assert finish(grader.steps()) is None and grader.done and grader.grade is None
    assert difficulty.grade_words(None) == ""
    assert difficulty.grade_words(Grade.NOT_WINNABLE) == "not winnable"


@pytest.mark.usefixtures("playouts_once")
@pytest.mark.parametrize(("game", "layout"), SETUPS)
def test_first_graded_deal_finds_the_grade_asked_for(game, layout) -> None:
    found = 0
    for wanted in difficulty.WANTED:
        try:
            deal = difficulty.first_graded_deal(game, 1, wanted, layout=layout, limit=12)
        except LookupError:
            continue
        found += 1
        setup = GameSetup(game, deal=deal, layout=layout)
        grade = deal_grade(setup, solve_ms=None)  # no clock: the same under any load
        assert grade not in (None, Grade.NOT_WINNABLE)
        assert wanted == difficulty.ANY or grade == wanted
    assert found >= 2  # "any" and at least one grade among the first twelve deals
    with pytest.raises(ValueError, match="no difficulty"):
        difficulty.first_graded_deal(game, 1, "trivial", layout=layout)


@pytest.mark.usefixtures("playouts_once", "sliced_solves_once")
@pytest.mark.parametrize(("game", "layout"), SETUPS)
def test_the_graded_deal_search_in_slices_finds_what_it_finds_in_one_piece(game, layout):
    """Sliced or not, the same deal is found (or none): the search looks at its wanted
    grade at the same points whatever the slices."""
    for wanted in difficulty.WANTED:
        kwargs = {"layout": layout, "budget_ms": None, "limit": 6}
        try:
            whole: int | str = difficulty.first_graded_deal(game, 1, wanted, **kwargs)
        except LookupError as exc:
            whole = str(exc)
        steps = difficulty.first_graded_deal_steps(game, 1, wanted, slice_ms=0.2, **kwargs)
        try:
            parts: int | str = finish(steps)
        except LookupError as exc:
            parts = str(exc)
        assert parts == whole, wanted


def test_a_graded_deal_search_in_slices_pauses_and_keeps_its_total_budget():
    steps = difficulty.first_graded_deal_steps(
        "thirteens", 1, "hard", budget_ms=200, total_ms=60_000, slice_ms=0.5
    )
    pauses = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            found = done.value
            break
        pauses += 1
    assert pauses > 0
    assert found == difficulty.first_graded_deal("thirteens", 1, "hard", budget_ms=200)
    with pytest.raises(LookupError, match="within 1 ms"):
        finish(difficulty.first_graded_deal_steps("pyramid13", 1, "easy", total_ms=1))


def test_a_grade_in_slices_is_the_grade_in_one_piece_and_resumes_where_it_stood():
    for game, deal in (("thirteens", 3), ("pyramid", 2), ("baroness", 1)):
        setup = GameSetup(game, deal=deal)
        grader = Grader(setup, solve_ms=None, playouts=40)
        first = grader.steps(0.1)
        next(first)  # a slice, then the task is dropped (a move, another scene) ...
        first.close()
        assert not grader.done
        sliced(grader.steps(0.1))  # ... and a later one goes on from there
        assert grader.grade is deal_grade(setup, solve_ms=None, playouts=40)


# -- the odds -----------------------------------------------------------------------
@pytest.mark.usefixtures("playouts_once")
@pytest.mark.parametrize(("game", "layout"), SETUPS)
def test_each_deals_row_is_the_solver_and_the_center_player(game, layout) -> None:
    # budgets no machine runs out of, however loaded (the searches stop when done): at
    # 2 s a Baroness deal's grade came back ungraded under load while its row's was not
    key = odds.OddsKey.make(game, layout, PATIENT_MS, 10)
    tally = odds.Tally(key)
    for deal in range(1, 4):
        row = odds.deal_row(key, deal)
        result, _ = reference_verdict(game, deal, layout)
        assert row.verdict == result.verdict
        played = new_game(game, deal=deal, layout=layout)
        center_player(played)
        assert (row.center_won, row.center_score) == (
            played.outcome is Outcome.WON,
            played.score,
        )
        setup = GameSetup(game, deal=deal, layout=layout)
        assert row.grade == deal_grade(setup, solve_ms=PATIENT_MS, playouts=10)
        tally.add(row)
    figures = tally.to_json()
    assert figures["deals"] == 3 and figures["span"] == "1-3"
    assert figures["winnable"] + figures["not_winnable"] + figures["unknown"] == 3
    assert sum(figures["grades"].values()) == tally.graded == 3 - figures["unknown"]


def test_odds_command_resumes_and_merges_chunks(tmp_path, capsys, monkeypatch) -> None:
    whole, first, second = (tmp_path / f"{n}.jsonl" for n in ("whole", "a", "b"))
    base = ["odds", "--game", "pyramid", "--budget-ms", "60000", "--quiet", "--json"]
    # each deal's row is worked out once (the runs below are about the files: chunks,
    # resuming, merging); the deals each run works out are counted
    rows: dict[tuple, odds.DealRow] = {}
    worked: list[int] = []
    deal_row = odds.deal_row

    def row_once(key: odds.OddsKey, deal: int) -> odds.DealRow:
        worked.append(deal)
        if (key, deal) not in rows:
            rows[key, deal] = deal_row(key, deal)
        return dataclasses.replace(rows[key, deal])

    monkeypatch.setattr(odds, "deal_row", row_once)
    monkeypatch.setattr(odds, "winnable_verdict", proven_verdict_once)

    def figures(*args: str) -> dict:
        worked.clear()
        assert main([*base, *args]) == 0
        out = json.loads(capsys.readouterr().out)
        del out["solve_ms_total"]  # time, not a figure of the deals
        return out

    at_once = figures("--deals", "1-6")
    figures("--deals", "1-3", "--out", str(whole))
    with whole.open("a") as f:
        f.write('{"deal": 4, "verd')  # a run stopped mid-line
    assert figures("--deals", "1-6", "--out", str(whole)) == at_once  # resumed
    assert worked == [4, 5, 6]  # only the deals the file did not hold whole
    figures("--deals", "1-2", "--out", str(first))
    figures("--deals", "3-6", "--out", str(second))
    assert main(["odds", "--json", "--merge", str(first), str(second)]) == 0
    merged = json.loads(capsys.readouterr().out)
    del merged["solve_ms_total"]
    assert merged == at_once
    # another run's file is refused, and says why
    assert main(["odds", "--game", "thirteens", "--deals", "1", "--out", str(whole)]) == 2
    assert "holds a run of Pyramid" in capsys.readouterr().err


def test_odds_command_text_names_the_figures(capsys) -> None:
    game, layout = SETUPS[0]
    args = ["odds", "--game", game, "--deals", "1-3", "--playouts", "5", "--quiet"]
    assert main(args + (["--layout", layout] if layout else [])) == 0
    out = capsys.readouterr().out
    assert "winnable:" in out and "95% interval" in out and "center player:" in out
    assert "difficulty (5 playouts a winnable deal)" in out
