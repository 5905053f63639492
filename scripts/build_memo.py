"""What a build re-uses from an earlier build in the same process (the browser tests
build the site many times in one process): each source's slimmed text, the modules each
source imports, and each screenshot the game's ``shot`` command drew.

Each is kept by what decides it, never by a file's name or date: a slimmed text by the
SHA-256 of the source's text, a source's imports by that of its bytes and its package,
a screenshot by a hash of every file of the game's folder (code, pictures, font,
catalogues), the ``shot`` arguments and the Python that runs it. A changed file is
therefore slimmed and checked again, and a screenshot drawn again after any change to
what draws it. A text is kept only once its slimmed code was checked to be the same
(:func:`slim_source.same_code`), so the first build in a process slims and checks
every file. Nothing is written to disk: the memos live as long as the process.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.metadata
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its sibling, imported by path too
from slim_source import same_code, slim  # noqa: E402

SLIMMED: dict[str, str] = {}
"""SHA-256 of a source's text -> that text slimmed, checked to be the same code."""
IMPORTS: dict[str, frozenset[str]] = {}
"""SHA-256 of a source's bytes and its package -> the modules its code may import."""
SHOTS: dict[str, bytes] = {}
"""Hash of what draws a screenshot (:func:`shot_key`) -> the PNG's bytes."""
SHOT_ENVIRONMENT = ("PYTHONPATH", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables of the environment the ``shot`` command reads (its imports, the
desktop's languages); the others (a test's name, say) change nothing it draws."""
SKIPPED_FOLDERS = {"__pycache__"}
"""Folders of the game whose files are made from the others (bytecode)."""


def slimmed(source: str) -> str | None:
    """``source`` without its docstrings and comments (:func:`slim_source.slim`), or
    None if that text would not compile to the same code (a bug of the slimming)."""
    key = hashlib.sha256(source.encode("utf-8")).hexdigest()
    found = SLIMMED.get(key)
    if found is None:
        found = slim(source)
        if not same_code(source, found):
            return None
        SLIMMED[key] = found
    return found


def imports(
    data: bytes, filename: str, package: list[str], find: Callable[[ast.AST, list[str]], set[str]]
) -> frozenset[str]:
    """The modules a source's code may import: ``find`` (always the same function, the
    build's) given its syntax tree and its package. Raises SyntaxError (naming
    ``filename``) if ``data`` is not Python."""
    key = hashlib.sha256(data).hexdigest() + " " + ".".join(package)
    found = IMPORTS.get(key)
    if found is None:
        found = frozenset(find(ast.parse(data, filename=filename), package))
        IMPORTS[key] = found
    return found


def shot_key(source_dir: Path, arguments: Sequence[str]) -> str:
    """A hash of everything that decides what ``shot`` draws: the Python and pygame-ce
    that run it, the variables of :data:`SHOT_ENVIRONMENT`, its arguments, and every
    file under ``source_dir`` (each path with its bytes)."""
    digest = hashlib.sha256()
    try:
        pygame = importlib.metadata.version("pygame-ce")
    except importlib.metadata.PackageNotFoundError:
        pygame = ""
    variables = {name: os.environ.get(name) for name in SHOT_ENVIRONMENT}
    digest.update(json.dumps([sys.executable, pygame, variables, list(arguments)]).encode())
    for folder, dirnames, filenames in os.walk(source_dir):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_FOLDERS)
        for name in sorted(filenames):
            path = Path(folder) / name
            relative = path.relative_to(source_dir).as_posix()
            digest.update(relative.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def drawn(key: str, target: Path, draw: Callable[[], None]) -> None:
    """Write the picture ``key`` names to ``target``: the bytes ``draw`` wrote there the
    first time, drawn now if no earlier build of this process drew it."""
    found = SHOTS.get(key)
    if found is not None:
        target.write_bytes(found)
        return
    draw()
    SHOTS[key] = target.read_bytes()
