"""What the game says to a screen reader, heard the way the page hears it: a stand-in for
the page's ``thirteen_a11y`` object keeps every line the game writes into its live
region, and the keys and clicks are real pygame events (:mod:`.helpers`)."""

from __future__ import annotations

import json
from collections.abc import Callable

from thirteen.records.profile import Profile
from thirteen.records.storage import MemoryStorage
from thirteen.ui.access import Access


class Page:
    """The page's side: ``say(text)`` keeps each line; no keys queued, no labels kept."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def take(self) -> str:
        return json.dumps([])

    def say(self, text: str) -> None:
        self.lines.append(text)

    def label(self, name: str, text: str) -> None:
        pass

    def language(self, code: str) -> None:
        pass


def listened(make, query: str, profile: Profile | None = None, **settings):
    """An app with a page listening, one frame in: (app, page)."""
    app = make(query, profile or Profile(MemoryStorage()), **settings)
    page = Page()
    app.access = Access(app, page)
    app.step(16)
    return app, page


def heard(page: Page, act: Callable[[], object]) -> str:
    """What the page was told while ``act()`` ran (its frames), as one text."""
    seen = len(page.lines)
    act()
    return " ".join(page.lines[seen:])
