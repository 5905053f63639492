"""``python -m thirteen bench``: figures for the engine and the solvers (not timed tests).

For each game it prints the engine's speed (random playouts per second) and,
over a fixed set of deal numbers, the solver's time per deal (median, 95th
percentile, maximum), nodes per second, how many verdicts were unknown within
the budget, and the peak memory of a solve; then the same for a plain baseline
(depth-first search with only a visited set, over the engine's own moves) run
in the same process, with the ratio of the two.

Peak memory is measured with :mod:`tracemalloc`, which slows Python down, so
it is taken in a second pass over the few deals whose solves visited the most
positions (memory grows with positions kept), not over every deal.

Every game of the registry can be benched (a game with layouts on its default one
unless ``--layout``): its solver's verdict (Pyramid 13's: clearing each deal number's
first deck in its one pass; ``--shortest`` is not benched), and for a game scored in
points its most-points search on the same decks.  The baseline is the game's own
where its solver has one (the pyramid games), else :func:`baseline_solve`.
"""

from __future__ import annotations

import re
import statistics
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from thirteen.advice.solving import most_points, offers_points, solve
from thirteen.core.cards import quoted
from thirteen.core.deals import MAX_DEAL, SplitMix64
from thirteen.core.game import Game, Outcome
from thirteen.games import GAMES, game_spec, new_game
from thirteen.search.result import NOT_WINNABLE, UNKNOWN, WINNABLE, SolveResult

BENCHED_GAMES = tuple(GAMES)
DEFAULT_DEALS = "1-200"
DEFAULT_BUDGET_MS = 10_000.0
DEFAULT_BASELINE_BUDGET_MS = 1_000.0
MEMORY_DEALS = 3


@dataclass(frozen=True)
class PointsAnswer:
    """What the points search answers the benchmark: "exact" or unknown (out of budget)."""

    verdict: str
    nodes: int = 0


Solver = Callable[[Game, float], SolveResult | PointsAnswer]
"""A search the benchmark times: (game, budget_ms) -> its answer."""


# -- engine speed --------------------------------------------------------------


def playouts_per_second(
    game_id: str, seconds: float = 1.0, layout: str | None = None
) -> tuple[float, int]:
    """Random playouts (random legal moves to the end) per second, and how many ran."""
    rng = SplitMix64(12345)
    deal = 0
    start = time.perf_counter()
    end = start + seconds
    done = 0
    while True:
        deal += 1
        game = new_game(game_id, deal=deal, layout=layout)
        while not game.is_over:
            moves = game.legal_moves()
            game.play(moves[rng.below(len(moves))])
        done += 1
        now = time.perf_counter()
        if now >= end:
            return done / (now - start), done


# -- baselines -----------------------------------------------------------------


def baseline_solve(
    game: Game, budget_ms: float | None = None, *, max_nodes: int | None = None
) -> SolveResult:
    """Plain depth-first search over the engine's own moves, with only a visited set: the
    baseline of every game whose solver has none of its own.

    No move ordering beyond the engine's, no mirror keys, positions built by
    ``play``/``undo``: the yardstick for the real solver.  ``max_nodes`` bounds it by
    positions instead of time (the tests: the same answer however loaded the machine).
    """
    start = time.perf_counter()
    deadline = None if budget_ms is None else start + budget_ms / 1000
    game = game.copy()
    base = len(game.moves)
    seen = {game.key}
    stack = [iter(game.legal_moves())]
    nodes = 0
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if len(game.moves) > base:
                game.undo()
            continue
        game.play(move)
        if game.key in seen:
            game.undo()
            continue
        seen.add(game.key)
        nodes += 1
        if game.outcome is Outcome.WON:
            ms = (time.perf_counter() - start) * 1000
            return SolveResult(WINNABLE, game.moves[base:], nodes, ms)
        if deadline is not None and nodes % 1024 == 0 and time.perf_counter() > deadline:
            return SolveResult(UNKNOWN, [], nodes, (time.perf_counter() - start) * 1000)
        if max_nodes is not None and nodes >= max_nodes:
            return SolveResult(UNKNOWN, [], nodes, (time.perf_counter() - start) * 1000)
        stack.append(iter(game.legal_moves()))
    return SolveResult(NOT_WINNABLE, [], nodes, (time.perf_counter() - start) * 1000)


# -- one solver over many deals ----------------------------------------------------


