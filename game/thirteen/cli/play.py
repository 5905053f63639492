"""``python -m thirteen play`` (the default): the game in a window."""

from __future__ import annotations

import argparse


def register(parser: argparse.ArgumentParser) -> None:
    """The ``play`` sub-command's options."""
    parser.add_argument("--query", help='open a link\'s game, e.g. "?game=thirteens&deal=1"')


def run(args: argparse.Namespace) -> int:
    """Open the window; the interface (and pygame) is imported only now."""
    try:
        from thirteen.ui.launch import run_desktop
    except ImportError:  # the interface is not installed in this checkout
        print("The window interface is not available; try: python -m thirteen show --help")
        return 1
    return run_desktop(args)
