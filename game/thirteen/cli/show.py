"""``python -m thirteen show``: the position after some moves, as text."""

from __future__ import annotations

import argparse

from thirteen.cli.args import add_game_arguments, game_from_args


def register(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Add the ``show`` sub-command."""
    parser = sub.add_parser("show", help="print the position after some moves")
    add_game_arguments(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    """Print the position after --moves."""
    game = game_from_args(args)
    print(game.render())
    print(f"Position: {game.text()}")
    return 0