@dataclass
class Figures:
    """A solver's figures over a set of deals."""

    name: str
    times_ms: list[float] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)
    verdicts: list[str] = field(default_factory=list)
    deals: list[int] = field(default_factory=list)
    peak_mb: float | None = None

    @property
    def median(self) -> float:
        return statistics.median(self.times_ms) if self.times_ms else 0.0

    @property
    def p95(self) -> float:
        """The 95th percentile by the nearest-rank method."""
        if not self.times_ms:
            return 0.0
        ordered = sorted(self.times_ms)
        rank = max(1, -(-95 * len(ordered) // 100))
        return ordered[rank - 1]

    @property
    def max(self) -> float:
        return max(self.times_ms, default=0.0)

    @property
    def nodes_per_second(self) -> float:
        total_ms = sum(self.times_ms)
        return sum(self.nodes) / (total_ms / 1000) if total_ms else 0.0

    @property
    def unknown(self) -> int:
        return sum(1 for v in self.verdicts if v == UNKNOWN)

    @property
    def winnable(self) -> int:
        return sum(1 for v in self.verdicts if v == WINNABLE)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "deals": len(self.deals),
            "median_ms": round(self.median, 3),
            "p95_ms": round(self.p95, 3),
            "max_ms": round(self.max, 3),
            "total_ms": round(sum(self.times_ms), 3),
            "nodes_per_s": round(self.nodes_per_second),
            "unknown": self.unknown,
            "winnable": self.winnable,
            "peak_mb": None if self.peak_mb is None else round(self.peak_mb, 2),
        }

    def line(self) -> str:
        peak = "-" if self.peak_mb is None else f"{self.peak_mb:.2f}"
        rate = f"{self.nodes_per_second:9.0f}" if sum(self.nodes) else "        -"
        found = sum(1 for v in self.verdicts if v not in (UNKNOWN, NOT_WINNABLE))
        word = "winnable" if WINNABLE in self.verdicts or NOT_WINNABLE in self.verdicts else "exact"
        return (
            f"  {self.name:<22} median {self.median:9.2f} ms   p95 {self.p95:9.2f} ms   "
            f"max {self.max:9.2f} ms   total {sum(self.times_ms) / 1000:7.2f} s   "
            f"{rate} nodes/s   "
            f"peak {peak:>6} MB   unknown {self.unknown}/{len(self.deals)}   "
            f"{word} {found}"
        )


WARM_UP_MS = 2.0
"""Budget of the untimed solve before each timed run (see :func:`run_solver`)."""


def run_solver(
    name: str,
    solver: Solver,
    make: Callable[[int], Game],
    deals: Sequence[int],
    budget_ms: float,
    memory_deals: int = MEMORY_DEALS,
) -> Figures:
    """Time ``solver`` on each deal, then measure peak memory on the largest solves."""
    figures = Figures(name)
    if deals:
        # untimed and short: what a solver builds on its first call (its caches) must
        # not count as deal 1's time
        solver(make(deals[0]), WARM_UP_MS)
    for n in deals:
        game = make(n)
        start = time.perf_counter()
        result = solver(game, budget_ms)
        figures.times_ms.append((time.perf_counter() - start) * 1000)
        figures.nodes.append(result.nodes)
        figures.verdicts.append(result.verdict)
        figures.deals.append(n)
    if memory_deals > 0 and deals:
        biggest = sorted(zip(figures.nodes, figures.deals, strict=True), reverse=True)
        peak = 0
        for _, n in biggest[:memory_deals]:
            game = make(n)
            tracemalloc.start()
            try:
                solver(game, budget_ms)
                peak = max(peak, tracemalloc.get_traced_memory()[1])
            finally:
                tracemalloc.stop()
        figures.peak_mb = peak / 2**20
    return figures


# -- the games -------------------------------------------------------------------


@dataclass
class GameBench:
    """What ``bench`` measures for one game."""

    title: str
    game_id: str
    layout: str | None
    playouts_per_s: float = 0.0
    playouts: int = 0
    rows: list[tuple[Figures, Figures | None]] = field(default_factory=list)
    disagreements: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "layout": self.layout,
            "playouts_per_s": round(self.playouts_per_s, 1),
            "solvers": [
                {
                    "solver": solver.to_json(),
                    "baseline": None if base is None else base.to_json(),
                    "ratio_median": _ratio(base.median, solver.median) if base else None,
                }
                for solver, base in self.rows
            ],
            "disagreements": self.disagreements,
        }

    def text(self) -> str:
        engine = (
            f"{self.playouts_per_s:.0f} random playouts/s"
            if self.playouts
            else "random playouts skipped (--playout-seconds 0)"
        )
        lines = [f"{self.title}", f"  engine: {engine}"]
        for solver, base in self.rows:
            lines.append(solver.line())
            if base is not None:
                lines.append(base.line())
                lines.append(
                    f"  {'ratio baseline/solver':<22} median x{_ratio(base.median, solver.median)}"
                    f"   p95 x{_ratio(base.p95, solver.p95)}   max x{_ratio(base.max, solver.max)}"
                    "   (baseline times are capped by its budget)"
                )
        if self.disagreements:
            lines.append(f"  VERDICTS DISAGREE on deals {self.disagreements}")
        return "\n".join(lines)


def _ratio(a: float, b: float) -> float:
    return round(a / b, 1) if b else 0.0


def _disagreements(a: Figures, b: Figures) -> list[int]:
    return [
        n
        for n, x, y in zip(a.deals, a.verdicts, b.verdicts, strict=True)
        if UNKNOWN not in (x, y) and x != y
    ]


