"""``python -m thirteen bench-shortest``: the fewest-steps Pyramid search against its
plain bound in one process (see :mod:`thirteen.tools.bench_shortest`)."""

from __future__ import annotations

import argparse

from thirteen.cli.args import CommandError, positive_int
from thirteen.cli.decks import read_lines
from thirteen.core.game import Game
from thirteen.games import GameSetup
from thirteen.tools import bench, bench_shortest


def register(parser: argparse.ArgumentParser) -> None:
    """The ``bench-shortest`` sub-command's options."""
    parser.description = (
        "Solve Pyramid deals for their fewest steps with the search's bound and with its "
        "plain bound, in turn in one process, and print per deck the steps, positions and "
        "CPU time of both, then the ratios of the totals and the median per-deck ratio. "
        "Exits 1 when the two find lines of different lengths."
    )
    parser.add_argument(
        "--deals", default="1-20", help="deal numbers like 1-20 or 1,5,9 (default 1-20)"
    )
    parser.add_argument("--decks-file", help="decks instead, one a line (as solve --decks-file)")
    parser.add_argument(
        "--every", type=positive_int, default=1, help="with --decks-file: every n-th deck"
    )


def _games(args: argparse.Namespace) -> list[tuple[str, Game]]:
    if args.decks_file:
        lines = read_lines(args.decks_file, "decks file")[:: args.every]
        out = []
        for index, (line_no, deck) in enumerate(lines):
            try:
                game = GameSetup("pyramid", deck=deck).new_game()
            except ValueError as exc:
                raise CommandError(f"{args.decks_file} line {line_no}: {exc}") from None
            out.append((str(index * args.every + 1), game))
        return out
    try:
        deals = bench.parse_deals(args.deals)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    return [(str(n), GameSetup("pyramid", deal=n).new_game()) for n in deals]


def run(args: argparse.Namespace) -> int:
    """Bench the decks or deals and print the figures."""
    games = _games(args)
    print("deck   steps   positions (new / plain)   CPU ms (new / plain)   ratio")

    def report(row: bench_shortest.DeckRow) -> None:
        ratio = row.new.cpu_ms / row.old.cpu_ms if row.old.cpu_ms > 0 else 0.0
        print(
            f"{row.name:>5}  {row.new.steps:5}   {row.new.nodes:9} / {row.old.nodes:<9}"
            f"   {row.new.cpu_ms:9.1f} / {row.old.cpu_ms:<9.1f}   {ratio:.2f}",
            flush=True,
        )

    rows = bench_shortest.compare(games, report)
    for line in bench_shortest.summary(rows):
        print(line)
    return 1 if any(r.new.steps != r.old.steps for r in rows) else 0
