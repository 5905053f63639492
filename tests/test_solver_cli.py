"""``python -m thirteen solve | deal | sim | bench`` in subprocesses."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from thirteen.advice.winnable import final_deal
from thirteen.core.cards import deck_text
from thirteen.core.game import Outcome
from thirteen.core.moves import parse_move
from thirteen.games import new_game
from thirteen.games.pyramids.rules import Pyramid13


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "thirteen", *args], capture_output=True, text=True, timeout=120
    )


def solve_json(*args: str) -> dict:
    done = run("solve", *args, "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert set(out) >= {"verdict", "moves", "steps", "nodes", "ms"}
    assert out["steps"] == len(out["moves"])
    return out


@pytest.mark.parametrize(
    ("game_id", "extra"),
    [
        ("thirteens", ()),
        ("thirteens", ("--layout", "4x4")),
        ("pyramid", ()),
        ("pyramid", ("--shortest",)),
    ],
)
def test_solve_json_line_replays_to_a_win(game_id, extra):
    out = solve_json("--game", game_id, "--deal", "1", "--budget-ms", "5000", *extra)
    assert out["verdict"] == "winnable"
    layout = extra[1] if "--layout" in extra else None
    game = new_game(game_id, deal=1, layout=layout)
    game.play_all(out["moves"])
    assert game.outcome is Outcome.WON


def test_solve_pyramid13_reports_on_the_current_deal_and_points():
    out = solve_json("--game", "pyramid13", "--deal", "1", "--points")
    game = new_game("pyramid13", deal=1)
    assert out["verdict"] == "winnable"
    deal, key = game.deal, game.pos  # the deal's own positions tell a cleared pyramid
    for move in out["moves"]:
        key = deal.apply(key, parse_move(move))
    assert deal.cleared(key)
    game.play_all(out["moves"])
    assert game.deal_index == 1 and game.deal_scores[0] >= 280 + 100
    assert out["points"]["status"] == "exact" and out["points"]["points"] >= game.deal_scores[0]


def test_solve_deck_string_and_text_output():
    deck = deck_text(new_game("thirteens", deal=98).deck)
    done = run("solve", "--game", "thirteens", "--deck", deck.lower())
    assert done.returncode == 0, done.stderr
    assert "not winnable" in done.stdout and "Nodes:" in done.stdout
    done = run("solve", "--game", "pyramid", "--deal", "1")
    assert done.stdout.splitlines()[0].endswith(": winnable")
    counted, line = done.stdout.splitlines()[1].split(": ", 1)
    game = new_game("pyramid", deal=1)
    game.play_all([parse_move(m) for m in line.split()])
    assert game.outcome is Outcome.WON and counted == f"Moves ({len(line.split())})"


def test_solve_unknown_and_errors():
    assert solve_json("--game", "thirteens", "--deal", "98", "--max-nodes", "2")["verdict"] == (
        "unknown"
    )
    bad = run("solve", "--game", "thirteens", "--deal", "1", "--shortest")
    assert bad.returncode == 2 and "only offered for Pyramid" in bad.stderr
    bad = run("solve", "--game", "pyramid", "--deck", "Ac Ac")
    assert bad.returncode == 2 and "error:" in bad.stderr


def test_deal_winnable_for_every_game():
    for game_id, layout, start in (("thirteens", "5x3", 40), ("pyramid", None, 3)):
        args = ["deal", "--game", game_id, "--winnable", "--from", str(start), "--json"]
        if layout:
            args += ["--layout", layout]
        done = run(*args)
        assert done.returncode == 0, done.stderr
        out = json.loads(done.stdout)
        assert out["deal"] >= start and out["verdict"] == "winnable"
        game = new_game(game_id, deal=out["deal"], layout=layout)
        assert deck_text(game.deck) == out["deck"]
    done = run("deal", "--game", "pyramid13", "--winnable", "--from", "1")
    assert done.returncode == 0, done.stderr
    number = int(done.stdout.split("Deal: ")[1].split()[0])
    game = new_game("pyramid13", deal=number)
    assert isinstance(game, Pyramid13)
    from thirteen.advice.solving import solve

    last = final_deal(game)
    last.play_all(solve(last).moves)
    assert last.outcome is Outcome.WON  # the final pyramid cleared
    bad = run("deal", "--game", "thirteens", "--layout", "2x2", "--winnable", "--limit", "3")
    assert bad.returncode == 2 and "no deal from 1 to 3" in bad.stderr


def test_sim_json_is_reproducible():
    args = ("sim", "--game", "thirteens", "--player", "center", "--games", "15", "--seed", "4")
    first, second = run(*args, "--json"), run(*args, "--json")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    out = json.loads(first.stdout)
    assert out["games"] == 15 and sum(out["distribution"].values()) == 15
    text = run(*args)
    assert "win rate:" in text.stdout and "average score:" in text.stdout


def test_bench_prints_figures():
    done = run(
        "bench",
        "--games",
        "thirteens",
        "--deals",
        "1-3",
        "--playout-seconds",
        "0.05",
        "--baseline-budget-ms",
        "200",
        "--memory-deals",
        "1",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    (game,) = out["games"]
    assert game["playouts_per_s"] > 0 and game["disagreements"] == []
    (row,) = game["solvers"]
    assert row["solver"]["deals"] == 3 and row["baseline"]["deals"] == 3
    assert row["solver"]["unknown"] == 0 and row["solver"]["peak_mb"] is not None
    assert row["solver"]["total_ms"] >= row["solver"]["max_ms"] > 0


def test_a_reader_that_goes_away_stops_the_command_quietly():
    """``python -m thirteen solve ... | head``: the pipe closes before the line is
    written; the command ends with the shell's SIGPIPE status and no traceback."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "thirteen", "solve", "--game", "pyramid", "--deal", "3", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # long before the solver has anything to say
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 141
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def test_bench_times_leave_out_a_first_call_cost():
    """The first solve of a run may import modules (the one-pass solver is loaded on
    first use); an untimed short solve comes first, so deal 1 is not charged for it."""
    from thirteen.search.result import NOT_WINNABLE, SolveResult
    from thirteen.tools.bench import WARM_UP_MS, run_solver

    calls: list[tuple[int, float]] = []

    def solver(game: int, ms: float) -> SolveResult:
        if not calls:
            time.sleep(0.3)  # what a lazy import costs, exaggerated
        calls.append((game, ms))
        return SolveResult(NOT_WINNABLE, [], 1, 0.0)

    figures = run_solver("fake", solver, lambda n: n, [7, 8, 9], 1000.0, memory_deals=0)  # type: ignore[arg-type]
    assert calls[0] == (7, WARM_UP_MS)
    assert [c[0] for c in calls[1:]] == [7, 8, 9]
    assert figures.deals == [7, 8, 9] and max(figures.times_ms) < 300
