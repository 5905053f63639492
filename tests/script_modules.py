"""The project's own scripts and page files, imported by the tests: ``scripts/`` and
``web/`` are folders of commands and files, not packages."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_module(path: Path, name: str) -> ModuleType:
    """The Python file at ``path``, executed afresh as the module ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def load_script(name: str, module: str | None = None) -> ModuleType:
    """scripts/<name>.py, as the module ``module`` (``thirteen_<name>`` unless given)."""
    return load_module(ROOT / "scripts" / f"{name}.py", module or f"thirteen_{name}")
