"""Every module the game can reach, imported before its first frame.

The screens and the solvers are imported inside functions, when first needed: the end
screen when a game ends, a game's solver at its first hint or grade.  In the browser a
first import compiles the module's source (pygbag ships no bytecode), which would hold
the frame that first needs it.  Importing all of them before the first frame costs the
page's loading time a little, once, and no frame ever compiles a module.

What is imported is whatever the package holds, less the command line and the
development tools (:data:`SKIPPED`): the browser's archive holds only the modules the
page can import, so there the walk finds exactly those.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

SKIPPED = ("thirteen.cli", "thirteen.__main__", "thirteen.tools")
"""The command line and the development tools (benchmarks, odds, simulated players,
screenshots), which sit on top of everything and are left out of the browser's archive."""


def preload(package: str = "thirteen") -> list[str]:
    """Import every module of ``package`` and its subpackages not imported yet (but the
    command line); the names imported.  A module that fails to import is left to fail
    where it is used."""
    loaded: list[str] = []
    waiting = [package]
    while waiting:
        name = waiting.pop(0)
        if name in SKIPPED:
            continue
        if name not in sys.modules:
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001 - e.g. a desktop-only module's library missing
                continue
            loaded.append(name)
        path = getattr(sys.modules[name], "__path__", None)
        if path is not None:  # a package: its modules next
            waiting += [f"{name}.{info.name}" for info in pkgutil.iter_modules(path)]
    return loaded
