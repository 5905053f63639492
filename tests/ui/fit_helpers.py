"""What the fit checks of the settings players turn on share: the all-pairs list of
combinations, and the widest figures a screen can be asked to show (a daily deal's
longest number, each game's widest score, the longest time, the fullest statistics)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations

from thirteen.core.deals import MAX_DEAL
from thirteen.core.game import Outcome
from thirteen.games import GAMES, spec_of
from thirteen.records.stats import Stats

WIDEST_TIME_MS = 10 * 3600 * 1000 - 1
"""The widest clock a game shows ('9:59:59')."""

PYRAMID13_WIDEST_ROUNDS = (620, 620, 770)
"""Pyramid 13's highest possible rounds: all 52 cards of each deal and every bonus."""

WIDE_STATS = Stats(
    played=9_999,
    won=9_998,
    total_score=9_999 * 2010,
    current_streak=999,
    best_streak=9_999,
    distribution={2010: 9_999},
    best_ms=WIDEST_TIME_MS,
)
"""A keen player's figures: four-digit counts and a four-digit best streak."""

LONG_NAME = "WWWWWWWWWW"
"""A posted score's widest screen name (ten of the widest letter, the most a name has)."""


def all_pairs(sizes: Sequence[int]) -> list[tuple[int, ...]]:
    """Rows of value indices (one per dimension, ``sizes[d]`` values each) in which every
    pair of values of every two dimensions appears at least once: greedy and
    deterministic.  Each row starts from the first pair not yet covered (in the order
    of the dimensions and their values) and fills every other dimension with the value
    that covers the most pairs still missing (the first such value on a tie)."""
    missing = {
        (i, a, j, b)
        for i, j in combinations(range(len(sizes)), 2)
        for a in range(sizes[i])
        for b in range(sizes[j])
    }
    rows: list[tuple[int, ...]] = []
    while missing:
        i, a, j, b = min(missing)
        row: list[int | None] = [None] * len(sizes)
        row[i], row[j] = a, b
        for d in range(len(sizes)):
            if row[d] is None:
                row[d] = max(range(sizes[d]), key=lambda v: (gain(row, missing, d, v), -v))
        done = tuple(v for v in row if v is not None)
        rows.append(done)
        missing -= {(p, done[p], q, done[q]) for p, q in combinations(range(len(sizes)), 2)}
    return rows


def gain(row: list[int | None], missing: set, d: int, v: int) -> int:
    """How many missing pairs value ``v`` of dimension ``d`` covers with ``row``'s values."""
    return sum(
        ((k, row[k], d, v) if k < d else (d, v, k, row[k])) in missing
        for k in range(len(row))
        if row[k] is not None and k != d
    )


def widest_score(game_id: str) -> int:
    """The widest score ``game_id`` can reach: its top, or Pyramid 13's three best rounds."""
    top = GAMES[game_id].max_score
    return sum(PYRAMID13_WIDEST_ROUNDS) if top is None else top


def show_widest(game, won: bool) -> None:
    """Make the finished ``game`` show its widest score (and rounds), won or not: its
    class is swapped for one that reports them (the rest of the game is untouched)."""
    base = type(game)
    widest = widest_score(spec_of(game).id)
    outcome = Outcome.WON if won else Outcome.LOST
    real_progress = base.progress

    def progress(self):
        found = real_progress(self)
        if found.round_scores:
            return replace(found, round_scores=PYRAMID13_WIDEST_ROUNDS)
        return found

    fields = {
        "__slots__": (),
        "score": property(lambda self: widest),
        "outcome": property(lambda self: outcome),
        "progress": progress,
    }
    game.__class__ = type(f"Widest{base.__name__}", (base,), fields)


DAILY_DEAL = MAX_DEAL
"""The longest deal number, shown as today's deal ('Today's deal #2147483647')."""
