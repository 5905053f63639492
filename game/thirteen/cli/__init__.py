"""The command line: play, or work with positions (show, solve, deal). May import every
layer but the tools; :mod:`thirteen.__main__` adds the tools' commands to this table.

Each sub-command is a module that adds its parser (``register``) and runs it (``run``).
None of them imports pygame until its command runs, so ``show`` and the solver commands
work without the interface.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from thirteen.cli import deal, play, records, show, solve
from thirteen.cli.args import CommandError, Parser

COMMANDS: tuple[ModuleType, ...] = (show, play, solve, deal, records)
"""The player's commands, in the order ``--help`` lists them."""

DESCRIPTION = "python -m thirteen: play, or work with positions from the command line."


def build_parser(commands: Sequence[ModuleType] = COMMANDS) -> argparse.ArgumentParser:
    parser = Parser(prog="python -m thirteen", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command")
    for command in commands:
        command.register(sub).set_defaults(func=command.run)
    return parser


def _silence_stdout() -> None:
    """Point stdout at the null device, so Python's own flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (tests, the browser)
        pass


def _closed_stream() -> str | None:
    """Which standard stream the program was started with closed (``>&-``), if any.

    Python then sets it to None, and the next file opened takes its descriptor: what
    is written to the stream (by SDL, say) would land in that file.
    """
    if sys.stdout is None:
        return "output"
    if sys.stderr is None:
        return "error"
    return None


def main(argv: Sequence[str] | None = None, commands: Sequence[ModuleType] = COMMANDS) -> int:
    """Run one sub-command; returns the exit status (2: a user mistake, told in one line)."""
    closed = _closed_stream()
    if closed is not None:  # nothing runs: its output could not be read, or land elsewhere
        if sys.stderr is not None:
            print(f"error: standard {closed} is closed", file=sys.stderr)
        return 2
    parser = build_parser(commands)
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play", *(argv or [])])
    try:
        status = int(args.func(args) or 0)
        sys.stdout.flush()  # a failed write (a full disk, say) shows here, not at exit
        return status
    except CommandError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (``... | head``): stop quietly, as other tools do,
        # and keep Python's flush at exit from failing on the closed pipe
        _silence_stdout()
        return 141  # 128 + SIGPIPE, what a shell reports for a killed writer
    except OSError as exc:  # mostly writing the output (to /dev/full, a lost disk...)
        _silence_stdout()
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        # Ctrl-C during a long sim, deal --winnable or bench: stop without a traceback
        print("interrupted", file=sys.stderr)
        return 130  # 128 + SIGINT, what a shell reports


__all__ = ["COMMANDS", "CommandError", "build_parser", "main"]
