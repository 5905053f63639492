"""``python -m thirteen``: play, or work with positions from the command line.

Each concern registers its own sub-command here (``register(subparsers)``), so
this module stays a thin table of contents.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .cards import NotationError
from .game import Game, IllegalMoveError
from .moves import parse_move
from .variants import GAMES, GameSetup


def add_game_arguments(parser: argparse.ArgumentParser, *, moves: bool = True) -> None:
    """The arguments that pick a game: --game, --deal/--deck, --layout (and --moves)."""
    parser.add_argument("--game", required=True, choices=sorted(GAMES), help="which game")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--deal", type=int, help="deal number (1 to 2147483647)")
    source.add_argument("--deck", help="deck in card notation (52 cards; 156 for pyramid13)")
    parser.add_argument("--layout", help="Thirteens grid as COLUMNSxROWS (default 3x5)")
    if moves:
        parser.add_argument("--moves", default="", help='moves to play first, e.g. "Kh Ac+Qd D"')


class CommandError(Exception):
    """A user mistake to print as one line with exit status 2."""


def setup_from_args(args: argparse.Namespace) -> GameSetup:
    try:
        return GameSetup(args.game, deal=args.deal, deck=args.deck, layout=args.layout)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def game_from_args(args: argparse.Namespace) -> Game:
    """Build the game and play --moves, naming the first move that fails."""
    game = setup_from_args(args).new_game()
    for n, token in enumerate(getattr(args, "moves", "").split(), 1):
        try:
            game.play(parse_move(token))
        except (NotationError, IllegalMoveError) as exc:
            raise CommandError(f"move {n} ({token}) failed: {exc}") from None
    return game


def _show(args: argparse.Namespace) -> int:
    game = game_from_args(args)
    print(game.render())
    print(f"Position: {game.text()}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m thirteen", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    show = sub.add_parser("show", help="print the position after some moves")
    add_game_arguments(show)
    show.set_defaults(func=_show)
    for register in _registrars():
        register(sub)
    return parser


def _registrars():
    """Sub-commands that live beside their concern."""
    from . import commands

    return commands.REGISTRARS


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *(argv or [])])
    try:
        return int(args.func(args) or 0)
    except CommandError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (``... | head``): stop quietly, as other tools do,
        # and keep Python's flush at exit from failing on the closed pipe
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):  # no real file descriptor (tests, the browser)
            pass
        return 141  # 128 + SIGPIPE, what a shell reports for a killed writer


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
