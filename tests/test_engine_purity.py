"""The rules engine must not need pygame: it runs in tools, the solver and the browser."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import thirteen

PACKAGE = Path(thirteen.__file__).resolve().parent
# The interface and the tools (allowed to use pygame); everything else is engine.
INTERFACE = {"ui", "tools", "__main__"}
CORE = [
    "core.cards",
    "core.deals",
    "core.moves",
    "core.game",
    "games.thirteens.rules",
    "games.pyramids.rules",
    "games",
    "cli",
]


def engine_files() -> list[Path]:
    files = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0].removesuffix(".py") in INTERFACE:
            continue
        files.append(path)
    return files


def engine_modules() -> list[str]:
    names = []
    for path in engine_files():
        rel = path.relative_to(PACKAGE).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(["thirteen", *parts]))
    return names


def test_core_modules_are_found():
    names = engine_modules()
    for core in CORE:
        assert f"thirteen.{core}" in names
    assert "thirteen.ui.app" not in names and not any(n.startswith("thirteen.ui") for n in names)


def test_importing_the_engine_does_not_import_pygame():
    code = (
        "import importlib, json, sys\n"
        f"for name in {engine_modules()!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('pygame', 'pygame_ce'))))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == []


def test_cli_show_does_not_import_pygame():
    code = (
        "import contextlib, io, sys\n"
        "from thirteen.__main__ import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['show', '--game', 'pyramid', '--deal', '3', '--moves', 'D'])\n"
        "print('pygame' in sys.modules)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "False"


PYGAME_IMPORT = re.compile(r"^\s*(import\s+pygame|from\s+pygame[\s.])", re.MULTILINE)


def test_engine_source_has_no_pygame_import():
    offenders = [
        str(p.relative_to(PACKAGE))
        for p in engine_files()
        if PYGAME_IMPORT.search(p.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_scan_would_catch_an_import():
    assert PYGAME_IMPORT.search("import pygame\n")
    assert PYGAME_IMPORT.search("    from pygame.locals import QUIT\n")
    assert PYGAME_IMPORT.search("import pygame.freetype as ft\n")
    assert not PYGAME_IMPORT.search("# pygame is not imported here\n")
