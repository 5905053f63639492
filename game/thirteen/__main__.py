"""``python -m thirteen``: the whole command line, the player's commands and the tools'.

It sits above every layer: the only module that joins :mod:`thirteen.cli` and
:mod:`thirteen.tools`. The table names each command's module; only the one that runs is
imported (see :mod:`thirteen.cli.command`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from thirteen import cli
from thirteen.cli import DEAL, PLAY, RECORDS, SHOW, SOLVE, Command
from thirteen.tools.cli_commands import BENCH, BENCH_SHORTEST, BENCH_UI, ODDS, SHOT, SIM

COMMANDS: tuple[Command, ...] = (
    SHOW,
    PLAY,
    SHOT,
    BENCH_UI,
    SOLVE,
    DEAL,
    SIM,
    ODDS,
    BENCH,
    BENCH_SHORTEST,
    RECORDS,
)
"""Every sub-command, in the order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The parser with every command's options (the command line imports only one's)."""
    return cli.build_parser(COMMANDS)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one sub-command; returns the exit status (see :func:`thirteen.cli.main`)."""
    return cli.main(argv, COMMANDS)


if __name__ == "__main__":
    sys.exit(main())
