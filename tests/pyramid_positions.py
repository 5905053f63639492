"""Small classic Pyramid positions for the solver's tests: a pyramid that keeps only its
lowest rows, random ones of those made likely to be winnable, the fewest steps to clear
one by breadth-first search, and whether a line of moves wins."""

from __future__ import annotations

import random

from pyramid_plain import plain_fewest_steps
from thirteen.core.cards import cards_compact
from thirteen.core.game import Outcome
from thirteen.games.pyramids.rules import Pyramid
from thirteen.games.pyramids.solver import solve_pyramid
from thirteen.search.result import NOT_WINNABLE


def small_position(bottom: list[int], stock: list[int], recycles_left: int = 2) -> Pyramid:
    """A classic position whose pyramid keeps only its lowest rows (the rest already gone)."""
    rows: list[str] = []
    cells = list(bottom)
    for r in range(6, -1, -1):
        take, cells = (cells[-(r + 1) :], cells[: -(r + 1)]) if cells else ([], [])
        rows.append(cards_compact(take) if take else "--" * (r + 1))
    rows.reverse()
    draw = cards_compact(stock) or "-"
    return Pyramid.from_text(f"pyramid {'/'.join(rows)} {draw} - {recycles_left}")


def bfs_shortest(game: Pyramid) -> int | None:
    """Fewest steps to a cleared pyramid, by breadth-first search over the plain model of
    the rules (:mod:`pyramid_plain`)."""
    return plain_fewest_steps(game)


def random_small(rng: random.Random, rows: int, extra: int, recycles_left: int) -> Pyramid:
    """The lowest ``rows`` rows of a pyramid; the draw pile holds a partner for most cards.

    Purely random small positions are almost never winnable, so partners are
    put in the pile on purpose (three in four), plus ``extra`` random cards.
    """
    cells = sum(range(8 - rows, 8))
    pyramid = rng.sample(range(52), cells)
    pool = [c for c in range(52) if c not in pyramid]
    stock: list[int] = []
    for c in pyramid:
        partners = [p for p in pool if (p >> 2) + (c >> 2) == 11]
        if partners and rng.random() < 0.75:
            pick = rng.choice(partners)
            pool.remove(pick)
            stock.append(pick)
    stock += rng.sample(pool, extra)
    rng.shuffle(stock)
    return small_position(pyramid, stock, recycles_left)


def replays_to_win(game: Pyramid, moves) -> bool:
    """The moves, played on a copy of ``game``, win it."""
    replay = game.copy()
    replay.play_all(moves)
    return replay.outcome is Outcome.WON


def shortest_agrees_with_bfs(game: Pyramid) -> bool:
    """The solver's fewest-steps answer for ``game`` is the breadth-first search's: not
    winnable when it finds no line, else a line of its length that wins; whether there
    was a line to compare."""
    best = bfs_shortest(game)
    result = solve_pyramid(game, shortest=True)
    if best is None:
        assert result.verdict == NOT_WINNABLE, game.text()
        return False
    assert result.winnable and result.steps == best, game.text()
    assert replays_to_win(game, result.moves)
    return True