def bench_game(
    game_id: str,
    deals: Sequence[int],
    *,
    layout: str | None = None,
    budget_ms: float = DEFAULT_BUDGET_MS,
    baseline_budget_ms: float | None = DEFAULT_BASELINE_BUDGET_MS,
    playout_seconds: float = 1.0,
    memory_deals: int = MEMORY_DEALS,
) -> GameBench:
    """Measure one game (see the module docstring)."""
    spec = game_spec(game_id)
    if spec.has_layout:
        layout = layout or spec.default_layout
    bench = GameBench(
        new_game(game_id, deal=1, layout=layout).title + (f" {layout}" if layout else ""),
        game_id,
        layout,
    )
    if playout_seconds > 0:
        bench.playouts_per_s, bench.playouts = playouts_per_second(game_id, playout_seconds, layout)

    def make(n: int) -> Game:
        return new_game(game_id, deal=n, layout=layout)

    def solver(game: Game, ms: float) -> SolveResult:
        return solve(game, budget_ms=ms)

    own_baseline = spec.solver.baseline if spec.solver is not None else None

    def baseline(game: Game, ms: float) -> SolveResult:
        if own_baseline is not None:
            return own_baseline(game, ms)
        return baseline_solve(game, ms)

    name = "clear solver" if spec.solve_goal else "solver"
    main = run_solver(name, solver, make, deals, budget_ms, memory_deals)
    base = None
    if baseline_budget_ms is not None:
        base = run_solver("baseline", baseline, make, deals, baseline_budget_ms, memory_deals)
        bench.disagreements = _disagreements(main, base)
    bench.rows.append((main, base))

    if offers_points(spec):

        def points(game: Game, ms: float) -> PointsAnswer:
            _, _, status = most_points(game, budget_ms=ms)
            return PointsAnswer("exact" if status == "exact" else UNKNOWN)

        bench.rows.append(
            (run_solver("points solver", points, make, deals, budget_ms, memory_deals), None)
        )
    return bench


MAX_BENCH_DEALS = 100_000
"""``--deals`` at most: more would take days and hold every figure in memory."""

_DEAL_ITEM = re.compile(r"([0-9]{1,30})(?:\s*-\s*([0-9]{1,30}))?")


def parse_deals(text: str, limit: int = MAX_BENCH_DEALS) -> list[int]:
    """``1-200`` or ``1,5,9`` or a mix: the deal numbers to bench.

    Raises ValueError naming the bad item: empty items, numbers that are not
    deal numbers (1 to ``MAX_DEAL``), backwards ranges, more than ``limit`` deals.
    """
    items = [part.strip() for part in text.split(",")]
    if items == [""]:
        raise ValueError("--deals is empty: give deal numbers like 1-200 or 1,5,9")
    ranges: list[tuple[int, int]] = []
    count = 0
    for part in items:
        match = _DEAL_ITEM.fullmatch(part)
        if match is None:
            what = "an empty item" if not part else quoted(part)
            raise ValueError(
                f"--deals {quoted(text)}: {what} is not a deal number or a range like 1-200"
            )
        lo = int(match[1])
        hi = lo if match[2] is None else int(match[2])
        for n in (lo, hi):
            if not 1 <= n <= MAX_DEAL:
                raise ValueError(
                    f"--deals {quoted(text)}: deal {n} is not a deal number (1 to {MAX_DEAL})"
                )
        if hi < lo:
            raise ValueError(f"--deals {quoted(text)}: range {quoted(part)} runs backwards")
        count += hi - lo + 1
        if count > limit:
            raise ValueError(
                f"--deals {quoted(text)}: more than {limit} deals; bench fewer at a time"
            )
        ranges.append((lo, hi))
    deals = [n for lo, hi in ranges for n in range(lo, hi + 1)]
    seen: set[int] = set()
    for n in deals:
        if n in seen:
            raise ValueError(f"--deals {quoted(text)}: deal {n} is named twice")
        seen.add(n)
    return deals


def parse_games(text: str) -> list[str]:
    """``thirteens,pyramid``: the games to bench, each once (ValueError names a bad one)."""
    games = [g.strip().lower() for g in text.split(",")]
    if games == [""]:
        raise ValueError(f"--games is empty: give some of {', '.join(BENCHED_GAMES)}")
    for g in games:
        if g not in BENCHED_GAMES:
            what = "an empty item" if not g else f"unknown game {quoted(g, brief=True)}"
            raise ValueError(
                f"--games {quoted(text, brief=True)}: {what} (games: {', '.join(BENCHED_GAMES)})"
            )
    if len(set(games)) != len(games):
        raise ValueError(f"--games {quoted(text)}: a game is named twice")
    return games


def max_rss_mb() -> float | None:
    """The process's peak resident memory where the platform reports it."""
    try:
        import resource
    except ImportError:  # Windows and the browser
        return None
    import sys

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024
