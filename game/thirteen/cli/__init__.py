"""The command line: play, or work with positions (show, solve, deal). May import every
layer but the tools; :mod:`thirteen.__main__` adds the tools' commands to this table.

Each sub-command is a module that adds its options to its parser (``register``) and runs
it (``run``); the table names the module, which is imported only when its command runs
(see :mod:`thirteen.cli.command`). None of them imports pygame until its command runs,
so ``show`` and the solver commands work without the interface.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from thirteen.cli.args import CommandError, Parser
from thirteen.cli.command import Command

SHOW = Command("show", "print the position after some moves", "thirteen.cli.show")
PLAY = Command("play", "play in a window (the default)", "thirteen.cli.play")
SOLVE = Command(
    "solve",
    "solve a deal with perfect information: verdict and a winning line",
    "thirteen.cli.solve",
)
DEAL = Command(
    "deal",
    "print a deal number (with --winnable: the first one proven winnable)",
    "thirteen.cli.deal",
)
RECORDS = Command("records", "save every record to a file, or merge one in", "thirteen.cli.records")

COMMANDS: tuple[Command, ...] = (SHOW, PLAY, SOLVE, DEAL, RECORDS)
"""The player's commands, in the order ``--help`` lists them."""

DESCRIPTION = "python -m thirteen: play, or work with positions from the command line."

EVERY = "every"
"""``build_parser(..., only=EVERY)``: every command's options (the default)."""


def build_parser(
    commands: Sequence[Command] = COMMANDS, only: str | None = EVERY
) -> argparse.ArgumentParser:
    """The parser of ``commands``: each one's options, or with ``only`` a command's name
    (None: no command) that one's alone, the others listed by name and help only, so
    that their modules are not imported."""
    parser = Parser(prog="python -m thirteen", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command")
    for command in commands:
        command_parser = sub.add_parser(command.name, help=command.help)
        if only in (EVERY, command.name):
            module = command.load()
            module.register(command_parser)
            command_parser.set_defaults(func=module.run)
    return parser


def named_command(argv: Sequence[str], commands: Sequence[Command]) -> str | None:
    """The command ``argv`` names: its first word that is not an option (the program
    itself takes none but ``--help``); None if there is none or it is no command."""
    first = next((word for word in argv if not word.startswith("-")), None)
    return first if any(c.name == first for c in commands) else None


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


def parse(argv: Sequence[str] | None, commands: Sequence[Command]) -> argparse.Namespace:
    """The parsed arguments, with ``func`` the command's run: only the module of the
    command named is imported (``play`` when none is)."""
    given = list(sys.argv[1:] if argv is None else argv)
    args = build_parser(commands, named_command(given, commands)).parse_args(given)
    if args.command is None:
        args = build_parser(commands, "play").parse_args(["play", *given])
    elif not hasattr(args, "func"):  # named in a way the first word missed: parse it whole
        args = build_parser(commands, args.command).parse_args(given)
    return args


def main(argv: Sequence[str] | None = None, commands: Sequence[Command] = COMMANDS) -> int:
    """Run one sub-command; returns the exit status (2: a user mistake, told in one line)."""
    closed = _closed_stream()
    if closed is not None:  # nothing runs: its output could not be read, or land elsewhere
        if sys.stderr is not None:
            print(f"error: standard {closed} is closed", file=sys.stderr)
        return 2
    args = parse(argv, commands)
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


__all__ = [
    "COMMANDS",
    "DEAL",
    "PLAY",
    "SHOW",
    "SOLVE",
    "Command",
    "CommandError",
    "build_parser",
    "main",
]
