"""The fewest-steps Pyramid search against its plain bound, run in one process.

Each deck is solved twice by :func:`~thirteen.games.pyramids.shortest.shortest_search`:
once over the deal's bound tables as the game uses them, once over
:class:`~thirteen.games.pyramids.shortest_plain.PlainTables` (the bound before the
pyramid's clearing order and the trade of pyramid pairs against draws were counted),
the two in turn first so that neither always runs on a warmer or quieter machine.
Both must find lines of the same length; the figures are CPU time and positions.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from thirteen.core.game import Game
from thirteen.games.pyramids.solver import fewest_steps


@dataclass(frozen=True)
class Run:
    """One search of one deck: the line's steps (0: none), positions expanded, CPU ms."""

    steps: int
    nodes: int
    cpu_ms: float


@dataclass(frozen=True)
class DeckRow:
    """One deck's two runs."""

    name: str
    new: Run
    old: Run


def _run(game: Game, plain: bool) -> Run:
    start = time.process_time()
    steps, nodes = fewest_steps(game, plain)
    return Run(steps, nodes, (time.process_time() - start) * 1000)


def compare(
    games: Sequence[tuple[str, Game]], report: Callable[[DeckRow], None] | None = None
) -> list[DeckRow]:
    """Solve each named game with both bounds (the order alternating deck by deck)."""
    rows = []
    for n, (name, game) in enumerate(games):
        if n % 2:
            new = _run(game, plain=False)
            old = _run(game, plain=True)
        else:
            old = _run(game, plain=True)
            new = _run(game, plain=False)
        row = DeckRow(name, new, old)
        rows.append(row)
        if report is not None:
            report(row)
    return rows


def summary(rows: Sequence[DeckRow]) -> list[str]:
    """Totals over the decks with a line: CPU time and positions of both, their ratios,
    the median of the per-deck time ratios, and the decks whose lengths differ."""
    won = [r for r in rows if r.old.steps]
    new_ms = sum(r.new.cpu_ms for r in won)
    old_ms = sum(r.old.cpu_ms for r in won)
    new_nodes = sum(r.new.nodes for r in won)
    old_nodes = sum(r.old.nodes for r in won)
    ratios = [r.new.cpu_ms / r.old.cpu_ms for r in won if r.old.cpu_ms > 0]
    differ = [r.name for r in rows if r.new.steps != r.old.steps]
    lines = [f"decks: {len(rows)}   with a line: {len(won)}"]
    if won:
        lines += [
            f"CPU time: {new_ms / 1000:.2f} s against {old_ms / 1000:.2f} s"
            f"   ratio {new_ms / old_ms if old_ms else 0:.3f}"
            f"   median per deck {statistics.median(ratios) if ratios else 0:.3f}",
            f"positions: {new_nodes} against {old_nodes}"
            f"   ratio {new_nodes / old_nodes if old_nodes else 0:.3f}",
        ]
    named = f" ({', '.join(differ)})" if differ else ""
    lines.append(f"lengths that differ: {len(differ)}{named}")
    return lines
