"""``python -m thirteen bench``: figures for the engine and the solvers (see
:mod:`thirteen.tools.bench`)."""

from __future__ import annotations

import argparse
import json
import platform
import sys

from thirteen.cli.args import (
    CommandError,
    layout_text,
    non_negative_int,
    non_negative_seconds,
    positive_ms,
)
from thirteen.games import game_spec
from thirteen.tools import bench


def register(parser: argparse.ArgumentParser) -> None:
    """The ``bench`` sub-command's options."""
    parser.description = (
        "Figures for the engine and the solvers (not timed tests): per game, random "
        "playouts per second, and the solver's time per deal over fixed deal numbers (median, "
        "95th percentile, maximum), nodes per second, unknown verdicts and peak memory, with "
        "a plain baseline run in the same process for comparison."
    )
    parser.add_argument(
        "--games", default=",".join(bench.BENCHED_GAMES), help="comma list (default: all)"
    )
    parser.add_argument(
        "--layout", type=layout_text, help="for the games with layouts (default: each one's first)"
    )
    parser.add_argument(
        "--deals",
        default=bench.DEFAULT_DEALS,
        help=f"like 1-200 or 1,5,9 (at most {bench.MAX_BENCH_DEALS} deals)",
    )
    parser.add_argument(
        "--budget-ms", type=positive_ms, default=bench.DEFAULT_BUDGET_MS, help="per solve"
    )
    parser.add_argument(
        "--baseline-budget-ms",
        type=positive_ms,
        default=bench.DEFAULT_BASELINE_BUDGET_MS,
        help="per baseline solve",
    )
    parser.add_argument("--no-baseline", action="store_true", help="skip the baseline")
    parser.add_argument(
        "--playout-seconds",
        type=non_negative_seconds,
        default=1.0,
        help="per game (0: skip the engine's playouts)",
    )
    parser.add_argument(
        "--memory-deals",
        type=non_negative_int,
        default=bench.MEMORY_DEALS,
        help="per solver (0: skip measuring memory)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    """Bench each game of --games over --deals and print the figures."""
    try:
        deals = bench.parse_deals(args.deals)
        games = bench.parse_games(args.games)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    laid_out = {g for g in games if game_spec(g).has_layout}
    if args.layout is not None and not laid_out:
        raise CommandError(f"--layout {args.layout}: none of the games benched has layouts")
    header = (
        f"python {platform.python_version()} ({platform.python_implementation()}) on "
        f"{platform.machine()}, deals {args.deals}, budget {args.budget_ms:.0f} ms, "
        f"baseline budget {args.baseline_budget_ms:.0f} ms"
    )
    if not args.json:
        print(header, flush=True)
    results = []
    for g in games:
        figures = bench.bench_game(
            g,
            deals,
            layout=args.layout if g in laid_out else None,
            budget_ms=args.budget_ms,
            baseline_budget_ms=None if args.no_baseline else args.baseline_budget_ms,
            playout_seconds=args.playout_seconds,
            memory_deals=args.memory_deals,
        )
        results.append(figures)
        if not args.json:
            print(figures.text(), flush=True)
    rss = bench.max_rss_mb()
    if args.json:
        out = {"setup": header, "games": [b.to_json() for b in results], "max_rss_mb": rss}
        print(json.dumps(out))
    elif rss is not None:
        print(f"process peak resident memory: {rss:.0f} MB")
    sys.stdout.flush()
    return 0
