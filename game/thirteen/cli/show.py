"""``python -m thirteen show``: the position after some moves, as text."""

from __future__ import annotations

import argparse

from thirteen.cli.args import add_game_arguments, game_from_args


def register(parser: argparse.ArgumentParser) -> None:
    """The ``show`` sub-command's options."""
    add_game_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Print the position after --moves."""
    game = game_from_args(args)
    print(game.render())
    print(f"Position: {game.text()}")
    return 0
