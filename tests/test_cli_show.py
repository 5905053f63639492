"""``python -m thirteen show`` in a subprocess: positions, and failures that say why."""

from __future__ import annotations

import subprocess
import sys

import pytest

from thirteen.games import new_game


def show(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "thirteen", "show", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_show_thirteens_deal():
    run = show("--game", "thirteens", "--deal", "1", "--moves", "Ks 4s+9c")
    assert run.returncode == 0, run.stderr
    g = new_game("thirteens", deal=1)
    g.play_all(["Ks", "4s+9c"])
    assert run.stdout == g.render() + "\n" + f"Position: {g.text()}\n"
    assert "row 1  Ac  Td  6h" in run.stdout


def test_show_thirteens_layout_and_deck():
    deck = new_game("thirteens", deal=5).deck
    from thirteen.core.cards import deck_text

    run = show("--game", "thirteens", "--deck", deck_text(deck).lower(), "--layout", "4x4")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("Thirteens 4x4\n")
    assert f"Position: {new_game('thirteens', deal=5, layout='4x4').text()}" in run.stdout


@pytest.mark.parametrize("game", ["pyramid", "pyramid13"])
def test_show_pyramids(game):
    run = show("--game", game, "--deal", "2", "--moves", "D D")
    assert run.returncode == 0, run.stderr
    g = new_game(game, deal=2)
    g.play_all(["D", "D"])
    assert run.stdout.splitlines()[-1] == f"Position: {g.text()}"
    assert "Draw card:" in run.stdout


def test_illegal_move_names_the_move_and_the_reason():
    run = show("--game", "thirteens", "--deal", "1", "--moves", "Ks Ac+Qd")
    assert run.returncode != 0
    assert run.stdout == ""
    assert "move 2 (Ac+Qd) failed" in run.stderr
    assert "not on the grid" in run.stderr


def test_malformed_move_names_the_move():
    run = show("--game", "pyramid", "--deal", "1", "--moves", "D Qx+Ah")
    assert run.returncode != 0
    assert "move 2 (Qx+Ah) failed" in run.stderr and "'Qx'" in run.stderr


def test_move_not_a_king_is_reported():
    run = show("--game", "pyramid13", "--deal", "1", "--moves", "Qs")
    assert run.returncode != 0
    assert "move 1 (Qs) failed" in run.stderr and "not a King" in run.stderr


def test_recycle_refused_in_pyramid13():
    run = show("--game", "pyramid13", "--deal", "1", "--moves", "R")
    assert run.returncode != 0 and "no recycling" in run.stderr


@pytest.mark.parametrize(
    "args, named",
    [
        (["--game", "thirteens", "--deck", "Ac Ad"], "52 cards, got 2"),
        (["--game", "pyramid", "--deck", " ".join(["Qh"] * 52)], "duplicate card Qh"),
        (["--game", "thirteens", "--deal", "0"], "deal number"),
        (["--game", "thirteens", "--deal", "1", "--layout", "9x9"], "layout"),
        (["--game", "pyramid", "--deal", "1", "--layout", "3x5"], "no layout"),
    ],
)
def test_bad_setups_fail_with_a_message(args, named):
    run = show(*args)
    assert run.returncode != 0
    assert named in run.stderr
    assert "Traceback" not in run.stderr
