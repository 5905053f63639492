"""A stand-in for the page's ``thirteen_a11y`` object, for the tests of the game for a
screen reader: it queues keys as the page's controls do and keeps what the game says,
labels and names as headings."""

from __future__ import annotations

import json


class Page:
    """What web/index.tmpl gives the game: ``take()``, ``say(text)``, ``label()``,
    ``heading(text)``."""

    def __init__(self) -> None:
        self.queue: list[dict] = []
        self.lines: list[str] = []
        self.labels: dict[str, str] = {}
        self.headings: list[str] = []

    def take(self) -> str:
        out, self.queue = json.dumps(self.queue), []
        return out

    def say(self, text: str) -> None:
        self.lines.append(text)

    def label(self, name: str, text: str) -> None:
        self.labels[name] = text

    def language(self, code: str) -> None:
        self.labels["lang"] = code

    def heading(self, text: str) -> None:
        self.headings.append(text)
