"""The command line is the top layer: nothing below it imports it, even inside a function,
and only it (and the window's own ``--query`` in app.py) parses arguments."""

from __future__ import annotations

import ast
from pathlib import Path

import thirteen

PACKAGE = Path(thirteen.__file__).resolve().parent
ARGPARSE_ALLOWED = {"app.py"}
"""app.py reads the window's ``--query`` itself (the browser starts it without the cli)."""


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it, as an absolute name."""
    rel = path.relative_to(PACKAGE).with_suffix("")
    package = ["thirteen", *rel.parts[:-1]]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def lower_files() -> list[Path]:
    return [
        p
        for p in sorted(PACKAGE.rglob("*.py"))
        if p.relative_to(PACKAGE).parts[0] not in ("cli", "__main__.py")
    ]


def test_nothing_below_the_command_line_imports_it() -> None:
    offenders = [
        str(p.relative_to(PACKAGE))
        for p in lower_files()
        if any(n == "thirteen.cli" or n.startswith("thirteen.cli.") for n in imported_modules(p))
    ]
    assert offenders == []


def test_only_the_command_line_parses_arguments() -> None:
    offenders = [
        str(p.relative_to(PACKAGE))
        for p in lower_files()
        if str(p.relative_to(PACKAGE)) not in ARGPARSE_ALLOWED and "argparse" in imported_modules(p)
    ]
    assert offenders == []


def test_the_scan_resolves_relative_imports() -> None:
    assert "thirteen.game" in imported_modules(PACKAGE / "solver" / "__init__.py")  # ..game
    assert "thirteen.solver" in imported_modules(PACKAGE / "winnable.py")  # .solver
    assert "thirteen.cli.args" in imported_modules(PACKAGE / "cli" / "show.py")  # .args
    assert "thirteen.cli" in imported_modules(PACKAGE / "__main__.py")  # .cli
