"""``python -m thirteen sim``: many deals played by a simulated player, and the figures."""

from __future__ import annotations

import argparse
import json

from thirteen.cli.args import CommandError, layout_text, positive_int, seed_number, sim_games
from thirteen.games import GAMES
from thirteen.tools import players


def register(parser: argparse.ArgumentParser) -> None:
    """The ``sim`` sub-command's options."""
    parser.description = "Play K deals chosen by --seed; the same seed gives the same figures."
    parser.add_argument("--game", required=True, choices=sorted(GAMES), help="which game")
    parser.add_argument(
        "--layout", type=layout_text, help="Thirteens grid as COLUMNSxROWS (default 3x5)"
    )
    parser.add_argument("--player", required=True, choices=players.PLAYERS, help="who plays")
    parser.add_argument("--games", type=sim_games, default=100, help="how many deals")
    parser.add_argument("--seed", type=seed_number, default=1, help="picks the deals")
    parser.add_argument(
        "--max-nodes",
        type=positive_int,
        default=players.DEFAULT_SOLVER_NODES,
        help="solver player: per solve",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    """Simulate and print the results (text, or one JSON object)."""
    try:
        result = players.simulate(
            args.game,
            args.player,
            args.games,
            args.seed,
            layout=args.layout,
            max_nodes=args.max_nodes,
        )
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    print(json.dumps(result.to_json()) if args.json else result.text())
    return 0
