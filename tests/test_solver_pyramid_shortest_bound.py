"""The fewest-steps Pyramid search's bound against its plain bound: the same lengths on
whole deals and small positions, fewer positions searched, the pyramid's clearing order
counted, and the ``bench-shortest`` command that compares the two."""

from __future__ import annotations

import random
import subprocess
import sys

from pyramid_positions import random_small
from pyramid_shortest_runs import fewest_steps
from thirteen.core.deals import deck_for_deal
from thirteen.games.pyramids.rules import Pyramid
from thirteen.games.pyramids.shortest import shortest_search
from thirteen.games.pyramids.shortest_bound import ShortestTables
from thirteen.games.pyramids.shortest_plain import PlainTables
from thirteen.search.budget import SearchBudget


def _both(game: Pyramid) -> tuple[tuple[bool, int, int], tuple[bool, int, int]]:
    """(found, steps, positions) with the bound and with the plain bound."""
    out = []
    for tables in (ShortestTables, PlainTables):
        budget = SearchBudget(None, None)
        found, line = shortest_search(game.deal, game.pos, budget, tables)
        out.append((found, len(line), budget.nodes))
    return out[0], out[1]


def test_same_lengths_and_fewer_positions_on_whole_deals() -> None:
    new_nodes = old_nodes = 0
    for number in (1, 2, 5, 7, 8, 10):
        # the searches of whole deals are shared with the other modules (each run once)
        (new_found, new_line, new_positions), (old_found, old_line, old_positions) = (
            fewest_steps(number, tables) for tables in (ShortestTables, PlainTables)
        )
        new = (new_found, len(new_line), new_positions)
        old = (old_found, len(old_line), old_positions)
        assert new[:2] == old[:2], number
        assert new[2] <= old[2], number
        new_nodes += new[2]
        old_nodes += old[2]
    # deal 5 alone: 71,072 positions against 97,407 when this test was written
    assert new_nodes * 10 < old_nodes * 9


def test_same_lengths_on_small_positions() -> None:
    rng = random.Random(23)
    winnable = 0
    for n in range(80):
        game = random_small(rng, 1 + n % 2, rng.randint(0, 6), n % 3)
        new, old = _both(game)
        assert new[:2] == old[:2], game.text()
        winnable += new[0]
    assert winnable >= 20


def test_clearing_order_counts_removals_and_proves_shapes_lost() -> None:
    # deal 5: the matchings allow 20 removals, the pyramid's order needs 22
    game = Pyramid(deck_for_deal(5))
    t = ShortestTables(game.deal)
    pm, sm, p, _ = t.normalise(game.pos)
    assert t.class_info(pm)[0] == 20 and t.removals(pm) == 22
    assert t.bound(pm, sm, p) > PlainTables(game.deal).bound(pm, sm, p)
    # deal 6: no order of removals clears its pyramid, whatever the pile brings
    game = Pyramid(deck_for_deal(6))
    t = ShortestTables(game.deal)
    pm, sm, p, _ = t.normalise(game.pos)
    assert t.bound(pm, sm, p) > 102  # more than the longest line there can be


def test_bench_shortest_prints_both_searches(tmp_path) -> None:
    base = [sys.executable, "-m", "thirteen", "bench-shortest"]
    good = subprocess.run([*base, "--deals", "1,3"], capture_output=True, text=True)
    assert good.returncode == 0, good.stderr
    assert "decks: 2   with a line: 1" in good.stdout
    assert "positions: 1642 against 1705" in good.stdout
    assert good.stdout.splitlines()[-1] == "lengths that differ: 0"
    (tmp_path / "decks.txt").write_text("Th 2h\n")
    bad = subprocess.run(
        [*base, "--decks-file", str(tmp_path / "decks.txt")], capture_output=True, text=True
    )
    assert bad.returncode == 2 and "decks.txt line 1" in bad.stderr
