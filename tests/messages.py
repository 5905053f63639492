"""The texts marked for translation in the code (``tr``, ``tr_n``, ``N_``, ``message``,
``message_n`` with literal English), found by reading the sources (the game's, and the
browser page's own words in ``web/page_words.py``); and what each catalogue lacks.

Run as a script to list what a language still needs, as JSON to fill in::

    python tests/messages.py fr
"""

from __future__ import annotations

import ast
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "game"
PAGE_WORDS = ROOT / "web" / "page_words.py"
"""The browser page's own words: translated in the same catalogues as the game's."""
SINGLE = {"tr", "N_", "message"}
PLURAL = {"tr_n", "message_n"}


@dataclass
class Marked:
    """One English text and where the code marks it."""

    text: str
    plural: str | None = None
    places: list[str] = field(default_factory=list)


def _name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _literal(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def marked_texts(
    root: Path = SOURCES, extra: tuple[Path, ...] = (PAGE_WORDS,)
) -> tuple[dict[str, Marked], list[str]]:
    """Every marked text by its English key, in the sources under ``root`` and the
    ``extra`` files; and the calls whose text is not a literal (which no catalogue can
    hold: each is a mistake to fix)."""
    found: dict[str, Marked] = {}
    problems: list[str] = []
    for path in [*sorted(root.rglob("*.py")), *extra]:
        if "__pycache__" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            if name not in SINGLE | PLURAL or not node.args:
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            text = _literal(node.args[0])
            plural = None
            if name in PLURAL:
                plural = _literal(node.args[1]) if len(node.args) > 1 else None
                if plural is None:
                    problems.append(f"{where}: {name}() needs a literal plural")
            if text is None:
                if isinstance(node.args[0], ast.JoinedStr | ast.BinOp):
                    problems.append(f"{where}: {name}() of a text built in code")
                continue  # else a text marked elsewhere passed on: tr(spec.title)
            entry = found.setdefault(text, Marked(text, plural))
            if plural is not None and entry.plural not in (None, plural):
                problems.append(f"{where}: {text!r} has two plural forms")
            entry.plural = entry.plural or plural
            entry.places.append(where)
    return found, problems


def missing(code: str) -> dict[str, str | list[str]]:
    """What language ``code``'s catalogue lacks: English placeholders to translate."""
    from thirteen.core import i18n

    have = i18n.catalogue(code)
    texts, _ = marked_texts()
    return {
        key: ([key, m.plural] if m.plural else key)
        for key, m in sorted(texts.items())
        if key not in have
    }


if __name__ == "__main__":
    sys.path.insert(0, str(SOURCES))
    print(json.dumps(missing(sys.argv[1]), ensure_ascii=False, indent=2))
