"""The fewest-steps search on whole Pyramid deals, each run once per test process.

Three test modules ask the same question of the same deals (deals 1, 2, 5, 7, 8 and 10,
from the start, with no line known beforehand): the bound module compares its answer and
positions with the plain bound's, the move-rules module checks its line draws no King,
and the known-line test compares it with a search given a line.  The search is a pure
function of the deal and the bound's tables, so each is run once and its answer shared;
every comparison is still made, each against the search's own answer."""

from __future__ import annotations

import functools

from thirteen.core.deals import deck_for_deal
from thirteen.games.pyramids.bits import RawMove
from thirteen.games.pyramids.rules import Pyramid
from thirteen.games.pyramids.shortest import shortest_search
from thirteen.games.pyramids.shortest_bound import ShortestTables
from thirteen.search.budget import SearchBudget


@functools.cache
def _fewest_steps(number: int, tables: type[ShortestTables]) -> tuple[bool, tuple, int]:
    game = Pyramid(deck_for_deal(number))
    budget = SearchBudget(None, None)
    found, line = shortest_search(game.deal, game.pos, budget, tables)
    return found, tuple(line), budget.nodes


def fewest_steps(
    number: int, tables: type[ShortestTables] = ShortestTables
) -> tuple[bool, list[RawMove], int]:
    """Whether deal ``number`` can be cleared, its line of fewest steps (raw moves, a
    fresh list) and the positions the search took, with the bound of ``tables``."""
    found, line, nodes = _fewest_steps(number, tables)
    return found, list(line), nodes
