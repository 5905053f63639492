"""The texts marked for translation in the code (``tr``, ``tr_n``, ``N_``, ``message``,
``message_n`` with literal English), found by reading the sources (the game's, and the
browser page's own words in ``web/page_words.py``); which folder of catalogues must hold
each; and what each catalogue lacks.

The core's catalogues (``thirteen/core/locale``) hold every text marked in the package
outside the registered games' folders, and the page's words; a game folder's
(``<folder>/locale``) every text marked in its sources that the core's do not hold (a
text two games mark is in both).

Run as a script to list what a language still needs, by folder, as JSON to fill in::

    python tests/messages.py fr
"""

from __future__ import annotations

import ast
import functools
import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "game"
PAGE_WORDS = ROOT / "web" / "page_words.py"
"""The browser page's own words: translated in the core's catalogues like the game's."""
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


@functools.cache
def _marks(path: Path) -> tuple[tuple[str, str | None, str | None, bool], ...]:
    """The marking calls of one source file: (where, text, plural, whether the text is
    built in code), text and plural None where they are not literals, the plural also
    for a call that takes none (read once a run)."""
    out = []
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        if name not in SINGLE | PLURAL or not node.args:
            continue
        where = f"{path.relative_to(ROOT)}:{node.lineno}:{name}"
        plural = (_literal(node.args[1]) if len(node.args) > 1 else None) if name in PLURAL else ""
        built = isinstance(node.args[0], ast.JoinedStr | ast.BinOp)
        out.append((where, _literal(node.args[0]), plural, built))
    return tuple(out)


def marked_texts(
    root: Path = SOURCES, skip: Iterable[Path] = (), extra: tuple[Path, ...] = ()
) -> tuple[dict[str, Marked], list[str]]:
    """Every marked text under ``root`` (but not under the folders ``skip``) and in the
    ``extra`` files, by its English key; and the calls whose text is not a literal (which
    no catalogue can hold: each is a mistake to fix)."""
    found: dict[str, Marked] = {}
    problems: list[str] = []
    skip = tuple(skip)
    for path in [*sorted(root.rglob("*.py")), *extra]:
        if "__pycache__" in path.parts or any(folder in path.parents for folder in skip):
            continue
        for place, text, plural, built in _marks(path):
            where, _, name = place.rpartition(":")
            if plural is None:
                problems.append(f"{where}: {name}() needs a literal plural")
            if text is None:
                if built:
                    problems.append(f"{where}: {name}() of a text built in code")
                continue  # else a text marked elsewhere passed on: tr(spec.title)
            plural = plural or None
            entry = found.setdefault(text, Marked(text, plural))
            if plural is not None and entry.plural not in (None, plural):
                problems.append(f"{where}: {text!r} has two plural forms")
            entry.plural = entry.plural or plural
            entry.places.append(where)
    return found, problems


@dataclass
class Catalogues:
    """One folder of catalogues (a ``locale`` folder) and the texts it must hold."""

    folder: Path
    texts: dict[str, Marked]

    def path(self, code: str) -> Path:
        return self.folder / f"{code}.json"

    def messages(self, code: str) -> dict[str, str | list[str]]:
        """What language ``code``'s file holds (read as the game reads it)."""
        from thirteen.core import i18n

        return i18n.read_catalogue(self.path(code))

    def lacking(self, code: str) -> list[str]:
        """The texts language ``code``'s file should hold and does not."""
        have = self.messages(code)
        return sorted(key for key in self.texts if key not in have)

    def stale(self, code: str) -> list[str]:
        """The texts language ``code``'s file holds that are not its own: no longer marked
        in its sources, or held by the core's catalogues."""
        return sorted(set(self.messages(code)) - set(self.texts))

    def shown(self) -> str:
        """The folder, from the top of the repository when it is in it."""
        return str(self.folder.relative_to(ROOT) if ROOT in self.folder.parents else self.folder)


def catalogues() -> list[Catalogues]:
    """Every folder of catalogues the game reads (the core's, then each registered game's
    folder's), with the texts each must hold."""
    from thirteen.core import i18n

    core, *games = i18n.catalogue_folders()
    game_sources = [folder.parent for folder in games]
    core_texts, _ = marked_texts(SOURCES, skip=game_sources, extra=(PAGE_WORDS,))
    out = [Catalogues(core, core_texts)]
    for folder in games:
        own, _ = marked_texts(folder.parent)
        out.append(Catalogues(folder, {k: m for k, m in own.items() if k not in core_texts}))
    return out


def every_marked_text() -> tuple[dict[str, Marked], list[str]]:
    """The marked texts of the package and of every registered game's folder outside it
    (a test's), and the calls whose text is not a literal."""
    from thirteen.core import i18n

    found, problems = marked_texts(extra=(PAGE_WORDS,))
    for folder in i18n.catalogue_folders()[1:]:
        if SOURCES not in folder.parents:
            more, wrong = marked_texts(folder.parent)
            problems += wrong
            for key, entry in more.items():
                if key in found:
                    found[key].places += entry.places
                else:
                    found[key] = entry
    return found, problems


def missing(code: str) -> dict[str, dict[str, str | list[str]]]:
    """What language ``code``'s catalogues lack, by folder: English placeholders to
    translate."""
    out: dict[str, dict[str, str | list[str]]] = {}
    for catalogue in catalogues():
        lacking = catalogue.lacking(code)
        if lacking:
            plurals = {key: catalogue.texts[key].plural for key in lacking}
            out[catalogue.shown()] = {
                key: key if plural is None else [key, plural] for key, plural in plurals.items()
            }
    return out


if __name__ == "__main__":
    sys.path.insert(0, str(SOURCES))
    import thirteen.games  # noqa: F401  (registers the games, whose folders hold their words)

    print(json.dumps(missing(sys.argv[1]), ensure_ascii=False, indent=2))
