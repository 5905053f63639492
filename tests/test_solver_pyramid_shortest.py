"""The fewest-steps Pyramid search: its bound never overestimates, its lines are shortest
(against a plain breadth-first search and the previous A*), and ``solve --decks-file``."""

from __future__ import annotations

import random
import subprocess
import sys

from pyramid_plain import plain_distances
from pyramid_positions import random_small, replays_to_win, shortest_agrees_with_bfs
from pyramid_reference import shortest_reference
from pyramid_shortest_runs import fewest_steps
from thirteen.core.cards import deck_text
from thirteen.core.deals import deck_for_deal
from thirteen.games.pyramids.deal_tables import DealTables
from thirteen.games.pyramids.rules import Pyramid
from thirteen.games.pyramids.shortest import (
    LOST_H,
    ShortestTables,
    children,
    key_of,
    shortest_search,
)
from thirteen.games.pyramids.solver import solve_pyramid
from thirteen.games.pyramids.verdict import verdict_steps
from thirteen.search.budget import SearchBudget, finish
from thirteen.search.result import NOT_WINNABLE


def test_bound_never_overestimates_on_small_positions() -> None:
    rng = random.Random(11)
    checked = 0
    for n in range(40):
        # two rows only without recycles: the graphs stay small
        game = random_small(rng, 1 + (n % 3 == 0), rng.randint(0, 4), n % 3)
        t = ShortestTables(game.deal)
        for key, dist in plain_distances(game).items():
            pm, sm, p, _ = t.normalise(key)
            h = t.bound(pm, sm, p)
            if dist is None:
                continue
            assert h != LOST_H and h <= dist, (game.text(), key)
            checked += 1
    assert checked > 500


def test_draw_bound_counts_draws() -> None:
    # the apex's only partners sit deep in the pile: the bound sees the Draws
    game = Pyramid(deck_for_deal(1))
    t = ShortestTables(game.deal)
    pm, sm, p, _ = t.normalise(game.pos)
    assert t.bound(pm, sm, p) > t.removal_bound(pm)


def test_shortest_matches_bfs_with_recycles() -> None:
    rng = random.Random(5)
    checked = 0
    for n in range(60):
        game = random_small(rng, 1, rng.randint(2, 5), 1 + n % 2)
        checked += shortest_agrees_with_bfs(game)
    assert checked >= 20


def test_shortest_matches_the_previous_search_on_whole_deals() -> None:
    for number in (1, 3, 7, 10):
        game = Pyramid(deck_for_deal(number))
        result = solve_pyramid(game, shortest=True)
        found, line = shortest_reference(
            DealTables(game.deal), game.pos, game.deal.recycles, SearchBudget(None, None)
        )
        assert result.winnable == found
        if found:
            assert result.steps == len(line)
            assert replays_to_win(game, result.moves)


def test_children_after_draws_cost_their_draws() -> None:
    game = Pyramid(deck_for_deal(1))
    t = ShortestTables(game.deal)
    pm, sm, p, u = t.normalise(game.pos)
    kids, chain = children(t, game.deal.recycles, pm, sm, p, u, t.cv_of(sm), 0, 0)
    assert chain and all(m in (("d",), ("r",)) for m in chain)
    assert all(cost == k + 1 for *_, cost, _, k in kids)


def test_solve_decks_file_prints_figures_and_compares(tmp_path) -> None:
    decks = [deck_text(deck_for_deal(n)) for n in (1, 2)]
    lengths = [solve_pyramid(Pyramid(deck_for_deal(n)), shortest=True).steps for n in (1, 2)]
    (tmp_path / "decks.txt").write_text("\n".join(decks) + "\n")
    (tmp_path / "good.txt").write_text("\n".join(map(str, lengths)) + "\n")
    (tmp_path / "bad.txt").write_text(f"{lengths[0]}\n{lengths[1] + 1}\n")
    base = [sys.executable, "-m", "thirteen", "solve", "--game", "pyramid", "--shortest"]
    base += ["--decks-file", str(tmp_path / "decks.txt")]
    good = subprocess.run(
        [*base, "--lengths-file", str(tmp_path / "good.txt")], capture_output=True, text=True
    )
    assert good.returncode == 0, good.stderr
    assert "decks: 2   winnable: 2" in good.stdout
    assert "mismatches with" in good.stdout and ": 0" in good.stdout.splitlines()[-1]
    assert "peak memory:" in good.stdout
    bad = subprocess.run(
        [*base, "--lengths-file", str(tmp_path / "bad.txt"), "--from", "2"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 1
    assert "MISMATCH" in bad.stdout and "(decks [2])" in bad.stdout
    wrong = subprocess.run(
        [*base, "--lengths-file", str(tmp_path / "decks.txt")], capture_output=True, text=True
    )
    assert wrong.returncode == 2 and "expected a number of steps" in wrong.stderr


def test_shortest_stops_at_the_verdicts_loss() -> None:
    # deal 17 is lost; the fewest-steps solve spends only the verdict search's positions
    game = Pyramid(deck_for_deal(17))
    verdict = solve_pyramid(game)
    shortest = solve_pyramid(game, shortest=True)
    assert verdict.verdict == shortest.verdict == NOT_WINNABLE
    assert shortest.nodes == verdict.nodes


def test_shortest_with_a_known_line_keeps_the_length_and_spends_less() -> None:
    for n in (1, 2, 5):
        game = Pyramid(deck_for_deal(n))
        found, line, plain_nodes = fewest_steps(n)  # no line known (shared with other modules)
        tables = DealTables(game.deal)
        verdict = SearchBudget(None, None)
        won, known = finish(verdict_steps(tables, game.pos, game.deal.recycles, verdict))
        capped = SearchBudget(None, None)
        found2, line2 = shortest_search(game.deal, game.pos, capped, known=known)
        assert won and found and found2 and len(line2) == len(line) < len(known)
        # (the positions of both searches without a known line, as one budget counted them)
        assert capped.nodes <= plain_nodes + verdict.nodes
        # with a line of the fewest steps in hand, the queue's last layer is never searched
        exact = SearchBudget(None, None)
        found3, line3 = shortest_search(game.deal, game.pos, exact, known=line)
        assert found3 and line3 == line and exact.nodes <= capped.nodes


def test_position_keys_unpack_to_their_parts() -> None:
    # the search reads a key back as: pyramid mask, recycles used, then the waste's
    # length in bits and the waste and pile ranks above it (four bits a card)
    rng = random.Random(7)
    for _ in range(300):
        pm = rng.getrandbits(28)
        u = rng.randint(0, 2)
        wc = sum(rng.randint(1, 13) << 4 * i for i in range(rng.randint(0, 6)))
        pc = sum(rng.randint(1, 13) << 4 * i for i in range(rng.randint(0, 6)))
        key = key_of(pm, u, wc, pc)
        bits = key >> 30 & 127
        rest = key >> 37
        assert (key & (1 << 28) - 1, key >> 28 & 3) == (pm, u)
        assert (rest & (1 << bits) - 1, rest >> bits) == (wc, pc)
    # the same ranks split differently between waste and pile are different positions
    assert key_of(0, 0, 0x21, 0x3) != key_of(0, 0, 0x1, 0x32)
