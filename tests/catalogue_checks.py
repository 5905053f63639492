"""The checks every catalogue passes, for the registry's games and for a game a test
registers of its own (its folder's catalogues are read with the core's): every text
marked in the code is in its folder's catalogue in every language, with the same
placeholders, in one canonical form, and a text two games hold translated alike."""

from __future__ import annotations

import json

from messages import catalogues, every_marked_text
from thirteen.core import i18n

OTHER = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]
"""The languages translated from the source (English)."""


def check_no_text_built_before_translation() -> None:
    """No text is built in the code before it is translated (every marked text is a literal)."""
    _, problems = every_marked_text()
    assert problems == []


def check_every_marked_text_has(code: str) -> None:
    """Every folder's catalogue of ``code`` holds every text marked for it."""
    for folder in catalogues():
        lacking = folder.lacking(code)
        assert lacking == [], f"{folder.shown()}/{code}.json lacks {len(lacking)}: {lacking[:10]}"


def check_placeholders_match(code: str) -> None:
    """Each of ``code``'s translations has the placeholders of its English (plurals as plurals)."""
    texts, _ = every_marked_text()
    for key, entry in i18n.catalogue(code).items():
        plural = texts[key].plural if key in texts else None
        english = {key} | ({plural} if plural else set())
        wanted = set().union(*(i18n.placeholders(t) for t in english))
        forms = entry if isinstance(entry, list) else [entry]
        if key in texts:
            assert isinstance(entry, list) == (texts[key].plural is not None), key
        for form in forms:
            assert i18n.placeholders(form) == wanted, (code, key, form)


def check_catalogue_well_formed(code: str) -> None:
    """Each folder's catalogue of ``code`` is in its one canonical form and holds no text
    not its own and no empty form."""
    for folder in catalogues():
        raw = folder.path(code).read_text(encoding="utf-8")
        data = json.loads(raw)
        assert data["language"] == code
        # one canonical form (sorted keys, two-space indent), so that changes merge cleanly
        assert raw == json.dumps(data, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
        stale = folder.stale(code)
        assert stale == [], f"{folder.shown()}/{code}.json holds texts not its own: {stale[:10]}"
        for key, entry in data["messages"].items():
            forms = entry if isinstance(entry, list) else [entry]
            assert all(isinstance(f, str) and f.strip() for f in forms), (code, key)


def check_shared_texts_alike(code: str) -> None:
    """Two games' folders may both hold a text (a group's name): the same translation."""
    seen: dict[str, tuple[str, str | list[str]]] = {}
    for folder in catalogues():
        for key, entry in folder.messages(code).items():
            first = seen.setdefault(key, (folder.shown(), entry))
            assert first[1] == entry, (code, key, first[0], folder.shown())
