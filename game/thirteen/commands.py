"""Sub-commands registered by other modules (see :mod:`thirteen.cli`).

Each entry takes argparse's sub-parsers object and adds one command.  The
imports are inside the functions so that ``show`` never loads pygame.
"""

from __future__ import annotations

import argparse


def _play(sub: argparse._SubParsersAction) -> None:
    play = sub.add_parser("play", help="play in a window (the default)")
    play.add_argument("--query", help='open a link\'s game, e.g. "?game=thirteens&deal=1"')

    def run(args: argparse.Namespace) -> int:
        try:
            from .app import run_desktop
        except ImportError:  # the interface is not installed in this checkout
            print("The window interface is not available; try: python -m thirteen show --help")
            return 1
        return run_desktop(args)

    play.set_defaults(func=run)


def _shot(sub: argparse._SubParsersAction) -> None:
    from .ui.shot import register

    register(sub)


def _bench_ui(sub: argparse._SubParsersAction) -> None:
    from .ui.bench import register

    register(sub)


def _solve(sub: argparse._SubParsersAction) -> None:
    from .solver import register_solve

    register_solve(sub)


def _deal(sub: argparse._SubParsersAction) -> None:
    from .winnable import register_deal

    register_deal(sub)


def _sim(sub: argparse._SubParsersAction) -> None:
    from .players import register_sim

    register_sim(sub)


def _bench(sub: argparse._SubParsersAction) -> None:
    from .bench import register

    register(sub)


REGISTRARS = [_play, _shot, _bench_ui, _solve, _deal, _sim, _bench]
