"""``python -m thirteen odds``: the share of deals the solver proves winnable, with the
``center`` player's figures and (with --playouts) the deals' difficulty grades (see
:mod:`thirteen.tools.odds`)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from thirteen.cli.args import CommandError, layout_text, non_negative_int, positive_ms
from thirteen.games import GAMES
from thirteen.tools import odds
from thirteen.tools.bench import parse_deals

PROGRESS_SECONDS = 10.0
"""How often the progress line is printed (to standard error)."""


def register(parser: argparse.ArgumentParser) -> None:
    """The ``odds`` sub-command's options."""
    parser.description = (
        "Over --deals: how many deals the solver proves winnable (with a 95%% "
        "Wilson interval and the unknown verdicts), the center player's win rate and average "
        "score, and with --playouts the deals' difficulty grades. With --out FILE each deal's "
        "row is kept as it is made: run again with the same FILE to resume, or give other "
        "ranges to add chunks; --merge FILE... adds up files of the same run."
    )
    parser.add_argument("--game", choices=sorted(GAMES), help="which game")
    parser.add_argument("--layout", type=layout_text, help="for a game with layouts (CxR)")
    parser.add_argument("--deals", default="1-1000", help="like 1-10000 or 1-500,901-1000")
    parser.add_argument(
        "--budget-ms", type=positive_ms, default=odds.DEFAULT_BUDGET_MS, help="per solve"
    )
    parser.add_argument(
        "--playouts",
        type=non_negative_int,
        default=0,
        help="no-peeking playouts per winnable deal for its grade (0: no grades; the "
        "game's grade uses 100)",
    )
    parser.add_argument("--out", type=Path, help="keep each deal's row here (resumes)")
    parser.add_argument(
        "--merge", type=Path, nargs="+", metavar="FILE", help="add up these files' rows only"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _progress(done: int, total: int, tally: odds.Tally, started: float) -> None:
    spent = time.perf_counter() - started
    left = spent / done * (total - done) if done else 0.0
    print(
        f"odds: {done}/{total} deals ({100 * done / total:.0f}%), winnable {tally.winnable}, "
        f"unknown {tally.unknown}, {spent:.0f} s, about {left:.0f} s left",
        file=sys.stderr,
        flush=True,
    )


def run(args: argparse.Namespace) -> int:
    """Work the deals out (or add up --merge files) and print the figures."""
    try:
        if args.merge:
            tally = odds.tally_files(args.merge)
        else:
            if args.game is None:
                raise CommandError("give --game (or --merge FILE...)")
            key = odds.OddsKey.make(args.game, args.layout, args.budget_ms, args.playouts)
            deals = parse_deals(args.deals)
            store = odds.RowFile(args.out, key) if args.out else None
            tally = odds.Tally(key)
            todo = []
            for n in deals:
                if store is not None and n in store.done:
                    tally.add(store.done[n])
                else:
                    todo.append(n)
            started = last = time.perf_counter()
            for i, n in enumerate(todo, 1):
                row = odds.deal_row(key, n)
                tally.add(row)
                if store is not None:
                    store.append(row)
                now = time.perf_counter()
                if not args.quiet and (now - last >= PROGRESS_SECONDS or i == len(todo)):
                    _progress(i, len(todo), tally, started)
                    last = now
    except (ValueError, OSError) as exc:
        raise CommandError(str(exc)) from None
    print(json.dumps(tally.to_json()) if args.json else tally.text())
    return 0
