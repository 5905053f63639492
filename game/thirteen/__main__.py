"""``python -m thirteen``: the whole command line, the player's commands and the tools'.

It sits above every layer: the only module that joins :mod:`thirteen.cli` and
:mod:`thirteen.tools`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from types import ModuleType

from thirteen import cli
from thirteen.cli import deal, play, show, solve
from thirteen.tools import cli_bench, cli_bench_shortest, cli_bench_ui, cli_odds, cli_shot, cli_sim

COMMANDS: tuple[ModuleType, ...] = (
    show,
    play,
    cli_shot,
    cli_bench_ui,
    solve,
    deal,
    cli_sim,
    cli_odds,
    cli_bench,
    cli_bench_shortest,
)
"""Every sub-command, in the order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    return cli.build_parser(COMMANDS)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one sub-command; returns the exit status (see :func:`thirteen.cli.main`)."""
    return cli.main(argv, COMMANDS)


if __name__ == "__main__":
    sys.exit(main())
