"""One line of the command table: a sub-command's name, its one-line help and the module
that builds its options and runs it.

The module is named, not imported: the table is read at every start (``--help`` lists
every line), and only the command that runs has its module imported, so ``show`` does not
pay for the solvers' tools, the benchmarks or pygame.
"""

from __future__ import annotations

import argparse
import importlib
from typing import NamedTuple, Protocol, cast


class CommandModule(Protocol):
    """What a command's module offers: its options, and the run that returns a status."""

    def register(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


class Command(NamedTuple):
    """A sub-command: its ``name``, the ``help`` line ``--help`` lists, and ``module``,
    the dotted name of the module with ``register(parser)`` and ``run(args)``."""

    name: str
    help: str
    module: str

    def load(self) -> CommandModule:
        """The command's module, imported now (the first time it is asked for)."""
        return cast(CommandModule, importlib.import_module(self.module))
